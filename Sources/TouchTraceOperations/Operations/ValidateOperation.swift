import ArgumentParser
import TouchTraceEngine

/// `validate`: checks a scene and lists every problem with its JSON pointer. Declared here only:
/// `touchtrace validate`, `POST /v1/validate` and `POST /v1/scenes/{id}/validate` come from this.
public enum ValidateOperation: TouchTraceOperation {
    public static let name = "validate"
    public static let abstract = "Check a scene and list every problem with its JSON pointer."
    public static let discussion = """
        A valid scene answers {"valid": true, "views": N, "windows": N, "warnings": [...]}: \
        warnings, each with its view's JSON pointer, for views with empty frames, controls \
        nothing can hit (an empty or fully covered effective hit region) and subviews entirely \
        outside their superview (H4). An invalid scene answers the problem document (422) \
        listing every problem with its JSON pointer. Over HTTP the body \
        is {"scene": {...}}, or empty ({}) for a stored scene. See docs/scene-format.md.
        """
    public static let rules: [RuleID] = []
    public static let sceneUse = SceneUse.required
    public static var problemTypes: [ProblemType] { [.invalidScene, .invalidRequest] }

    /// Nothing but the scene.
    public struct Input: Sendable {
        public init() {}
    }

    public struct Options: OperationOptions {
        @OptionGroup public var scene: SceneFile

        public init() {}

        public var sceneFile: String? { scene.path }

        public func input(_ cli: CLIContext) throws -> Input { Input() }
    }

    /// The request has no members of its own (`{}`, or the inline route's `scene`).
    public static func decode(_ request: OperationRequest) throws(OperationError) -> Input {
        var context = DecodeContext()
        _ = context.object(request.json, at: "", allowed: request.transportFields, what: "the request")
        if !context.problems.isEmpty { throw OperationError(.invalidRequest(context.problems)) }
        return Input()
    }

    public static func run(_ input: Input, in context: OperationContext) throws(OperationError) -> OperationResult {
        .json(ResponseEncoder.json(TouchTrace.validate(context.requiredScene, pointerBase: context.scenePointer)))
    }
}
