/// One gesture recognizer of the scene, as the touch session runs it.
struct GestureSlot {
    /// The view it is attached to.
    var view: Int
    var config: GestureRecognizerConfig
    var machine: GestureRecognizerMachine
    /// Slots of the recognizers it requires to fail (G5).
    var requireToFail: [Int]
    /// Touches it has seen since its last reset (G1), in order.
    var seen: [Int] = []
    /// A recognition or begin waiting for `requireToFail` recognizers to fail (G5).
    var pending: GestureProposal?
    var role: Role = .scene

    enum Role {
        /// Declared in the scene's `gestureRecognizers`.
        case scene
        /// A scroll view's own delayed-touches-began recognizer (S1), id `<scrollView>#delay`.
        case scrollDelay
        /// A scroll view's own pan recognizer (S1, S2), id `<scrollView>#pan`.
        case scrollPan
    }
}

/// A touch that recognizers see (G1): what its view has been sent, and what is held back (G2).
struct GestureTouch {
    var slots: [Int]
    /// The view hit testing returned at began (R2), delivered to or not.
    var hitView: Int
    /// The view the touch is bound to (R2), when the touch is delivered to it (M1, M2).
    var view: Int?
    var tapCount: Int
    /// The view received touchesBegan.
    var began = false
    /// The view received touchesEnded or touchesCancelled, or never will (its delayed calls were dropped).
    var finished = false
    /// Calls held back by `delaysTouchesBegan` / `delaysTouchesEnded` (G2), oldest first.
    var held: [(phase: TouchPhase, point: Point)] = []
}

extension TouchSession {
    /// The scene's recognizers as slots, and by view; empty for a scene without recognizers, so
    /// touch delivery takes its old path at no cost.
    static func gestureSlots(_ scene: Scene) -> (slots: [GestureSlot], byView: [Int: [Int]]) {
        var slots: [GestureSlot] = []
        var byView: [Int: [Int]] = [:]
        var slotOf: [String: Int] = [:]
        for index in scene.views.indices where !scene.views[index].gestureRecognizers.isEmpty || scene.views[index].scroll != nil {
            // S1, S2: a scroll view's own recognizers come first in its list, as in UIKit.
            if let scroll = scene.views[index].scroll {
                let id = scene.views[index].id
                if scroll.delaysContentTouches {
                    var delay = GestureRecognizerConfig(id: id + "#delay", kind: .tap, numberOfTapsRequired: 1)
                    delay.delaysTouchesBegan = true
                    delay.delaysTouchesEnded = false
                    delay.cancelsTouchesInView = false
                    let machine = GestureMachineConfig(kind: .contentTouchDelay(seconds: scene.options.scrollDelay))
                    byView[index, default: []].append(slots.count)
                    slots.append(GestureSlot(view: index, config: delay, machine: GestureRecognizerMachine(config: machine), requireToFail: [], role: .scrollDelay))
                }
                var pan = GestureRecognizerConfig(id: id + "#pan", kind: .pan, numberOfTapsRequired: 1)
                pan.delaysTouchesEnded = false
                let machine = GestureMachineConfig(kind: .pan, tapSlop: scene.options.tapSlop)
                byView[index, default: []].append(slots.count)
                slots.append(GestureSlot(view: index, config: pan, machine: GestureRecognizerMachine(config: machine), requireToFail: [], role: .scrollPan))
            }
            for config in scene.views[index].gestureRecognizers {
                let kind: GestureMachineConfig.Kind
                switch config.kind {
                case .tap, .doubleTap: kind = .tap(taps: config.numberOfTapsRequired)
                case .longPress: kind = .longPress(minimumPressDuration: config.minimumPressDuration)
                case .pan: kind = .pan
                case .swipe: kind = .swipe
                }
                let machineConfig = GestureMachineConfig(
                    kind: kind, touchesRequired: config.numberOfTouchesRequired, tapSlop: scene.options.tapSlop,
                    multiTapInterval: scene.options.multiTapInterval, multiTapRadius: scene.options.multiTapRadius)
                slotOf[config.id] = slots.count
                byView[index, default: []].append(slots.count)
                slots.append(GestureSlot(view: index, config: config, machine: GestureRecognizerMachine(config: machineConfig), requireToFail: []))
            }
        }
        for i in slots.indices {
            slots[i].requireToFail = slots[i].config.requireToFail.compactMap { slotOf[$0] }
        }
        return (slots, byView)
    }

    /// G1: the enabled recognizers on the hit view and on every ancestor up to the window, from
    /// the hit view up (each view's in its list order). A recognizer whose gesture is over and
    /// whose touches have all ended is reset first; one still busy with other touches, or
    /// waiting for another to fail (G5), does not take the new touch.
    mutating func recognizers(for view: Int) -> [Int] {
        var result: [Int] = []
        var current: Int? = view
        while let v = current {
            for s in gestureSlotsByView[v] ?? [] where gestures[s].config.enabled {
                // S1: the delay is for the scroll view's content, not for touches on the scroll view itself.
                if gestures[s].role == .scrollDelay, v == view { continue }
                if gestures[s].machine.state.isFinal, gestures[s].machine.touches.isEmpty, gestures[s].pending == nil {
                    gestures[s].machine.reset()
                    gestures[s].seen = []
                }
                guard !gestures[s].machine.state.isFinal, gestures[s].pending == nil else { continue }
                result.append(s)
            }
            current = scene.views[v].parent
        }
        return result
    }

    /// A touch begins on a view with recognizers (G1): they see it first, then the view gets
    /// `touchesBegan` unless a recognizer delays it (G2).
    mutating func beginGestureTouch(_ sample: TouchSample, slots: [Int], hitView: Int, view: Int?, tapCount: Int) {
        gestureTouches[sample.touch] = GestureTouch(slots: slots, hitView: hitView, view: view, tapCount: tapCount)
        for s in slots { gestures[s].seen.append(sample.touch) }
        feedRecognizers(sample)
        guard view != nil else { return }
        queue(sample)
    }

    /// Moved, ended or cancelled for a touch that recognizers see.
    mutating func continueGestureTouch(_ sample: TouchSample) {
        feedRecognizers(sample)
        guard gestureTouches[sample.touch]?.view != nil else { return }
        queue(sample)
    }

    /// G1: every recognizer of the touch that is still in play gets the call before the view.
    mutating func feedRecognizers(_ sample: TouchSample) {
        guard let touch = gestureTouches[sample.touch] else { return }
        // A recognizer waiting for another to fail (G5) still follows its own touches.
        let live = touch.slots.filter { !gestures[$0].machine.state.isFinal }
        guard !live.isEmpty else { return }
        record("recognizerTouches", .G1, [
            ("touch", .number(Double(sample.touch))), ("phase", .string(sample.phase.rawValue)),
            ("recognizers", .array(live.map { .string(gestures[$0].config.id) })),
        ])
        for s in live {
            let proposal: GestureProposal?
            switch sample.phase {
            case .began: proposal = gestures[s].machine.touchBegan(sample.touch, at: sample.point, time: sample.time)
            case .moved: proposal = gestures[s].machine.touchMoved(sample.touch, at: sample.point, time: sample.time)
            case .ended: proposal = gestures[s].machine.touchEnded(sample.touch, at: sample.point, time: sample.time)
            case .cancelled: proposal = gestures[s].machine.touchCancelled(sample.touch, time: sample.time)
            }
            if let proposal { handle(proposal, slot: s) }
        }
    }

    /// Adds the view's call to the touch's queue and sends what no recognizer holds back (G2).
    mutating func queue(_ sample: TouchSample) {
        guard var touch = gestureTouches[sample.touch], !touch.finished else { return }
        if sample.phase == .cancelled, !touch.began {
            touch.held = []
            touch.finished = true
            gestureTouches[sample.touch] = touch
            return
        }
        touch.held.append((sample.phase, sample.point))
        gestureTouches[sample.touch] = touch
        flush(sample.touch)
        if let after = gestureTouches[sample.touch], let last = after.held.last, last.phase == sample.phase, !after.held.isEmpty {
            let holders = holding(after, phase: sample.phase)
            let byScrollView = holders.allSatisfy { gestures[$0].role == .scrollDelay }
            record("touchDelayed", byScrollView ? .S1 : .G2, [
                ("touch", .number(Double(sample.touch))), ("phase", .string(sample.phase.rawValue)),
                ("view", after.view.map(id) ?? .null), ("by", .array(holders.map { .string(gestures[$0].config.id) })),
            ])
        }
    }

    /// G2: the recognizers, still possible, that hold back a call of this phase:
    /// `delaysTouchesBegan` holds every call; `delaysTouchesEnded` (default true) holds the end.
    func holding(_ touch: GestureTouch, phase: TouchPhase) -> [Int] {
        touch.slots.filter { s in
            let slot = gestures[s]
            guard slot.machine.state == .possible else { return false }
            return slot.config.delaysTouchesBegan || (phase == .ended && slot.config.delaysTouchesEnded)
        }
    }

    /// Sends the touch's held calls, oldest first, until one is still held back.
    mutating func flush(_ id: Int) {
        while let touch = gestureTouches[id], !touch.finished, let next = touch.held.first {
            guard holding(touch, phase: next.phase).isEmpty, let view = touch.view else { return }
            gestureTouches[id]?.held.removeFirst()
            if next.phase == .began { gestureTouches[id]?.began = true }
            if next.phase == .ended || next.phase == .cancelled { gestureTouches[id]?.finished = true }
            deliver(next.phase, touch: id, at: next.point, tapCount: touch.tapCount, to: view)
        }
    }

    // MARK: - Transitions

    /// Performs a recognizer's proposal: G4 may refuse a begin, G5 may make it wait; a win
    /// fails the others sharing its touches (G5), sends its actions, cancels its touches in
    /// their views (G3); a failure lets waiting recognizers go and releases held calls (G2).
    mutating func handle(_ proposal: GestureProposal, slot s: Int) {
        if proposal.isBeginning {
            if let control = protectingControl(slot: s) {
                let cls = scene.views[control].viewClass.rawValue
                transition(s, .fail(reason: "\(cls) \"\(scene.views[control].id)\" wins the touch: gestureRecognizerShouldBegin returned false", rule: .G4), rule: .G4)
                failed(s)
                return
            }
            if gestures[s].role == .scrollPan, let refusal = scrollRefusal(slot: s) {
                transition(s, .fail(reason: refusal, rule: .S2), rule: .S2)
                failed(s)
                return
            }
            let required = gestures[s].requireToFail
            if let winner = required.first(where: { gestures[$0].machine.state.hasRecognized }) {
                transition(s, .fail(reason: "\(gestures[winner].config.id), which it requires to fail, recognized", rule: .G5), rule: .G5)
                failed(s)
                return
            }
            let waiting = required.filter { gestures[$0].machine.state != .failed && gestures[$0].machine.state != .cancelled }
            if !waiting.isEmpty {
                if gestures[s].pending == nil {
                    gestures[s].pending = proposal
                    record("gestureRecognizerWaits", .G5, [
                        ("recognizer", .string(gestures[s].config.id)), ("view", id(gestures[s].view)),
                        ("wants", .string(proposal.target.rawValue)), ("reason", .string(proposal.reason)),
                        ("waitingFor", .array(waiting.map { .string(gestures[$0].config.id) })),
                    ])
                }
                return
            }
            gestures[s].pending = nil
            let isTap: Bool
            if case .tap = gestures[s].machine.config.kind { isTap = true } else { isTap = false }
            let contentHasTouch = gestures[s].seen.contains { gestureTouches[$0]?.began == true && gestureTouches[$0]?.finished == false }
            let scrollRule: RuleID = contentHasTouch ? .S2 : .S1
            transition(s, proposal, rule: gestures[s].role == .scrollPan ? scrollRule : isTap ? .G3 : .G6)
            sendGestureActions(s)
            if gestures[s].role == .scrollPan { recordScroll(s, phase: "began", rule: scrollRule) }
            // G5: two recognizers cannot both recognize; those sharing a touch with the winner fail.
            let touchesOfWinner = gestures[s].seen
            for other in gestures.indices where other != s {
                let slot = gestures[other]
                guard !slot.machine.state.isFinal, !slot.machine.state.hasRecognized,
                    slot.seen.contains(where: touchesOfWinner.contains)
                else { continue }
                gestures[other].pending = nil
                if slot.role == .scrollDelay, gestures[s].role == .scrollPan, slot.view == gestures[s].view {
                    transition(other, .fail(reason: "scrolling began within the delay: the content never sees the touch", rule: .S1), rule: .S1)
                    continue
                }
                let why = slot.requireToFail.contains(s)
                    ? "\(gestures[s].config.id), which it requires to fail, recognized"
                    : "\(gestures[s].config.id) recognized first; two recognizers cannot both recognize"
                transition(other, .fail(reason: why, rule: .G5), rule: .G5)
            }
            if gestures[s].config.cancelsTouchesInView { cancelTouches(of: s, rule: gestures[s].role == .scrollPan ? scrollRule : .G3) }
            for other in gestures.indices where other != s && gestures[other].machine.state == .failed {
                releaseWaiting(on: other)
            }
            flushTouches(of: touchesOfWinner)
            return
        }
        if proposal.target == .failed { gestures[s].pending = nil }
        let rule: RuleID = gestures[s].role == .scrollPan ? .S1 : proposal.target == .failed ? proposal.failRule : .G6
        transition(s, proposal, rule: rule)
        if gestures[s].role == .scrollPan, proposal.target == .ended || proposal.target == .cancelled {
            recordScroll(s, phase: proposal.target.rawValue, rule: .S1)
        }
        if proposal.target != .failed { sendGestureActions(s) }
        if proposal.target == .failed || proposal.target.isFinal { failed(s) }
    }

    /// After a recognizer failed or finished: recognizers waiting for it may go (G5), and the
    /// calls it held back are sent (G2).
    mutating func failed(_ s: Int) {
        if gestures[s].machine.state == .failed { releaseWaiting(on: s) }
        flushTouches(of: gestures[s].seen)
    }

    /// G5: recognizers whose recognition waits for `s` to fail go ahead once all they require have failed.
    mutating func releaseWaiting(on s: Int) {
        for other in gestures.indices where gestures[other].requireToFail.contains(s) {
            guard let proposal = gestures[other].pending, gestures[other].machine.state == .possible else { continue }
            let stillWaiting = gestures[other].requireToFail.contains {
                gestures[$0].machine.state != .failed && gestures[$0].machine.state != .cancelled
            }
            guard !stillWaiting else { continue }
            handle(proposal, slot: other)
        }
    }

    mutating func flushTouches(of touches: [Int]) {
        for touch in touches where gestureTouches[touch] != nil { flush(touch) }
    }

    /// Logs and performs a state change (G6).
    mutating func transition(_ s: Int, _ proposal: GestureProposal, rule: RuleID) {
        let change = gestures[s].machine.apply(proposal)
        record("gestureRecognizer", rule, [
            ("recognizer", .string(gestures[s].config.id)), ("view", id(gestures[s].view)),
            ("from", .string(change.from.rawValue)), ("to", .string(change.to.rawValue)), ("reason", .string(change.reason)),
        ])
    }

    /// G3 (`cancelsTouchesInView`): the recognizer's touches that their views still have get
    /// `touchesCancelled` (a tracking control sends `touchCancel`, C4); calls still held back
    /// are dropped, so a view whose `touchesBegan` was delayed never sees the touch.
    mutating func cancelTouches(of s: Int, rule: RuleID) {
        for touchID in gestures[s].seen {
            guard let touch = gestureTouches[touchID], !touch.finished, let view = touch.view else { continue }
            gestureTouches[touchID]?.held = []
            gestureTouches[touchID]?.finished = true
            var fields: [(key: String, value: JSONValue)] = [
                ("recognizer", .string(gestures[s].config.id)), ("touch", .number(Double(touchID))), ("view", id(view)),
                ("touchesCancelled", .bool(touch.began)),
            ]
            if !touch.held.isEmpty { fields.append(("dropped", .array(touch.held.map { .string($0.phase.rawValue) }))) }
            record("cancelsTouchesInView", rule, fields)
            if touch.began {
                deliver(.cancelled, touch: touchID, at: touch.held.last?.point ?? Point(x: 0, y: 0), tapCount: touch.tapCount, to: view)
            }
        }
    }

    /// S2: when the content already has the touch, the scroll view's pan may begin only when
    /// `canCancelContentTouches` and `touchesShouldCancel(in:)` (false for a UIControl) allow it.
    /// Returns why not, or nil when it may begin.
    func scrollRefusal(slot s: Int) -> String? {
        let scrollView = gestures[s].view
        for touchID in gestures[s].seen {
            guard let touch = gestureTouches[touchID], touch.began, !touch.finished, let view = touch.view, view != scrollView else { continue }
            if scene.views[scrollView].scroll?.canCancelContentTouches == false {
                return "canCancelContentTouches is false: \(scene.views[view].id) keeps the touch and the view does not scroll"
            }
            if scene.views[view].control != nil {
                return "touchesShouldCancel(in: \(scene.views[view].id)) returned false (a UIControl): it keeps the touch and the view does not scroll"
            }
        }
        return nil
    }

    /// A `scroll` log entry (S1, S2): the scroll view starts or stops scrolling with a touch.
    /// The content offset is not changed (docs/touches.md).
    mutating func recordScroll(_ s: Int, phase: String, rule: RuleID) {
        record("scroll", rule, [
            ("scrollView", id(gestures[s].view)), ("phase", .string(phase)),
            ("touch", gestures[s].seen.last.map { .number(Double($0)) } ?? .null),
        ])
    }

    /// The recognizer's actions for its new state (G6): `sender` is the recognizer, `event` the
    /// state. A recognizer calls its target directly, not through `UIApplication.sendAction`: an
    /// explicit target receives the action; a nil target (Apple: "nil is not a valid value")
    /// receives nothing, so the action is `unhandled` with no responder-chain search.
    mutating func sendGestureActions(_ s: Int) {
        let state = gestures[s].machine.state.rawValue
        for registration in gestures[s].config.targets {
            let members: [(key: String, value: JSONValue)] = [
                ("sender", .string(gestures[s].config.id)), ("event", .string(state)), ("action", .string(registration.action)),
                ("target", .string(orNull: registration.target)),
                ("resolution", .string(registration.target == nil ? "unhandled" : "explicit")),
                ("searched", .array([])),
            ]
            record("action", .G6, members)
            actions.append(.object(members + [("rule", .string(RuleID.G6.rawValue))]))
        }
    }

    /// G4: an enabled UIButton, UISwitch, UIStepper, UISegmentedControl or UIPageControl that
    /// the touch hit wins a single tap against a tap recognizer on an ancestor; a UISlider or
    /// UISwitch also wins a drag (pan, swipe) that starts on it (the knob is approximated by the
    /// control's bounds). A recognizer on the control itself, and a plain UIControl, do not
    /// lose this way. Returns the control that refuses the recognizer.
    func protectingControl(slot s: Int) -> Int? {
        let slot = gestures[s]
        guard let first = slot.seen.first, let hit = gestureTouches[first]?.hitView,
            hit != slot.view, let control = scene.views[hit].control, control.enabled
        else { return nil }
        let cls = scene.views[hit].viewClass
        switch slot.machine.config.kind {
        case let .tap(taps) where taps == 1:
            return [.UIButton, .UISwitch, .UIStepper, .UISegmentedControl, .UIPageControl].contains(cls) ? hit : nil
        case .pan, .swipe:
            return [.UISlider, .UISwitch].contains(cls) ? hit : nil
        default:
            return nil
        }
    }

    // MARK: - Timers

    /// Fires, in time order, every recognizer timer due before `limit` (all of them when nil):
    /// a timer due at the same time as an input event fires after it, so "within" is inclusive,
    /// as for M3. Each fires at its own time, which the log shows.
    mutating func fireTimers(before limit: Double?) {
        while true {
            var best: (slot: Int, due: Double)?
            for s in gestures.indices {
                guard let due = gestures[s].machine.deadline else { continue }
                if let limit, due >= limit { continue }
                if best == nil || due < best!.due { best = (s, due) }
            }
            guard let (s, due) = best else { return }
            time = due
            if let proposal = gestures[s].machine.timerFired(time: due) {
                handle(proposal, slot: s)
            }
        }
    }
}

extension GestureProposal {
    var failRule: RuleID {
        if case let .fail(_, rule) = self { return rule }
        return .G6
    }
}
