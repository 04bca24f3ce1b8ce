/// What happens when a recognizer proposes a state (G3–G6, S1, S2): refusals, waiting, wins and
/// failures, actions and touches taken from their views.
extension GestureArena {
    /// Performs a member's proposal: G4, S2 or a required recognizer that won (G5) may refuse a
    /// begin, G5 may make it wait; otherwise it wins (`win`). Any other proposal moves the state
    /// (G6); a failure lets waiting recognizers go and releases held calls (G2).
    mutating func handle(_ proposal: GestureProposal, member m: Int) {
        guard proposal.isBeginning else {
            advance(proposal, member: m)
            return
        }
        if let (reason, rule) = refusal(member: m) {
            transition(m, to: .fail(reason: "", rule: rule), reason: reason, rule: rule)
            failed(m)
            return
        }
        let waiting = members[m].requireToFail.filter(isUndecided)
        guard waiting.isEmpty else {
            if members[m].pending == nil {
                members[m].pending = proposal
                emit(.wait(
                    members[m].recognizer, wants: proposal.target, reason: .recognizer(proposal.reason),
                    waitingFor: waiting.map { members[$0].recognizer }))
            }
            return
        }
        win(proposal, member: m)
    }

    /// Why the recognizer may not leave `possible`, and the rule: the control the touch hit
    /// refuses it (G4), the scroll view may not take the content's touch (S2), or a recognizer
    /// it requires to fail recognized (G5).
    func refusal(member m: Int) -> (reason: GestureReason, rule: RuleID)? {
        if let control = protectingControl(member: m) {
            return (.controlWins(control: control), .G4)
        }
        if members[m].isScrollPan, let reason = scrollRefusal(member: m) {
            return (reason, .S2)
        }
        if let winner = members[m].requireToFail.first(where: { members[$0].machine.state.hasRecognized }) {
            return (.requiredRecognized(members[winner].recognizer), .G5)
        }
        return nil
    }

    /// The recognizer recognizes or begins: its transition and actions, the others sharing its
    /// touches fail (G5), its touches are taken from their views (G3; S1, S2 for a scroll
    /// view), recognizers waiting on the failed ones go, held calls go out.
    mutating func win(_ proposal: GestureProposal, member m: Int, scrollRule caught: RuleID? = nil) {
        members[m].pending = nil
        let isTap: Bool
        if case .tap = members[m].machine.config.kind { isTap = true } else { isTap = false }
        let contentHasTouch = members[m].seen.contains { touches[$0]?.began == true && touches[$0]?.finished == false }
        let scrollRule: RuleID = caught ?? (contentHasTouch ? .S2 : .S1)
        let isScroll = members[m].isScrollPan
        // F1: a text field's or text view's own tap is the focus rule's.
        let isText = members[m].recognizer.kind == .textInteraction
        let tapRule: RuleID = isText ? .F1 : .G3
        transition(m, to: proposal, reason: .recognizer(proposal.reason), rule: isScroll ? scrollRule : isTap ? tapRule : .G6)
        emit(.sendActions(members[m].recognizer, state: members[m].machine.state))
        if isScroll { emitScroll(m, phase: .began, rule: scrollRule) }
        // G5: two recognizers cannot both recognize; those sharing a touch with the winner fail.
        let touchesOfWinner = members[m].seen
        for other in members.indices where other != m {
            let member = members[other]
            guard !member.machine.state.isFinal, !member.machine.state.hasRecognized,
                member.seen.contains(where: touchesOfWinner.contains)
            else { continue }
            members[other].pending = nil
            if member.isScrollDelay, isScroll, member.recognizer.view == members[m].recognizer.view {
                transition(other, to: .fail(reason: "", rule: .S1), reason: .scrollBeganWithinDelay, rule: .S1)
                continue
            }
            let why: GestureReason = member.requireToFail.contains(m)
                ? .requiredRecognized(members[m].recognizer) : .otherRecognized(members[m].recognizer)
            transition(other, to: .fail(reason: "", rule: .G5), reason: why, rule: .G5)
        }
        if members[m].cancelsTouchesInView { takeTouches(of: m, rule: isScroll ? scrollRule : tapRule) }
        for other in members.indices where other != m && members[other].machine.state == .failed {
            releaseWaiting(on: other)
        }
        flushTouches(of: touchesOfWinner)
    }

    /// changed, ended, cancelled or failed (G6; S1 for a scroll view's pan).
    mutating func advance(_ proposal: GestureProposal, member m: Int) {
        if proposal.target == .failed { members[m].pending = nil }
        let isScroll = members[m].isScrollPan
        // A scroll view's pan: its moves scroll (S3); it fails along an axis it cannot scroll
        // (S4) or, as before, when the touch ends without a drag (S1).
        let rule: RuleID = proposal.target == .failed
            ? (isScroll && proposal.failRule != .S4 ? .S1 : proposal.failRule) : isScroll ? .S3 : .G6
        transition(m, to: proposal, reason: .recognizer(proposal.reason), rule: rule)
        if isScroll {
            switch proposal.target {
            case .changed: emitScroll(m, phase: .changed, rule: .S3)
            case .ended: emitScroll(m, phase: .ended, rule: .S3)
            case .cancelled: emitScroll(m, phase: .cancelled, rule: .S3)
            default: break
            }
        }
        if proposal.target != .failed { emit(.sendActions(members[m].recognizer, state: members[m].machine.state)) }
        if proposal.target.isFinal { failed(m) }
    }

    /// After a recognizer failed or finished: recognizers waiting for it may go (G5), and the
    /// calls it held back are sent (G2).
    mutating func failed(_ m: Int) {
        if members[m].machine.state == .failed { releaseWaiting(on: m) }
        flushTouches(of: members[m].seen)
    }

    /// G5: recognizers whose recognition waits for `m` to fail go ahead once all they require have failed.
    mutating func releaseWaiting(on m: Int) {
        for other in members.indices where members[other].requireToFail.contains(m) {
            guard let proposal = members[other].pending, members[other].machine.state == .possible else { continue }
            guard !members[other].requireToFail.contains(where: isUndecided) else { continue }
            handle(proposal, member: other)
        }
    }

    /// G5: a required recognizer keeps another waiting while it is in play and undecided: it has
    /// seen a touch since its last reset and has not failed (or been cancelled). One that sees
    /// none of the touches (on another branch of the tree) does not hold anything up.
    func isUndecided(_ m: Int) -> Bool {
        let state = members[m].machine.state
        return state != .failed && state != .cancelled && !members[m].seen.isEmpty
    }

    /// Moves the member's state (G6) and reports it.
    mutating func transition(_ m: Int, to proposal: GestureProposal, reason: GestureReason, rule: RuleID) {
        let change = members[m].machine.apply(proposal)
        emit(.transition(members[m].recognizer, from: change.from, to: change.to, reason: reason, rule: rule))
    }

    /// G3 (`cancelsTouchesInView`): the recognizer's touches that their views still have are
    /// taken: the view gets `touchesCancelled` when it had `touchesBegan` (a tracking control
    /// runs `cancelTracking`, C4); calls still held back are dropped, so a view whose
    /// `touchesBegan` was delayed never sees the touch.
    mutating func takeTouches(of m: Int, rule: RuleID) {
        for id in members[m].seen {
            guard let touch = touches[id], !touch.finished, let view = touch.view else { continue }
            touches[id]?.held = []
            touches[id]?.finished = true
            emit(.takeTouch(
                members[m].recognizer, touch: id, view: view, touchesCancelled: touch.began, dropped: touch.held.map(\.phase),
                rule: rule))
            if touch.began {
                emit(.deliver(.cancelled, touch: id, point: touch.lastPoint, tapCount: touch.tapCount, view: view))
            }
        }
    }

    /// S2: when the content already has the touch, the scroll view's pan may begin only when
    /// `canCancelContentTouches` and `touchesShouldCancel(in:)` (false for a UIControl) allow it.
    /// Returns why not, or nil when it may begin.
    func scrollRefusal(member m: Int) -> GestureReason? {
        let scrollView = members[m].recognizer.view
        for id in members[m].seen {
            guard let touch = touches[id], touch.began, !touch.finished, let view = touch.view, view != scrollView else { continue }
            if !members[m].canCancelContentTouches { return .contentTouchesCannotBeCancelled(content: view) }
            if touch.control != nil { return .controlKeepsTouch(control: view) }
        }
        return nil
    }

    /// S1, S2: the scroll view starts or stops scrolling with its latest touch.
    mutating func emitScroll(_ m: Int, phase: TouchesTrace.ScrollPhase, rule: RuleID) {
        emit(.scroll(scrollView: members[m].recognizer.view, phase: phase, touch: members[m].seen.last, rule: rule))
    }

    /// G4: an enabled UIButton, UISwitch, UIStepper, UISegmentedControl or UIPageControl that
    /// the touch hit wins a single tap against a tap recognizer on an ancestor; a UISlider or
    /// UISwitch also wins a drag (pan, swipe) that starts on it (the knob is approximated by the
    /// control's bounds). A recognizer on the control itself, and a plain UIControl, do not
    /// lose this way. Returns the control that refuses the recognizer.
    func protectingControl(member m: Int) -> Int? {
        let member = members[m]
        guard let first = member.seen.first, let touch = touches[first], touch.hitView != member.recognizer.view,
            let control = touch.control, control.enabled
        else { return nil }
        switch member.machine.config.kind {
        case let .tap(taps) where taps == 1: return control.winsSingleTap ? touch.hitView : nil
        case .pan, .swipe: return control.winsDrag ? touch.hitView : nil
        default: return nil
        }
    }
}
