/// The diagnosis stage: is a view reachable by a tap at a point and, if not, every reason, typed
/// (``Diagnosis``).
///
/// Nothing here is a second implementation of hit testing: every answer comes from the scene's
/// `HitTester` (a branch's answer is one untraced `hitTest(view:localPoint:…)` of that branch),
/// and what happens after hit testing from a quick tap replayed by the `TouchSession` (the gesture
/// arena decides, as it does for a touches request). The walk only chooses which questions to
/// ask: it follows the path from the window down to the view, asking at each level what UIKit
/// asks there — the later siblings first (H3), then the view on the path (H1, H7, H2/H9) — and
/// carries on past every obstacle, so that `causes` holds all of them, not only the first.
///
/// Build one per scene (it keeps the scene and its hit tester) and ask it about many views; each
/// diagnosis costs a few hit tests of the branches beside the view's path, so O(views) at worst.
public struct Diagnoser: Sendable {
    public let scene: Scene
    public let tester: HitTester

    public init(scene: Scene) {
        self.scene = scene
        tester = HitTester(scene: scene)
    }

    public init(tester: HitTester) {
        scene = tester.scene
        self.tester = tester
    }

    /// Diagnoses `view` at `point` given in the coordinates of `window` (nil: the front-most
    /// window, as a hit-test request's points), converted into the view's window's through the
    /// screen (H8, H5). Nil when the point cannot be brought into the view's window (its
    /// transform cannot be inverted).
    public func diagnose(_ view: Int, at point: Point, fromWindow window: Int?) -> Diagnosis? {
        let root = scene.root(of: view)
        guard let from = window ?? tester.windowOrder.first, from != root, scene.views[root].isWindow else { return diagnose(view, at: point) }
        let screen = scene.views[from].geometry.convertToSuperview(point)
        return scene.views[root].geometry.convertFromSuperview(screen).map { diagnose(view, at: $0) }
    }

    /// Diagnoses `view` at `point` (in the coordinates of the view's window; by default the
    /// center of the view's bounds).
    public func diagnose(_ view: Int, at point: Point? = nil) -> Diagnosis {
        var path = [view]
        while let parent = scene.views[path[path.count - 1]].parent { path.append(parent) }
        path.reverse()
        let root = path[0]
        let point = point ?? center(of: view)
        var found = DiagnosisFindings(scene: scene, view: view, root: root)

        guard scene.views[root].isWindow else {
            found.notInWindow(root)
            return found.diagnosis(window: nil, point: point, hitView: tester.hitTest(point, traced: false).hitView)
        }
        let hitView = tester.hitTest(point, inWindow: root, traced: false).hitView
        // A touch that reaches the view (through a redirect into it, H9, when the point is not
        // even on it) has no hit-testing cause: only what happens after hit testing is asked.
        var touched = view
        if let hitView, reaches(hitView, view) {
            touched = hitView
        } else {
            // H10: where the view (or an ancestor) is drawn mid-animation is not where hit
            // testing looks; that is the cause, not the geometry the walk finds off the point.
            let drawn = drawnElsewhere(path, at: point)
            if let drawn { found.presentationElsewhere(path[drawn.index], drawn: drawn.drawn, inSuperview: drawn.inSuperview) }
            touched = walk(path, at: point, into: &found)
            if let drawn { found.dropGeometry(from: path[drawn.index...]) }
        }
        // After hit testing: a tap delivered to the view (or to the subview it reaches the view
        // through), replayed by the touch session and its gesture arena (G1–G5, S1).
        delivery(touching: touched, at: point, window: root, into: &found)
        found.nearBottomScreenEdge(point, window: root)
        // A view added to a cell itself, in a scene that holds no content view for the cell.
        for k in path.indices.dropLast() where found.isCell(path[k]) {
            let branch = path[k + 1]
            let others = scene.views[path[k]].subviews.filter { $0 != branch }
            if !found.isContentView(branch, of: path[k]), !others.contains(where: { found.mayBeContentView($0, of: path[k]) }) {
                found.contentViewUnknown(cell: path[k], branch: branch)
            }
        }
        return found.diagnosis(window: root, point: point, hitView: hitView)
    }

    /// The hit-testing causes, in the order hit testing meets them, along `path` (the window
    /// down to the view) for `point` in the window's coordinates. Returns the hit view of a tap
    /// that reaches the view once they are fixed: the view, or the subview that answers for it.
    func walk(_ path: [Int], at point: Point, into found: inout DiagnosisFindings) -> Int {
        let root = path[0]
        let view = path[path.count - 1]
        // Window coordinates → screen, as `HitTester.hitTest(_:inWindow:)` converts them; then
        // down the path: `points[k]` is the point in `path[k]`'s bounds coordinates (nil below a
        // transform that cannot be inverted, H5).
        let screen = scene.views[root].geometry.convertToSuperview(point)
        var points: [Point?] = [scene.views[root].geometry.convertFromSuperview(screen)]
        points.reserveCapacity(path.count)
        for k in path.indices.dropFirst() { points.append(points[k - 1].flatMap { scene.views[path[k]].geometry.convertFromSuperview($0) }) }
        let onView = points[path.count - 1].map { scene.views[view].pointInside.contains($0, bounds: scene.views[view].geometry.bounds) } ?? false
        // On the view's enlarged touch area (H9) but off its bounds: an ancestor has to hold the
        // touch area, not only the bounds.
        let onTouchAreaOnly = onView && !(points[path.count - 1].map { scene.views[view].geometry.bounds.contains($0) } ?? false)

        // An answer elsewhere that does not reach the view covers it; one redirected into the
        // view's subtree (H9) is taken by the subview on its way up instead (R3).
        func cover(_ coverer: Int, _ relation: Diagnosis.Cause.Cover, via: Int? = nil, answer: Int) {
            guard !reaches(answer, view) else { return }
            if scene.isView(answer, inSubtreeOf: view), let (taker, relation) = taker(from: answer, below: view) {
                if !found.causes.contains(where: { $0.kind == .coveredBy && $0.view == taker }) {
                    found.covered(by: taker, cover: relation, answer: answer, at: point)
                }
                return
            }
            found.covered(by: coverer, cover: relation, via: via, answer: answer, at: point)
        }
        // H8: the windows in front of the view's own are asked first.
        for window in tester.windowOrder {
            if window == root { break }
            if let answer = answer(of: window, at: scene.views[window].geometry.convertFromSuperview(screen)) {
                cover(window, .frontWindow, answer: answer)
            }
        }
        // From the window down to the view.
        for (k, node) in path.enumerated() {
            if k > 0, let p = points[k - 1] {
                // H3: the later siblings of the view on the path are asked before it.
                let siblings = scene.views[path[k - 1]].subviews
                if let index = siblings.firstIndex(of: node) {
                    for sibling in siblings[(index + 1)...].reversed() {
                        guard let answer = answer(of: sibling, at: scene.views[sibling].geometry.convertFromSuperview(p)) else { continue }
                        cover(sibling, node == view ? .laterSibling : .laterSiblingOfAncestor, via: node, answer: answer)
                    }
                }
            }
            if points[k] == nil, k == 0 || points[k - 1] != nil { found.squashed(node) }
            found.checkState(of: node)
            if let q = points[k] { found.checkInside(node, q, pointOnView: onView, touchArea: onTouchAreaOnly) }
        }

        // The view's own answer: its subviews front to back (H3), then its override (H9).
        var touched = view
        if let q = points[path.count - 1] {
            var answer: Int?
            for child in scene.views[view].subviews.reversed() {
                if let a = self.answer(of: child, at: scene.views[child].geometry.convertFromSuperview(q)) {
                    answer = a
                    break
                }
            }
            switch scene.views[view].hitTest {
            case .passThroughSelf where answer == nil:
                found.overridden(view, .passThroughSelf)
            case let .redirect(target) where answer == nil && !reaches(target, view):
                found.overridden(view, .redirect(target))
            case .capture:
                answer = nil
            default:
                break
            }
            if let answer, answer != view {
                if !scene.isView(answer, inSubtreeOf: view) {
                    // A subview's `hitTest` redirected out of the view (H9).
                    if let redirecting = redirecting(to: answer, below: view, at: q) { found.overridden(redirecting, .redirect(answer)) }
                } else if reaches(answer, view) {
                    touched = answer
                } else if let (taker, relation) = taker(from: answer, below: view),
                    !found.causes.contains(where: { $0.kind == .coveredBy && $0.view == taker })
                {
                    found.covered(by: taker, cover: relation, answer: answer, at: point)
                }
            }
        }
        // H9: an ancestor that captures returns itself on the way back up, innermost first.
        for ancestor in path.dropLast().reversed() where scene.views[ancestor].hitTest == .capture {
            found.overridden(ancestor, .capture)
        }
        return touched
    }

    /// The hit test of one branch (a view and its subtree) with the point in the view's
    /// coordinates: what UIKit's `hitTest` of that view returns.
    func answer(of view: Int, at point: Point?) -> Int? {
        var steps: [HitTestTrace.Step] = []
        return tester.hitTest(view: view, localPoint: point, steps: &steps, traced: false)
    }

    /// The view inside `view` whose `hitTest` override redirected the touch to `target`, found
    /// in the traced hit test of `view`'s subviews (`q` in `view`'s coordinates).
    func redirecting(to target: Int, below view: Int, at q: Point) -> Int? {
        var steps: [HitTestTrace.Step] = []
        for child in scene.views[view].subviews.reversed() {
            guard tester.hitTest(view: child, localPoint: scene.views[child].geometry.convertFromSuperview(q), steps: &steps, traced: true) != nil
            else { continue }
            return steps.first { $0.rule == .H9 && $0.outcome == .hit && Int(truncatingIfNeeded: $0.result) == target }.map { Int(truncatingIfNeeded: $0.view) }
        }
        return nil
    }

    /// Whether a touch whose hit view is `hit` reaches `view`: the hit view is the view, or is in
    /// its subtree and no view between them takes the touch first (R3) — unless the view has
    /// gesture recognizers, which see every touch of their subtree (G1). The same reach as the
    /// effective hit regions' (`HitRegionMap.touch(hitting:reaches:)`).
    public func reaches(_ hit: Int, _ view: Int) -> Bool {
        if hit == view { return true }
        guard scene.isView(hit, inSubtreeOf: view) else { return false }
        return scene.views[view].gestureRecognizers.contains { $0.enabled } || taker(from: hit, below: view) == nil
    }

    /// The first responder from `hit` up to `view` (excluded) that takes the touch itself (R1,
    /// R3): a control, a view that handles touches or has enabled gesture recognizers, or a view
    /// whose view controller handles them.
    func taker(from hit: Int, below view: Int) -> (Int, Diagnosis.Cause.Cover)? {
        var current = hit
        while current != view {
            // Fields are read in place: copying a whole `ViewNode` would retain every reference it holds.
            if scene.views[current].control != nil || scene.views[current].touches != .forward
                || scene.views[current].gestureRecognizers.contains(where: { $0.enabled })
            {
                return (current, .subview)
            }
            if let vc = scene.views[current].viewController, scene.viewControllers[vc].touches != .forward { return (current, .viewController) }
            guard let parent = scene.views[current].parent else { return nil }
            current = parent
        }
        return nil
    }

    /// The center of the view's bounds, in the coordinates of the top of its superview chain
    /// (its window).
    public func center(of view: Int) -> Point {
        let b = scene.views[view].geometry.bounds
        var p = Point(x: b.midX, y: b.midY)
        var current = view
        while let parent = scene.views[current].parent {
            p = scene.views[current].geometry.convertToSuperview(p)
            current = parent
        }
        return p
    }
}
