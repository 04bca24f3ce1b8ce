import TouchTraceEngine

/// Why a touch did not reach the view a step expected: what was hit instead (the hit view's trace
/// step) and, from the diagnosis stage (the product's one explainer, `Diagnoser`), every reason
/// that kept the expected view from the touch at that point, in hit-testing order, with the
/// frames of the views involved and the fixes.
enum HitExplanation {
    static func lines(expected id: String?, trace: HitTestTrace, point: Point, scene: Scene) -> [String] {
        var lines: [String] = []
        let at = Measure.point(point)
        if let hit = trace.hitView {
            let hitID = scene.views[hit].id
            if let step = trace.steps.last(where: { $0.view == Int32(truncatingIfNeeded: hit) && $0.outcome == .hit }) {
                lines.append("the touch at \(at) hit \(hitID): \(Measure.rounded(step.detail(in: scene))) (\(step.rule.rawValue))")
            } else {
                lines.append("the touch at \(at) hit \(hitID)")
            }
        } else {
            let windows = trace.windowOrder.map { scene.views[$0].id }.joined(separator: ", ")
            lines.append("the touch at \(at) hit nothing: every window (\(windows)) returned nil")
        }
        guard let id, let v = scene.viewIndex(id) else { return lines }
        return lines + whyNot(v, point: point, trace: trace, scene: scene)
    }

    /// Why the touch at `point` (in the front-most window's coordinates, as the check's hit tests)
    /// does not reach view `v`: one line per cause that blocks, the views named with their frames
    /// ("there, payButton (20, 600, 350×50) is covered by toast (0, 560, 390×120), a later
    /// sibling"), then the fixes; nothing when the touch reaches it.
    static func whyNot(_ v: Int, point: Point, trace: HitTestTrace, scene: Scene) -> [String] {
        guard let diagnosis = Diagnoser(scene: scene).diagnose(v, at: point, fromWindow: nil) else { return [] }
        let id = scene.views[v].id
        if diagnosis.reachable {
            guard let hit = trace.hitView, hit != v else { return [] }
            return ["the touch reaches \(id) through \(scene.views[hit].id), which does not take touches itself (R3)"]
        }
        func named(_ u: Int) -> String {
            guard let frame = diagnosis.frames.first(where: { $0.view == u })?.frame else { return "" }
            return "\(scene.views[u].id) \(DiagnosisFormat.rect(frame))"
        }
        let blocking = diagnosis.causes.filter(\.blocks)
        var lines: [String] = []
        for (i, cause) in blocking.enumerated() {
            let phrase = cause.phrase(of: v, in: scene, name: named)
            lines.append(i == 0 ? "there, \(named(v).isEmpty ? id : named(v)) is \(phrase)" : "and it is \(phrase)")
        }
        for fix in diagnosis.fixes where blocking.contains(where: { $0.kind == fix.kind && $0.view == fix.view }) {
            lines.append("fix: \(fix.text)")
        }
        return lines
    }
}
