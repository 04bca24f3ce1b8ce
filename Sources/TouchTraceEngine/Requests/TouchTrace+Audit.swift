extension TouchTrace {
    /// The touch-target and layout audit of a scene (docs/audit.md): every control and gesture
    /// view measured by its effective hit region against the options' profile, and the layout
    /// checks; findings point into the document under `pointerBase`. Throws for an allow-list
    /// that names a view the scene does not have, and for a scene whose geometry is not known
    /// (``UnknownGeometry``: every finding would be about the zero rectangles), at its
    /// `/origin/format`.
    public static func audit(_ prepared: PreparedScene, options: AuditOptions, pointerBase: String = "") throws(InputError) -> AuditReport {
        if let unknown = UnknownGeometry(prepared.laidOut) {
            throw unknown.refusal(at: pointerBase + "/origin/format", "the touch targets' effective hit regions (targetSize, emptyHitRegion, offScreen) and the layout checks")
        }
        return try SceneAudit.run(prepared, options: options, pointers: ViewPointers(scene: prepared.scene, base: pointerBase))
    }
}
