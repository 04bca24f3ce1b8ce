extension TouchTrace {
    /// Answers a layout request against a scene: `frames` (`{id: {x, y, width, height}}` of
    /// every view in a window, in superview coordinates, unrounded), `layoutSubviews`
    /// (`[{view, reason, rule, marks, pass}]` in call order) and `log` (every change, mark,
    /// autoresize and view-controller callback in order), and `subviews` (`{id: [ids]}`, back
    /// to front, for every view in a window's tree that has subviews); when views use Auto Layout
    /// (L6), also `conflicts` (each broken constraint with the constraints it conflicts with) and
    /// `ambiguous` (views whose frame the constraints do not determine), and with
    /// `includeConstraints` every constraint of the system (`constraints`); with scroll views,
    /// `contentOffsets` (S3: each scroll view's `contentOffset`, its bounds origin).
    ///
    /// It starts from the scene as decoded (so the trace can show the initial cycle, on request)
    /// and reuses the Auto Layout system the preparation solved: a `resizeWindow` or a constant
    /// change re-solves incrementally. The prepared scene is not changed.
    public static func layout(_ request: LayoutRequest, in prepared: PreparedScene, limits: SceneLimits) throws(InputError) -> JSONValue {
        let (result, trace, system) = try prepared.scene.applyingWithAutoLayout(
            request.changes, limits: limits, initialAutoLayout: prepared.initialAutoLayout)
        let parts = trace.json(in: result, includeInitialLayout: request.includeInitialLayout)
        let members: [(key: String, value: JSONValue)] = [
            ("frames", result.framesJSON), ("subviews", result.subviewsJSON), ("layoutSubviews", parts.layoutSubviews),
            ("log", parts.log),
        ]
        // With Auto Layout (L6): `conflicts` and `ambiguous`.
        let autoLayout = system.map { $0.responseFields(includeConstraints: request.includeConstraints) }
            ?? result.autoLayoutFields(includeConstraints: request.includeConstraints)
        return .object(members + autoLayout + result.contentOffsetsField)
    }

    /// The response of ``layout(_:in:limits:)`` written directly as bytes: the same bytes as
    /// `JSONWriter().bytes(layout(…))`, without building the `JSONValue` tree (no per-entry
    /// allocations). For the API's layout routes.
    public static func layoutBytes(_ request: LayoutRequest, in prepared: PreparedScene, limits: SceneLimits) throws(InputError) -> [UInt8] {
        let (result, trace, system) = try prepared.scene.applyingWithAutoLayout(
            request.changes, limits: limits, initialAutoLayout: prepared.initialAutoLayout)
        var out = JSONOutput(capacity: 64 * result.views.count + 128 * trace.log.count)
        let autoLayout = system.map { $0.responseFields(includeConstraints: request.includeConstraints) }
            ?? result.autoLayoutFields(includeConstraints: request.includeConstraints)
        result.writeLayoutResponse(
            trace, includeInitialLayout: request.includeInitialLayout, autoLayout: autoLayout + result.contentOffsetsField, into: &out)
        return out.bytes
    }
}
