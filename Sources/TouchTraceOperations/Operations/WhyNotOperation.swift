import ArgumentParser
import TouchTraceEngine

/// `why-not`: does a tap at a point reach a view, and if not, every reason (H1–H10, R3, G2, G3,
/// G7, S1).
/// `POST /v1/scenes/{id}/why-not`, `POST /v1/why-not`, `touchtrace why-not SCENE --view ID
/// [--point X,Y]`.
public enum WhyNotOperation: TouchTraceOperation {
    public static let name = "why-not"
    public static let abstract = "Why does a view not get a tap? Every reason, typed, with what is hit instead and fixes."
    public static let discussion = """
        The request is {"view": "payButton"}, with optional "point" ({"x": …, "y": …} in the \
        coordinates of the view's window, or of "window"; default the view's center) and "changes" \
        (layout changes applied, with one layout cycle, first). The answer lists "causes" in the order hit testing \
        meets them, each {kind, view, rule, detail}: outsideSuperviewBounds, interactionDisabled, \
        hidden, transparent, disabledControl, coveredBy, zeroSize, hitTestOverride, \
        gestureRecognizer, scrollViewDelay, notInWindow, systemGestureDelay, contentViewUnknown, \
        gestureRecognizerDelay, animating, animationPresentationElsewhere (H10, a view's "animation"), \
        orderUnknown (a scene from XCUITest, whose order is accessibility order); "reachable", "hitView", "fixes" and the \
        "frames" of the views involved. The exit status is 0 whether or not the view is reachable. \
        Example: touchtrace why-not Examples/map-overlay.json --view map. See docs/why-not.md.
        """
    public static let rules: [RuleID] = [.H1, .H2, .H3, .H4, .H5, .H6, .H7, .H8, .H9, .H10, .R3, .G2, .G3, .G7, .S1]
    public static let sceneUse = SceneUse.required

    public struct Options: OperationOptions {
        @OptionGroup public var scene: SceneFile

        @Option(help: ArgumentHelp("The id of the view to diagnose.", valueName: "id"))
        public var view: String

        // `.unconditional`: `--point -5,-5` is a point, not an option.
        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("The point X,Y in the coordinates of the view's window (default: the view's center).", valueName: "x,y"))
        public var point: String?

        @Option(help: "The id of the window whose coordinates the point is in (default: the view's own window).")
        public var window: String?

        public init() {}

        public var sceneFile: String? { scene.path }

        public func validate() throws {
            if let point { _ = try HitTestOperation.Options.parsePoint(point) }
        }

        public func input(_ cli: CLIContext) throws -> WhyNotRequest {
            var request: JSONValue = .obj(["view": .string(view)])
            if let point { request = request.setting("point", to: try HitTestOperation.Options.parsePoint(point).json) }
            if let window { request = request.setting("window", to: .string(window)) }
            return try WhyNotOperation.decode(OperationRequest(request))
        }
    }

    public static func decode(_ request: OperationRequest) throws(OperationError) -> WhyNotRequest {
        try answering { () throws(InputError) in try WhyNotRequest.decode(request.json, extraFields: request.transportFields) }
    }

    public static func run(_ input: WhyNotRequest, in context: OperationContext) throws(OperationError) -> OperationResult {
        let result = try answering { () throws(InputError) in try TouchTrace.whyNot(input, in: context.requiredScene, limits: context.limits) }
        return .json(ResponseEncoder.json(result))
    }
}
