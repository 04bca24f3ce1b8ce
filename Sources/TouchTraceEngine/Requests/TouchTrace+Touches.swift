extension TouchTrace {
    /// Replays a touch sequence against a scene (docs/touches.md) and returns the delivery trace:
    /// - `touches`: per touch, in the order they began: `touch`, `hitView` and `window` at began
    ///   (R2), `tapCount` (M3), `delivered` and, when not, `ignoredBecause` (M1, M2), and
    ///   `takenBy` when a recognizer took the touch from its view (G3, S1, S2);
    /// - `log`: every call in order, each with `type`, `rule` and `t`;
    /// - `controlEvents`: `[{control, event, touch}]` in order;
    /// - `actions`: `[{sender, event, action, target, resolution, searched, rule, …}]` (T2–T4);
    /// - `state`: the final state of every control (C9), by id.
    public static func touches(_ request: TouchRequest, in prepared: PreparedScene, limits: SceneLimits) throws(InputError) -> JSONValue {
        let (scene, trace) = try touchesTrace(request, in: prepared, limits: limits)
        return trace.touchesResponse(in: scene)
    }

    /// The response of `touches(_:in:)` as compact JSON bytes, written straight from the typed
    /// trace: the same bytes as `JSONWriter().bytes(touches(request, in: scene))` (tested on
    /// every touches fixture), without building the `JSONValue` tree.
    public static func touchesBytes(_ request: TouchRequest, in prepared: PreparedScene, limits: SceneLimits) throws(InputError) -> [UInt8] {
        let (scene, trace) = try touchesTrace(request, in: prepared, limits: limits)
        var out = JSONOutput(capacity: 256 + 160 * trace.log.count)
        trace.writeTouchesResponse(in: scene, into: &out)
        return out.bytes
    }

    /// Replays the request and returns the typed trace, with the scene its indices refer to.
    static func touchesTrace(_ request: TouchRequest, in prepared: PreparedScene, limits: SceneLimits) throws(InputError) -> (scene: Scene, trace: TouchesTrace) {
        let scene = try prepared.scene(after: request.changes, limits: limits)
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
        for step in request.steps {
            if limits.budget.spend(1 + scene.views.count / 64) { break }  // out of time: the answer is thrown away
            session.run(step)
        }
        session.finish()
        session.recordControlStates()
        session.recordViewStates(initialFirstResponder: scene.firstResponder)
        return (session.scene, session.trace)
    }

    static func resolveWindow(_ name: String?, in scene: Scene) throws(InputError) -> Int? {
        guard let name else { return nil }
        guard let index = scene.viewIndex(name), scene.views[index].isWindow else {
            throw .invalidRequest([SceneProblem(pointer: "/window", message: "\"\(name)\" is not a window of the scene" + scene.didYouMean(name, among: { scene.isWindow($0) }))])
        }
        return index
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
