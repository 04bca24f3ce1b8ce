import ArgumentParser
import TouchTraceCheck
import TouchTraceEngine
import TouchTraceImport

/// `check-init` (`touchtrace check --init DESIGN_FILE`, `POST /v1/check/init`): a starter
/// expectation file from a design file's own connections — a tap per wired, reachable control
/// with the actions and segues the file declares, a step per prototype link, `assertNotHittable`
/// with the reason for the wired controls no touch reaches, and the audits
/// (``StarterExpectations``). Its `scene:` is the design file itself, so the file runs as written.
public enum CheckInitOperation: TouchTraceOperation {
    public static let name = "check-init"
    public static let abstract = "Write a starter expectation file from a design file's own connections (also: touchtrace check --init)."
    public static let discussion = """
        Imports the design file (.storyboard, .xib, Figma JSON, Penpot, Sketch; --scene, \
        --controller or --frame pick what, as for import) and writes an expectation file whose \
        scene: is that file: a tapOn per wired, visible, enabled control expecting the actions \
        and segues the file declares (Figma, Penpot and Sketch prototype links are actions too), \
        sendActions for actions on events a tap does not send, assertNotHittable with the reason \
        for wired controls no touch reaches, then assertTouchTargets and assertLayout with \
        today's findings allowed for review. Run on the unchanged file it passes; after a designer \
        covers a button or rewires an action it fails and says what changed. --output writes the \
        file (the design file named relative to it); else it is printed. Over HTTP, POST \
        {"scene": {"file": "Main.storyboard", "document": "<the file's content>", "scene": …}} \
        or {"scene": "<a stored scene's id>"} to /v1/check/init; the answer is the YAML. \
        See docs/check.md.
        """
    public static let rules: [RuleID] = [.H1, .H3, .H4, .T2, .T4, .G1]
    public static let sceneUse = SceneUse.none
    public static var routes: [OperationRoute] { [OperationRoute(.POST, "/v1/check/init", scene: .none)] }
    public static var inputErrorExitCode: Int32 { 2 }
    public static var problemTypes: [ProblemType] {
        [.invalidRequest, .invalidExpectations]
    }

    /// Where the scene comes from, and where the file goes.
    public struct Input: Sendable {
        public enum Source: Sendable {
            /// A stored scene (HTTP), by id.
            case stored(String)
            /// A design file: the reference (as the header will name it) and its bytes.
            case design(DesignReference, bytes: [UInt8])
        }
        public var source: Source
        /// Write the file here (the CLI's `--output`); nil: answer it.
        public var output: String?

        public init(source: Source, output: String? = nil) {
            self.source = source
            self.output = output
        }
    }

    public struct Options: OperationOptions {
        @Argument(help: ArgumentHelp("The design file: .storyboard, .xib, Figma JSON, Penpot, Sketch.", valueName: "design-file"))
        public var file: String

        @OptionGroup public var pick: StarterOptions

        public init() {}
        public var sceneFile: String? { nil }

        public func input(_ cli: CLIContext) throws -> Input {
            try pick.input(file: file, cli)
        }
    }

    /// The options `check --init` and `check-init` share: what to import, and where to write.
    public struct StarterOptions: ParsableArguments {
        @Option(help: "A storyboard scene or view controller id, or a xib top-level object id.")
        public var scene: String?

        @Option(help: "A storyboard view controller's Storyboard ID.")
        public var controller: String?

        @Option(help: ArgumentHelp("Figma, Penpot, Sketch: the frame, board or artboard, by id or by name.", valueName: "name-or-id"))
        public var frame: String?

        @Flag(help: "Lay out as the design tool's canvas shows the document (docs/import-ib.md).")
        public var canvas = false

        @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write the starter file here (the design file is named relative to it).", valueName: "file.touchtrace.yaml"))
        public var output: String?

        public init() {}

        func input(file: String, _ cli: CLIContext) throws -> Input {
            if scene != nil, controller != nil { throw ValidationError("give either --scene or --controller, not both") }
            let bytes = try cli.read(file)
            // One absolute and one relative path: both absolute, from the working directory.
            var design = file
            var written = output
            if let out = output, design.hasPrefix("/") != out.hasPrefix("/"), let pwd = cli.environment["PWD"], pwd.hasPrefix("/") {
                if design.hasPrefix("/") { written = pwd + "/" + out } else { design = pwd + "/" + design }
            }
            let named = written.map { CheckInitOperation.relative(design, from: $0) } ?? file
            let reference = DesignReference(
                file: named, scene: scene, controller: controller, frame: frame, canvas: canvas, pointer: "/scene")
            return Input(source: .design(reference, bytes: bytes), output: output)
        }
    }

    public static func storedSceneIDs(in input: Input) -> [(id: String, pointer: String)] {
        if case let .stored(id) = input.source { return [(id, "/scene")] }
        return []
    }

    /// `{"scene": "<stored id>"}` or `{"scene": {"file", "document", "scene", "controller", "frame", "canvas", "format"}}`.
    public static func decode(_ request: OperationRequest) throws(OperationError) -> Input {
        var context = DecodeContext()
        guard let f = context.object(request.json, at: "", allowed: ["scene"] + request.transportFields, what: "the request") else {
            throw OperationError(.invalidRequest(context.problems))
        }
        guard let value = f["scene"] else {
            throw OperationError(.invalidRequest([SceneProblem(
                pointer: "/scene", message: "give \"scene\": a stored scene's id, or {\"file\": NAME, \"document\": the design file's content, \"scene\" / \"controller\" / \"frame\": what to import}")]))
        }
        if case let .string(id) = value {
            return Input(source: .stored(id))
        }
        guard case .object = value, value["document"] != nil else {
            throw OperationError(.invalidRequest([SceneProblem(
                pointer: "/scene", message: "scene is a stored scene's id or a design file with its content inline ({\"file\", \"document\", …}), not \(value.typeName)")]))
        }
        var documentContext = DecodeContext()
        let decoded = CheckDocument.decodeSceneReference(value, at: "/scene", context: &documentContext)
        if !documentContext.problems.isEmpty { throw OperationError(.invalidRequest(documentContext.problems)) }
        guard case let .design(reference)? = decoded, let document = reference.document else {
            throw OperationError(.invalidRequest([SceneProblem(pointer: "/scene", message: "scene must name a design file")]))
        }
        let bytes: [UInt8]
        if case let .string(text) = document { bytes = Array(text.utf8) } else { bytes = JSONWriter().bytes(document) }
        var header = reference
        header.document = nil
        return Input(source: .design(header, bytes: bytes))
    }

    public static func run(_ input: Input, in context: OperationContext) throws(OperationError) -> OperationResult {
        let prepared: PreparedScene
        let header: String
        let name: String
        var warnings: [String] = []
        let command: String
        switch input.source {
        case let .stored(id):
            guard let scene = context.storedScenes[id] else {
                throw OperationError(.invalidRequest([SceneProblem(pointer: "/scene", message: "no stored scene has the id \"\(id)\"")]))
            }
            prepared = scene
            header = StarterExpectationsHeader.scalar(id)
            name = id
            command = "POST /v1/check/init"
        case let .design(reference, bytes):
            switch CheckInputs.importScene(bytes, reference: reference, path: reference.file, limits: context.limits) {
            case let .success(resolved):
                prepared = resolved.prepared
                warnings = resolved.source?.warnings ?? []
            case let .failure(error):
                throw OperationError(CheckRun.problemDocument(error.problems.map {
                    CheckProblem(file: nil, pointer: reference.pointer + $0.pointer, location: nil, message: $0.message)
                }))
            }
            header = StarterExpectations.header(
                file: reference.file, scene: reference.scene, controller: reference.controller, frame: reference.frame, canvas: reference.canvas)
            name = reference.summary
            var words = ["touchtrace check --init", reference.file]
            if let s = reference.scene { words += ["--scene", s] }
            if let c = reference.controller { words += ["--controller", c] }
            if let f = reference.frame { words += ["--frame", f] }
            command = words.joined(separator: " ")
        }
        // A scene whose geometry no dump printed (UnknownGeometry): every wired control would be
        // written down as unreachable, and every tap, assert and audit step of the file is refused
        // when it runs; so the starter is refused here, at the member that names the scene.
        if let unknown = UnknownGeometry(prepared.laidOut) {
            throw OperationError(unknown.refusal(at: "/scene", "which wired controls a tap reaches (every step of a starter file)"))
        }
        let starter = StarterExpectations.make(prepared, sceneHeader: header, name: name, command: command, warnings: warnings, limits: context.limits)
        let bytes = Array(starter.text.utf8)
        let yaml = "application/yaml; charset=utf-8"
        guard let output = input.output else {
            return OperationResult(.document(bytes, contentType: yaml))
        }
        let summary = "wrote \(output): \(starter.taps) tap\(starter.taps == 1 ? "" : "s"), \(starter.sendActions) sendActions, "
            + "\(starter.notHittable) assertNotHittable, and the audits (\(starter.steps) steps)\n"
        return OperationResult(.document(Array(summary.utf8), contentType: "text/plain; charset=utf-8"), files: [OutputFile(path: output, bytes: bytes)])
    }

    /// `path` as seen from the folder of `file` (both relative to the working directory, or
    /// both absolute): `App/Main.storyboard` from `Tests/ui.touchtrace.yaml` is
    /// `../App/Main.storyboard`.
    static func relative(_ path: String, from file: String) -> String {
        guard path.hasPrefix("/") == file.hasPrefix("/") else { return path }
        func parts(_ s: String) -> [Substring] { s.split(separator: "/").filter { $0 != "." } }
        let target = parts(path)
        let folder = Array(parts(file).dropLast())
        guard !folder.contains("..") else { return path }
        var common = 0
        while common < folder.count, common < target.count - 1, folder[common] == target[common] { common += 1 }
        let up = Array(repeating: "..", count: folder.count - common)
        return (up + target[common...].map(String.init)).joined(separator: "/")
    }
}

/// The header's stored-scene id, quoted when YAML needs it.
enum StarterExpectationsHeader {
    static func scalar(_ s: String) -> String { StarterExpectations.header(file: s, scene: nil, controller: nil, frame: nil, canvas: false) }
}
