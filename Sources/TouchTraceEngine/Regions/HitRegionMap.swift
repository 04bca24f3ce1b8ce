/// The effective hit regions of a scene (see ``HitRegion``), computed with region arithmetic
/// and decided by the scene's own hit tester, so that "the region agrees with hit testing" holds
/// by construction:
///
/// 1. For a view V, the domain is the bounding box of V's touch area, in V's axes, cut down to
///    its ancestors' boxes (H4), plus the touch areas of views whose `hitTest` redirects to V (H9).
/// 2. The outline edges of every view that hit testing can visit (not hidden, interactive, alpha
///    ≥ 0.01, enabled, invertible: H1, H5, H7) and whose box meets the domain — other windows
///    included (H8) — cut the domain into slabs and trapezoid cells (`SlabDecomposition`). No
///    outline crosses a cell, so the hit test has one answer in each.
/// 3. One untraced hit test at each cell's centre decides the cell: in the region when the touch
///    reaches V; otherwise, when the cell is in V's touch area, it says who covers it or what
///    clips it (``RegionBlocker``).
///
/// Build one map per laid-out scene (``Scene/laidOut(limits:)``) and request; every region is
/// computed on demand, its work counted against the request's ``SceneLimits/maxRegionWork``
/// and time budget (``work``): past either, regions come back empty and `work.exceeded` is set.
public struct HitRegionMap: Sendable {
    public let scene: Scene
    public let tester: HitTester
    let shapes: SceneShapes
    /// Views that hit testing can visit whose `hitTest` redirects (H9), with the target.
    let redirects: [(view: Int, target: Int)]
    /// The work of this map's regions so far (one request's).
    public let work: RegionWork

    /// `work` is the request's count when several maps share it (a check run); by default the
    /// map counts its own against `limits`.
    public init(scene: Scene, limits: SceneLimits = SceneLimits(), work: RegionWork? = nil) {
        self.work = work ?? RegionWork(limit: limits.maxRegionWork, budget: limits.budget)
        self.scene = scene
        tester = HitTester(scene: scene)
        let shapes = SceneShapes(scene: scene, windowOrder: tester.windowOrder)
        self.shapes = shapes
        var redirects: [(view: Int, target: Int)] = []
        for v in shapes.preorder where shapes.unreachable[v] == nil {
            if case let .redirect(target) = scene.views[v].hitTest { redirects.append((v, target)) }
        }
        self.redirects = redirects
    }

    /// The views the audit measures: every control (a `UIControl` class) and every view with an
    /// enabled gesture recognizer, in a window's tree, in document order (windows in scene order,
    /// a view before its subviews, back to front).
    public var targets: [Int] {
        shapes.preorder.filter { v in
            scene.views[v].control != nil || scene.views[v].gestureRecognizers.contains { $0.enabled }
        }
    }

    /// How touches reach `view` (``HitRegion/Reach``).
    public func reach(of view: Int) -> HitRegion.Reach {
        scene.views[view].gestureRecognizers.contains { $0.enabled } ? .gestureRecognizers : .responderChain
    }

    /// Whether a touch whose hit view is `hit` reaches `view`: the hit view is in the view's
    /// subtree and, unless the view has gesture recognizers (G1), no view between them takes the
    /// touch first (R3).
    public func touch(hitting hit: Int, reaches view: Int) -> Bool {
        guard shapes.isInSubtree(hit, of: view) else { return false }
        return reach(of: view) == .gestureRecognizers || shapes.taker[hit] == shapes.taker[view]
    }

    /// Why hit testing can never reach `view`, or nil when it can reach it somewhere.
    public func unreachability(of view: Int) -> Unreachability? { shapes.unreachable[view] }

    /// The bounding box of `view`'s touch area in window coordinates (of the front-most window),
    /// whether or not hit testing can reach it; nil when the area is empty or a transform on the
    /// way cannot be inverted.
    public func touchAreaBox(of view: Int) -> Rect? { shapes.boxes[view] }

    /// The window a view is in (the root of its tree), or nil for a detached view.
    public func window(of view: Int) -> Int? {
        guard shapes.order[view] >= 0 else { return nil }
        var v = view
        while let p = scene.views[v].parent { v = p }
        return v
    }

    /// The segments of `view`'s outline in `axes`.
    func outline(of view: Int, in axes: RegionAxes) -> [Segment] {
        shapes.segments(of: view).map { Segment(a: axes.fromWindow($0.a), b: axes.fromWindow($0.b)) }
    }

    /// The bounding box of `view`'s outline in `axes`; nil for an empty touch area.
    func box(of view: Int, in axes: RegionAxes) -> Rect? {
        if axes.isWindow { return shapes.boxes[view] }
        let segments = shapes.segments(of: view)
        guard !segments.isEmpty else { return nil }
        return Rect.bounding(segments.map { axes.fromWindow($0.a) })
    }
}
