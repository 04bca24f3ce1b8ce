/// Rule G2 in a diagnosis: a recognizer on an ancestor that held the view's calls back until it
/// failed (`delaysTouchesBegan`, `delaysTouchesEnded`), read off the replayed tap's trace.
extension DiagnosisFindings {
    /// G2: a recognizer on an ancestor whose `delaysTouchesBegan` (or `delaysTouchesEnded`) held
    /// the view's calls back until it failed: the tap arrives, late — a quick tap shows no
    /// highlight, and an action on touch-up fires late. `phases` are the calls it held and for
    /// how long after the finger's own time.
    mutating func heldBack(by recognizer: GestureRecognizerRef, phases: [(phase: TouchPhase, seconds: Double)]) {
        let id = recognizer.id(in: scene)
        let host = name(recognizer.view)
        let kind: String
        if case let .declared(position) = recognizer.kind {
            kind = "a \(scene.views[recognizer.view].gestureRecognizers[position].kind.rawValue) recognizer"
        } else {
            kind = "a recognizer"
        }
        let n = DiagnosisFormat.number
        let target = name(view)
        var held: [String] = []
        var flags: [String] = []
        for (phase, seconds) in phases {
            switch phase {
            case .began:
                flags.append("delaysTouchesBegan")
                held.append("touchesBegan until \(n(seconds)) s after touch-down")
            default:
                flags.append("delaysTouchesEnded")
                held.append("touchesEnded until \(n(seconds)) s after touch-up")
            }
        }
        let began = phases.contains { $0.phase == .began }
        let symptom = began
            ? "no highlight shows while the finger is down, and a quick tap's touch-down comes at touch-up or later"
            : "the action on touch-up fires late"
        add(
            Diagnosis.Cause(
                kind: .gestureRecognizerDelay, view: recognizer.view, rule: .G2, blocks: false,
                detail: "\(id), \(kind) on \(host) with \(flags.map { "\($0) = true" }.joined(separator: " and ")), holds \(target)'s " + held.joined(separator: " and ") + " (until it fails): the tap arrives, late — \(symptom)",
                recognizer: recognizer),
            fix: "set " + flags.map { "\(id).\($0) = false" }.joined(separator: " and ") + " for an immediate touch, or make its delegate's gestureRecognizer(_:shouldReceive:) return false for touches in \(target) (the tap arrives either way)")
    }
}

/// G2 in a replayed tap: which declared recognizers held `touchesBegan` or `touchesEnded` back,
/// and for how long. A held call goes out when the last recognizer holding it fails; that one
/// (those, when several fail at once) is the one to name, with the delay from the finger's own
/// time (touch-down for `began`, touch-up for `ended`). A held call that is never delivered (a
/// recognizer took the touch) is G3's, not a delay.
struct HeldCalls {
    struct Late {
        var recognizer: GestureRecognizerRef
        var phases: [(phase: TouchPhase, seconds: Double)]
    }

    private var holders: [TouchPhase: [GestureRecognizerRef]] = [:]
    private var failedAt: [GestureRecognizerRef: Double] = [:]
    private var deliveredAt: [TouchPhase: Double] = [:]

    mutating func hold(_ phase: TouchPhase, by recognizers: [GestureRecognizerRef]) {
        guard !recognizers.isEmpty, holders[phase] == nil else { return }
        holders[phase] = recognizers
    }

    mutating func failed(_ recognizer: GestureRecognizerRef, at time: Double) {
        if failedAt[recognizer] == nil { failedAt[recognizer] = time }
    }

    mutating func delivered(_ phase: TouchPhase, at time: Double) {
        if deliveredAt[phase] == nil { deliveredAt[phase] = time }
    }

    /// The recognizers that made a call late, each with the phases it held and by how long: per
    /// phase, the declared holders that failed, the one that failed last (those, when several
    /// fail at once) being the one that kept the call back, from the finger's own time until
    /// it failed or the call went out. At least 1 ms; a call released at the finger's own time
    /// is not late.
    func late() -> [Late] {
        var result: [Late] = []
        for phase in [TouchPhase.began, .ended] {
            guard let recognizers = holders[phase], let delivered = deliveredAt[phase] else { continue }
            let own = phase == .began ? 0 : TouchSample.tapDuration
            let delays = recognizers.compactMap { r in failedAt[r].map { (r, min($0, delivered) - own) } }
            guard let longest = delays.map(\.1).max(), longest >= 0.001 else { continue }
            for (recognizer, seconds) in delays where abs(seconds - longest) < 1e-9 {
                if let k = result.firstIndex(where: { $0.recognizer == recognizer }) {
                    result[k].phases.append((phase, seconds))
                } else {
                    result.append(Late(recognizer: recognizer, phases: [(phase, seconds)]))
                }
            }
        }
        return result
    }
}
