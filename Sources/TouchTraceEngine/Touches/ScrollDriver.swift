/// The scroll views a touch moves (rules S3–S7), as a value type that knows no scene: one
/// `ScrollMotion` per scroll view, driven by the arena's scroll actions and by time. It returns
/// the session's effects: `scroll` entries, and the new bounds origins (S3) the session sets on
/// its scene (so later hit tests see the scrolled content, H5). ScrollDriverTests run it alone.
struct ScrollDriver: Sendable {
    /// Scroll views a touch moved, by view.
    private(set) var motions: [Int: ScrollMotion] = [:]

    var isEmpty: Bool { motions.isEmpty }

    func knows(_ view: Int) -> Bool { motions[view] != nil }

    /// The arena's scroll action for `view`: a drag began, moved, ended or was cancelled, with
    /// the touch's `point` (where the drag began: `touchStart`) at `time`. `start` is the scroll
    /// view's motion the first time a touch moves it (``knows(_:)`` is false).
    mutating func scrolled(
        _ view: Int, _ phase: TouchesTrace.ScrollPhase, touch: Int?, rule: RuleID, at point: Point, touchStart: Point, time t: Double,
        start: ScrollMotion?
    ) -> [SessionEffect] {
        guard var motion = motions[view] ?? start else { return [] }
        var effects: [SessionEffect] = []
        var entry: TouchesTrace.ScrollEntryMotion
        var entryRule = rule
        switch phase {
        case .began:
            if motion.settle != nil {
                // S5: the touch caught the scroll view while it moved on: it stops here.
                let caught = motion.offset(at: t)
                effects.append(.record(.S5, .scroll(scrollView: view, phase: .caught, touch: touch, motion: TouchesTrace.ScrollEntryMotion(contentOffset: caught))))
                effects.append(.setContentOffset(view: view, offset: caught))
            }
            motion.beginDrag(at: point, time: t, touchStart: touchStart)
            entry = TouchesTrace.ScrollEntryMotion(contentOffset: motion.offset)
            entry.lock = motion.lock
        case .changed:
            let limited = motion.drag(to: point, time: t)
            entry = TouchesTrace.ScrollEntryMotion(contentOffset: motion.offset)
            entry.pastEdge = motion.isPastEdge
            entryRule = limited ? .S4 : motion.lock != .none ? .S7 : .S3
        case .ended, .cancelled:
            let lift = phase == .ended ? motion.endDrag(at: point, time: t) : motion.cancelDrag(time: t)
            entry = TouchesTrace.ScrollEntryMotion(contentOffset: motion.offset)
            entry.velocity = lift.velocity
            entry.target = lift.target
            entry.restsAt = lift.settle?.end
            entryRule = lift.settle?.kind.rule ?? .S3
        case .stopped, .caught:
            return effects
        }
        motions[view] = motion
        effects.append(.record(entryRule, .scroll(scrollView: view, phase: phase, touch: touch, motion: entry)))
        effects.append(.setContentOffset(view: view, offset: motion.offset))
        return effects
    }

    /// The earliest moment a settling scroll view comes to rest before `limit` (any when nil).
    func nextSettle(before limit: Double?) -> (view: Int, due: Double)? {
        var best: (view: Int, due: Double)?
        for (view, motion) in motions {
            guard let end = motion.settle?.end else { continue }
            if let limit, end >= limit { continue }
            if best.map({ end < $0.due || (end == $0.due && view < $0.view) }) ?? true { best = (view, end) }
        }
        return best
    }

    /// The scroll view comes to rest at its target (`scrollViewDidEndDecelerating`).
    mutating func settle(_ view: Int) -> [SessionEffect] {
        guard var motion = motions[view], let settle = motion.settle else { return [] }
        motion.stop()
        motions[view] = motion
        return [
            .record(settle.kind.rule, .scroll(scrollView: view, phase: .stopped, touch: nil, motion: TouchesTrace.ScrollEntryMotion(contentOffset: motion.offset))),
            .setContentOffset(view: view, offset: motion.offset),
        ]
    }

    /// Scroll views still settling at `time`, by view, with where their motion has them (S5: a
    /// touch beginning then sees them there, and catches them).
    func moving(at time: Double) -> [(view: Int, offset: Point)] {
        motions.sorted { $0.key < $1.key }.compactMap { view, motion in motion.settle == nil ? nil : (view, motion.offset(at: time)) }
    }
}
