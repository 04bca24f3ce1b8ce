import ArgumentParser
import TouchTraceEngine

/// One operation of TouchTrace (hit-test, touches, layout, …), declared once. The HTTP routes
/// (`POST /v1/scenes/{id}/NAME` and `POST /v1/NAME` for an operation on a scene) and the CLI
/// subcommand (`touchtrace NAME`) are generated from this declaration, so both read the same
/// input, run the same engine call and write the same output.
///
/// A declaration names the operation and documents it (``abstract``, ``discussion``, the
/// ``rules`` it applies, the ``problemTypes`` it answers with) and says what it runs on: a typed
/// ``Input`` that the HTTP request (``decode(_:)``) and the CLI's files and flags (``Options``)
/// both decode into, and a scene (``sceneUse``). ``run(_:in:)`` is its one run path: it knows
/// nothing of the transport that called it. See docs/architecture.md, "Adding an operation".
///
/// ```swift
/// public enum ValidateOperation: TouchTraceOperation {
///     public static let name = "validate"
///     public static let abstract = "Check a scene and list every problem with its JSON pointer."
///     public static let sceneUse = SceneUse.required
///     public struct Input: Sendable { public init() {} }
///     public struct Options: OperationOptions { @OptionGroup public var scene: SceneFile … }
///     public static func decode(_ request: OperationRequest) throws(OperationError) -> Input { … }
///     public static func run(_ input: Input, in context: OperationContext) throws(OperationError) -> OperationResult { … }
/// }
/// ```
public protocol TouchTraceOperation: Sendable {
    /// What the operation runs on, besides the scene: the decoded request.
    associatedtype Input: Sendable
    /// How the CLI reads the input: the files and flags of `touchtrace NAME`.
    associatedtype Options: OperationOptions where Options.Input == Input

    /// The subcommand and the last path component of the routes, e.g. `hit-test`.
    static var name: String { get }
    /// One line: the CLI's abstract and the OpenAPI summary.
    static var abstract: String { get }
    /// More help: the request's shape, an example, the docs to read.
    static var discussion: String { get }
    /// The UIKit rules (docs/uikit-rules.md) the operation applies, cited in the help.
    static var rules: [RuleID] { get }
    /// Whether the operation runs on a scene.
    static var sceneUse: SceneUse { get }
    /// The problem types the operation itself answers with (besides the transport's: 400 for
    /// malformed JSON, 404 for an unknown stored scene, 413, 415).
    static var problemTypes: [ProblemType] { get }

    /// The HTTP routes (default: from ``sceneUse``, see ``OperationRoute/defaults(for:)``).
    static var routes: [OperationRoute] { get }
    /// What the HTTP body holds (default: the JSON request object).
    static var httpBody: HTTPBody { get }
    /// Query parameters the routes accept, each read into a member of the request object
    /// (default: none; any query parameter is then a 400).
    static var queryParameters: [QueryParameter] { get }
    /// The CLI's exit status for a problem document (default 1; `check` uses 2, keeping 1 for
    /// a failed expectation).
    static var inputErrorExitCode: Int32 { get }

    /// Decodes an HTTP request (the JSON object, or a raw document) into the input; every
    /// problem has its JSON pointer.
    static func decode(_ request: OperationRequest) throws(OperationError) -> Input
    /// Stored scenes the input names by id (with the pointer of each id), which the HTTP
    /// transport loads before ``run(_:in:)`` into ``OperationContext/storedScenes`` (default: none).
    static func storedSceneIDs(in input: Input) -> [(id: String, pointer: String)]
    /// Runs the operation: calls the engine, encodes its answer.
    static func run(_ input: Input, in context: OperationContext) throws(OperationError) -> OperationResult
}

extension TouchTraceOperation {
    public static var discussion: String { "" }
    public static var problemTypes: [ProblemType] { [.invalidScene, .invalidRequest] }
    public static var routes: [OperationRoute] { OperationRoute.defaults(for: Self.self) }
    public static var httpBody: HTTPBody { .json }
    public static var queryParameters: [QueryParameter] { [] }
    public static func storedSceneIDs(in input: Input) -> [(id: String, pointer: String)] { [] }
    public static var inputErrorExitCode: Int32 { 1 }

    /// The help text of the CLI subcommand: the discussion, the rules, the errors.
    public static var helpText: String {
        var parts: [String] = []
        if !discussion.isEmpty { parts.append(discussion) }
        if !rules.isEmpty {
            parts.append("UIKit rules applied: \(RuleID.summary(rules)) (see docs/uikit-rules.md).")
        }
        let errors = problemTypes.map { "\($0.slug) (\($0.status))" }.joined(separator: ", ")
        parts.append("Errors are RFC 9457 problem documents: \(errors); exit status \(inputErrorExitCode). Usage errors exit with 64.")
        return parts.joined(separator: "\n\n")
    }
}

/// Whether an operation runs on a scene, and so which routes it gets.
public enum SceneUse: Sendable {
    /// One scene: `POST /v1/scenes/{id}/NAME` (a stored scene) and `POST /v1/NAME` (the scene
    /// inline as the body's `"scene"`); the CLI's first argument is the scene file.
    case required
    /// No scene: `POST /v1/NAME` only.
    case none
}

/// An HTTP request as the transport read it, for ``TouchTraceOperation/decode(_:)``.
public struct OperationRequest: Sendable {
    /// The request object: the JSON body (`{}` when empty) with the declared query parameters'
    /// members.
    public var json: JSONValue
    /// Members of `json` the transport has read already (the inline routes' `"scene"`): the
    /// operation's decoder accepts and ignores them.
    public var transportFields: [String]
    /// A raw document (an ``HTTPBody/document(mediaTypes:)`` body).
    public var document: [UInt8]?

    public init(_ json: JSONValue, transportFields: [String] = [], document: [UInt8]? = nil) {
        self.json = json
        self.transportFields = transportFields
        self.document = document
    }
}

/// What an operation runs in, besides its input: the scene and the limits, as a transport found
/// them (a stored or inline scene over HTTP, a file on the command line).
public struct OperationContext: Sendable {
    /// The scene, decoded, validated and prepared (nil for an operation without one).
    public var scene: PreparedScene?
    /// The scene's JSON pointer in the document that held it (`/scene` for a scene inline in a
    /// request; empty for a stored scene or a file): pointers to its views start with it.
    public var scenePointer: String
    /// The limits every stage applies (from the server's configuration or the CLI's defaults).
    public var limits: SceneLimits
    /// The stored scenes ``TouchTraceOperation/storedSceneIDs(in:)`` named, by id.
    public var storedScenes: [String: PreparedScene]

    public init(scene: PreparedScene?, scenePointer: String = "", limits: SceneLimits, storedScenes: [String: PreparedScene] = [:]) {
        self.scene = scene
        self.scenePointer = scenePointer
        self.limits = limits
        self.storedScenes = storedScenes
    }

    /// The scene of an operation declared with ``SceneUse/required``, with this request's limits
    /// (its time budget and work limits).
    public var requiredScene: PreparedScene {
        guard let scene else { preconditionFailure("the transport must pass the scene of an operation that requires one") }
        return scene.using(limits)
    }
}

/// What an operation answers.
public struct OperationResult: Sendable {
    public enum Body: Sendable {
        /// JSON, written by the engine's deterministic writer (sorted keys, one number format).
        case json(JSONValue)
        /// JSON already written (`ResponseEncoder`'s answers): the same bytes `JSONWriter`
        /// would write.
        case encodedJSON([UInt8])
        /// Another media type (an SVG picture, a JUnit report).
        case document([UInt8], contentType: String)
        /// Nothing to print (the CLI wrote what was asked into files).
        case empty
    }

    public var body: Body
    /// The HTTP status (200 unless the operation says otherwise).
    public var status: Int
    /// The CLI's exit status (0 unless the operation says otherwise).
    public var exitCode: Int32
    /// Files the CLI writes (reports asked for with a flag, an updated expectation file); an
    /// HTTP answer never has any.
    public var files: [OutputFile]
    /// A scene document the HTTP transport stores under an id (`?store=ID` of an import), then
    /// answering 201 with `Location` and `ETag`.
    public var storeScene: (id: String, document: [UInt8])?

    public init(_ body: Body, status: Int = 200, exitCode: Int32 = 0, files: [OutputFile] = [], storeScene: (id: String, document: [UInt8])? = nil) {
        self.body = body
        self.status = status
        self.exitCode = exitCode
        self.files = files
        self.storeScene = storeScene
    }

    public static func json(_ value: JSONValue) -> OperationResult { OperationResult(.json(value)) }

    /// The body's media type.
    public var contentType: String {
        switch body {
        case .json, .encodedJSON: return "application/json"
        case let .document(_, type): return type
        case .empty: return "application/json"
        }
    }

    /// The body's bytes; JSON indented when `pretty`.
    public func bytes(pretty: Bool = false) -> [UInt8] {
        switch body {
        case let .json(value): return JSONWriter(pretty: pretty).bytes(value)
        case let .encodedJSON(bytes):
            guard pretty, let value = try? JSONParser().parse(bytes) else { return bytes }
            return JSONWriter(pretty: true).bytes(value)
        case let .document(bytes, _): return bytes
        case .empty: return []
        }
    }
}

/// An operation's failure: the problem document both transports answer with (the HTTP status
/// is the document's; the CLI prints it and exits with status 1).
public struct OperationError: Error, Sendable {
    public var problem: ProblemDocument
    public init(_ problem: ProblemDocument) { self.problem = problem }
    public init(_ error: InputError) { self.problem = error.problemDocument }
}

/// Runs an engine call that throws `InputError`, turning the error into an ``OperationError``.
@inlinable
public func answering<T>(_ body: () throws(InputError) -> T) throws(OperationError) -> T {
    do {
        return try body()
    } catch {
        throw OperationError(error)
    }
}

extension RuleID {
    /// Ids as ranges where they run on: `[H1, H2, H3, R1]` → "H1–H3, R1".
    public static func summary(_ rules: [RuleID]) -> String {
        let all = RuleID.allCases
        var parts: [String] = []
        var run: [RuleID] = []
        func flush() {
            guard let first = run.first, let last = run.last else { return }
            parts.append(run.count >= 3 ? "\(first.rawValue)–\(last.rawValue)" : run.map(\.rawValue).joined(separator: ", "))
            run = []
        }
        for rule in rules {
            if let previous = run.last, let i = all.firstIndex(of: previous), i + 1 < all.count, all[i + 1] == rule,
                previous.rawValue.first == rule.rawValue.first
            {
                run.append(rule)
            } else {
                flush()
                run.append(rule)
            }
        }
        flush()
        return parts.joined(separator: ", ")
    }
}

/// A file the CLI writes for an operation.
public struct OutputFile: Sendable {
    public var path: String
    public var bytes: [UInt8]
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
