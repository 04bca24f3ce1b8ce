/// A why-not request (openapi.yaml, docs/why-not.md): `{"view": id}`, optionally `"point":
/// {x, y}` (default the view's center), `"window"` (the id of the window whose coordinates the
/// point is in; default the view's own window) and `"changes"` (layout changes applied, with
/// one layout cycle, first).
public struct WhyNotRequest: Sendable {
    public var view: String
    public var point: Point?
    public var window: String?
    public var changes: [LayoutChange]

    public init(view: String, point: Point? = nil, window: String? = nil, changes: [LayoutChange] = []) {
        self.view = view
        self.point = point
        self.window = window
        self.changes = changes
    }

    /// Decodes a request body, every problem with its pointer. `extraFields` lists members the
    /// caller handles (the inline route's `"scene"`).
    public static func decode(_ json: JSONValue, extraFields: [String] = []) throws(InputError) -> WhyNotRequest {
        var context = DecodeContext()
        guard let f = context.object(json, at: "", allowed: ["view", "point", "window", "changes"] + extraFields, what: "the request") else {
            throw .invalidRequest(context.problems)
        }
        var request = WhyNotRequest(view: "")
        if let v = f["view"] {
            request.view = context.string(v, at: "/view", what: "view") ?? ""
        } else {
            context.fail("", "the request needs \"view\": the id of the view to diagnose")
        }
        if let p = f["point"] { request.point = context.point(p, at: "/point", what: "point") }
        if let w = f["window"] { request.window = context.string(w, at: "/window", what: "window") }
        if let value = f["changes"] { request.changes = LayoutChange.decodeList(value, at: "/changes", context: &context) }
        if !context.problems.isEmpty { throw .invalidRequest(context.problems) }
        return request
    }
}
