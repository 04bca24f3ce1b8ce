extension TouchTrace {
    /// The validation report of a scene the decoder accepted: its view and window counts and its
    /// warnings (views with empty frames, controls nothing can hit, subviews entirely outside
    /// their superview, H4), each with its view's JSON pointer under `pointerBase` (`/scene` for a
    /// scene inside a request). A scene whose geometry is not known (``UnknownGeometry``) has one
    /// `geometryUnknown` warning at its `/origin/format` instead (``PreparedScene/warnings(pointers:)``).
    public static func validate(_ prepared: PreparedScene, pointerBase: String = "") -> ValidationReport {
        let warnings = prepared.warnings(pointers: ViewPointers(scene: prepared.scene, base: pointerBase))
        return ValidationReport(views: prepared.scene.views.count, windows: prepared.scene.windows.count, warnings: warnings)
    }
}
