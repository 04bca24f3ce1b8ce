import ArgumentParser
import TouchTraceCheck
import TouchTraceEngine
import TouchTraceImport

extension CheckOperation {
    /// A check's input: the expectation files, read and parsed once, how the scenes they name by
    /// name are found, and the reports asked for. The CLI reads the files and the scene files
    /// they name (relative to each expectation file); the HTTP body is one document, whose named
    /// scenes are stored scenes.
    public struct Input: Sendable {
        public var files: [CheckInputFile]
        public var namedScenes: NamedScenes
        public var report = Report()
        /// `--init`: write a starter file instead of running any.
        public var starter: CheckInitOperation.Input?

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
        }

        /// A baseline file (`--baseline`): its path, and its bytes (nil: it does not exist yet,
        /// and is written from today's findings).
        public struct BaselineFile: Sendable {
            public var path: String
            public var bytes: [UInt8]?
        }

        /// What the check answers and writes.
        public struct Report: Sendable {
            /// The answer's form.
            public enum Form: String, Sendable, CaseIterable {
                case json, text, junit, sarif, github
            }
            public var form = Form.json
            /// With the text report: GitHub Actions annotations after it (the CLI's `--github`).
            public var annotations = false
            /// Also write a JUnit XML report / a SARIF report to this file.
            public var junitFile: String?
            public var sarifFile: String?
            /// Rewrite the expected values that did not hold (the files are written).
            public var update = false
            public var baseline: BaselineFile?
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

    /// The files a document names for the command line to read: scene names, and the `file` of
    /// each design file reference that does not carry its `document` inline.
    static func fileNames(in document: JSONValue) -> [String] {
        var names = sceneNames(in: document).map(\.name)
        var references: [JSONValue] = []
        if let scene = document["scene"] { references.append(scene) }
        if case let .object(members)? = document["scenes"] { references += members.map(\.value) }
        for reference in references {
            if case let .string(file)? = reference["file"], reference["document"] == nil { names.append(file) }
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

    /// A named file's bytes as a scene: a scene document, or a design file or runtime dump
    /// imported with its defaults. The name and the bytes tell which (`ImportFormat.detect`: a
    /// `.storyboard`, `.xib`, `.sketch`, `.penpot`, a text dump); JSON is a scene when it says so
    /// (`format`, a `window`, or `windows` of views with ids), else a Figma file (`document`,
    /// `nodes`), Sentry's view hierarchy, or Penpot's or Sketch's JSON by their marks.
    static func load(_ bytes: [UInt8], name: String, path: String, pointer: String, limits: SceneLimits) -> Result<ResolvedScene, SceneLoadError> {
        let detected = ImportFormat.detect(fileName: name, bytes: bytes)
        let design = { importScene(bytes, reference: DesignReference(file: name, pointer: pointer), path: path, limits: limits) }
        if let detected, detected != .figma, detected != .sentryViewHierarchy { return design() }
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "["), let json = try? JSONParser().parse(bytes) {
            var isScene = json["format"] == .string("touchtrace.scene/1") || json["window"] != nil
            if case let .array(windows)? = json["windows"], windows.first?["id"] != nil, windows.first?["type"] == nil { isScene = true }
            let isDesign = json["document"] != nil || json["nodes"] != nil || detected == .sentryViewHierarchy
            if !isScene, isDesign { return design() }
        }
        return prepare(bytes, name: path, limits: limits).map { ResolvedScene($0) }
    }

    /// The format of a design file reference: `format` if given, else from the name, refined by
    /// the bytes (a `.json` name says little: a Sketch page or a Penpot response is JSON too).
    static func designFormat(_ reference: DesignReference, bytes: [UInt8]) -> Result<ImportFormat, SceneLoadError> {
        let accepted = ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")
        if let name = reference.format {
            guard let format = ImportFormat(rawValue: name) else {
                return .failure(SceneLoadError(problems: [SceneProblem(pointer: "/format", message: "unknown format \"\(name)\"; expected one of: \(accepted)")]))
            }
            return .success(format)
        }
        guard let format = ImportFormat.detect(fileName: reference.file, bytes: bytes) else {
            return .failure(SceneLoadError(problems: [SceneProblem(
                pointer: "", message: "\(reference.file) is no design file TouchTrace reads: it is \(ImportFormat.describe(bytes)); accepted: \(accepted) (give format: beside file: to say which)")]))
        }
        return .success(format)
    }

    /// Imports a design file for a check: the scene prepared, the warnings kept for the report;
    /// an import that fails is a problem at the option that caused it (`/scene` for a scene the
    /// file does not have) or at the reference.
    static func importScene(_ bytes: [UInt8], reference: DesignReference, path: String, limits: SceneLimits) -> Result<ResolvedScene, SceneLoadError> {
        let format: ImportFormat
        switch designFormat(reference, bytes: bytes) {
        case let .success(f): format = f
        case let .failure(e): return .failure(e)
        }
        var problems: [SceneProblem] = []
        if format == .xib || format == .storyboard, reference.frame != nil {
            problems.append(SceneProblem(pointer: "/frame", message: "frame picks a Figma frame, Penpot board or Sketch artboard; an Interface Builder document takes scene or controller"))
        }
        if format != .xib && format != .storyboard, reference.controller != nil {
            problems.append(SceneProblem(pointer: "/controller", message: "controller picks a storyboard view controller by its Storyboard ID; a \(format.rawValue) document takes frame"))
        }
        if !problems.isEmpty { return .failure(SceneLoadError(problems: problems)) }
        let fileName = String(reference.file.split(separator: "/").last ?? Substring(reference.file))
        let options = ImportOptions(
            scene: reference.scene, controller: reference.controller, fileName: fileName, canvas: reference.canvas, frame: reference.frame)
        let result: ImportResult
        do {
            result = try Importer.importDocument(bytes, format: format, options: options)
        } catch {
            let pointer: String
            if error.kind == .unknownScene {
                pointer = reference.scene != nil ? "/scene" : reference.controller != nil ? "/controller" : reference.frame != nil ? "/frame" : ""
            } else {
                pointer = ""
            }
            return .failure(SceneLoadError(problems: [SceneProblem(pointer: pointer, message: "cannot import \(path): \(error.description)")]))
        }
        guard let json = result.scene else { return .failure(SceneLoadError(["\(path) gave no scene"])) }
        let prepared: PreparedScene
        switch prepare(json, limits: limits) {
        case let .success(p): prepared = p
        case let .failure(e): return .failure(SceneLoadError(e.messages.map { "\(path) imports as an invalid scene: " + $0 }))
        }
        var picked: [String] = []
        if let s = reference.scene { picked.append("scene " + s) }
        if let c = reference.controller { picked.append("controller " + c) }
        if let f = reference.frame { picked.append("frame " + f) }
        if reference.canvas { picked.append("canvas") }
        let source = SceneImport(
            scene: "", file: path, format: format.rawValue, picked: picked.isEmpty ? nil : picked.joined(separator: ", "),
            warnings: result.warnings.map(warningLine))
        return .success(ResolvedScene(prepared, source: source))
    }

    /// `line 12: actionDropped: an action whose target …`, or the node's pointer for JSON.
    static func warningLine(_ w: ImportWarning) -> String {
        var at = ""
        if let line = w.line { at = "line \(line)" + (w.column.map { ", column \($0)" } ?? "") + ": " }
        else if let pointer = w.pointer { at = pointer + (w.sourceName.map { " (\($0))" } ?? "") + ": " }
        return at + w.kind.rawValue + ": " + w.message
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
        // Each file (with its import options) is read and imported once per run.
        var cache: [String: Result<ResolvedScene, SceneLoadError>] = [:]
        let resolve: CheckRun.SceneResolver = { reference, file in
            switch reference {
            case let .inline(json):
                return prepare(json, limits: limits).map { ResolvedScene($0) }
            case let .named(name):
                switch named {
                case .stored:
                    guard let scene = stored[name] else { return .failure(SceneLoadError(["no stored scene has the id \"\(name)\""])) }
                    return .success(ResolvedScene(scene))
                case let .files(files):
                    guard let entry = files[file.path ?? ""]?[name] else { return .failure(SceneLoadError(["cannot read the scene file \(name)"])) }
                    guard let bytes = entry.bytes else { return .failure(SceneLoadError(["cannot read the scene file \(entry.path)"])) }
                    let key = "named\u{0}" + entry.path
                    if let done = cache[key] { return done }
                    let loaded = load(bytes, name: name, path: entry.path, pointer: "", limits: limits)
                    cache[key] = loaded
                    return loaded
                }
            case let .design(reference):
                let bytes: [UInt8]
                let path: String
                if let document = reference.document {
                    if case let .string(text) = document { bytes = Array(text.utf8) } else { bytes = JSONWriter().bytes(document) }
                    path = reference.file
                } else {
                    guard case let .files(files) = named else {
                        return .failure(SceneLoadError(problems: [SceneProblem(
                            pointer: "/file", message: "over HTTP a design file comes inline: give its content in \"document\" (XML as a string, JSON as JSON) beside \"file\"")]))
                    }
                    guard let entry = files[file.path ?? ""]?[reference.file], let read = entry.bytes else {
                        return .failure(SceneLoadError(problems: [SceneProblem(pointer: "/file", message: "cannot read the design file \(files[file.path ?? ""]?[reference.file]?.path ?? reference.file)")]))
                    }
                    bytes = read
                    path = entry.path
                }
                let key = [path, reference.format ?? "", reference.scene ?? "", reference.controller ?? "", reference.frame ?? "", reference.canvas ? "canvas" : "",
                           reference.document == nil ? "" : String(decoding: bytes, as: UTF8.self)].joined(separator: "\u{0}")
                if let done = cache[key] { return done }
                let loaded = importScene(bytes, reference: reference, path: path, limits: limits)
                cache[key] = loaded
                return loaded
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
                    throw OperationError(CheckRun.problemDocument([.invalidJSON(error, file: path)]))
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
