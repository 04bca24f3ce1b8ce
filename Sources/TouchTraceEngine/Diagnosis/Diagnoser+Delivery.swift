/// What happens to a tap after hit testing (rules G1–G5, S1), found by replaying one: the touch
/// session runs a quick tap (began, then ended `TouchSample.tapDuration` later, as the `tap`
/// shorthand of a touches request) whose hit view is the view asked about, and the diagnosis
/// reads its trace. The gesture arena decides, as for any touches request; nothing here
/// repeats its rules.
extension Diagnoser {
    /// Replays a tap at `point` (in `window`'s coordinates) delivered to `touched` — the view, or
    /// its subview the touch goes on from — and adds what took or held the touch: a recognizer on
    /// an ancestor that cancelled it (G3), a scroll view that delayed `touchesBegan` (S1), a
    /// recognizer on an ancestor whose `delaysTouchesBegan` or `delaysTouchesEnded` held the
    /// touch's calls back until it failed (G2). The hit view is given rather than hit-tested, so
    /// the answer holds once the hit-test causes are fixed too. Nothing to replay in a scene
    /// without recognizers, scroll views or text inputs.
    func delivery(touching touched: Int, at point: Point, window: Int, into found: inout DiagnosisFindings) {
        var session = TouchSession(scene: scene, referenceWindow: window)
        guard !session.arena.isEmpty else { return }
        session.givenHitView = touched
        session.run(.touch(TouchSample(touch: 1, phase: .began, point: point, time: 0)))
        session.run(.touch(TouchSample(touch: 1, phase: .ended, point: point, time: TouchSample.tapDuration)))
        session.finish()
        var delayedBy: [Int] = []
        var held = HeldCalls()
        for entry in session.trace.log {
            switch entry.kind {
            case let .cancelsTouchesInView(recognizer, _, view, touchesCancelled, _) where recognizer.view != found.view:
                found.cancelled(by: recognizer, rule: entry.rule, touched: view, touchesCancelled: touchesCancelled)
            case let .touchDelayed(_, phase, _, by):
                if phase == .began {
                    for recognizer in by where recognizer.kind == .scrollDelay && !delayedBy.contains(recognizer.view) {
                        delayedBy.append(recognizer.view)
                        found.delayed(by: recognizer)
                    }
                }
                held.hold(phase, by: by.filter { isDeclared($0) && $0.view != found.view && delays($0, phase) })
            case let .gestureRecognizer(recognizer, _, .failed, _):
                if let time = entry.time { held.failed(recognizer, at: time) }
            case let .touches(phase, _, 1, false, _, _):
                if let time = entry.time { held.delivered(phase, at: time) }
            default:
                break
            }
        }
        for late in held.late() { found.heldBack(by: late.recognizer, phases: late.phases) }
    }

    func isDeclared(_ recognizer: GestureRecognizerRef) -> Bool {
        if case .declared = recognizer.kind { return true }
        return false
    }

    /// Whether the declared recognizer holds the phase back (G2).
    func delays(_ recognizer: GestureRecognizerRef, _ phase: TouchPhase) -> Bool {
        guard case let .declared(index) = recognizer.kind else { return false }
        let config = scene.views[recognizer.view].gestureRecognizers[index]
        switch phase {
        case .began: return config.delaysTouchesBegan
        case .ended: return config.delaysTouchesEnded
        default: return false
        }
    }
}
