import TouchTraceEngine

/// A render request (openapi.yaml, `RenderRequest`): what to draw over the scene.
///
/// `{"points": [{"x", "y"}, …], "window": id, "regions": true, "audit": "apple-44", "changes": [...]}`,
/// every member optional:
/// - `points` (or `point`): touch points, in the coordinates of `window` (default the
///   front-most window, as for a hit test); each is marked, its hit path is highlighted and its
///   responder chain and the action a tap there sends are listed in the legend;
/// - `regions`: shade every control's and gesture view's effective hit region and hatch the
///   parts of its touch area that it does not get (docs/audit.md);
/// - `audit`: a profile name (`apple-44`, `material-48`, `wcag-2.5.8`, `wcag-2.5.5`) or the audit
///   options object (`profile`, `severity`, `allow`): findings outlined and numbered as the
///   audit's text report numbers its lines;
/// - `changes`: layout changes applied, with one layout cycle, first (a rotation, a resize).
public struct RenderRequest: Sendable {
    public var points: [Point]
    public var window: String?
    public var regions: Bool
    public var audit: AuditOptions?
    public var changes: [LayoutChange]

    public init(points: [Point] = [], window: String? = nil, regions: Bool = false, audit: AuditOptions? = nil, changes: [LayoutChange] = []) {
        self.points = points
        self.window = window
        self.regions = regions
        self.audit = audit
        self.changes = changes
    }

    /// The most points one picture marks (each is a hit test and a replayed tap).
    public static let maxPoints = 100

    /// The members of the request object.
    public static let fields = ["point", "points", "window", "regions", "audit", "changes"]

    /// Decodes a request object, reporting every problem with its JSON pointer. `extraFields`
    /// lists members the caller handles (the inline route's `"scene"`, the CLI's `"output"`).
    public static func decode(_ json: JSONValue, extraFields: [String] = []) throws(InputError) -> RenderRequest {
        var context = DecodeContext()
        guard let f = context.object(json, at: "", allowed: fields + extraFields, what: "the request") else {
            throw .invalidRequest(context.problems)
        }
        var request = RenderRequest()
        if f["point"] != nil, f["points"] != nil {
            context.fail("/points", "give either \"point\" or \"points\", not both")
        } else if let point = f["point"] {
            if let p = context.point(point, at: "/point", what: "point") { request.points = [p] }
        } else if let list = f["points"], let items = context.array(list, at: "/points", what: "points") {
            if items.count > maxPoints {
                context.fail("/points", "at most \(maxPoints) points per picture, not \(items.count)")
            } else {
                for (i, item) in items.enumerated() {
                    if let p = context.point(item, at: "/points/\(i)", what: "point") { request.points.append(p) }
                }
            }
        }
        if let w = f["window"] { request.window = context.string(w, at: "/window", what: "window") }
        if let r = f["regions"] { request.regions = context.bool(r, at: "/regions", what: "regions") ?? false }
        if let audit = f["audit"] { request.audit = decodeAudit(audit, context: &context) }
        if let value = f["changes"] { request.changes = LayoutChange.decodeList(value, at: "/changes", context: &context) }
        if !context.problems.isEmpty { throw .invalidRequest(context.problems) }
        return request
    }

    /// `"audit"`: a profile's name, or the audit options object (docs/audit.md, "Options").
    static func decodeAudit(_ value: JSONValue, context: inout DecodeContext) -> AuditOptions? {
        switch value {
        case let .string(name):
            // The name is the options' profile; its problems are said of /audit itself.
            var inner = DecodeContext()
            let options = AuditOptions.decode(.obj(["profile": .string(name)]), at: "/audit", context: &inner)
            for problem in inner.problems { context.fail("/audit", problem.message) }
            return inner.problems.isEmpty ? options : nil
        case .object:
            let before = context.problems.count
            let options = AuditOptions.decode(value, at: "/audit", context: &context)
            return context.problems.count == before ? options : nil
        default:
            context.fail("/audit", "audit must be a profile name (" + TouchTargetProfile.names.joined(separator: ", ") + ") or audit options, not \(value.typeName)")
            return nil
        }
    }
}
