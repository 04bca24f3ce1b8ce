/// Rule H10: a view in a running animation. Two things follow from it, each a cause: the
/// animation switches touches off (`animating`), or the point is where the view is drawn now,
/// not where hit testing looks for it (`animationPresentationElsewhere`).
extension DiagnosisFindings {
    /// H10: `node` (the view or an ancestor on the path) is in an animation that switches
    /// touches off. Checked with H1's flags, in the hit test's order (after alpha, before H7).
    mutating func checkAnimation(of node: Int) {
        guard scene.views[node].animationDisablesInteraction, let animation = scene.views[node].animation else { return }
        let skips = node == view ? "hit testing skips it" : "hit testing skips it and every view inside it, \(name(view)) included"
        let detail: String
        let fix: String
        switch animation.kind {
        case .propertyAnimator:
            detail = "\(name(node)) is animated by a UIViewPropertyAnimator whose isUserInteractionEnabled is false: "
                + "touch events are ignored in animated views for the duration of the animation, so \(skips) (H10)"
            fix = "leave the property animator's isUserInteractionEnabled at true (its default) for \(name(node)), or wait for the animation to end"
        case .uiViewAnimate, .coreAnimation:
            detail = "\(name(node)) is in a UIView animation without .allowUserInteraction: during the animation user interactions "
                + "are disabled for the views being animated, whatever isUserInteractionEnabled says, so \(skips) (H10)"
            fix = "add .allowUserInteraction to the options of the UIView animation of \(name(node)) "
                + "(or animate it with a UIViewPropertyAnimator, which lets touches through by default)"
        }
        add(Diagnosis.Cause(kind: .animating, view: node, rule: .H10, detail: detail), fix: fix)
    }

    /// H10: the point is on `node`'s presentation frame (where it is drawn mid-animation) and
    /// off its model frame, which hit testing uses (where the animation ends). `inSuperview` is
    /// the point in `node`'s superview's coordinates.
    mutating func presentationElsewhere(_ node: Int, drawn: Rect, inSuperview p: Point) {
        let model = scene.views[node].geometry.frame
        let isSelf = node == view
        let drawnNow = isSelf ? "mid-animation" : "as \(name(node)) is drawn mid-animation"
        let moving = isSelf ? "its" : "\(name(node))'s"
        var detail = "\(DiagnosisFormat.point(p)) in \(scene.views[node].parent.map(name) ?? "screen") coordinates is on \(name(view)) where it is drawn now, "
            + "\(drawnNow) (\(moving) presentation layer, \(DiagnosisFormat.rect(drawn))), but hit testing uses \(moving) model frame, "
            + "where the animation ends (\(DiagnosisFormat.rect(model))), and there \(name(view)) is not under the point (H10)"
        if scene.views[node].animation?.kind == .propertyAnimator {
            detail += "; a property animator's own hit testing of animating views (isManualHitTestingEnabled = false) is not documented further, so this follows the model frame"
        }
        add(
            Diagnosis.Cause(kind: .animationPresentationElsewhere, view: node, rule: .H10, detail: detail),
            fix: "override \(name(node))'s hitTest(_:with:) to test layer.presentation()'s frame while it animates, "
                + "or wait for the animation to end (then it is at \(DiagnosisFormat.rect(model)))")
    }

    /// Once the point is explained by a presentation frame, the views at and below `node` are
    /// off the point only because of the animation: their "outside the bounds" causes, and the
    /// fixes that move or resize them, say nothing more.
    mutating func dropGeometry(from nodes: ArraySlice<Int>) {
        let moved = Set(nodes)
        func drop(_ kind: Diagnosis.Cause.Kind, _ v: Int) -> Bool {
            moved.contains(v) && (kind == .outsideSuperviewBounds || kind == .zeroSize || kind == .hitTestOverride)
        }
        causes.removeAll { cause in
            drop(cause.kind, cause.view) && (cause.kind != .hitTestOverride || cause.override == .pointInside)
        }
        fixes.removeAll { fix in drop(fix.kind, fix.view) && !causes.contains { $0.kind == fix.kind && $0.view == fix.view } }
    }
}

extension Diagnoser {
    /// H10: whether `point` (in the window's coordinates) is on the view where it is drawn now
    /// (every `presentationFrame` on the path applied: an ancestor drawn elsewhere carries its
    /// subviews along) and off it where hit testing looks (the model geometry). Then the answer
    /// is the outermost view on `path` (the window down to the view) drawn away from its model
    /// frame, with its presentation frame and the point in its superview's drawn coordinates.
    /// A presentation frame is an axis-aligned rectangle in the superview's coordinates; the
    /// view's bounds are mapped onto it (a transform of the view is not applied again).
    func drawnElsewhere(_ path: [Int], at point: Point) -> (index: Int, drawn: Rect, inSuperview: Point)? {
        guard path.contains(where: { scene.views[$0].animation?.presentationFrame != nil }) else { return nil }
        let screen = scene.views[path[0]].geometry.convertToSuperview(point)
        var model: Point? = screen
        var drawnPoint: Point? = screen
        var moved: (index: Int, drawn: Rect, inSuperview: Point)?
        for (k, node) in path.enumerated() {
            let g = scene.views[node].geometry
            model = model.flatMap { g.convertFromSuperview($0) }
            guard let p = drawnPoint else { return nil }
            if let drawn = scene.views[node].animation?.presentationFrame {
                if moved == nil, drawn != g.frame { moved = (k, drawn, p) }
                guard drawn.size.width > 0, drawn.size.height > 0 else { return nil }
                let b = g.bounds
                drawnPoint = Point(
                    x: b.minX + (p.x - drawn.minX) * b.size.width / drawn.size.width,
                    y: b.minY + (p.y - drawn.minY) * b.size.height / drawn.size.height)
            } else {
                drawnPoint = g.convertFromSuperview(p)
            }
        }
        let view = path[path.count - 1]
        func on(_ q: Point?) -> Bool { q.map { scene.views[view].pointInside.contains($0, bounds: scene.views[view].geometry.bounds) } ?? false }
        guard let moved, on(drawnPoint), !on(model) else { return nil }
        return moved
    }
}
