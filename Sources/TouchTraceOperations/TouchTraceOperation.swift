import ArgumentParser
import TouchTraceEngine

/// One operation of TouchTrace (hit-test, touches, layout, …), declared once. The HTTP routes
/// (`POST /v1/scenes/{id}/NAME` and `POST /v1/NAME` for an operation on a scene) and the CLI
/// subcommand (`touchtrace NAME`) are generated from this declaration, so both read the same
/// request, run the same engine call and write the same output.
///
/// A declaration names the operation and documents it (``abstract``, ``discussion``, the
/// ``rules`` it applies, the ``problemTypes`` it answers with), says how its input is read
/// (``sceneUse``; the request is a JSON object, from the HTTP body or from the CLI's files and
/// flags through ``Options``) and runs it (``run(_:)``). See docs/architecture.md, "Adding an
/// operation".
///
/// ```swift
/// public enum ValidateOperation: TouchTraceOperation {
///     public static let name = "validate"
///     public static let abstract = "Check a scene and list every problem with its JSON pointer."
///     public static let sceneUse = SceneUse.required
///     public struct Options: OperationOptions { @OptionGroup public var scene: SceneFile … }
///     public static func run(_ input: OperationInput) throws(OperationError) -> OperationResult { … }
/// }
/// ```
public protocol TouchTraceOperation: Sendable {
    /// How the CLI reads the request: the files and flags of `touchtrace NAME`.
    associatedtype Options: OperationOptions

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

    /// Runs the operation: decodes `input.request`, calls the engine, returns the output.
    static func run(_ input: OperationInput) throws(OperationError) -> OperationResult
}

extension TouchTraceOperation {
    public static var discussion: String { "" }
    public static var problemTypes: [ProblemType] { [.invalidScene, .invalidRequest] }

    /// The help text of the CLI subcommand: the discussion, the rules, the errors.
    public static var helpText: String {
        var parts: [String] = []
        if !discussion.isEmpty { parts.append(discussion) }
        if !rules.isEmpty {
            parts.append("UIKit rules applied: \(RuleID.summary(rules)) (see docs/uikit-rules.md).")
        }
        let errors = problemTypes.map { "\($0.slug) (\($0.status))" }.joined(separator: ", ")
        parts.append("Errors are RFC 9457 problem documents: \(errors); exit status 1. Usage errors exit with 64.")
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

/// What an operation runs on, read by a transport (the HTTP server or the CLI).
public struct OperationInput: Sendable {
    /// The request: the JSON body, or what the CLI's files and flags say.
    public var request: JSONValue
    /// Members of `request` the transport has read already (the inline routes' `"scene"`): the
    /// operation's decoder accepts and ignores them.
    public var transportFields: [String]
    /// The scene, decoded, validated and prepared (nil for an operation without one).
    public var scene: PreparedScene?
    /// The limits every stage applies (from the server's configuration or the CLI's defaults).
    public var limits: SceneLimits

    public init(request: JSONValue, transportFields: [String] = [], scene: PreparedScene?, limits: SceneLimits) {
        self.request = request
        self.transportFields = transportFields
        self.scene = scene
        self.limits = limits
    }

    /// The scene of an operation declared with ``SceneUse/required``.
    public var requiredScene: PreparedScene {
        guard let scene else { preconditionFailure("the transport must pass the scene of an operation that requires one") }
        return scene
    }
}

/// What an operation answers.
public struct OperationResult: Sendable {
    public enum Body: Sendable {
        /// JSON, written by the engine's deterministic writer (sorted keys, one number format).
        case json(JSONValue)
        /// JSON already written by the engine (the hot paths write bytes directly): the same
        /// bytes `JSONWriter` would write.
        case encodedJSON([UInt8])
        /// Another media type (an SVG picture, a JUnit report).
        case document([UInt8], contentType: String)
    }

    public var body: Body
    /// The HTTP status (200 unless the operation says otherwise).
    public var status: Int
    /// The CLI's exit status (0 unless the operation says otherwise).
    public var exitCode: Int32

    public init(_ body: Body, status: Int = 200, exitCode: Int32 = 0) {
        self.body = body
        self.status = status
        self.exitCode = exitCode
    }

    public static func json(_ value: JSONValue) -> OperationResult { OperationResult(.json(value)) }

    /// The body's media type.
    public var contentType: String {
        switch body {
        case .json, .encodedJSON: return "application/json"
        case let .document(_, type): return type
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

extension TouchTraceOperation {
    /// The HTTP paths generated for the operation (each answers POST): a stored-scene route and
    /// an inline route for an operation on a scene, one route otherwise.
    public static var routePaths: [String] {
        switch sceneUse {
        case .required: return ["/v1/scenes/{id}/\(name)", "/v1/\(name)"]
        case .none: return ["/v1/\(name)"]
        }
    }
}
