extension TouchTrace {
    /// Replays a touch sequence against a scene (docs/touches.md) and returns the typed trace
    /// with the scene its indices refer to: per touch its hit view at began (R2), tap count (M3)
    /// and delivery (M1, M2); every call in order (R2–R4, C1–C9, T2–T4, G1–G6, S1–S8, V1–V4, F1,
    /// F2, B1–B3); the control events and actions; the final state of every control (C9) and of
    /// scroll views, lists and tab bars. With ``TouchRequest/tracesHitTests``, also each touch's
    /// full hit-test trace at began. A scene whose geometry is not known (``UnknownGeometry``)
    /// is refused at `/touches`: each touch's hit view at began (R2) decides the rest.
    public static func touches(_ request: TouchRequest, in prepared: PreparedScene, limits: SceneLimits) throws(InputError) -> TouchesResult {
        let scene = try prepared.scene(after: request.changes, limits: limits)
        if let unknown = UnknownGeometry(scene) {
            throw unknown.refusal(at: "/touches", "which view each touch hits, and so what it delivers (R2: the hit view at began decides)")
        }
        let window = try resolveWindow(request.window, in: scene)
        var problems: [SceneProblem] = []
        for step in request.steps {
            guard case let .set(edit) = step else { continue }
            if let problem = check(edit, in: scene) { problems.append(problem) }
        }
        if !problems.isEmpty { throw .invalidRequest(problems) }
        // Every entry may hit-test the whole scene: bounded before it starts (SceneLimits).
        if let work = Checked.multiply(request.steps.count, scene.views.count), work > limits.maxHitTestWork {
            throw .tooComplex([SceneProblem(
                pointer: "",
                message: "\(request.steps.count) touch entries on a scene of \(scene.views.count) views may take \(work) hit-test visits, more than this server's limit (maxHitTestWork: \(limits.maxHitTestWork)); send fewer entries or a smaller scene")])
        }
        var session = TouchSession(scene: scene, referenceWindow: window)
        if request.tracesHitTests { session.hitTests = [] }
        for step in request.steps {
            if limits.budget.spend(1 + scene.views.count / 64) { break }  // out of time: the answer is thrown away
            session.run(step)
        }
        session.finish()
        session.recordControlStates()
        session.recordViewStates(initialFirstResponder: scene.firstResponder)
        return TouchesResult(scene: session.scene, trace: session.trace, hitTests: session.hitTests ?? [])
    }

    /// An edit must name a control, and a value property the control's class has.
    static func check(_ edit: ControlEdit, in scene: Scene) -> SceneProblem? {
        let pointer = edit.pointer + "/set"
        guard let view = scene.viewIndex(edit.view) else {
            return SceneProblem(pointer: pointer + "/view", message: "\"\(edit.view)\" is not a view of the scene" + scene.didYouMean(edit.view, among: IDSuggestion.isView))
        }
        let node = scene.views[view]
        guard let control = node.control else {
            return SceneProblem(pointer: pointer + "/view", message: "\"\(edit.view)\" is a \(node.viewClass.rawValue), not a control")
        }
        if ControlEdit.flagProperties.contains(edit.property), edit.property != .on { return nil }
        let kind = ControlKind.from(node.viewClass, control).kind
        guard kind.valueProperty == edit.property else {
            let has = kind.valueProperty.map { "its value is \"\($0.rawValue)\"" } ?? "it has no value"
            return SceneProblem(
                pointer: pointer + "/" + edit.property.rawValue,
                message: "a \(node.viewClass.rawValue) has no \"\(edit.property.rawValue)\" (\(has))")
        }
        return nil
    }
}
