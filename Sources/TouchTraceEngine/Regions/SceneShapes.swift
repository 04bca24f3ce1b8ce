/// Why hit testing can never reach a view (it and its whole subtree): the view's own state or an
/// ancestor's, checked in the order UIKit's `hitTest` checks them.
public struct Unreachability: Sendable, Hashable {
    public enum Reason: String, Sendable {
        /// H5: a transform with no inverse (a scale of 0).
        case nonInvertibleTransform
        /// H1.
        case hidden
        /// H1 (or H6, the class default of `UILabel` and `UIImageView`).
        case userInteractionDisabled
        /// H1: alpha below 0.01.
        case transparent
        /// H10: a running animation that switches touches off.
        case animating
        /// H7: a disabled control.
        case disabledControl
        /// Not in any window's tree (removed from its superview; H8: only windows are asked).
        case notInWindow

        /// The rule that decides it (H1 for `userInteractionDisabled` even where it is the class
        /// default, H6: the rule is the flag's).
        public var rule: RuleID {
            switch self {
            case .nonInvertibleTransform: return .H5
            case .hidden, .userInteractionDisabled, .transparent: return .H1
            case .disabledControl: return .H7
            case .animating: return .H10
            case .notInWindow: return .H8
            }
        }
    }
    public var reason: Reason
    /// The view whose state it is: the view itself or an ancestor.
    public var view: Int
}

/// Every view's touch area in window space, computed once per scene for the regions: the
/// transform from the view's bounds coordinates to the reference space (the front-most window's
/// coordinates, the ones a hit-test request uses), whether hit testing can reach the view at all,
/// the edges of its touch area's outline, and its bounding box.
struct SceneShapes: Sendable {
    let scene: Scene
    /// The front-most window (rule H8), whose coordinates are the reference space.
    let reference: Int?
    /// Bounds coordinates → reference space; nil when a transform on the way cannot be inverted
    /// (or the view is in no window).
    var toReference: [Transform2D?]
    var unreachable: [Unreachability?]
    /// The outline edges of view `v` are `segments[segmentStart[v]..<segmentStart[v + 1]]`.
    var segments: [Segment] = []
    var segmentStart: [Int]
    /// The bounding box of the outline in the reference space; nil for an empty touch area.
    var boxes: [Rect?]
    /// The view a touch reaches when `v` is the hit view: the first view up the responder chain
    /// (R1, R3) that takes touches — a control, a view that handles them, a view with enabled
    /// gesture recognizers — or −1 (none), or `-2 - c` when view controller `c` handles them first.
    var taker: [Int]
    /// Pre-order numbers over the window trees: `u` is in `v`'s subtree exactly when
    /// `order[v] <= order[u] < subtreeEnd[v]`. −1 for views in no window.
    var order: [Int]
    var subtreeEnd: [Int]
    /// Views in pre-order (windows in scene order).
    var preorder: [Int] = []
    /// The views hit testing can visit, by where their boxes are (within the windows' boxes:
    /// nothing outside every window can be hit).
    var grid: SpatialGrid

    init(scene: Scene, windowOrder: [Int]) {
        self.scene = scene
        let n = scene.views.count
        reference = windowOrder.first
        toReference = Array(repeating: nil, count: n)
        // Until a window's tree claims it, a view is in no window (H8), and the view to name is
        // the top of its detached tree, the one to add to a window (as the diagnosis names it).
        unreachable = Self.treeTops(of: scene).map { Unreachability(reason: .notInWindow, view: $0) }
        segmentStart = Array(repeating: 0, count: n + 1)
        grid = SpatialGrid(area: .zero, boxes: [], include: { _ in false })
        boxes = Array(repeating: nil, count: n)
        taker = Array(repeating: -1, count: n)
        order = Array(repeating: -1, count: n)
        subtreeEnd = Array(repeating: -1, count: n)
        preorder.reserveCapacity(n)

        // Screen (the windows' common superview) → reference.
        let screenToReference = reference.flatMap { Self.toSuperview(scene.views[$0].geometry)?.inverted }
        var outlines: [[[Point]]] = Array(repeating: [], count: n)
        // Depth first, parents before children, with an explicit stack (H3's order is irrelevant here).
        var stack: [(view: Int, exiting: Bool)] = scene.windows.reversed().map { ($0, false) }
        while let (v, exiting) = stack.popLast() {
            if exiting {
                subtreeEnd[v] = preorder.count
                continue
            }
            order[v] = preorder.count
            preorder.append(v)
            stack.append((v, true))
            for child in scene.views[v].subviews.reversed() { stack.append((child, false)) }
            visit(v, screenToReference: screenToReference, outlines: &outlines)
        }
        var count = 0
        for v in 0..<n {
            segmentStart[v] = count
            for ring in outlines[v] { count += ring.count }
        }
        segmentStart[n] = count
        let windowBoxes = scene.windows.compactMap { boxes[$0] }
        let area = windowBoxes.dropFirst().reduce(windowBoxes.first ?? .zero) { $0.union($1) }
        let reachable = unreachable
        grid = SpatialGrid(area: area, boxes: boxes, include: { reachable[$0] == nil })
        segments.reserveCapacity(count)
        for v in 0..<n {
            for ring in outlines[v] {
                for i in 0..<ring.count { segments.append(Segment(a: ring[i], b: ring[(i + 1) % ring.count])) }
            }
        }
    }

    /// The top of each view's tree (the view itself for a window or a root), each parent chain
    /// walked once.
    static func treeTops(of scene: Scene) -> [Int] {
        let n = scene.views.count
        var top = Array(repeating: -1, count: n)
        var path: [Int] = []
        for v in 0..<n where top[v] < 0 {
            path.removeAll(keepingCapacity: true)
            var u = v
            while top[u] < 0, let parent = scene.views[u].parent {
                path.append(u)
                u = parent
            }
            let t = top[u] >= 0 ? top[u] : u
            top[u] = t
            for w in path { top[w] = t }
        }
        return top
    }

    /// Fills the view's transform, reachability, taker and outline (in reference space); its
    /// parent is already done.
    private mutating func visit(_ v: Int, screenToReference: Transform2D?, outlines: inout [[[Point]]]) {
        // Fields are read in place: copying a whole `ViewNode` would retain every reference it holds.
        let parent = scene.views[v].parent
        let parentTransform: Transform2D? = parent.flatMap { toReference[$0] } ?? (parent == nil ? screenToReference : nil)
        let own = Self.toSuperview(scene.views[v].geometry)
        if let own, let parentTransform { toReference[v] = own.concatenating(parentTransform) }

        if let parent, let inherited = unreachable[parent] {
            unreachable[v] = inherited
        } else if toReference[v] == nil {
            // Its own transform, or (for a window) the front-most window's, which maps every point.
            unreachable[v] = Unreachability(reason: .nonInvertibleTransform, view: own == nil ? v : (reference ?? v))
        } else if scene.views[v].hidden {
            unreachable[v] = Unreachability(reason: .hidden, view: v)
        } else if !scene.views[v].userInteractionEnabled {
            unreachable[v] = Unreachability(reason: .userInteractionDisabled, view: v)
        } else if scene.views[v].alpha < UIKitConstants.minimumHittableAlpha {
            unreachable[v] = Unreachability(reason: .transparent, view: v)
        } else if scene.views[v].animationDisablesInteraction {
            unreachable[v] = Unreachability(reason: .animating, view: v)
        } else if scene.views[v].control?.enabled == false {
            unreachable[v] = Unreachability(reason: .disabledControl, view: v)
        } else {
            unreachable[v] = nil
        }

        let takesTouches = scene.views[v].control != nil || scene.views[v].touches != .forward
            || scene.views[v].gestureRecognizers.contains { $0.enabled }
        if takesTouches {
            taker[v] = v
        } else if let vc = scene.views[v].viewController, scene.viewControllers[vc].touches != .forward {
            taker[v] = -2 - vc
        } else {
            taker[v] = parent.map { taker[$0] } ?? -1
        }

        guard let m = toReference[v] else { return }
        let scale = max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot())
        var rings = scene.views[v].pointInside.outline(bounds: scene.views[v].geometry.bounds, scale: scale)
        guard !rings.isEmpty else { return }
        var lo = Point(x: Double.infinity, y: Double.infinity)
        var hi = Point(x: -Double.infinity, y: -Double.infinity)
        for r in 0..<rings.count {
            for i in 0..<rings[r].count {
                let p = m.apply(rings[r][i])
                rings[r][i] = p
                lo = Point(x: min(lo.x, p.x), y: min(lo.y, p.y))
                hi = Point(x: max(hi.x, p.x), y: max(hi.y, p.y))
            }
        }
        // A transform so large that a corner leaves the finite numbers: no usable outline (the
        // regions treat the view as unreachable rather than compute with infinities).
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite, (hi.x - lo.x).isFinite, (hi.y - lo.y).isFinite else {
            if unreachable[v] == nil { unreachable[v] = Unreachability(reason: .nonInvertibleTransform, view: v) }
            return
        }
        outlines[v] = rings
        boxes[v] = Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// Rule H5 as an affine map, bounds coordinates → superview coordinates:
    /// `p = transform · (q − bounds.origin − bounds.size / 2) + center`. Nil when the transform
    /// cannot be inverted (hit testing rejects such a view).
    static func toSuperview(_ g: ViewGeometry) -> Transform2D? {
        if !g.transform.isIdentity, g.transform.inverted == nil { return nil }
        let offset = Point(x: g.bounds.origin.x + g.bounds.size.width / 2, y: g.bounds.origin.y + g.bounds.size.height / 2)
        return Transform2D.translation(x: -offset.x, y: -offset.y)
            .concatenating(g.transform)
            .concatenating(.translation(x: g.center.x, y: g.center.y))
    }

    func segments(of v: Int) -> ArraySlice<Segment> { segments[segmentStart[v]..<segmentStart[v + 1]] }

    /// Whether `u` is `v` or one of its descendants.
    @inline(__always)
    func isInSubtree(_ u: Int, of v: Int) -> Bool {
        order[u] >= 0 && order[v] >= 0 && order[u] >= order[v] && order[u] < subtreeEnd[v]
    }

    /// Whether `point` (reference space) is inside `v`'s touch area (H2, H9), asked exactly as
    /// hit testing asks it.
    func touchAreaContains(_ v: Int, _ point: Point, inverse: Transform2D?) -> Bool {
        guard let inverse else { return false }
        let local = inverse.apply(point)
        let node = scene.views[v]
        return node.pointInside.contains(local, bounds: node.geometry.bounds)
    }

    /// The ancestors of `v`, nearest first (superview, …, window).
    func ancestors(of v: Int) -> [Int] {
        var list: [Int] = []
        var p = scene.views[v].parent
        while let a = p {
            list.append(a)
            p = scene.views[a].parent
        }
        return list
    }
}

extension TouchArea {
    /// The work of one `contains` test, in units of ``RegionWork``: its vertices (a polygon's
    /// test reads every edge), or 1.
    var testCost: Int {
        switch self {
        case let .rects(list): return max(1, 4 * list.count)
        case let .polygon(list): return max(1, list.count)
        default: return 1
        }
    }
}
