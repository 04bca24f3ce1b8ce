/// The session's side of the gesture arena: it hands the arena touches and timers, and
/// performs what comes back (deliveries, trace entries, recognizer actions, touches taken).
extension TouchSession {
    /// A touch begins on `hitView` (G1): the arena takes it when a recognizer on the view or an
    /// ancestor is in play. Returns false when none is: the caller delivers the touch itself
    /// (`boundView` nil: it is delivered nowhere, M1, M2).
    @discardableResult
    mutating func beginInArena(_ sample: TouchSample, hitView: Int, boundView: Int?, tapCount: Int) -> Bool {
        guard !arena.isEmpty else { return false }
        var path = [hitView]
        while let parent = scene.views[path[path.count - 1]].parent { path.append(parent) }
        let control = GestureArena.ControlTraits(scene.views[hitView])
        guard let actions = arena.touchBegan(sample, path: path, boundView: boundView, tapCount: tapCount, control: control) else {
            return false
        }
        perform(actions)
        return true
    }

    /// Recognizer timers on the input's own clock (docs/touches.md): every timer due before `limit`
    /// (all when nil) fires in time order, each at its own time, which the log shows.
    /// Scroll views coming to rest after a drag (S4–S6) are timers too, merged in time order
    /// (a recognizer's timer first at the same time).
    mutating func fireTimers(before limit: Double?) {
        while true {
            let recognizerDue = arena.isEmpty ? nil : arena.nextDeadline(before: limit)
            let settle = scrolling.isEmpty ? nil : scrolling.nextSettle(before: limit)
            if let settle, recognizerDue.map({ settle.due < $0 }) ?? true {
                startEvent(at: settle.due)
                time = settle.due
                perform(scrolling.settle(settle.view))
                continue
            }
            guard let due = recognizerDue else { return }
            startEvent(at: due)
            guard let (fired, actions) = arena.fireNextTimer(before: limit) else { return }
            time = fired
            perform(actions)
        }
    }

    /// Performs the arena's actions in order.
    mutating func perform(_ actions: [GestureArena.Action]) {
        for action in actions {
            switch action {
            case let .recognizersSee(touch, phase, recognizers):
                record(.G1, .recognizerTouches(touch: touch, phase: phase, recognizers: recognizers))
            case let .transition(recognizer, from, to, reason, rule):
                record(rule, .gestureRecognizer(recognizer, from: from, to: to, reason: reason))
            case let .wait(recognizer, wants, reason, waitingFor):
                record(.G5, .gestureRecognizerWaits(recognizer, wants: wants, reason: reason, waitingFor: waitingFor))
            case let .sendActions(recognizer, state):
                sendRecognizerActions(recognizer, state: state)
            case let .scroll(scrollView, phase, touch, rule):
                scrolled(scrollView, phase, touch: touch, rule: rule)
            case let .hold(touch, phase, view, by, rule):
                record(rule, .touchDelayed(touch: touch, phase: phase, view: view, by: by))
            case let .deliver(phase, touch, point, tapCount, view):
                deliver(phase, touch: touch, at: point, tapCount: tapCount, to: view)
            case let .takeTouch(recognizer, touch, view, touchesCancelled, dropped, rule):
                if let index = trace.touches.firstIndex(where: { $0.touch == touch }) {
                    trace.touches[index].takenBy = recognizer
                } else {
                    takenAtBegan[touch] = recognizer
                }
                record(rule, .cancelsTouchesInView(recognizer, touch: touch, view: view, touchesCancelled: touchesCancelled, dropped: dropped))
            }
        }
    }

    /// The recognizer's actions for its new state (G6): it calls each target of its `targets`
    /// list directly, not through `UIApplication.sendAction`, so there is no responder-chain
    /// search (an explicit target receives the action; a nil target receives nothing).
    /// A scroll view's own recognizers have no targets.
    mutating func sendRecognizerActions(_ recognizer: GestureRecognizerRef, state: GestureState) {
        if recognizer.kind == .textInteraction, state == .recognized {
            // F1: the text interaction's tap focuses its field or text view.
            let scene = self.scene
            perform(focus.focus(recognizer.view, previous: scene.firstResponder, touch: currentSample?.touch) { scene.views[$0].viewClass == .UITextField })
            return
        }
        guard case let .declared(position) = recognizer.kind else { return }
        for registration in scene.views[recognizer.view].gestureRecognizers[position].targets {
            record(.G6, .recognizerAction(recognizer, state: state, action: registration.action, target: registration.target))
        }
    }
}
