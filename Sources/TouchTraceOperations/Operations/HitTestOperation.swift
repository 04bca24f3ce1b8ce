import ArgumentParser
import TouchTraceEngine

/// `hit-test`: which view does a touch at a point hit, and why (H1–H10, R1)?
/// `POST /v1/scenes/{id}/hit-test`, `POST /v1/hit-test`, `touchtrace hit-test SCENE --point X,Y`.
public enum HitTestOperation: TouchTraceOperation {
    public static let name = "hit-test"
    public static let abstract = "Which view does a touch at a point hit, and why?"
    public static let discussion = """
        The request is {"point": {"x": 10, "y": 20}} or {"points": [...]}, with optional "window" \
        (the id of the window whose coordinates the points are in; default the front-most) and \
        "changes" (layout changes applied, with one layout cycle, first). With one point the answer \
        is one trace; with several it is {"results": [...]}. Example: \
        touchtrace hit-test Examples/map-overlay.json --point 100,300. The trace's fields: docs/trace-schema.md. \
        A scene imported from a dump that prints no frames (origin.format print-hierarchy or \
        autolayout-trace) with no frame given is refused at "/point": nothing a tap hits can be \
        decided (docs/import-dumps.md#scenes-with-no-frames).
        """
    public static let rules: [RuleID] = [.H1, .H2, .H3, .H4, .H5, .H6, .H7, .H8, .H9, .H10, .R1]
    public static let sceneUse = SceneUse.required

    public struct Options: OperationOptions {
        @OptionGroup public var scene: SceneFile

        // `.unconditional`: `--point -5,-5` is a point, not an option.
        @Option(name: .customLong("point"), parsing: .unconditionalSingleValue, help: ArgumentHelp("A point X,Y in window coordinates; repeat for several.", valueName: "x,y"))
        public var points: [String] = []

        @Option(help: "The id of the window whose coordinates the points are in (default: the front-most).")
        public var window: String?

        public init() {}

        public var sceneFile: String? { scene.path }

        public func validate() throws {
            if points.isEmpty { throw ValidationError("give at least one --point X,Y") }
            if points.count > HitTestRequest.maxPoints { throw ValidationError("at most \(HitTestRequest.maxPoints) points per request") }
            for point in points { _ = try Self.parsePoint(point) }
        }

        public func input(_ cli: CLIContext) throws -> HitTestRequest {
            let parsed = try points.map { try Self.parsePoint($0) }
            return HitTestRequest(points: parsed, single: parsed.count == 1, window: window)
        }

        static func parsePoint(_ text: String) throws -> Point {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let x = Double(parts[0].trimmed), let y = Double(parts[1].trimmed), x.isFinite, y.isFinite else {
                throw ValidationError("--point takes two finite numbers as X,Y, not \"\(text)\"")
            }
            return Point(x: x, y: y)
        }
    }

    public static func decode(_ request: OperationRequest) throws(OperationError) -> HitTestRequest {
        try answering { () throws(InputError) in try HitTestRequest.decode(request.json, extraFields: request.transportFields) }
    }

    public static func run(_ input: HitTestRequest, in context: OperationContext) throws(OperationError) -> OperationResult {
        let result = try answering { () throws(InputError) in try TouchTrace.hitTest(input, in: context.requiredScene, limits: context.limits) }
        return OperationResult(.encodedJSON(ResponseEncoder.bytes(result)))
    }
}

extension Substring {
    var trimmed: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return s
    }
}
