/// The controls of a session: their tracking machines and registration lists, made from the
/// scene on first use (C1–C9, T1), and the control events they send (T2).
extension TouchSession {
    /// The control's tracking machine, made from the scene on first use.
    mutating func tracker(_ view: Int) -> ControlTracking {
        if let existing = controls[view] { return existing }
        let machine = ControlTracking(scene, view: view)
        controls[view] = machine
        return machine
    }

    /// The control's registrations, built from the scene through `add` so that duplicates merge (T1).
    mutating func targetList(_ view: Int) -> TargetActionList {
        if let existing = targetLists[view] { return existing }
        let list = TargetActionList(adding: scene.views[view].control?.targets ?? [])
        targetLists[view] = list
        return list
    }

    /// Records the final state of every control of the scene (C9), in scene order.
    mutating func recordControlStates() {
        trace.controls = []
        for index in scene.views.indices where scene.views[index].control != nil {
            let machine = tracker(index)
            trace.controls.append(TouchesTrace.ControlSnapshot(control: index, state: machine.state, valueProperty: machine.config.kind.valueProperty))
        }
    }

    /// `sendActions(for: event)` from the control (C2–C7, T7): a `controlEvent` entry, then one
    /// `sendAction` per matching registration of a snapshot of the list, in order (T2). A bar
    /// item's view's touchUpInside is its bar's too (B1, B2).
    mutating func send(_ event: ControlEvents, name: String, from control: Int, touch: Int?, rule: RuleID) {
        record(rule, .controlEvent(control: control, event: name, touch: touch))
        for registration in targetList(control).entries(matching: event) {
            let delivery = scene.sendAction(registration.action, to: registration.target, from: control, event: name)
            record(delivery.rule, .action(delivery))
        }
        if event.contains(.touchUpInside), case let .barItem(bar, item)? = scene.views[control].role, case let .bar(config)? = scene.views[bar].role {
            let scene = self.scene
            perform(bars.tapped(control, bar: bar, barClass: scene.views[bar].viewClass, config: config, item: item, touch: touch) {
                if case let .viewController(index)? = scene.ids[$0] { return index }
                return nil
            })
        }
    }
}
