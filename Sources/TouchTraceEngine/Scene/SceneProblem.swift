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
    /// The scene and request are valid, but answering would cost more than a limit of
    /// ``SceneLimits`` allows (problem type `scene-too-complex`): each problem names the part
    /// (its pointer) and the limit.
    case tooComplex([SceneProblem])

    /// The problems listed (none for malformed JSON).
    public var problems: [SceneProblem] {
        switch self {
        case .malformed: return []
        case let .invalid(list), let .invalidRequest(list), let .tooComplex(list): return list
        }
    }
}
