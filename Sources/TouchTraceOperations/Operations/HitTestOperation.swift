import ArgumentParser
import TouchTraceEngine

/// `hit-test`: which view does a touch at a point hit, and why (H1–H9, R1)?
/// `POST /v1/scenes/{id}/hit-test`, `POST /v1/hit-test`, `touchtrace hit-test SCENE --point X,Y`.
public enum HitTestOperation: TouchTraceOperation {
    public static let name = "hit-test"
    public static let abstract = "Which view does a touch at a point hit, and why?"
    public static let discussion = """
        The request is {"point": {"x": 10, "y": 20}} or {"points": [...]}, with optional "window" \
        (the id of the window whose coordinates the points are in; default the front-most) and \
        "changes" (layout changes applied, with one layout cycle, first). With one point the answer \
        is one trace; with several it is {"results": [...]}. Example: \
        touchtrace hit-test Examples/map-overlay.json --point 100,300. The trace's fields: docs/trace-schema.md.
        """
    public static let rules: [RuleID] = [.H1, .H2, .H3, .H4, .H5, .H6, .H7, .H8, .H9, .R1]
    public static let sceneUse = SceneUse.required

    public struct Options: OperationOptions {
        @OptionGroup public var scene: SceneFile

        @Option(name: .customLong("point"), help: ArgumentHelp("A point X,Y in window coordinates; repeat for several.", valueName: "x,y"))
        public var points: [String] = []

        @Option(help: "The id of the window whose coordinates the points are in (default: the front-most).")
        public var window: String?

        public init() {}

        public var sceneFile: String? { scene.path }

        public func validate() throws {
            if points.isEmpty { throw ValidationError("give at least one --point X,Y") }
            for point in points { _ = try Self.parsePoint(point) }
        }

        public func request(_ cli: CLIContext) throws -> CLIRequest {
            let parsed = points.compactMap { try? Self.parsePoint($0) }.map(\.json)
            var request: JSONValue = parsed.count == 1 ? .obj(["point": parsed[0]]) : .obj(["points": .array(parsed)])
            if let window { request = request.setting("window", to: .string(window)) }
            return CLIRequest(request)
        }

        static func parsePoint(_ text: String) throws -> Point {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let x = Double(parts[0].trimmed), let y = Double(parts[1].trimmed), x.isFinite, y.isFinite else {
                throw ValidationError("--point takes two finite numbers as X,Y, not \"\(text)\"")
            }
            return Point(x: x, y: y)
        }
    }

    public static func run(_ input: OperationInput) throws(OperationError) -> OperationResult {
        let bytes = try answering { () throws(InputError) in
            try TouchTrace.hitTestBytes(try HitTestRequest.decode(input.request, extraFields: input.transportFields), in: input.requiredScene, limits: input.limits)
        }
        return OperationResult(.encodedJSON(bytes))
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
