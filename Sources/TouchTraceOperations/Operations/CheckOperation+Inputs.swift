import ArgumentParser
import TouchTraceCheck
import TouchTraceEngine

/// How `check` reads its input on each transport and writes its outputs: the CLI's files (and
/// the scene files they name, read relative to each expectation file through the `CLIContext`,
/// then sent inline), the HTTP body (the document, its scenes inline or stored), and the reports.
enum CheckInputs {
    /// An expectation file and the scene files it names, as the CLI sends them to the operation.
    static func readFile(_ path: String, _ cli: CLIContext) throws -> JSONValue {
        let bytes = try cli.read(path)
        let utf8 = String(validating: bytes, as: UTF8.self) != nil
        var scenes: [JSONValue] = []
        if utf8, case let .success(document) = ExpectationReader.read(bytes, file: path) {
            var names: [String] = []
            if case let .string(name)? = document.value["scene"] { names.append(name) }
            if case let .object(members)? = document.value["scenes"] {
                for member in members { if case let .string(name) = member.value { names.append(name) } }
            }
            for name in names {
                let resolved = relative(name, to: path)
                let text = (try? cli.read(resolved)).map { JSONValue.string(String(decoding: $0, as: UTF8.self)) } ?? .null
                scenes.append(.obj(["name": .string(name), "path": .string(resolved), "text": text]))
            }
        }
        return .obj(["path": .string(path), "text": .string(String(decoding: bytes, as: UTF8.self)), "utf8": .bool(utf8), "scenes": .array(scenes)])
    }

    /// A scene file name as written in an expectation file, relative to that file's folder.
    static func relative(_ name: String, to file: String) -> String {
        if name.hasPrefix("/") { return name }
        guard let slash = file.lastIndex(of: "/") else { return name }
        return String(file[...slash]) + name
    }

    /// Decodes and prepares a scene file; problems say the file's name.
    static func prepare(_ bytes: [UInt8], name: String, limits: SceneLimits) -> Result<PreparedScene, SceneLoadError> {
        do {
            return .success(try PreparedScene(try SceneDecoder(limits: limits).decode(bytes: bytes), limits: limits).checked())
        } catch {
            return .failure(SceneLoadError(messages(error, name: name)))
        }
    }

    static func prepare(_ json: JSONValue, limits: SceneLimits) -> Result<PreparedScene, SceneLoadError> {
        do {
            return .success(try PreparedScene(try SceneDecoder(limits: limits).decode(json), limits: limits).checked())
        } catch {
            return .failure(SceneLoadError(messages(error, name: "the scene")))
        }
    }

    static func messages(_ error: InputError, name: String) -> [String] {
        switch error {
        case let .malformed(e): return ["\(name) is not valid JSON: \(e.message) at line \(e.line), column \(e.column)"]
        case let .invalid(problems), let .invalidRequest(problems), let .tooComplex(problems):
            return problems.map { "\(name): \($0.pointer.isEmpty ? "/" : $0.pointer): \($0.message)" }
        }
    }

    static func string(_ v: JSONValue?) -> String? {
        if case let .string(s)? = v { return s }
        return nil
    }

    // MARK: The CLI

    static func runCLI(_ cli: JSONValue, limits: SceneLimits) throws(OperationError) -> OperationResult {
        var inputs: [CheckInputFile] = []
        var sceneFiles: [String: [String: (path: String, text: String?)]] = [:]
        if case let .array(files)? = cli["files"] {
            for f in files {
                let path = string(f["path"]) ?? "-"
                let text = string(f["text"]) ?? ""
                let document = f["utf8"] == .bool(true)
                    ? ExpectationReader.read(Array(text.utf8), file: path)
                    : .failure(CheckProblem(file: path, pointer: "", location: nil, message: "the file is not UTF-8 text"))
                inputs.append(CheckInputFile(path: path, document: document))
                if case let .array(scenes)? = f["scenes"] {
                    for s in scenes {
                        guard let name = string(s["name"]), let scenePath = string(s["path"]) else { continue }
                        sceneFiles[path, default: [:]][name] = (scenePath, string(s["text"]))
                    }
                }
            }
        }
        let files = sceneFiles
        let resolve: CheckRun.SceneResolver = { reference, file in
            switch reference {
            case let .inline(json):
                return prepare(json, limits: limits)
            case let .named(name):
                guard let entry = files[file.path ?? ""]?[name] else { return .failure(SceneLoadError(["cannot read the scene file \(name)"])) }
                guard let text = entry.text else { return .failure(SceneLoadError(["cannot read the scene file \(entry.path)"])) }
                return prepare(Array(text.utf8), name: entry.path, limits: limits)
            }
        }
        var report: CheckReport
        switch CheckRun.run(inputs, limits: limits, resolve: resolve) {
        case let .success(r): report = r
        case let .failure(error): throw OperationError(CheckRun.problemDocument(error.problems))
        }
        var outputs: [OutputFile] = []
        var notes: [String] = []

        // The baseline: accept what it lists, or write it from today's findings.
        var baselineToWrite: String?
        if let baseline = cli["baseline"], let path = string(baseline["path"]) {
            if let text = string(baseline["text"]) {
                let parsed: JSONValue
                do {
                    parsed = try JSONParser().parse(text)
                } catch {
                    throw OperationError(CheckRun.problemDocument([CheckProblem(
                        file: path, pointer: error.pointer, location: SourceLocation(line: error.line, column: error.column), message: "not valid JSON: \(error.message)")]))
                }
                let (decoded, problems) = Baseline.decode(parsed)
                guard let decoded else {
                    throw OperationError(CheckRun.problemDocument(problems.map { CheckProblem(file: path, pointer: $0.pointer, location: nil, message: $0.message) }))
                }
                decoded.apply(to: &report)
                if cli["update"] == .bool(true) { baselineToWrite = path }
            } else {
                Baseline.of(report).apply(to: &report)
                baselineToWrite = path
                notes.append("wrote the baseline \(path) with today's \(report.baselined) audit finding(s)")
            }
            report.baseline = path
        }

        // --update: rewrite the expected values that did not hold.
        if cli["update"] == .bool(true) {
            for i in report.files.indices {
                let updates = report.files[i].steps.flatMap(\.updates)
                guard !updates.isEmpty, let document = report.files[i].document, let path = report.files[i].path else { continue }
                let outcome = ExpectationUpdater.apply(updates, to: document)
                notes += outcome.problems.map { "could not update \(path): \($0)" }
                if let text = outcome.text {
                    outputs.append(OutputFile(path: path, bytes: Array(text.utf8)))
                    CheckRun.markUpdated(&report, file: i)
                    notes.append("updated \(updates.count) value(s) in \(path)")
                }
            }
        }
        if let baselineToWrite {
            outputs.append(OutputFile(path: baselineToWrite, bytes: JSONWriter(pretty: true).bytes(Baseline.of(report).json) + [UInt8(ascii: "\n")]))
        }
        if let junit = string(cli["junit"]) { outputs.append(OutputFile(path: junit, bytes: Array(JUnitReport.render(report).utf8))) }
        if let sarif = string(cli["sarif"]) {
            outputs.append(OutputFile(path: sarif, bytes: JSONWriter(pretty: true).bytes(SARIFReport.json(report)) + [UInt8(ascii: "\n")]))
        }
        let exit: Int32 = report.passed ? 0 : 1
        if string(cli["format"]) == "json" { return OperationResult(.json(JSONReport.json(report)), exitCode: exit, files: outputs) }
        var text = TextReport.render(report)
        for note in notes { text += note + "\n" }
        if cli["github"] == .bool(true) { text += GitHubAnnotations.render(report) }
        if text.hasSuffix("\n") { text.removeLast() }
        return OperationResult(.document(Array(text.utf8), contentType: "text/plain; charset=utf-8"), exitCode: exit, files: outputs)
    }

    // MARK: HTTP

    static let reportFormats = ["json", "text", "junit", "sarif", "github"]

    static func runHTTP(_ input: OperationInput) throws(OperationError) -> OperationResult {
        let (request, reportValue) = input.request.removing("report")
        let format = string(reportValue) ?? "json"
        guard reportFormats.contains(format) else {
            throw OperationError(InputError.invalidRequest([SceneProblem(pointer: "?report", message: "report must be one of \(reportFormats.joined(separator: ", ")), not \"\(format)\"")]))
        }
        let document = LocatedDocument(value: request, format: .json, locations: [:], valueLocations: [:], text: SourceText(""))
        let stored = input.storedScenes
        let limits = input.limits
        let resolve: CheckRun.SceneResolver = { reference, _ in
            switch reference {
            case let .inline(json): return prepare(json, limits: limits)
            case let .named(id):
                guard let scene = stored[id] else { return .failure(SceneLoadError(["no stored scene has the id \"\(id)\""])) }
                return .success(scene)
            }
        }
        let report: CheckReport
        switch CheckRun.run([CheckInputFile(path: nil, document: .success(document))], limits: limits, resolve: resolve) {
        case let .success(r): report = r
        case let .failure(error): throw OperationError(CheckRun.problemDocument(error.problems))
        }
        switch format {
        case "text": return OperationResult(.document(Array(TextReport.render(report).utf8), contentType: "text/plain; charset=utf-8"))
        case "junit": return OperationResult(.document(Array(JUnitReport.render(report).utf8), contentType: "application/xml"))
        case "sarif": return OperationResult(.document(JSONWriter().bytes(SARIFReport.json(report)), contentType: "application/sarif+json"))
        case "github": return OperationResult(.document(Array(GitHubAnnotations.render(report).utf8), contentType: "text/plain; charset=utf-8"))
        default: return .json(JSONReport.json(report))
        }
    }
}
