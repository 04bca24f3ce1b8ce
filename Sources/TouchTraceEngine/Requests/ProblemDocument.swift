extension InputError {
    /// The problem document (RFC 9457) that the API and the CLI return for this error.
    public var problemDocument: ProblemDocument {
        switch self {
        case let .malformed(error) where error.kind == .tooDeep:
            return ProblemType.invalidScene.document(
                "The document is nested too deeply: \(error.message).",
                errors: [SceneProblem(pointer: error.pointer, message: error.message)])
        case let .malformed(error):
            return ProblemType.malformedJSON.document(
                "The body is not valid JSON: \(error.message) at line \(error.line), column \(error.column) (byte \(error.offset)).")
        case let .invalid(problems):
            return Self.unprocessable(.invalidScene, subject: "document", problems)
        case let .invalidRequest(problems):
            return Self.unprocessable(.invalidRequest, subject: "request", problems)
        case let .tooComplex(problems):
            return ProblemType.sceneTooComplex.document(
                "Answering would take more work than this server's limits allow; each error names the part and the limit.",
                errors: Self.listed(problems))
        }
    }

    /// A 422 listing `problems` ("The request has 2 problems.").
    static func unprocessable(_ type: ProblemType, subject: String, _ problems: [SceneProblem]) -> ProblemDocument {
        type.document(
            problems.count == 1 ? "The \(subject) has 1 problem." : "The \(subject) has \(problems.count) problems.",
            errors: listed(problems))
    }

    /// The most problems a document lists; the rest are counted in one last entry.
    public static let maxListedProblems = 1_000

    /// `problems`, cut to ``maxListedProblems`` with a last entry that counts the others (a
    /// document of a million unknown fields must not answer with a million errors).
    static func listed(_ problems: [SceneProblem]) -> [SceneProblem] {
        guard problems.count > maxListedProblems else { return problems }
        let more = problems.count - maxListedProblems
        return Array(problems.prefix(maxListedProblems)) + [SceneProblem(pointer: "", message: "… and \(more) more problems, not listed")]
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
    /// Extension members (RFC 9457 §3.2): where a problem is, when a JSON pointer cannot say it
    /// (`line` and `column` of a design file), or what a client needs to retry.
    public var extensions: [String: JSONValue]

    public init(type: String, title: String, status: Int, detail: String, errors: [SceneProblem] = [], extensions: [String: JSONValue] = [:]) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.errors = errors
        self.extensions = extensions
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
        for (key, value) in extensions.sorted(by: { $0.key < $1.key }) where !["type", "title", "status", "detail", "errors"].contains(key) {
            members.append((key, value))
        }
        return .object(members)
    }
}
