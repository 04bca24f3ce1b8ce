import ArgumentParser
import TouchTraceEngine
import TouchTraceImport

/// `import`: a design file (Interface Builder's .xib or .storyboard; Figma's JSON; Penpot's
/// Transit JSON or .penpot export; a .sketch file or page JSON) or a runtime hierarchy dump
/// (`recursiveDescription`, XCUITest's `debugDescription`, `_printHierarchy`, Sentry's
/// `view-hierarchy.json`) → a scene document, with warnings for everything approximated or
/// assumed and the id map back to the source.
/// `touchtrace import FILE`, `POST /v1/import` (the file as the body; `?store=ID` stores the scene).
public enum ImportOperation: TouchTraceOperation {
    public static let name = "import"
    public static let abstract = "Turn a design file (.xib, .storyboard, Figma JSON, Penpot, Sketch) or a hierarchy dump into a scene, with warnings and the id map."
    public static let discussion = """
        The format comes from the file's extension, or --format (over HTTP ?format=, or is read \
        off the document itself: a ZIP's entries tell a .sketch file from a .penpot export, JSON's \
        shape tells Figma, a Sketch page and Penpot's Transit apart). A storyboard imports its initial view controller's scene unless \
        --scene (a scene or view controller id) or --controller (a Storyboard ID) picks another; \
        a Figma file (the JSON of Figma's REST API) imports its prototype's starting frame, else \
        its first top-level frame, unless --frame (a node id, or a top-level frame's name) picks \
        another; --list lists them. A Penpot file (get-file or get-file-fragment Transit JSON, a \
        JSON array of a get-file and its fragments, or a .penpot ZIP) and a Sketch file (.sketch, a \
        page's JSON, or a folder of a document kept in folders as Kactus writes it: \
        document.json, <page>/page.json, a file per layer; over HTTP a ZIP of that folder) import \
        a board or artboard the same way, by --frame (an id or a name). \
        --mapping FILE gives Figma layers UIKit classes by name \
        ({"rules": [{"match": "Button*", "class": "UIButton"}], "useDefaults": true}). The answer is \
        {"format", "scene", "warnings"}: the scene's origin.ids maps every scene id to its element \
        or node in the design file, and every warning has the file's line and column (XML) or the \
        node's JSON pointer (Figma). With --output the scene alone is written to a file, ready for \
        the other subcommands, and only the warnings are printed, one line each (nothing when \
        there are none). Over HTTP, POST the file as the body to /v1/import (for Figma, or \
        {"file": <Figma JSON>, "mapping": {...}} to send a class mapping along; ?mapping=none turns \
        the default names off; a .sketch or .penpot archive as the body itself, application/zip); \
        ?store=ID also stores the scene (201, Location). A runtime hierarchy dump \
        (recursive-description: lldb's po of recursiveDescription, Chisel's pviews, EarlGrey's hierarchy; xcuitest: \
        XCUIApplication().debugDescription; print-hierarchy: _printHierarchy; \
        autolayout-trace: _autolayoutTrace, no frames; sentry-view-hierarchy: Sentry's view-hierarchy.json) is read off the text, any wrapping \
        (prompts, quotes, an escaped one-line string) undone; --controllers FILE adds a \
        _printHierarchy (or put both in one text) and --overlay FILE supplies what a dump cannot \
        say ({"views": {"<id or address>": {"enabled": false, "targets": [...], \
        "gestureRecognizers": [...]}}}); over HTTP, POST {"dump": "<text>", "controllers": \
        "<text>", "overlay": {...}}. See docs/import-ib.md, docs/import-figma.md, \
        docs/import-design.md and docs/import-dumps.md.
        """
    public static let rules: [RuleID] = []
    public static let sceneUse = SceneUse.none
    public static var problemTypes: [ProblemType] {
        [
            .malformedXML, .malformedJSON, .invalidEncoding, .forbiddenDeclaration, .importLimitExceeded, .unsupportedDocument,
            .unknownDocumentPart, .invalidRequest,
        ]
    }
    public static var httpBody: HTTPBody {
        .document(mediaTypes: [
            "application/xml", "text/xml", "application/octet-stream", "application/json", "application/zip", "application/transit+json", "text/plain",
        ])
    }
    public static var queryParameters: [QueryParameter] {
        [
            QueryParameter(
                "format", .string,
                help: "xib, storyboard, figma, penpot, sketch, recursive-description, xcuitest, print-hierarchy, autolayout-trace or sentry-view-hierarchy (default: read off the document)."),
            QueryParameter("scene", .string, help: "A storyboard scene or view controller id, or a xib top-level object id."),
            QueryParameter("controller", .string, help: "A storyboard view controller's Storyboard ID."),
            QueryParameter("frame", .string, help: "Figma, Penpot, Sketch: the frame, board or artboard to import, by id or by name."),
            QueryParameter("mapping", .string, help: "Figma, Penpot, Sketch: a built-in class mapping, default or none (a custom one goes in a Figma envelope body, or --mapping)."),
            QueryParameter("list", .bool, help: "List the document's scenes instead of importing one."),
            QueryParameter("canvas", .bool, help: "Lay out as the design tool's canvas shows the document (docs/import-ib.md)."),
            QueryParameter("store", .string, help: "Also store the scene under this id (201 with Location and ETag)."),
            QueryParameter("file", .string, help: "The file's name, recorded in the scene's origin."),
        ]
    }

    public struct Options: OperationOptions {
        @Argument(
            help: ArgumentHelp(
                "The design file (.xib, .storyboard, a Figma file's JSON, a Penpot file (.penpot or Transit JSON), a .sketch file, page JSON or a Sketch document's folder) or a hierarchy dump.",
                valueName: "file"))
        public var file: String

        @Option(
            help: "xib, storyboard, figma, penpot, sketch, recursive-description, xcuitest, print-hierarchy, autolayout-trace or sentry-view-hierarchy (default: from the file's extension, else its bytes).")
        public var format: String?

        @Option(help: "A storyboard scene or view controller id, or a xib top-level object id.")
        public var scene: String?

        @Option(help: "A storyboard view controller's Storyboard ID.")
        public var controller: String?

        @Option(help: ArgumentHelp("Figma, Penpot, Sketch: the frame, board or artboard to import, by id or by name.", valueName: "name-or-id"))
        public var frame: String?

        @Option(help: ArgumentHelp("Figma, Penpot, Sketch: a class-mapping file (JSON) giving layers UIKit classes by name.", valueName: "file"))
        public var mapping: String?

        @Flag(help: "List the document's scenes (Figma: top-level frames; Penpot: boards; Sketch: artboards) instead of importing one.")
        public var list = false

        @Flag(help: "Lay out as the design tool's canvas shows the document, not as the app runs.")
        public var canvas = false

        @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write the scene alone to this file; print only the warnings.", valueName: "scene.json"))
        public var output: String?

        @Option(help: ArgumentHelp("A hierarchy dump: what it cannot say, per view (JSON; docs/import-dumps.md#overlay).", valueName: "file"))
        public var overlay: String?

        @Option(help: ArgumentHelp("A recursiveDescription: the _printHierarchy of its view controllers, to attach them by address.", valueName: "file"))
        public var controllers: String?

        public init() {}

        public var sceneFile: String? { nil }

        public func input(_ cli: CLIContext) throws -> Input {
            var members: [(key: String, value: JSONValue)] = [("file", .string(Self.baseName(file)))]
            if let format { members.append(("format", .string(format))) }
            if let scene { members.append(("scene", .string(scene))) }
            if let controller { members.append(("controller", .string(controller))) }
            if let frame { members.append(("frame", .string(frame))) }
            if let mapping { members.append(("mapping", try RequestFile.parse(mapping, cli))) }
            if list { members.append(("list", true)) }
            if canvas { members.append(("canvas", true)) }
            if let overlay { members.append(("overlay", try RequestFile.parse(overlay, cli))) }
            if let controllers { members.append(("controllers", .string(String(decoding: try cli.read(controllers), as: UTF8.self)))) }
            var input = try ImportOperation.decode(OperationRequest(.object(members), document: try cli.read(file)))
            input.output = output
            return input
        }

        static func baseName(_ path: String) -> String {
            String(path.split(separator: "/").last ?? Substring(path))
        }
    }

    /// The design file, its format and what to import from it.
    public struct Input: Sendable {
        public var document: [UInt8]
        public var format: ImportFormat
        public var options: ImportOptions
        /// Also store the scene under this id (the HTTP routes' `?store=`).
        public var store: String?
        /// Also write the scene alone to this file (the CLI's `-o`).
        public var output: String?

        public init(document: [UInt8], format: ImportFormat, options: ImportOptions, store: String? = nil, output: String? = nil) {
            self.document = document
            self.format = format
            self.options = options
            self.store = store
            self.output = output
        }
    }

    /// The document is the body (or the file); the request object holds the options.
    public static func decode(_ request: OperationRequest) throws(OperationError) -> Input {
        var context = DecodeContext()
        // overlay and controllers come from the CLI's files; over HTTP a dump's envelope body carries them.
        let allowed = ["format", "scene", "controller", "frame", "mapping", "list", "canvas", "store", "file", "overlay", "controllers"]
        guard let fields = context.object(request.json, at: "", allowed: allowed, what: "the request") else {
            throw OperationError(.invalidRequest(context.problems))
        }
        func string(_ key: String) -> String? { fields[key].flatMap { context.string($0, at: "/" + key, what: key) } }
        func flag(_ key: String) -> Bool { fields[key].flatMap { context.bool($0, at: "/" + key, what: key) } ?? false }
        let document = request.document ?? []
        let fileName = string("file")
        var format: ImportFormat?
        if let name = string("format") {
            format = ImportFormat(rawValue: name)
            if format == nil {
                context.fail("/format", "unknown format \"\(name)\"; expected one of: " + ImportFormat.allCases.map(\.rawValue).joined(separator: ", "))
            }
        } else {
            format = ImportFormat.detect(fileName: fileName, bytes: document)
            if format == nil {
                context.fail(
                    "/format",
                    "cannot tell the format of the document: it is \(ImportFormat.describe(document)); accepted: " + ImportFormat.allCases.map(\.rawValue).joined(separator: ", ") + " (give --format, or ?format= over HTTP, to say which)")
            }
        }
        let store = string("store")
        if let store, !SceneID.isValid(store) {
            context.fail("/store", "\"\(store.prefix(200))\" is not a scene id (1 to 128 of A-Z a-z 0-9 _ . -, not starting with a dot)")
        }
        var mapping: FigmaClassMapping?
        switch fields["mapping"] {
        case nil: break
        case let .string(name)?:
            mapping = FigmaClassMapping.builtIn(name)
            if mapping == nil { context.fail("/mapping", "unknown built-in mapping \"\(name.prefix(40))\"; expected default or none (send a custom mapping as {\"file\", \"mapping\"})") }
        case let value?:
            let (decoded, problems) = FigmaClassMapping.decode(value, at: "/mapping")
            mapping = decoded
            for problem in problems { context.fail(problem.pointer, problem.message) }
        }
        let frame = string("frame")
        if let format, format == .xib || format == .storyboard {
            if frame != nil { context.fail("/frame", "frame picks a Figma frame, Penpot board or Sketch artboard; an Interface Builder document takes scene or controller") }
            if fields["mapping"] != nil { context.fail("/mapping", "a class mapping applies to Figma, Penpot and Sketch documents only") }
        }
        var overlay: JSONValue?
        var controllers: [UInt8]?
        if let format, format.isDump {
            for key in ["scene", "controller", "list", "canvas", "frame", "mapping"] where fields[key] != nil {
                context.fail("/" + key, "a hierarchy dump holds one scene: \(key) is for design files")
            }
            overlay = fields["overlay"]
            controllers = string("controllers").map { Array($0.utf8) }
        } else if format != nil {
            for key in ["overlay", "controllers"] where fields[key] != nil {
                context.fail("/" + key, "\(key) applies to hierarchy dumps only")
            }
        }
        var options = ImportOptions(
            scene: string("scene"), controller: string("controller"), list: flag("list"), fileName: fileName,
            canvas: flag("canvas"), frame: frame, mapping: mapping)
        options.overlay = overlay
        options.controllers = controllers
        if !context.problems.isEmpty { throw OperationError(.invalidRequest(context.problems)) }
        guard let format else { throw OperationError(.invalidRequest(context.problems)) }
        return Input(document: document, format: format, options: options, store: store)
    }

    public static func run(_ input: Input, in context: OperationContext) throws(OperationError) -> OperationResult {
        let result: ImportResult
        do {
            result = try Importer.importDocument(input.document, format: input.format, options: input.options)
        } catch {
            throw OperationError(error.problemDocument)
        }
        let sceneBytes = result.scene.map { JSONWriter(pretty: true).bytes($0) + [UInt8(ascii: "\n")] }
        var answer = OperationResult.json(result.json)
        if let output = input.output, let sceneBytes {
            // With -o the scene goes to the file and the terminal gets only what needs reading:
            // the warnings, one line each, as a compiler prints them (nothing when there are none).
            answer = OperationResult(.empty)
            answer.files.append(OutputFile(path: output, bytes: sceneBytes))
            if !result.warnings.isEmpty {
                let file = input.options.fileName ?? "document"
                let text = result.warnings.map { w -> String in
                    let at = w.line.map { ":\($0)" + (w.column.map { ":\($0)" } ?? "") } ?? (w.pointer.map { " " + $0 } ?? "")
                    return "\(file)\(at): warning: [\(w.kind.rawValue)] \(w.message)"
                }.joined(separator: "\n") + "\n"
                answer.body = .document(Array(text.utf8), contentType: "text/plain; charset=utf-8")
            }
        }
        if let store = input.store, let scene = result.scene { answer.storeScene = (store, JSONWriter().bytes(scene)) }
        return answer
    }
}
