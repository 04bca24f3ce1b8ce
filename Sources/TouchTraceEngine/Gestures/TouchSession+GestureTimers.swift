/// Recognizer timers on the input's own clock (SPEC §3): a multi-tap's interval, a tap's maximum
/// duration, a long press, a swipe's time limit, a scroll view's content delay.
extension TouchSession {
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
            let proposal = gestures[s].machine.timerFired(time: due)
            if gestures[s].machine.deadline == due { gestures[s].machine.deadline = nil }
            if let proposal { handle(proposal, slot: s) }
            resetFinishedRecognizers()
        }
    }
}

extension GestureProposal {
    var failRule: RuleID {
        if case let .fail(_, rule) = self { return rule }
        return .G6
    }
}
