extension TouchTrace {
    /// Runs `sendActions(for:)` from code on a control (T7), after the request's `add` (T1) and
    /// `remove` (T6) calls: the trace (`log`, `actions`, `controlEvents` with no touch, the final
    /// control states) and the sender's registration list after the changes.
    public static func actions(_ request: ActionsRequest, in prepared: PreparedScene, limits: SceneLimits) throws(InputError) -> ActionsResult {
        let scene = try prepared.scene(after: request.changes, limits: limits)
        guard let sender = scene.viewIndex(request.sender), scene.views[sender].control != nil else {
            let what = scene.viewIndex(request.sender) == nil
                ? "is not a view of the scene" + scene.didYouMean(request.sender, among: IDSuggestion.isView) : "is not a control"
            throw .invalidRequest([SceneProblem(pointer: "/sender", message: "\"\(request.sender)\" \(what); the sender must be a UIControl")])
        }
        var problems: [SceneProblem] = []
        for (i, registration) in request.add.enumerated() {
            if let target = registration.target, scene.ids[target] == nil {
                problems.append(SceneProblem(pointer: "/add/\(i)/target", message: "unknown target id \"\(target)\"\(scene.didYouMean(target)) (T5: a target must exist in the scene)"))
            }
        }
        for (i, removal) in request.remove.enumerated() {
            if let target = removal.target, scene.ids[target] == nil {
                problems.append(SceneProblem(pointer: "/remove/\(i)/target", message: "unknown target id \"\(target)\"\(scene.didYouMean(target)) (T5: a target must exist in the scene)"))
            }
        }
        if !problems.isEmpty { throw .invalidRequest(problems) }

        var session = TouchSession(scene: scene, referenceWindow: nil)
        var list = session.targetList(sender)
        for registration in request.add {
            list.add(target: registration.target, action: registration.action, for: registration.events)
            session.record(.T1, .addTarget(control: sender, registration: registration))
        }
        for removal in request.remove {
            list.remove(target: removal.target.map { .id($0) } ?? .any, action: removal.action, for: removal.events)
            session.record(.T6, .removeTarget(control: sender, target: removal.target, action: removal.action, events: removal.events))
        }
        session.targetLists[sender] = list
        for call in request.calls {
            session.send(call.events, name: call.name, from: sender, touch: nil, rule: .T7)
        }
        session.recordControlStates()
        return ActionsResult(scene: session.scene, trace: session.trace, targets: list.entries, allTargets: list.allTargets)
    }
}
