extension Scene {
    /// The scene after `changes`, as UIKit would leave it: the initial layout cycle runs (SPEC
    /// §4), the changes apply in order, then one update cycle lays out every view that needs it
    /// (L2, L3). The trace lists every `layoutSubviews` call and the log of marks, autoresizing
    /// (L5) and view-controller callbacks (L4). Hit testing, touches and actions call this
    /// before answering when a request has `changes`.
    ///
    /// Throws `InputError.invalidRequest` listing every problem (unknown ids, impossible edits, bad
    /// new view objects), each with the pointer of the change field.
    public func applying(
        _ changes: [LayoutChange], limits: SceneLimits
    ) throws(InputError) -> (scene: Scene, trace: LayoutTrace) {
        let (scene, trace, _) = try applyingWithAutoLayout(changes, limits: limits)
        return (scene, trace)
    }

    /// The scene after its initial layout cycle (openapi.yaml: a loaded scene gets one, so views
    /// placed by constraints and stack views have their frames before a touch is tested):
    /// what hit tests, touches and actions without `changes` see. Returns the scene itself when
    /// the cycle already ran; a server keeps the result per stored version.
    public func laidOut(limits: SceneLimits) -> Scene {
        guard !initialLayoutDone else { return self }
        var engine = LayoutEngine(scene: self, limits: limits)
        engine.runInitialCycle()
        return engine.scene
    }

    /// `applying(_:limits:)`, also handing back the Auto Layout system of the last pass (nil when
    /// no pass solved one), which describes the resulting scene: a layout response reads its
    /// `conflicts` and `ambiguous` from it instead of solving the scene again.
    ///
    /// `initialAutoLayout` is the system of this scene's initial cycle when a caller kept it
    /// (``PreparedScene``): the initial cycle then starts from it instead of solving again.
    func applyingWithAutoLayout(
        _ changes: [LayoutChange], limits: SceneLimits, initialAutoLayout: AutoLayoutSystem? = nil
    ) throws(InputError) -> (scene: Scene, trace: LayoutTrace, autoLayout: AutoLayoutSystem?) {
        var engine = LayoutEngine(scene: self, limits: limits)
        engine.autoLayout = initialAutoLayout
        engine.runInitialCycle()
        if !engine.complexity.isEmpty { throw .tooComplex(engine.complexity) }
        return try engine.applyingChanges(changes)
    }
}

extension LayoutEngine {
    /// After the initial cycle: applies a request's changes and runs the update cycle they
    /// cause, with every problem and every exceeded limit thrown (a fresh layout and one
    /// continued from a prepared scene's kept engine end the same way).
    consuming func applyingChanges(_ changes: [LayoutChange]) throws(InputError) -> (scene: Scene, trace: LayoutTrace, autoLayout: AutoLayoutSystem?) {
        apply(changes)
        if !applyProblems.isEmpty { throw .invalidRequest(applyProblems) }
        if !complexity.isEmpty { throw .tooComplex(complexity) }
        runUpdateCycle()
        if !complexity.isEmpty { throw .tooComplex(complexity) }
        return (scene, trace, autoLayout)
    }
}
