import ArgumentParser
import TouchTraceEngine

/// `layout`: where every view ends up after changes, and which `layoutSubviews` run, and why
/// (L1–L6, M4).
public enum LayoutOperation: TouchTraceOperation {
    public static let name = "layout"
    public static let abstract = "Apply layout changes to a scene: where every view ends up and which layoutSubviews run, and why."
    public static let discussion = """
        The request is {"changes": [{"op": "resizeWindow", "window": "win", "width": 844, "height": 390}]} \
        (the CLI also takes just the list of changes). With constraints or stack views (L6) the \
        answer also has "conflicts" and "ambiguous"; changes include setConstraint (constant, \
        priority, active) and addConstraint; with scroll views, "contentOffsets". See docs/layout.md         and docs/autolayout.md. \
        On a scene imported from a dump that prints no frames (print-hierarchy, autolayout-trace) with \
        no frame given, the answer has "warnings" ({kind: geometryUnknown}): its frames are not the views'.
        """
    public static let rules: [RuleID] = [.L1, .L2, .L3, .L4, .L5, .L6, .M4, .S3]
    public static let sceneUse = SceneUse.required

    public struct Options: OperationOptions {
        @OptionGroup public var scene: SceneFile

        @Argument(help: ArgumentHelp("The changes file (JSON): a request body or a list of changes.", valueName: "changes"))
        public var changes: String

        @Flag(help: "Also list the initial layout cycle's layoutSubviews calls.")
        public var includeInitialLayout = false

        @Flag(help: "Also list every Auto Layout constraint, declared and generated, with its origin.")
        public var includeConstraints = false

        public init() {}

        public var sceneFile: String? { scene.path }

        public func input(_ cli: CLIContext) throws -> LayoutRequest {
            var json = try RequestFile.parse(changes, cli)
            if case .array = json { json = .obj(["changes": json]) }
            var request = try LayoutOperation.decode(OperationRequest(json))
            if includeInitialLayout { request.includeInitialLayout = true }
            if includeConstraints { request.includeConstraints = true }
            return request
        }
    }

    public static func decode(_ request: OperationRequest) throws(OperationError) -> LayoutRequest {
        try answering { () throws(InputError) in try LayoutRequest.decode(request.json, extraFields: request.transportFields) }
    }

    public static func run(_ input: LayoutRequest, in context: OperationContext) throws(OperationError) -> OperationResult {
        // From the scene as decoded (its trace can show the initial cycle), reusing the Auto
        // Layout system its preparation solved.
        var result = try answering { () throws(InputError) in try TouchTrace.layout(input, in: context.requiredScene, limits: context.limits) }
        result.warnings = result.warnings.map { $0.under(context.scenePointer) }
        return OperationResult(.encodedJSON(ResponseEncoder.bytes(result)))
    }
}
