import TouchTraceEngine

/// The starter expectation file of `touchtrace check --init` (and `POST /v1/check/init`): what
/// the design file itself declares, written as steps, so that the first useful check costs no
/// typing. Per control or tappable view the file wires (control targets: actions and the
/// segues a control triggers; tap recognizers: Figma's, Penpot's and Sketch's prototype links):
///
/// - reachable (a non-empty effective hit region, docs/audit.md): a `tapOn` at its centre, or at
///   the centre of the largest rectangle a finger reaches when its centre is covered, expecting
///   the hit view and every action the file declares for the events a tap sends (touch-down,
///   touch-up inside, the primary action, a switch's value change), with the target the file
///   names;
/// - actions on events a tap does not send (editing, a slider's value, drags): a `sendActions`
///   step for them, expecting the same;
/// - unreachable (hidden, disabled, covered, clipped): `assertNotHittable` with the reason the
///   regions give, and a comment saying it.
///
/// Then `assertTouchTargets` and `assertLayout`, with what the audit finds today in the header's
/// allow-list (each to review), so that the file passes on the unchanged design and fails on
/// what changes: a covered button, a rewired action, a new undersized target. Views are named
/// by the most stable selector the scene has: the accessibility identifier, else the design
/// tool's object id, else the scene id. Pure: the scene in, the text out.
public enum StarterExpectations {
    /// What the starter file holds, for reports and tests.
    public struct Result: Sendable {
        public var text: String
        public var taps: Int
        public var sendActions: Int
        public var notHittable: Int
        /// Wired views left without a step, each with why (a recognizer a tap does not fire).
        public var skipped: [String]
        public var steps: Int { taps + sendActions + notHittable + 2 }
    }

    /// How the header names the scene: `scene: Main.storyboard`, or the reference with its
    /// options, or a stored scene's id.
    public static func header(file: String, scene: String?, controller: String?, frame: String?, canvas: Bool) -> String {
        var members: [(String, String)] = [("file", YAMLText.scalar(file))]
        if let scene { members.append(("scene", YAMLText.scalar(scene))) }
        if let controller { members.append(("controller", YAMLText.scalar(controller))) }
        if let frame { members.append(("frame", YAMLText.scalar(frame))) }
        if canvas { members.append(("canvas", "true")) }
        return members.count == 1 ? YAMLText.scalar(file) : YAMLText.flow(members)
    }

    static func middle(_ corners: [Point]) -> Point {
        Point(x: corners.map(\.x).reduce(0, +) / Double(max(corners.count, 1)), y: corners.map(\.y).reduce(0, +) / Double(max(corners.count, 1)))
    }

    public static func make(
        _ prepared: PreparedScene, sceneHeader: String, name: String, command: String, warnings: [String] = [], limits: SceneLimits
    ) -> Result {
        let scene = prepared.laidOut
        let map = HitRegionMap(scene: scene)
        // What the file itself shows: its own frames, before TouchTrace's layout pass.
        let fileMap = HitRegionMap(scene: prepared.scene)
        var steps: [String] = []
        var result = Result(text: "", taps: 0, sendActions: 0, notHittable: 0, skipped: [])
        let window = HitTester(scene: scene).windowOrder.first

        for v in scene.views.indices where scene.isAttached(v) && !scene.views[v].isWindow {
            let node = scene.views[v]
            let controlTargets = node.control?.targets ?? []
            let recognizerTargets = node.gestureRecognizers.filter { $0.enabled && !$0.targets.isEmpty }
            guard !controlTargets.isEmpty || !recognizerTargets.isEmpty else { continue }
            let selector = selector(of: v, in: scene)
            let what = describe(v, in: scene)
            let region = map.region(of: v)
            // Unreachable after layout, but reachable in the file's own frames: the file shows a
            // control a finger reaches, so it gets its tap (which fails if the layout is wrong,
            // and the failure says why); only what the file itself shows unreachable is asserted so.
            var layoutNote: String?
            if region.isEmpty, v < prepared.scene.views.count, !fileMap.region(of: v).isEmpty {
                let reason = CheckRunner.reason(of: v, region: region, map: map)
                layoutNote = "reachable in the file's own frames, but after layout " + reason.sentence
            }
            if region.isEmpty, layoutNote == nil {
                let reason = CheckRunner.reason(of: v, region: region, map: map)
                var members: [(String, String)] = [("view", selector), ("reason", reason.0.rawValue)]
                if let by = reason.by, reason.0 == .coveredBy { members.append(("by", YAMLText.scalar(scene.views[by].id))) }
                steps.append("  # \(YAMLText.comment(what)) is wired (\(YAMLText.comment(declared(controlTargets, recognizerTargets)))) but no touch reaches it: \(YAMLText.comment(reason.sentence))")
                steps.append("  - assertNotHittable: " + YAMLText.flow(members))
                result.notHittable += 1
                continue
            }
            // Where to tap: the view's centre, else the centre of the largest rectangle a finger
            // reaches, else of another piece of the region — the first where the touch lands on
            // the view or on a subview that leaves it the touch (a button inside a view with a
            // tap recognizer keeps its touches, G1).
            let frame = scene.windowFrame(of: v)
            let centre = Point(x: frame.midX, y: frame.midY)
            var candidates = [centre]
            if let box = region.largestRectangle { candidates.append(Self.middle(box.corners)) }
            candidates += region.polygons.prefix(16).map(Self.middle)
            // Then a grid over the view, nearest the centre first.
            let fractions = [0.5, 0.3, 0.7, 0.1, 0.9]
            for fy in fractions {
                for fx in fractions { candidates.append(Point(x: frame.minX + fx * frame.size.width, y: frame.minY + fy * frame.size.height)) }
            }
            let chosen = candidates.first { p in
                guard region.contains(p), let hit = map.tester.hitTest(p, inWindow: window, traced: false).hitView else { return false }
                return hit == v || scene.views[hit].control == nil && map.touch(hitting: hit, reaches: v)
            } ?? centre
            var location = selector
            var point = centre
            if chosen != centre, let local = localPoint(chosen, of: v, in: scene, window: window) {
                // `at` is measured from the bounds' origin, as the runner reads it.
                let bounds = node.geometry.bounds
                let x = round2(local.x - bounds.minX), y = round2(local.y - bounds.minY)
                point = chosen
                location = YAMLText.flow([("view", selector), ("at", YAMLText.scalar(YAMLText.number(x) + ", " + YAMLText.number(y)))])
            }
            // What a tap there hits (for hitView) and which responder a nil-targeted action reaches.
            let grid = CheckRunner.gridSteps
            let tapPoint = Point(x: (point.x * grid).rounded() / grid, y: (point.y * grid).rounded() / grid)
            var hitID: String?
            var sent: [SentAction] = []
            if let request = try? TouchRequest.decode(.obj(["tap": tapPoint.json])) {
                var request = request
                request.tracesHitTests = true
                if let answer = try? TouchTrace.touches(request, in: prepared, limits: limits) {
                    if let hit = answer.hitTests.first?.trace.hitView { hitID = answer.hitTests.first?.scene.views[hit].id }
                    sent = answer.actions
                }
            }
            var tapActions: [String] = []
            var otherEvents: [String] = []
            var otherActions: [String] = []
            var comments: [String] = []
            // A tap on a button (or a plain control) sends its primary action; a text field's is
            // Return, a slider's and a stepper's a value change (C2–C4).
            var tapOn: ControlEvents = [.touchDown, .touchUpInside]
            switch node.viewClass {
            case .UIButton, .UIControl: tapOn.formUnion(.primaryActionTriggered)
            case .UISwitch: tapOn.formUnion([.valueChanged, .primaryActionTriggered])
            default: break
            }
            for registration in controlTargets {
                for (eventName, event) in ControlEvents.named where registration.events.contains(event) && event.rawValue.nonzeroBitCount == 1 {
                    let target = registration.target ?? sent.first { $0.action == registration.action && $0.sender == node.id }?.target
                    var members: [(String, String)] = [("selector", YAMLText.scalar(registration.action))]
                    if registration.target != nil || target != nil { members.append(("target", target.map(YAMLText.scalar) ?? "null")) }
                    members.append(("event", eventName))
                    if tapOn.contains(event) {
                        tapActions.append(YAMLText.flow(members))
                    } else {
                        if !otherEvents.contains(eventName) { otherEvents.append(eventName) }
                        otherActions.append(YAMLText.flow(members))
                    }
                    comments.append(connection(registration.action, target: registration.target, event: eventName))
                }
            }
            for recognizer in recognizerTargets {
                guard recognizer.kind == .tap, recognizer.numberOfTapsRequired <= 1, recognizer.numberOfTouchesRequired <= 1 else {
                    result.skipped.append("\(node.id): its \(recognizer.kind.rawValue) recognizer \(recognizer.id) (a tap does not fire it)")
                    continue
                }
                for t in recognizer.targets {
                    var members: [(String, String)] = [("selector", YAMLText.scalar(t.action))]
                    if let target = t.target { members.append(("target", YAMLText.scalar(target))) }
                    tapActions.append(YAMLText.flow(members))
                    comments.append(connection(t.action, target: t.target, event: "a tap (\(recognizer.id))"))
                }
            }
            if !tapActions.isEmpty || hitID == node.id || layoutNote != nil {
                steps.append("  # \(YAMLText.comment(what)): " + YAMLText.comment(comments.joined(separator: "; ")))
                if let layoutNote { steps.append("  # " + YAMLText.comment(layoutNote) + " (if this step fails, the layout is the cause)") }
                steps.append("  - tapOn: " + location)
                var expect: [String] = []
                if hitID == node.id || layoutNote != nil { expect.append("      hitView: " + selector) }
                if tapActions.count == 1, let only = tapActions.first {
                    expect.append("      action: " + only)
                } else if tapActions.count > 1 {
                    expect.append("      actionsInclude:")
                    expect += tapActions.map { "        - " + $0 }
                }
                if !expect.isEmpty {
                    steps.append("    expect:")
                    steps += expect
                }
                result.taps += 1
            }
            if !otherEvents.isEmpty {
                steps.append("  # \(YAMLText.comment(what)) on events a tap does not send, from code:")
                steps.append("  - sendActions: " + YAMLText.flow([("sender", YAMLText.scalar(node.id)), ("events", "[" + otherEvents.joined(separator: ", ") + "]")]))
                steps.append("    expect:")
                if otherActions.count == 1, let only = otherActions.first {
                    steps.append("      action: " + only)
                } else {
                    steps.append("      actionsInclude:")
                    steps += otherActions.map { "        - " + $0 }
                }
                result.sendActions += 1
            }
        }

        // Today's audit findings, allowed with a reason to review, so that only new ones fail.
        let audit = SceneAudit.run(map, options: AuditOptions())
        var allow: [String: [String]] = [:]
        var allowOrder: [String] = []
        for finding in audit.findings where finding.severity == .error {
            let id = scene.views[finding.view].id
            if allow[id] == nil { allowOrder.append(id) }
            if allow[id]?.contains(finding.rule.rawValue) != true { allow[id, default: []].append(finding.rule.rawValue) }
        }

        var lines: [String] = [
            "# A starter expectation file, written by `\(YAMLText.comment(command))` from the design",
            "# file's own connections (docs/check.md): a tap per wired, reachable control with the",
            "# actions the file declares, assertNotHittable for the wired controls no touch reaches,",
            "# and the touch-target and layout audits. Run it with `touchtrace check FILE`; edit it freely.",
        ]
        if !warnings.isEmpty {
            lines.append("# The import approximated \(warnings.count) thing\(warnings.count == 1 ? "" : "s") (touchtrace check lists them).")
        }
        lines.append("name: " + YAMLText.scalar(name))
        lines.append("scene: " + sceneHeader)
        if !allowOrder.isEmpty {
            lines.append("audit:")
            lines.append("  # What the audit found when this file was written: fix each, or keep it with a better reason.")
            lines.append("  allow:")
            for id in allowOrder {
                let rules = allow[id] ?? []
                lines.append("    - " + YAMLText.flow([
                    ("view", YAMLText.scalar(id)), ("rules", "[" + rules.joined(separator: ", ") + "]"),
                    ("reason", YAMLText.scalar("found when check --init wrote this file; review it")),
                ]))
            }
        }
        lines.append("steps:")
        lines += steps
        for skipped in result.skipped { lines.append("  # not checked: " + YAMLText.comment(skipped)) }
        lines.append("  - assertTouchTargets: {}")
        lines.append("  - assertLayout: {}")
        result.text = lines.joined(separator: "\n") + "\n"
        return result
    }

    /// The most stable way to name a view: its accessibility identifier when no other view has
    /// it, else the design tool's id when the scene was imported, else its scene id.
    static func selector(of v: Int, in scene: Scene) -> String {
        let node = scene.views[v]
        if let a = node.accessibilityIdentifier, scene.views.filter({ $0.accessibilityIdentifier == a }).count == 1 {
            return YAMLText.flow([("accessibilityIdentifier", YAMLText.scalar(a))])
        }
        if let origin = scene.origin, let source = origin.ids[node.id], origin.ids.values.filter({ $0 == source }).count == 1 {
            let kind: String?
            switch origin.format {
            case "xib", "storyboard": kind = "ib"
            case "figma", "penpot", "sketch": kind = origin.format
            case let f where ViewSelector.dumpFormats.contains(f): kind = "dump"
            default: kind = nil
            }
            if let kind { return YAMLText.flow([(kind, YAMLText.scalar(source))]) }
        }
        return YAMLText.scalar(node.id)
    }

    /// `button "Pay" (payButton)`.
    static func describe(_ v: Int, in scene: Scene) -> String {
        let node = scene.views[v]
        let kind = node.customClass ?? node.viewClass.rawValue
        let text = node.text.map { " \"\($0.prefix(40))\"" } ?? ""
        return "\(kind)\(text) (\(node.id))"
    }

    /// `pay: → checkoutController on touchUpInside`, with what a segue or a prototype link means.
    static func connection(_ action: String, target: String?, event: String) -> String {
        var s = "\(action) → \(target ?? "the responder chain") on \(event)"
        // The Interface Builder importer names a segue by what it does and where it goes
        // (`show:TermsViewController`, docs/import-ib.md); the design importers a prototype link
        // by its destination node (`navigate:3:1`).
        let segues = [("show:", "a show segue to"), ("showDetail:", "a show-detail segue to"), ("present:", "a modal segue to"),
                      ("popover:", "a popover segue to"), ("replace:", "a replace segue to"), ("unwind:", "an unwind segue through"),
                      ("segue:", "a custom segue to"), ("performSegue:", "the segue")]
        if let (prefix, words) = segues.first(where: { action.hasPrefix($0.0) }) { s += " (\(words) \(action.dropFirst(prefix.count)))" }
        if action.hasPrefix("navigate:") { s += " (a prototype link to node \(action.dropFirst("navigate:".count)))" }
        return s
    }

    static func declared(_ controls: [TargetRegistration], _ recognizers: [GestureRecognizerConfig]) -> String {
        (controls.map(\.action) + recognizers.flatMap { $0.targets.map(\.action) }).joined(separator: ", ")
    }

    static func round2(_ x: Double) -> Double { (x * 100).rounded() / 100 }

    /// A point of the reference window (the front-most) in `v`'s bounds coordinates: up to the
    /// screen, into `v`'s window, down through each superview (H5). Nil when a transform on the
    /// way cannot be inverted.
    static func localPoint(_ p: Point, of v: Int, in scene: Scene, window: Int?) -> Point? {
        var chain: [Int] = []
        var u = v
        while true {
            chain.append(u)
            guard let parent = scene.views[u].parent else { break }
            u = parent
        }
        var q = p
        if let window, window != u {
            q = scene.views[window].geometry.convertToSuperview(q)
            guard let inWindow = scene.views[u].geometry.convertFromSuperview(q) else { return nil }
            q = inWindow
        }
        for w in chain.reversed().dropFirst() {
            guard let next = scene.views[w].geometry.convertFromSuperview(q) else { return nil }
            q = next
        }
        guard q.x.isFinite, q.y.isFinite else { return nil }
        return q
    }
}
