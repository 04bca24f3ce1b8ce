/// A layout request (SPEC §4): `{"changes": [...], "includeInitialLayout": false}`. Answers
/// "where does every view end up, and which `layoutSubviews` run, after these changes?"
public struct LayoutRequest: Sendable {
    public var changes: [LayoutChange]
    /// Whether the response also lists the initial layout cycle's calls (SPEC §4).
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

extension TouchTrace {
    /// Answers a layout request against a scene: `frames` (`{id: {x, y, width, height}}` of
    /// every view in a window, in superview coordinates, unrounded), `layoutSubviews`
    /// (`[{view, reason, rule, marks, pass}]` in call order) and `log` (every change, mark,
    /// autoresize and view-controller callback in order), and `subviews` (`{id: [ids]}`, back
    /// to front, for every view in a window's tree that has subviews); when views use Auto Layout
    /// (L6), also `conflicts` (each broken constraint with the constraints it conflicts with) and
    /// `ambiguous` (views whose frame the constraints do not determine), and with
    /// `includeConstraints` every constraint of the system (`constraints`). The scene itself is
    /// not changed.
    public static func layout(_ request: LayoutRequest, in scene: Scene) throws(InputError) -> JSONValue {
        try layout(request, in: scene, initialAutoLayout: nil)
    }

    /// ``layout(_:in:)`` for a prepared scene: the same response, without solving the initial
    /// cycle's constraints again.
    public static func layout(_ request: LayoutRequest, in prepared: PreparedScene) throws(InputError) -> JSONValue {
        try layout(request, in: prepared.scene, initialAutoLayout: prepared.initialAutoLayout)
    }

    static func layout(_ request: LayoutRequest, in scene: Scene, initialAutoLayout: AutoLayoutSystem?) throws(InputError) -> JSONValue {
        let (result, trace, system) = try scene.applyingWithAutoLayout(request.changes, initialAutoLayout: initialAutoLayout)
        let parts = trace.json(in: result, includeInitialLayout: request.includeInitialLayout)
        let members: [(key: String, value: JSONValue)] = [
            ("frames", result.framesJSON), ("subviews", result.subviewsJSON), ("layoutSubviews", parts.layoutSubviews),
            ("log", parts.log),
        ]
        // With Auto Layout (L6): `conflicts` and `ambiguous`.
        let autoLayout = system.map { $0.responseFields(includeConstraints: request.includeConstraints) }
            ?? result.autoLayoutFields(includeConstraints: request.includeConstraints)
        return .object(members + autoLayout)
    }
}
