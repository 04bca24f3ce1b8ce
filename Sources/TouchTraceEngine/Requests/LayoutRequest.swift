/// A layout request (openapi.yaml): `{"changes": [...], "includeInitialLayout": false}`. Answers
/// "where does every view end up, and which `layoutSubviews` run, after these changes?"
public struct LayoutRequest: Sendable {
    public var changes: [LayoutChange]
    /// Whether the response also lists the initial layout cycle's calls (openapi.yaml).
    public var includeInitialLayout: Bool
    /// Whether the response also lists every constraint of the Auto Layout system (`constraints`:
    /// declared and generated, each with its origin), as Xcode's view debugger shows them (L6).
    public var includeConstraints: Bool

    public init(changes: [LayoutChange], includeInitialLayout: Bool = false, includeConstraints: Bool = false) {
        self.changes = changes
        self.includeInitialLayout = includeInitialLayout
        self.includeConstraints = includeConstraints
    }

    /// Decodes a request body, reporting every problem with its pointer. `extraFields` lists
    /// members the caller handles (the inline routes' `"scene"`). A missing `changes` is an
    /// empty list: the response is then the scene after its initial layout.
    public static func decode(_ json: JSONValue, extraFields: [String] = []) throws(InputError) -> LayoutRequest {
        var context = DecodeContext()
        guard let f = context.object(json, at: "", allowed: ["changes", "includeInitialLayout", "includeConstraints"] + extraFields, what: "the request") else {
            throw .invalidRequest(context.problems)
        }
        var request = LayoutRequest(changes: [])
        if let value = f["changes"] { request.changes = LayoutChange.decodeList(value, at: "/changes", context: &context) }
        if let value = f["includeInitialLayout"],
            let b = context.bool(value, at: "/includeInitialLayout", what: "includeInitialLayout")
        {
            request.includeInitialLayout = b
        }
        if let value = f["includeConstraints"],
            let b = context.bool(value, at: "/includeConstraints", what: "includeConstraints")
        {
            request.includeConstraints = b
        }
        if !context.problems.isEmpty { throw .invalidRequest(context.problems) }
        return request
    }
}
