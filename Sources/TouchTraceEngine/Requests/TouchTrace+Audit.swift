extension TouchTrace {
    /// The touch-target and layout audit of a scene (docs/audit.md): every control and gesture
    /// view measured by its effective hit region against the options' profile, and the layout
    /// checks; findings point into the document under `pointerBase`. Throws for an allow-list
    /// that names a view the scene does not have.
    public static func audit(_ prepared: PreparedScene, options: AuditOptions, pointerBase: String = "") throws(InputError) -> AuditReport {
        try SceneAudit.run(prepared, options: options, pointers: ViewPointers(scene: prepared.scene, base: pointerBase))
    }
}
