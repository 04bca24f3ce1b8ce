/// The session's side of its handlers (S3–S7 `ScrollDriver`, V1–V4 `ListSelection`, F1 F2
/// `TextFocus`): it tells them what happened, with the facts they need from the scene, and
/// performs their effects.
extension TouchSession {
    /// The arena's scroll action for `view` (S3–S7), with the sample being handled.
    mutating func scrolled(_ view: Int, _ phase: TouchesTrace.ScrollPhase, touch: Int?, rule: RuleID) {
        let point = currentSample?.point ?? scene.views[view].geometry.bounds.origin
        let start = active.first { $0.touch == touch }?.start ?? point
        let motion = scrolling.knows(view) ? nil : ScrollMotion(config: scene.scrollMotionConfig(of: view), offset: scene.views[view].geometry.bounds.origin)
        perform(scrolling.scrolled(view, phase, touch: touch, rule: rule, at: point, touchStart: start, time: time ?? 0, start: motion))
    }

    /// S5: before a touch begins at `time`, scroll views still settling are where their motion
    /// has them (so the hit test sees it), and the arena learns which ones are moving.
    mutating func placeMovingScrollViews(at time: Double) {
        let moving = scrolling.moving(at: time)
        for (view, offset) in moving { setOffset(offset, of: view) }
        arena.movingScrollViews = moving.map(\.view)
    }

    /// A touch call reached a cell through the responder chain (V1, V2).
    mutating func cellReceived(_ phase: TouchPhase, cell: Int, touch: Int) {
        guard let list = scene.list(of: cell), case .list? = scene.views[list].role else { return }
        if !selection.knows(list) { selection.add(scene.listFacts(list)) }
        let takenBy = phase == .cancelled ? trace.touches.last { $0.touch == touch }?.takenBy : nil
        perform(selection.cellReceived(phase, cell: cell, list: list, touch: touch, takenBy: takenBy))
    }

    /// After a touch ends: why the cell under it selected nothing (V2), why the text input keeps
    /// its focus (F2).
    mutating func explainEnded(touch: Int, hitView: Int?) {
        if let hitView, let (cell, list) = scene.cell(containing: hitView) {
            let takenBy = trace.touches.last { $0.touch == touch }?.takenBy
            perform(selection.missedCell(touch: touch, cell: cell, list: list, blocked: scene.missReason(from: hitView, to: cell), takenBy: takenBy))
        }
        var textResponder: Int?
        if case let .view(responder)? = scene.firstResponder, scene.views[responder].takesTextFocus { textResponder = responder }
        perform(focus.kept(touch: touch, hitView: hitView, textResponder: textResponder))
    }

    /// The final state of the scene's scroll views (`contentOffset`, S3), lists (their selected
    /// index paths, V2, V3) and tab bars (`selectedIndex`, B2), in scene order, and the first
    /// responder (F1) when the scene names one or a touch changed it.
    mutating func recordViewStates(initialFirstResponder: ResponderRef?) {
        trace.views = []
        // Fields are read in place: copying each view node would cost more than the rest of a
        // small request (the touches benchmark's 1,000-view scene).
        for index in scene.views.indices where !scene.views[index].detached {
            if case .some = scene.views[index].scroll {
                var snapshot = TouchesTrace.ViewSnapshot(view: index)
                snapshot.contentOffset = scene.views[index].geometry.bounds.origin
                if case .list? = scene.views[index].role {
                    if !selection.knows(index) { selection.add(scene.listFacts(index)) }
                    snapshot.selected = selection.selected(in: index)
                }
                trace.views.append(snapshot)
            } else if scene.views[index].viewClass == .UITabBar, case let .bar(config)? = scene.views[index].role {
                var snapshot = TouchesTrace.ViewSnapshot(view: index)
                snapshot.selectedIndex = .some(bars.selectedIndex(of: index, initially: config.selectedIndex))
                trace.views.append(snapshot)
            }
        }
        trace.reportsFirstResponder = initialFirstResponder != nil || !focus.focusedBy.isEmpty
        trace.firstResponder = scene.firstResponder
    }
}
