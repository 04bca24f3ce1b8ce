/// What recognizers see of a touch and what its view gets (G1, G2).
extension GestureArena {
    /// G1: every recognizer of the touch that is still in play gets the call before the view.
    mutating func feed(_ sample: TouchSample) {
        guard let touch = touches[sample.touch] else { return }
        // A recognizer waiting for another to fail (G5) still follows its own touches.
        let live = touch.members.filter { !members[$0].machine.state.isFinal && members[$0].seen.contains(sample.touch) }
        if sample.phase == .ended || sample.phase == .cancelled {
            // A recognizer whose gesture is over still lets go of the touch, so it can be reset.
            for m in touch.members where members[m].machine.state.isFinal {
                _ = members[m].machine.touchEnded(sample.touch, at: sample.point, time: sample.time)
            }
        }
        guard !live.isEmpty else { return }
        emit(.recognizersSee(touch: sample.touch, phase: sample.phase, recognizers: live.map { members[$0].recognizer }))
        for m in live {
            let proposal: GestureProposal?
            switch sample.phase {
            case .began: proposal = members[m].machine.touchBegan(sample.touch, at: sample.point, time: sample.time)
            case .moved: proposal = members[m].machine.touchMoved(sample.touch, at: sample.point, time: sample.time)
            case .ended: proposal = members[m].machine.touchEnded(sample.touch, at: sample.point, time: sample.time)
            case .cancelled: proposal = members[m].machine.touchCancelled(sample.touch, time: sample.time)
            }
            if let proposal { handle(proposal, member: m) }
        }
    }

    /// Adds the view's call to the touch's queue and sends what no recognizer holds back (G2).
    /// A call still held is a `hold` (S1 when only scroll views' delays hold it).
    mutating func queue(_ sample: TouchSample) {
        guard var touch = touches[sample.touch], !touch.finished else { return }
        if sample.phase == .cancelled, !touch.began {
            touch.held = []
            touch.finished = true
            touches[sample.touch] = touch
            return
        }
        touch.held.append((sample.phase, sample.point))
        touches[sample.touch] = touch
        flush(sample.touch)
        if let after = touches[sample.touch], let last = after.held.last, last.phase == sample.phase {
            let holders = holding(after, id: sample.touch, phase: sample.phase)
            let byScrollView = holders.allSatisfy { members[$0].isScrollDelay }
            emit(.hold(
                touch: sample.touch, phase: sample.phase, view: after.view, by: holders.map { members[$0].recognizer },
                rule: byScrollView ? .S1 : .G2))
        }
    }

    /// G2: the recognizers, still possible, that hold back a call of this phase:
    /// `delaysTouchesBegan` holds every call; `delaysTouchesEnded` (default true) holds the end.
    /// Only recognizers that still have the touch count (one reset since no longer does).
    func holding(_ touch: Touch, id: Int, phase: TouchPhase) -> [Int] {
        touch.members.filter { m in
            let member = members[m]
            guard member.machine.state == .possible, member.seen.contains(id) else { return false }
            return member.delaysTouchesBegan || (phase == .ended && member.delaysTouchesEnded)
        }
    }

    /// Sends the touch's held calls, oldest first, until one is still held back.
    mutating func flush(_ id: Int) {
        while let touch = touches[id], !touch.finished, let next = touch.held.first {
            guard holding(touch, id: id, phase: next.phase).isEmpty, let view = touch.view else { return }
            touches[id]?.held.removeFirst()
            if next.phase == .began { touches[id]?.began = true }
            if next.phase == .ended || next.phase == .cancelled { touches[id]?.finished = true }
            emit(.deliver(next.phase, touch: id, point: next.point, tapCount: touch.tapCount, view: view))
        }
    }

    mutating func flushTouches(of ids: [Int]) {
        for id in ids where touches[id] != nil { flush(id) }
    }
}
