import ArgumentParser
import TouchTraceCheck
import TouchTraceEngine

extension CheckOperation {
    /// A check's input: the expectation files, read and parsed once, how the scenes they name by
    /// name are found, and the reports asked for. The CLI reads the files and the scene files
    /// they name (relative to each expectation file); the HTTP body is one document, whose named
    /// scenes are stored scenes.
    public struct Input: Sendable {
        public var files: [CheckInputFile]
        public var namedScenes: NamedScenes
        public var report: Report

        public init(files: [CheckInputFile], namedScenes: NamedScenes, report: Report = Report()) {
            self.files = files
            self.namedScenes = namedScenes
            self.report = report
        }

        /// Where a scene a document names (`scene: checkout.json`) comes from.
        public enum NamedScenes: Sendable {
            /// Files, read already: by expectation file path, by the name as written.
            case files([String: [String: SceneFile]])
            /// Stored scenes, by id (``OperationContext/storedScenes``).
            case stored
        }

        /// A scene file an expectation file names: its path relative to the working directory,
        /// and its bytes (nil: it could not be read).
        public struct SceneFile: Sendable {
            public var path: String
            public var bytes: [UInt8]?
            public init(path: String, bytes: [UInt8]?) {
                self.path = path
                self.bytes = bytes
            }
        }

        /// A baseline file (`--baseline`): its path, and its bytes (nil: it does not exist yet,
        /// and is written from today's findings).
        public struct BaselineFile: Sendable {
            public var path: String
            public var bytes: [UInt8]?
            public init(path: String, bytes: [UInt8]?) {
                self.path = path
                self.bytes = bytes
            }
        }

        /// What the check answers and writes.
        public struct Report: Sendable {
            /// The answer's form.
            public enum Form: String, Sendable, CaseIterable {
                case json, text, junit, sarif, github
            }
            public var form: Form
            /// With the text report: GitHub Actions annotations after it (the CLI's `--github`).
            public var annotations: Bool
            /// Also write a JUnit XML report / a SARIF report to this file.
            public var junitFile: String?
            public var sarifFile: String?
            /// Rewrite the expected values that did not hold (the files are written).
            public var update: Bool
            public var baseline: BaselineFile?

            public init(
                form: Form = .json, annotations: Bool = false, junitFile: String? = nil, sarifFile: String? = nil, update: Bool = false,
                baseline: BaselineFile? = nil
            ) {
                self.form = form
                self.annotations = annotations
                self.junitFile = junitFile
                self.sarifFile = sarifFile
                self.update = update
                self.baseline = baseline
            }
        }
    }
}

/// How `check` decodes a request and runs: the scenes resolved from the input, the run, the
/// baseline, `--update`, and the reports.
enum CheckInputs {
    /// The scene names a document gives (`scene`, and the values of `scenes`) with their pointers.
    static func sceneNames(in document: JSONValue) -> [(name: String, pointer: String)] {
        var names: [(name: String, pointer: String)] = []
        if case let .string(name)? = document["scene"] { names.append((name, "/scene")) }
        if case let .object(members)? = document["scenes"] {
            for member in members {
                if case let .string(name) = member.value { names.append((name, JSONPointer.join("/scenes", member.key))) }
            }
        }
        return names
    }

    /// A scene file name as written in an expectation file, relative to that file's folder.
    static func relative(_ name: String, to file: String) -> String {
        if name.hasPrefix("/") { return name }
        guard let slash = file.lastIndex(of: "/") else { return name }
        return String(file[...slash]) + name
    }

    /// The HTTP request: the document as JSON (its scenes inline or stored), `?report=` the form.
    static func decode(_ request: OperationRequest) throws(OperationError) -> CheckOperation.Input {
        let (json, reportValue) = request.json.removing("report")
        var form = CheckOperation.Input.Report.Form.json
        if case let .string(name)? = reportValue {
            guard let named = CheckOperation.Input.Report.Form(rawValue: name) else {
                let forms = CheckOperation.Input.Report.Form.allCases.map(\.rawValue).joined(separator: ", ")
                throw OperationError(InputError.invalidRequest([SceneProblem(pointer: "?report", message: "report must be one of \(forms), not \"\(name)\"")]))
            }
            form = named
        }
        let document = LocatedDocument(value: json, format: .json, locations: [:], valueLocations: [:], text: SourceText(""))
        return CheckOperation.Input(
            files: [CheckInputFile(path: nil, document: .success(document))], namedScenes: .stored, report: .init(form: form))
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

    /// The one run path: resolve the scenes, run the documents, apply the baseline and
    /// `--update`, write the reports asked for, answer in the form asked for.
    static func run(_ input: CheckOperation.Input, in context: OperationContext) throws(OperationError) -> OperationResult {
        let limits = context.limits
        let named = input.namedScenes
        let stored = context.storedScenes
        let resolve: CheckRun.SceneResolver = { reference, file in
            switch reference {
            case let .inline(json):
                return prepare(json, limits: limits)
            case let .named(name):
                switch named {
                case .stored:
                    guard let scene = stored[name] else { return .failure(SceneLoadError(["no stored scene has the id \"\(name)\""])) }
                    return .success(scene)
                case let .files(files):
                    guard let entry = files[file.path ?? ""]?[name] else { return .failure(SceneLoadError(["cannot read the scene file \(name)"])) }
                    guard let bytes = entry.bytes else { return .failure(SceneLoadError(["cannot read the scene file \(entry.path)"])) }
                    return prepare(bytes, name: entry.path, limits: limits)
                }
            }
        }
        var report: CheckReport
        switch CheckRun.run(input.files, limits: limits, resolve: resolve) {
        case let .success(r): report = r
        case let .failure(error): throw OperationError(CheckRun.problemDocument(error.problems))
        }
        let settings = input.report
        var outputs: [OutputFile] = []
        var notes: [String] = []

        // The baseline: accept what it lists, or write it from today's findings.
        var baselineToWrite: String?
        if let baseline = settings.baseline {
            let path = baseline.path
            if let bytes = baseline.bytes {
                let parsed: JSONValue
                do {
                    parsed = try JSONParser().parse(Array(String(decoding: bytes, as: UTF8.self).utf8))
                } catch {
                    throw OperationError(CheckRun.problemDocument([CheckProblem(
                        file: path, pointer: error.pointer, location: SourceLocation(line: error.line, column: error.column), message: "not valid JSON: \(error.message)")]))
                }
                let (decoded, problems) = Baseline.decode(parsed)
                guard let decoded else {
                    throw OperationError(CheckRun.problemDocument(problems.map { CheckProblem(file: path, pointer: $0.pointer, location: nil, message: $0.message) }))
                }
                decoded.apply(to: &report)
                if settings.update { baselineToWrite = path }
            } else {
                Baseline.of(report).apply(to: &report)
                baselineToWrite = path
                notes.append("wrote the baseline \(path) with today's \(report.baselined) audit finding(s)")
            }
            report.baseline = path
        }

        // --update: rewrite the expected values that did not hold.
        if settings.update {
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
        if let junit = settings.junitFile { outputs.append(OutputFile(path: junit, bytes: Array(JUnitReport.render(report).utf8))) }
        if let sarif = settings.sarifFile {
            outputs.append(OutputFile(path: sarif, bytes: JSONWriter(pretty: true).bytes(SARIFReport.json(report)) + [UInt8(ascii: "\n")]))
        }
        let exit: Int32 = report.passed ? 0 : 1
        let plain = "text/plain; charset=utf-8"
        switch settings.form {
        case .json:
            return OperationResult(.json(JSONReport.json(report)), exitCode: exit, files: outputs)
        case .text:
            var text = TextReport.render(report)
            for note in notes { text += note + "\n" }
            if settings.annotations { text += GitHubAnnotations.render(report) }
            return OperationResult(.document(Array(text.utf8), contentType: plain), exitCode: exit, files: outputs)
        case .junit:
            return OperationResult(.document(Array(JUnitReport.render(report).utf8), contentType: "application/xml"), exitCode: exit, files: outputs)
        case .sarif:
            return OperationResult(.document(JSONWriter().bytes(SARIFReport.json(report)), contentType: "application/sarif+json"), exitCode: exit, files: outputs)
        case .github:
            return OperationResult(.document(Array(GitHubAnnotations.render(report).utf8), contentType: plain), exitCode: exit, files: outputs)
        }
    }
}
