extension TouchTrace {
    /// The answer for a scene the decoder accepted: `{"valid": true, "views": N, "windows": N}`
    /// (windows included in the view count). An invalid scene never gets here: decoding it
    /// throws the problem document that lists every problem.
    public static func validate(_ prepared: PreparedScene) -> JSONValue {
        .obj([
            "valid": true, "views": .number(Double(prepared.scene.views.count)),
            "windows": .number(Double(prepared.scene.windows.count)),
        ])
    }
}
