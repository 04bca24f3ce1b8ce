import TouchTraceEngine

/// Why a touch did not reach the view a step expected, in the words of the trace and the
/// regions: what was hit instead (the hit view's trace step) and what kept the expected view
/// from the touch at that point (the region blocker there: a later sibling, an ancestor's
/// bounds, hidden, alpha, a window in front, …).
enum HitExplanation {
    static func lines(expected id: String?, trace: HitTestTrace, point: Point, scene: Scene, work: RegionWork? = nil) -> [String] {
        var lines: [String] = []
        let at = Measure.point(point)
        if let hit = trace.hitView {
            let hitID = scene.views[hit].id
            if let step = trace.steps.last(where: { Int($0.view) == hit && $0.outcome == .hit }) {
                lines.append("the touch at \(at) hit \(hitID): \(step.detail(in: scene)) (\(step.rule.rawValue))")
            } else {
                lines.append("the touch at \(at) hit \(hitID)")
            }
        } else {
            let windows = trace.windowOrder.map { scene.views[$0].id }.joined(separator: ", ")
            lines.append("the touch at \(at) hit nothing: every window (\(windows)) returned nil")
        }
        guard let id, let v = scene.viewIndex(id) else { return lines }
        if let why = whyNot(v, point: point, trace: trace, scene: scene, work: work) { lines.append(why) }
        return lines
    }

    /// Why the touch at `point` does not reach view `v`, or nil when it does.
    static func whyNot(_ v: Int, point: Point, trace: HitTestTrace, scene: Scene, work: RegionWork? = nil) -> String? {
        let id = scene.views[v].id
        let map = HitRegionMap(scene: scene, work: work)
        if let hit = trace.hitView, map.touch(hitting: hit, reaches: v) {
            return hit == v ? nil : "the touch reaches \(id) through \(scene.views[hit].id), which does not take touches itself (R3)"
        }
        // The trace's own word, when hit testing visited the view and rejected it.
        if let step = trace.steps.last(where: { Int($0.view) == v && $0.outcome == .rejected }) {
            return "\(id) was visited and rejected: \(step.detail(in: scene)) (\(step.rule.rawValue))"
        }
        let region = map.region(of: v)
        if let u = region.unreachable {
            return "\(id) can never be hit: " + unreachablePhrase(u, of: v, scene: scene)
        }
        let q = region.axes.fromWindow(point)
        if !region.touchAreaPieces.contains(where: { $0.contains(q) }) {
            let box = map.touchAreaBox(of: v).map { "\(Measure.format($0.minX)), \(Measure.format($0.minY)), \(Measure.format($0.size.width))×\(Measure.format($0.size.height)) pt" } ?? "empty"
            return "\(Measure.point(point)) is outside \(id)'s touch area (\(box) in window coordinates, H2)"
        }
        if let blocker = region.blockers.first(where: { $0.pieces.contains { $0.contains(q) } }) {
            return "there, \(id) is \(blocker.phrase(of: v, in: scene))"
        }
        return nil
    }

    static func unreachablePhrase(_ u: Unreachability, of v: Int, scene: Scene) -> String {
        let name = scene.views[u.view].id
        let isSelf = u.view == v
        switch u.reason {
        case .hidden: return isSelf ? "it is hidden (H1)" : "it is inside hidden ancestor \(name) (H1)"
        case .transparent: return isSelf ? "its alpha is below 0.01 (H1)" : "it is inside \(name), whose alpha is below 0.01 (H1)"
        case .userInteractionDisabled: return isSelf ? "its userInteractionEnabled is false (H1, H6)" : "it is inside \(name), whose userInteractionEnabled is false (H1, H6)"
        case .disabledControl: return isSelf ? "it is a disabled control (H7)" : "it is inside disabled control \(name) (H7)"
        case .nonInvertibleTransform: return isSelf ? "its transform cannot be inverted (H5)" : "\(name)'s transform cannot be inverted (H5)"
        case .notInWindow: return "it is in no window"
        }
    }
}
