/// Auto Layout inside the layout pass (rules L3 and L6).
extension LayoutEngine {
    /// The Auto Layout part of `UIView.layoutSubviews()`: the subviews of `view` that constraints
    /// position (``AutoLayoutSystem/positioned``) get the pass's solved frame — `center` from its middle,
    /// `bounds.size` from its size, the bounds origin kept, the transform ignored (Auto Layout
    /// works on the untransformed frame). A new size marks the subview (`boundsSizeChanged`; it
    /// is laid out later in the same pre-order pass) and autoresizes its own subviews (L5), but
    /// does not mark `view` again: the change comes from `view`'s own layout, as in UIKit.
    mutating func applyAutoLayout(toSubviewsOf view: Int, positioned: Set<Int>) {
        for sub in scene.views[view].subviews where positioned.contains(sub) {
            // The frame read when the pass's system was made (the same value), else asked now.
            guard let frame = sub < solvedFrames.count ? solvedFrames[sub] : autoLayout?.frame(of: sub) else { return }
            let center = Point(x: frame.midX, y: frame.midY)
            if scene.views[sub].geometry.center != center { setCenter(center, of: sub) }
            // The subview's own size changed (L2); its superview is the one laying out.
            setBoundsSize(frame.size, of: sub, reason: .boundsSizeChanged, marksSuperview: false)
        }
    }
}

extension LayoutEngine {
    /// The start of an outermost layout pass (L6): solves the scene's constraints once for the
    /// pass and marks the superview of every view the solution moves or resizes
    /// (`constraintsChanged`), as UIKit's engine does when its variables change — so a new
    /// intrinsic size, priority, arranged subview or window size reaches views whose superview
    /// nothing else marked. Views already marked are left as they are.
    ///
    /// The system is kept from pass to pass: when only window sizes and constraint constants
    /// changed since it was solved, it is re-solved incrementally (the issue's "keep a solved
    /// system"); any other change builds it again from the scene.
    mutating func markAutoLayoutChanges() {
        var system: AutoLayoutSystem
        if var kept = autoLayout, let edits = autoLayoutEdits {
            if !edits.isEmpty { kept.budget = limits.budget }
            system = edits.isEmpty ? kept : (kept.applying(edits) ?? AutoLayoutSystem(scene: scene, budget: limits.budget, maxCells: limits.maxSolverCells))
        } else {
            system = AutoLayoutSystem(scene: scene, budget: limits.budget, maxCells: limits.maxSolverCells)
        }
        autoLayout = system
        autoLayoutEdits = []
        if let problem = system.tooComplex, !complexity.contains(problem) { complexity.append(problem) }
        guard !system.positioned.isEmpty else { return }
        // Every positioned view's frame, read once for this system: the pass applies the same
        // frames (`applyAutoLayout`), so the solvers are asked four values per view once.
        var frames = [Rect](repeating: .zero, count: scene.views.count)
        for v in system.positioned where v < frames.count { frames[v] = system.frame(of: v) }
        solvedFrames = frames
        var superviews: [Int] = []
        for v in system.positioned {
            guard let parent = scene.views[v].parent, !needsLayout(parent) else { continue }
            let solved = frames[v]
            let geometry = scene.views[v].geometry
            let moved = abs(geometry.center.x - solved.midX) > 1e-9 || abs(geometry.center.y - solved.midY) > 1e-9
            let resized = abs(geometry.bounds.size.width - solved.size.width) > 1e-9
                || abs(geometry.bounds.size.height - solved.size.height) > 1e-9
            if moved || resized { superviews.append(parent) }
        }
        for parent in Set(superviews).sorted() where !needsLayout(parent) { mark(parent, .constraintsChanged) }
    }
}
