/// One problem found in a scene or request, located by a JSON pointer (RFC 6901).
public struct SceneProblem: Sendable, Hashable, CustomStringConvertible {
    public var pointer: String
    public var message: String
    public init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }
    public var description: String { "\(pointer.isEmpty ? "/" : pointer): \(message)" }
}

/// Why a document could not become a scene or a request: it is not JSON (`malformed`), or it is
/// JSON that breaks the format's rules (`invalid`, every problem listed).
public enum InputError: Error, Sendable, Equatable {
    case malformed(JSONParseError)
    /// The scene breaks the scene format's rules (problem type `invalid-scene`).
    case invalid([SceneProblem])
    /// The request around the scene does (a touch sequence, a change, a point, an unknown id in
    /// them; problem type `invalid-request`).
    case invalidRequest([SceneProblem])

    /// The problems listed (none for malformed JSON).
    public var problems: [SceneProblem] {
        switch self {
        case .malformed: return []
        case let .invalid(list), let .invalidRequest(list): return list
        }
    }

    /// The problem document (RFC 9457) that the API and the CLI return for this error.
    public var problemDocument: ProblemDocument {
        switch self {
        case let .malformed(error) where error.kind == .tooDeep:
            return ProblemDocument(
                type: "https://touchtrace.dev/problems/invalid-scene", title: "Invalid scene", status: 422,
                detail: "The document is nested too deeply: \(error.message).",
                errors: [SceneProblem(pointer: error.pointer, message: error.message)])
        case let .malformed(error):
            return ProblemDocument(
                type: "https://touchtrace.dev/problems/malformed-json", title: "Malformed JSON", status: 400,
                detail: "The body is not valid JSON: \(error.message) at line \(error.line), column \(error.column) (byte \(error.offset)).",
                errors: [])
        case let .invalid(problems):
            return Self.unprocessable("invalid-scene", "Invalid scene", subject: "document", problems)
        case let .invalidRequest(problems):
            return Self.unprocessable("invalid-request", "Invalid request", subject: "request", problems)
        }
    }

    /// A 422 listing `problems` ("The request has 2 problems.").
    static func unprocessable(_ type: String, _ title: String, subject: String, _ problems: [SceneProblem]) -> ProblemDocument {
        ProblemDocument(
            type: "https://touchtrace.dev/problems/" + type, title: title, status: 422,
            detail: problems.count == 1 ? "The \(subject) has 1 problem." : "The \(subject) has \(problems.count) problems.",
            errors: problems)
    }
}

/// An RFC 9457 problem document, as JSON: `type`, `title`, `status`, `detail`, and `errors`
/// (every problem with its pointer) when there are any.
public struct ProblemDocument: Sendable, Equatable {
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    public var errors: [SceneProblem]

    public init(type: String, title: String, status: Int, detail: String, errors: [SceneProblem] = []) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.errors = errors
    }

    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("type", .string(type)), ("title", .string(title)), ("status", .number(Double(status))),
            ("detail", .string(detail)),
        ]
        if !errors.isEmpty {
            members.append(
                ("errors", .array(errors.map { .obj(["pointer": .string($0.pointer), "message": .string($0.message)]) })))
        }
        return .object(members)
    }
}
