extension TouchTrace {
    /// The answer for a scene the decoder accepted: `{"valid": true, "views": N, "windows": N,
    /// "warnings": [...]}` (windows included in the view count). Warnings are not errors: views
    /// with empty frames, controls nothing can hit (an empty or fully covered effective hit
    /// region), subviews entirely outside their superview (H4), each `{kind, pointer, message}`
    /// with the view's JSON pointer under `base` (`/scene` for a scene inside a request). An
    /// invalid scene never gets here: decoding it throws the problem document that lists every
    /// problem.
    public static func validate(_ prepared: PreparedScene, base: String = "") -> JSONValue {
        let warnings = prepared.warnings(pointers: ViewPointers(scene: prepared.scene, base: base))
        return .obj([
            "valid": true, "views": .number(Double(prepared.scene.views.count)),
            "windows": .number(Double(prepared.scene.windows.count)), "warnings": .array(warnings.map(\.json)),
        ])
    }
}
