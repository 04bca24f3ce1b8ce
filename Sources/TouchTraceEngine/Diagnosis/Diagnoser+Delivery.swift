/// What happens to a tap after hit testing (rules G1–G5, S1), found by replaying one: the touch
/// session runs a quick tap (began, then ended `TouchSample.tapDuration` later, as the `tap`
/// shorthand of a touches request) whose hit view is the view asked about, and the diagnosis
/// reads its trace. The gesture arena decides, as for any touches request; nothing here
/// repeats its rules.
extension Diagnoser {
    /// Replays a tap at `point` (in `window`'s coordinates) delivered to `touched` — the view, or
    /// its subview the touch goes on from — and adds what took or held the touch: a recognizer on
    /// an ancestor that cancelled it (G3), a scroll view that delayed `touchesBegan` (S1). The
    /// hit view is given rather than hit-tested, so the answer holds once the hit-test causes are
    /// fixed too. Nothing to replay in a scene without recognizers, scroll views or text inputs.
    func delivery(touching touched: Int, at point: Point, window: Int, into found: inout DiagnosisFindings) {
        var session = TouchSession(scene: scene, referenceWindow: window)
        guard !session.arena.isEmpty else { return }
        session.givenHitView = touched
        session.run(.touch(TouchSample(touch: 1, phase: .began, point: point, time: 0)))
        session.run(.touch(TouchSample(touch: 1, phase: .ended, point: point, time: TouchSample.tapDuration)))
        session.finish()
        var delayedBy: [Int] = []
        for entry in session.trace.log {
            switch entry.kind {
            case let .cancelsTouchesInView(recognizer, _, view, touchesCancelled, _) where recognizer.view != found.view:
                found.cancelled(by: recognizer, rule: entry.rule, touched: view, touchesCancelled: touchesCancelled)
            case let .touchDelayed(_, .began, _, by):
                for recognizer in by where recognizer.kind == .scrollDelay && !delayedBy.contains(recognizer.view) {
                    delayedBy.append(recognizer.view)
                    found.delayed(by: recognizer)
                }
            default:
                break
            }
        }
    }
}
