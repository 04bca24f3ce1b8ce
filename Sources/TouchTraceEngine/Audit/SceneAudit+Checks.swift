extension SceneAudit {
    /// The findings about one target: off screen, else empty, else undersized (one cause, one
    /// finding, while the rule that explains it is on).
    static func targetFindings(_ target: AuditTarget, map: HitRegionMap, options: AuditOptions) -> [AuditFinding] {
        if case .skipped = target.outcome { return [] }
        let scene = map.scene
        let v = target.view
        let id = scene.views[v].id
        let region = target.region

        if let box = map.touchAreaBox(of: v), let window = map.window(of: v),
            !scene.windows.contains(where: { map.touchAreaBox(of: $0)?.overlap(box) != nil })
        {
            let severity = options.severity(of: .offScreen)
            if severity != .off {
                let windowBox = map.touchAreaBox(of: window).map(describe) ?? "no area"
                let message = "\(id): off screen: its touch area (\(describe(box)) in window coordinates) lies outside every window (\(scene.views[window].id): \(windowBox))"
                return [AuditFinding(rule: .offScreen, severity: severity, view: v, message: message, blockers: region.blockers)]
            }
        }

        if region.isEmpty {
            let severity = options.severity(of: .emptyHitRegion)
            if severity != .off {
                let message = "\(id): effective hit region is empty; " + emptinessReason(region, scene: scene)
                return [AuditFinding(rule: .emptyHitRegion, severity: severity, view: v, message: message, measured: .zero, blockers: region.blockers)]
            }
        }

        let minimum = options.profile.minimum
        let undersized = target.measured.map { !fits($0, minimum) } ?? true
        var severity = options.severity(of: .targetSize)
        guard undersized, target.outcome != .passedBySpacing, severity != .off else { return [] }
        // A stock control at its system size, nothing covering it: UIKit draws it so. WCAG 2.5.8
        // exempts a control whose size the platform sets and the author did not change; the other
        // profiles report it as a warning (docs/audit.md says why, with the sources).
        var stockNote: String?
        if region.blockers.isEmpty, let stock = stockControl(v, scene: scene) {
            if case .wcag258 = options.profile { return [] }
            if severity == .error { severity = .warn }
            stockNote = "a stock \(stock) at its system size, as UIKit draws it (a warning, not an error: docs/audit.md)"
        }
        let size = target.measured.map { Size(width: $0.width, height: $0.height) } ?? .zero
        var message = "\(id): effective hit region \(describe(size)) pt (profile \(options.profile.name) needs \(describe(minimum)))"
        var reasons: [String] = []
        if let own = region.touchAreaRectangle, !fits(own, minimum) {
            reasons.append("its touch area is only \(describe(Size(width: own.width, height: own.height))) pt")
        } else if region.touchAreaRectangle == nil {
            reasons.append("its touch area is empty")
        }
        reasons += sentences(region, scene: scene, limit: 2)
        if let other = target.spacingConflict {
            reasons.append("its \(RegionFormat.measure(TouchTargetConstants.wcagSpacingCircleDiameter)) pt spacing circle meets \(scene.views[other].id) (no spacing exception)")
        }
        if let stockNote { reasons.append(stockNote) }
        if !reasons.isEmpty { message += "; " + reasons.joined(separator: "; ") }
        return [AuditFinding(rule: .targetSize, severity: severity, view: v, message: message, threshold: minimum, measured: size, blockers: region.blockers)]
    }

    /// The UIKit class name of a stock control left at its system size
    /// (`TouchTargetConstants.stockSystemSizes`), or nil: a subclass (another `customClass`), a
    /// changed touch area, or a size the developer chose.
    static func stockControl(_ v: Int, scene: Scene) -> String? {
        let node = scene.views[v]
        let name = node.viewClass.rawValue
        if let custom = node.customClass, custom != name { return nil }
        guard case .bounds = node.pointInside else { return nil }
        let b = node.geometry.bounds.size
        let tol = TouchTargetConstants.stockSizeTolerance
        let atSystemSize = TouchTargetConstants.stockSystemSizes.contains { entry in
            entry.viewClass == node.viewClass && abs(b.height - entry.size.height) <= tol
                && (entry.size.width == 0 || abs(b.width - entry.size.width) <= tol)
        }
        return atSystemSize ? name : nil
    }

    /// Why a region is empty: its touch area is empty, or what blocks it.
    static func emptinessReason(_ region: HitRegion, scene: Scene) -> String {
        if region.touchArea < TouchTargetConstants.negligibleArea, region.unreachable == nil {
            let node = scene.views[region.view]
            if case .never = node.pointInside { return "its touch area is empty (pointInside never, H9)" }
            let b = node.geometry.bounds.size
            return "its touch area is empty (bounds \(describe(b)) pt, H2)"
        }
        let list = sentences(region, scene: scene, limit: 3)
        return list.isEmpty ? "nothing reaches it" : list.joined(separator: "; ")
    }

    /// The blockers' sentences, largest first, at most `limit` and a count of the rest.
    static func sentences(_ region: HitRegion, scene: Scene, limit: Int) -> [String] {
        guard let box = region.touchAreaBox ?? region.blockers.first?.extent else { return [] }
        var list = region.blockers.prefix(limit).map {
            $0.sentence(of: region.view, in: scene, touchBox: box, touchArea: region.touchArea)
        }
        if region.blockers.count > limit { list.append("and \(region.blockers.count - limit) more") }
        return list
    }

    static func describe(_ s: Size) -> String { "\(RegionFormat.measure(s.width))×\(RegionFormat.measure(s.height))" }

    static func describe(_ r: Rect) -> String {
        "\(RegionFormat.measure(r.minX)), \(RegionFormat.measure(r.minY)), \(describe(r.size)) pt"
    }

    /// The layout checks (L6), from the scene's Auto Layout system; findings about hidden views
    /// are left out.
    static func layoutFindings(_ scene: Scene, options: AuditOptions) -> [AuditFinding] {
        let unsatisfiable = options.severity(of: .unsatisfiableConstraints)
        let ambiguous = options.severity(of: .ambiguousLayout)
        guard unsatisfiable != .off || ambiguous != .off else { return [] }
        let system = AutoLayoutSystem(scene: scene)
        guard !system.views.isEmpty else { return [] }
        var out: [AuditFinding] = []
        if unsatisfiable != .off {
            for conflict in system.brokenConstraints where !scene.isHiddenInTree(conflict.broken.view) {
                let broken = conflict.broken
                let message = "\(scene.views[broken.view].id): unsatisfiable constraints: Auto Layout broke \(broken.description(in: scene)) (L6)"
                    + (conflict.involved.isEmpty ? "" : ", which conflicts with " + conflict.involved.map { $0.description(in: scene) }.joined(separator: ", "))
                out.append(AuditFinding(
                    rule: .unsatisfiableConstraints, severity: unsatisfiable, view: broken.view, message: message, blockers: [], conflict: conflict))
            }
        }
        if ambiguous != .off {
            for v in system.ambiguousViews where !scene.isHiddenInTree(v) {
                let message = "\(scene.views[v].id): ambiguous layout: its constraints do not determine its frame (L6)"
                out.append(AuditFinding(rule: .ambiguousLayout, severity: ambiguous, view: v, message: message, blockers: []))
            }
        }
        return out
    }
}
