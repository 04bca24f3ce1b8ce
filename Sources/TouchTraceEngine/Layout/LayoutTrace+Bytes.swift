extension TouchTrace {
    /// The response of `layout(_:in:)` written directly as bytes: the same bytes as
    /// `JSONWriter().bytes(layout(request, in: scene))`, without building the `JSONValue` tree
    /// (no per-entry allocations). For the API's layout routes.
    public static func layoutBytes(_ request: LayoutRequest, in scene: Scene) throws(InputError) -> [UInt8] {
        try layoutBytes(request, in: scene, initialAutoLayout: nil)
    }

    /// ``layoutBytes(_:in:)`` for a prepared scene (the API's stored-scene route): the same
    /// bytes, without solving the initial cycle's constraints again.
    public static func layoutBytes(_ request: LayoutRequest, in prepared: PreparedScene) throws(InputError) -> [UInt8] {
        try layoutBytes(request, in: prepared.scene, initialAutoLayout: prepared.initialAutoLayout)
    }

    static func layoutBytes(_ request: LayoutRequest, in scene: Scene, initialAutoLayout: AutoLayoutSystem?) throws(InputError) -> [UInt8] {
        let (result, trace, system) = try scene.applyingWithAutoLayout(request.changes, initialAutoLayout: initialAutoLayout)
        var out = JSONOutput(capacity: 64 * result.views.count + 128 * trace.log.count)
        let autoLayout = system.map { $0.responseFields(includeConstraints: request.includeConstraints) }
            ?? result.autoLayoutFields(includeConstraints: request.includeConstraints)
        result.writeLayoutResponse(trace, includeInitialLayout: request.includeInitialLayout, autoLayout: autoLayout, into: &out)
        return out.bytes
    }
}
