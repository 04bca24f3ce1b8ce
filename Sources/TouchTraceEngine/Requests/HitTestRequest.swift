/// A hit-test request (openapi.yaml): `{"point": {x, y}}` or `{"points": [...]}`, optionally
/// `"window": id` naming the window whose coordinates the points are in, and `"changes"`
/// (layout changes applied, with one layout cycle, before hit testing: "what does this tap hit
/// after rotating to landscape?").
public struct HitTestRequest: Sendable {
    public var points: [Point]
    /// True when the request used `point` (one trace) rather than `points` (a list).
    public var single: Bool
    public var window: String?
    /// Layout changes to apply first (see `Scene.applying(_:)`); empty for none.
    public var changes: [LayoutChange]

    public init(points: [Point], single: Bool, window: String? = nil, changes: [LayoutChange] = []) {
        self.points = points
        self.single = single
        self.window = window
        self.changes = changes
    }

    /// The most points one request may ask about.
    public static let maxPoints = 10_000

    /// Decodes a request body. `extraFields` lists members the caller handles (the inline
    /// routes' `"scene"`).
    public static func decode(_ json: JSONValue, extraFields: [String] = []) throws(InputError) -> HitTestRequest {
        var context = DecodeContext()
        let allowed = ["point", "points", "window", "changes"] + extraFields
        guard let f = context.object(json, at: "", allowed: allowed, what: "the request") else {
            throw .invalidRequest(context.problems)
        }
        var request = HitTestRequest(points: [], single: true)
        switch (f["point"], f["points"]) {
        case (nil, nil):
            context.fail("", "the request needs \"point\" ({\"x\": …, \"y\": …}) or \"points\" (a list of them)")
        case (.some, .some):
            context.fail("/points", "give either \"point\" or \"points\", not both")
        case let (point?, nil):
            if let p = context.point(point, at: "/point", what: "point") { request.points = [p] }
        case let (nil, list?):
            request.single = false
            if let items = context.array(list, at: "/points", what: "points") {
                if items.isEmpty { context.fail("/points", "points must list at least one point") }
                if items.count > maxPoints {
                    context.fail("/points", "at most \(maxPoints) points per request, not \(items.count)")
                } else {
                    for (i, item) in items.enumerated() {
                        if let p = context.point(item, at: "/points/\(i)", what: "point") { request.points.append(p) }
                    }
                }
            }
        }
        if let w = f["window"] { request.window = context.string(w, at: "/window", what: "window") }
        if let value = f["changes"] { request.changes = LayoutChange.decodeList(value, at: "/changes", context: &context) }
        if !context.problems.isEmpty { throw .invalidRequest(context.problems) }
        return request
    }
}
