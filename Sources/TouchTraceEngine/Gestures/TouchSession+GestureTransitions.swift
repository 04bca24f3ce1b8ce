/// What happens when a recognizer changes state (G3–G6, S1, S2): refusals, waiting, wins and
/// failures, actions and cancelled touches.
extension TouchSession {
    /// Performs a recognizer's proposal: G4, S2 or a required recognizer that won (G5) may
    /// refuse a begin, G5 may make it wait; otherwise it wins (`win`). Any other proposal moves
    /// the state (G6); a failure lets waiting recognizers go and releases held calls (G2).
    mutating func handle(_ proposal: GestureProposal, slot s: Int) {
        guard proposal.isBeginning else {
            advance(proposal, slot: s)
            return
        }
        if let (reason, rule) = refusal(slot: s) {
            transition(s, .fail(reason: reason, rule: rule), rule: rule)
            failed(s)
            return
        }
        let waiting = gestures[s].requireToFail.filter(isUndecided)
        guard waiting.isEmpty else {
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
        win(proposal, slot: s)
    }

    /// Why the recognizer may not leave `possible`, and the rule: the control the touch hit
    /// refuses it (G4), the scroll view may not take the content's touch (S2), or a recognizer
    /// it requires to fail recognized (G5).
    func refusal(slot s: Int) -> (reason: String, rule: RuleID)? {
        if let control = protectingControl(slot: s) {
            let cls = scene.views[control].viewClass.rawValue
            return ("\(cls) \"\(scene.views[control].id)\" wins the touch: gestureRecognizerShouldBegin returned false", .G4)
        }
        if gestures[s].role == .scrollPan, let reason = scrollRefusal(slot: s) {
            return (reason, .S2)
        }
        if let winner = gestures[s].requireToFail.first(where: { gestures[$0].machine.state.hasRecognized }) {
            return ("\(gestures[winner].config.id), which it requires to fail, recognized", .G5)
        }
        return nil
    }

    /// The recognizer recognizes or begins: its transition and actions, the others sharing its
    /// touches fail (G5), its touches are cancelled in their views (G3; S1, S2 for a scroll
    /// view), recognizers waiting on the failed ones go, held calls go out.
    mutating func win(_ proposal: GestureProposal, slot s: Int) {
        gestures[s].pending = nil
        let isTap: Bool
        if case .tap = gestures[s].machine.config.kind { isTap = true } else { isTap = false }
        let contentHasTouch = gestures[s].seen.contains { gestureTouches[$0]?.began == true && gestureTouches[$0]?.finished == false }
        let scrollRule: RuleID = contentHasTouch ? .S2 : .S1
        let isScroll = gestures[s].role == .scrollPan
        transition(s, proposal, rule: isScroll ? scrollRule : isTap ? .G3 : .G6)
        sendGestureActions(s)
        if isScroll { recordScroll(s, phase: "began", rule: scrollRule) }
        // G5: two recognizers cannot both recognize; those sharing a touch with the winner fail.
        let touchesOfWinner = gestures[s].seen
        for other in gestures.indices where other != s {
            let slot = gestures[other]
            guard !slot.machine.state.isFinal, !slot.machine.state.hasRecognized,
                slot.seen.contains(where: touchesOfWinner.contains)
            else { continue }
            gestures[other].pending = nil
            if slot.role == .scrollDelay, isScroll, slot.view == gestures[s].view {
                transition(other, .fail(reason: "scrolling began within the delay: the content never sees the touch", rule: .S1), rule: .S1)
                continue
            }
            let why = slot.requireToFail.contains(s)
                ? "\(gestures[s].config.id), which it requires to fail, recognized"
                : "\(gestures[s].config.id) recognized first; two recognizers cannot both recognize"
            transition(other, .fail(reason: why, rule: .G5), rule: .G5)
        }
        if gestures[s].config.cancelsTouchesInView { cancelTouches(of: s, rule: isScroll ? scrollRule : .G3) }
        for other in gestures.indices where other != s && gestures[other].machine.state == .failed {
            releaseWaiting(on: other)
        }
        flushTouches(of: touchesOfWinner)
    }

    /// changed, ended, cancelled or failed (G6; S1 for a scroll view's pan).
    mutating func advance(_ proposal: GestureProposal, slot s: Int) {
        if proposal.target == .failed { gestures[s].pending = nil }
        let isScroll = gestures[s].role == .scrollPan
        transition(s, proposal, rule: isScroll ? .S1 : proposal.target == .failed ? proposal.failRule : .G6)
        if isScroll, proposal.target == .ended || proposal.target == .cancelled {
            recordScroll(s, phase: proposal.target.rawValue, rule: .S1)
        }
        if proposal.target != .failed { sendGestureActions(s) }
        if proposal.target.isFinal { failed(s) }
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
            let stillWaiting = gestures[other].requireToFail.contains(where: isUndecided)
            guard !stillWaiting else { continue }
            handle(proposal, slot: other)
        }
    }

    /// G5: a required recognizer keeps another waiting while it is in play and undecided: it has
    /// seen a touch since its last reset and has not failed (or been cancelled). One that sees
    /// none of the touches (on another branch of the tree) does not hold anything up.
    func isUndecided(_ s: Int) -> Bool {
        let state = gestures[s].machine.state
        return state != .failed && state != .cancelled && !gestures[s].seen.isEmpty
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
            if let record = touches.firstIndex(where: { $0.touch == touchID }) {
                touches[record].takenBy = gestures[s].config.id
            }
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
}
