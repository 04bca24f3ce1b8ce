/// The touch-target and layout audit of a whole scene.
///
/// Every control and every view with gesture recognizers (``HitRegionMap/targets``) is measured
/// by its effective hit region — what a finger can really reach, after occlusion, clipping (H4),
/// windows in front (H8) and `hitTest` overrides (H9) — not by its frame:
/// - `offScreen`: its touch area lies outside every window;
/// - `emptyHitRegion`: no point reaches it;
/// - `targetSize`: no rectangle of the profile's minimum fits in its region (measured along its
///   own axes); WCAG 2.5.8's spacing exception is applied for `wcag-2.5.8`.
/// One cause gives one finding: an off-screen target is not also reported empty, an empty one
/// not also undersized (while the rule that explains it is on). Targets that are disabled (H7),
/// hidden or transparent (H1, themselves or an ancestor) or partly scrolled out of a scroll view
/// are skipped, with the reason in the report. The layout checks read the Auto Layout system of
/// the scene (L6): `unsatisfiableConstraints` and `ambiguousLayout`.
public enum SceneAudit {
    /// Audits a prepared scene (after its initial layout cycle, as for any request). Throws
    /// `InputError.invalidRequest` when the allow-list names a view the scene does not have.
    public static func run(_ prepared: PreparedScene, options: AuditOptions, pointers: ViewPointers? = nil) throws(InputError) -> AuditReport {
        let laidOut = prepared.laidOut
        var problems: [SceneProblem] = []
        for entry in options.allow where laidOut.viewIndex(entry.view) == nil {
            problems.append(SceneProblem(pointer: entry.pointer + "/view", message: "the allow-list names \"\(entry.view)\", which is not a view of the scene"))
        }
        if !problems.isEmpty { throw .invalidRequest(problems) }
        let map = HitRegionMap(scene: laidOut, limits: prepared.limits)
        let report = run(map, options: options, pointers: pointers)
        // Past the region work or the time, the regions measured are unfinished: no answer.
        if map.work.exceeded, !prepared.limits.budget.isExhausted { throw .tooComplex([map.work.problem]) }
        return report
    }

    /// Audits the scene of `map` (already laid out).
    public static func run(_ map: HitRegionMap, options: AuditOptions, pointers: ViewPointers? = nil) -> AuditReport {
        let scene = map.scene
        var findings: [AuditFinding] = []
        var targets = map.targets.map { v in measure(v, map: map, options: options) }
        spacingPass(&targets, map: map, options: options)
        for (i, target) in targets.enumerated() {
            let own = targetFindings(target, map: map, options: options)
            if !own.isEmpty { targets[i].outcome = .failed }
            findings += own
        }
        findings += layoutFindings(scene, options: options)

        // Document order of the views, then the rules' order.
        var order = Array(repeating: Int.max, count: scene.views.count)
        for (k, v) in map.shapes.preorder.enumerated() { order[v] = k }
        var rank: [AuditRule: Int] = [:]
        for (k, rule) in AuditRule.allCases.enumerated() { rank[rule] = k }
        findings.sort {
            order[$0.view] != order[$1.view]
                ? order[$0.view] < order[$1.view]
                : rank[$0.rule, default: 0] < rank[$1.rule, default: 0]
        }
        var counted: [AuditFinding] = []
        var allowed: [(finding: AuditFinding, reason: String)] = []
        for f in findings {
            if let entry = options.allow.first(where: { $0.covers(view: scene.views[f.view].id, rule: f.rule) }) {
                allowed.append((f, entry.reason))
            } else {
                counted.append(f)
            }
        }
        return AuditReport(scene: scene, options: options, findings: counted, allowed: allowed, targets: targets, pointers: pointers)
    }

    /// The region of a target, the rectangle that best fits the profile, and whether it is
    /// skipped.
    static func measure(_ v: Int, map: HitRegionMap, options: AuditOptions) -> AuditTarget {
        let region = map.region(of: v)
        let minimum = options.profile.minimum
        var measured = region.largestRectangle
        if let r = measured, !fits(r, minimum) { measured = region.bestRectangle(for: minimum, work: map.work) }
        var target = AuditTarget(view: v, region: region, measured: measured, outcome: .passed)
        if let skip = skipReason(region, map: map) {
            target.outcome = .skipped(skip)
        } else if measured.map({ !fits($0, minimum) }) ?? true {
            target.outcome = .failed
        }
        return target
    }

    static func fits(_ r: InscribedRectangle, _ minimum: Size) -> Bool {
        let tol = TouchTargetConstants.regionTolerance
        return r.width >= minimum.width - tol && r.height >= minimum.height - tol
    }

    /// Why a target is not measured: disabled (H7), hidden or transparent (H1, itself or an
    /// ancestor), in a running animation that switches touches off for now (H10), or, inside a scroll view, partly scrolled out of its view or under a view that
    /// does not scroll with it (a bar, a window in front; S3: scrolling moves it) — none of which
    /// is a defect of the screen as designed.
    static func skipReason(_ region: HitRegion, map: HitRegionMap) -> String? {
        let scene = map.scene
        let v = region.view
        if let u = region.unreachable {
            let name = scene.views[u.view].id
            switch u.reason {
            case .disabledControl where u.view == v: return "disabled (H7)"
            case .hidden: return u.view == v ? "hidden (H1)" : "inside hidden ancestor \(name) (H1)"
            case .transparent: return u.view == v ? "alpha below 0.01 (H1)" : "inside \(name), whose alpha is below 0.01 (H1)"
            case .notInWindow: return "not in any window"
            case .animating:
                return u.view == v ? "animating without user interaction (H10; touches return when it ends)"
                    : "inside \(name), animating without user interaction (H10; touches return when it ends)"
            default: break
            }
        }
        // The nearest scroll view above the target.
        var scroller = scene.views[v].parent
        while let s = scroller, !scene.views[s].viewClass.isScrollView { scroller = scene.views[s].parent }
        guard let scroller else { return nil }
        let name = scene.views[scroller].id
        for b in region.blockers {
            guard let blocker = b.view else { continue }
            let covers = switch b.relation {
            case .covered(.laterSibling), .covered(.laterSiblingOfAncestor), .covered(.frontWindow): true
            default: false
            }
            if b.relation == .outsideAncestor, map.shapes.isInSubtree(scroller, of: blocker) {
                return "partly scrolled out of view of \(name) (S3)"
            }
            if covers, !map.shapes.isInSubtree(blocker, of: scroller) {
                return "partly under \(scene.views[blocker].id), which does not scroll with \(name) (S3)"
            }
        }
        return nil
    }
}
