/// Scrolling moves content (rules S3–S7): the session keeps a `ScrollMotion` per scroll view a
/// touch moved, sets the scroll view's bounds origin from it (so later hit tests see the scrolled
/// content, H5), marks the view for layout (L2) and records the offsets over time.
extension TouchSession {
    /// The arena's scroll action for `view`: a drag began, moved, ended or was cancelled, with
    /// the sample being handled.
    mutating func scrolled(_ view: Int, _ phase: TouchesTrace.ScrollPhase, touch: Int?, rule: RuleID) {
        let t = time ?? 0
        let point = currentSample?.point ?? scene.views[view].geometry.bounds.origin
        var motion = scrolls[view] ?? ScrollMotion(config: scene.scrollMotionConfig(of: view), offset: scene.views[view].geometry.bounds.origin)
        var entry: TouchesTrace.ScrollEntryMotion
        var entryRule = rule
        switch phase {
        case .began:
            if motion.settle != nil {
                // S5: the touch caught the scroll view while it moved on: it stops here.
                let caught = motion.offset(at: t)
                record(.S5, .scroll(scrollView: view, phase: .caught, touch: touch, motion: TouchesTrace.ScrollEntryMotion(contentOffset: caught)))
                setOffset(caught, of: view)
            }
            let start = active.first { $0.touch == touch }?.start ?? point
            motion.beginDrag(at: point, time: t, touchStart: start)
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
            return
        }
        scrolls[view] = motion
        record(entryRule, .scroll(scrollView: view, phase: phase, touch: touch, motion: entry))
        setOffset(motion.offset, of: view)
    }

    /// S3: the scroll view's bounds origin becomes `offset`; a change marks it for layout (L2).
    /// Decision: only the scroll view is marked, not its superview (docs/uikit-rules.md#s3).
    mutating func setOffset(_ offset: Point, of view: Int) {
        guard scene.views[view].geometry.bounds.origin != offset else { return }
        scene.views[view].geometry.bounds.origin = offset
        markLayout(view, .boundsOriginChanged)
    }

    /// The earliest moment a settling scroll view comes to rest before `limit` (any when nil).
    func nextSettle(before limit: Double?) -> (view: Int, due: Double)? {
        var best: (view: Int, due: Double)?
        for (view, motion) in scrolls {
            guard let end = motion.settle?.end else { continue }
            if let limit, end >= limit { continue }
            if best.map({ end < $0.due || (end == $0.due && view < $0.view) }) ?? true { best = (view, end) }
        }
        return best
    }

    /// The scroll view comes to rest at its target (`scrollViewDidEndDecelerating`).
    mutating func settle(_ view: Int) {
        guard var motion = scrolls[view], let settle = motion.settle else { return }
        motion.stop()
        scrolls[view] = motion
        record(settle.kind.rule, .scroll(scrollView: view, phase: .stopped, touch: nil, motion: TouchesTrace.ScrollEntryMotion(contentOffset: motion.offset)))
        setOffset(motion.offset, of: view)
    }

    /// Before a touch begins at `time`: scroll views still settling are where their motion has
    /// them (so the hit test sees it), and the arena learns which ones are moving (S5: a touch
    /// on one catches it).
    mutating func placeMovingScrollViews(at time: Double) {
        var moving: [Int] = []
        for (view, motion) in scrolls.sorted(by: { $0.key < $1.key }) where motion.settle != nil {
            setOffset(motion.offset(at: time), of: view)
            moving.append(view)
        }
        arena.movingScrollViews = moving
    }

    // MARK: - Layout marks (L2, L3)

    /// Marks a view as needing layout (L2) during touch handling; the update cycle after the
    /// event lays it out once (L3, `flushLayout`).
    mutating func markLayout(_ view: Int, _ reason: LayoutTrace.Reason) {
        if let i = layoutMarks.firstIndex(where: { $0.view == view }) {
            layoutMarks[i].marks += 1
            record(.L2, .needsLayout(view: view, reason: reason, coalesced: true))
        } else {
            layoutMarks.append((view, reason, 1))
            record(.L2, .needsLayout(view: view, reason: reason, coalesced: false))
        }
    }

    /// The update cycle at the end of an event (L3): one `layoutSubviews` per marked view,
    /// superviews first. Layout changes no frame here: a scroll view's bounds origin is not in
    /// the constraint system, and cells are declared, not tiled.
    mutating func flushLayout() {
        guard !layoutMarks.isEmpty else { return }
        let marks = layoutMarks.sorted { scene.depth(of: $0.view) < scene.depth(of: $1.view) }
        layoutMarks = []
        for mark in marks { record(.L3, .layoutSubviews(view: mark.view, reason: mark.reason, marks: mark.marks)) }
    }

    /// Moves the session's clock to a new event at `t`: the previous event's update cycle runs
    /// first.
    mutating func startEvent(at t: Double) {
        if let current = time, current == t { return }
        flushLayout()
    }
}
