import ArgumentParser
import TouchTraceEngine
import TouchTraceRender

/// `render`: the scene as an SVG picture — every view's frame where UIKit puts it (H5), ghosts
/// for hidden and transparent views (H1), windows by level (H8) — with touch points and their hit
/// paths, responder chains (R1) and the action a tap sends, effective hit regions with the parts
/// other views cover, and audit findings numbered as in the text report.
/// `touchtrace render SCENE [--point X,Y …] [--regions] [--audit PROFILE] -o out.svg`,
/// `GET /v1/scenes/{id}/render.svg?point=X,Y&regions&audit=PROFILE`, `POST /v1/render`.
public enum RenderOperation: TouchTraceOperation {
    public static let name = "render"
    public static let abstract = "Draw a scene as SVG: views, touch points with their hit paths, hit regions, audit findings."
    public static let discussion = """
        The request is {"points": [{"x": 100, "y": 300}], "regions": true, "audit": "apple-44"}, \
        every member optional: "points" (or "point") are marked, each with its hit path \
        highlighted and, in the legend, its responder chain and the action a tap there sends; \
        "regions" shades every control's and gesture view's effective hit region and hatches the \
        parts other views cover; "audit" (a profile name, or audit options) outlines and numbers \
        the findings as the audit's text report numbers them; "window" names the window the \
        points are in; "changes" are applied first (a rotation: resizeWindow). The answer is \
        image/svg+xml, the same bytes for the same input. Over HTTP: GET \
        /v1/scenes/{id}/render.svg?point=100,300&regions&audit=apple-44 for a stored scene, POST \
        /v1/render with the scene inline. Example: touchtrace render Examples/map-overlay.json \
        --point 100,300 -o map.svg. See docs/render.md. A scene imported from a dump that prints no \
        frames (print-hierarchy, autolayout-trace) with no frame given is refused at its "/origin/format": \
        the picture would be empty.
        """
    public static let rules: [RuleID] = [.H1, .H2, .H3, .H4, .H5, .H6, .H7, .H8, .H9, .R1]
    public static let sceneUse = SceneUse.required
    public static var routes: [OperationRoute] {
        [OperationRoute(.GET, "/v1/scenes/{id}/render.svg", scene: .stored), OperationRoute(.POST, "/v1/render", scene: .inline)]
    }
    public static var queryParameters: [QueryParameter] {
        [
            QueryParameter("point", .points, member: "points", help: "A touch point x,y to mark, with its hit path; repeat for several."),
            QueryParameter("regions", .bool, help: "Shade effective hit regions and hatch the parts other views cover."),
            QueryParameter("audit", .string, help: "Outline and number the findings of an audit with this profile."),
            QueryParameter("window", .string, help: "The window whose coordinates the points are in (default: the front-most)."),
        ]
    }
    /// The media type of the answer.
    public static let contentType = "image/svg+xml"

    public struct Options: OperationOptions {
        @OptionGroup public var scene: SceneFile

        // `.unconditional`: `--point -5,-5` is a point, not an option.
        @Option(name: .customLong("point"), parsing: .unconditionalSingleValue, help: ArgumentHelp("A touch point X,Y in window coordinates to mark, with its hit path; repeat for several.", valueName: "x,y"))
        public var points: [String] = []

        @Flag(help: "Shade every control's and gesture view's effective hit region; hatch the parts other views cover.")
        public var regions = false

        @Option(help: ArgumentHelp("Outline and number the findings of an audit with this profile: apple-44, material-48, wcag-2.5.8, wcag-2.5.5.", valueName: "profile"))
        public var audit: String?

        @Option(help: "The id of the window whose coordinates the points are in (default: the front-most).")
        public var window: String?

        @Option(help: ArgumentHelp("Layout changes to apply first (JSON: a list of changes, or {\"changes\": [...]}).", valueName: "changes.json"))
        public var changes: String?

        @Option(name: [.short, .customLong("output")], help: ArgumentHelp("Write the SVG to this file instead of standard output.", valueName: "out.svg"))
        public var output: String?

        public init() {}

        public var sceneFile: String? { scene.path }

        public func validate() throws {
            for point in points { _ = try HitTestOperation.Options.parsePoint(point) }
        }

        public func input(_ cli: CLIContext) throws -> Input {
            var members: [(key: String, value: JSONValue)] = []
            let parsed = points.compactMap { try? HitTestOperation.Options.parsePoint($0) }
            if !parsed.isEmpty { members.append(("points", .array(parsed.map(\.json)))) }
            if regions { members.append(("regions", true)) }
            if let audit { members.append(("audit", .string(audit))) }
            if let window { members.append(("window", .string(window))) }
            if let changes {
                var list = try RequestFile.parse(changes, cli)
                if list["changes"] != nil, case .object = list { list = list["changes"]! }
                members.append(("changes", list))
            }
            var input = try RenderOperation.decode(OperationRequest(.object(members)))
            input.output = output
            return input
        }
    }

    /// What to draw, and where the picture goes.
    public struct Input: Sendable {
        public var request: RenderRequest
        /// A file to write the SVG to instead of answering it (the CLI's `-o`).
        public var output: String?

        public init(request: RenderRequest, output: String? = nil) {
            self.request = request
            self.output = output
        }
    }

    public static func decode(_ request: OperationRequest) throws(OperationError) -> Input {
        Input(request: try answering { () throws(InputError) in try RenderRequest.decode(request.json, extraFields: request.transportFields) })
    }

    public static func run(_ input: Input, in context: OperationContext) throws(OperationError) -> OperationResult {
        let svg = try answering { () throws(InputError) in try SceneRenderer.svg(input.request, in: context.requiredScene, limits: context.limits, pointerBase: context.scenePointer) }
        if let path = input.output {
            return OperationResult(.empty, files: [OutputFile(path: path, bytes: svg)])
        }
        return OperationResult(.document(svg, contentType: contentType))
    }
}
