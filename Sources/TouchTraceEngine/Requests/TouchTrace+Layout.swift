extension TouchTrace {
    /// Runs a layout request: the changes in order, then the update cycle (L2–L6, M4). The
    /// answer has every view's frame, the `layoutSubviews` calls and the log (the initial cycle's
    /// too with `includeInitialLayout`), and what Auto Layout found (L6: conflicts, ambiguous
    /// views, and every constraint with `includeConstraints`).
    ///
    /// It continues from the engine the preparation left after the initial cycle (its trace, so
    /// the answer can show that cycle on request, and its solved Auto Layout system): a
    /// `resizeWindow` or a constant change re-solves incrementally, and the initial cycle's passes
    /// are not run again. The prepared scene is not changed. On a scene whose geometry is not
    /// known (``UnknownGeometry``), the answer has a `geometryUnknown` warning.
    public static func layout(_ request: LayoutRequest, in prepared: PreparedScene, limits: SceneLimits) throws(InputError) -> LayoutResult {
        let (result, trace, system) = try prepared.continuing(request.changes, limits: limits)
        // Without a system kept by the pass, the scene's own (empty when no view takes part).
        let autoLayout = AutoLayoutOutcome(system ?? AutoLayoutSystem(scene: result), includeConstraints: request.includeConstraints)
        var answer = LayoutResult(scene: result, trace: trace, includeInitialLayout: request.includeInitialLayout, autoLayout: autoLayout)
        // The tree and the layoutSubviews calls still mean something; the frames do not (said).
        if let unknown = UnknownGeometry(result) {
            answer.warnings = [unknown.warning(at: "/origin/format", "the answer's frames are those zero rectangles, not where the views are; its subviews and layoutSubviews calls are the dump's")]
        }
        return answer
    }
}
