import TouchTraceEngine

/// Where everything of a scene goes in the picture. The picture's space is the front-most
/// window's coordinate space (rule H8's first window), the one hit-test points and effective hit
/// regions use, so a point read off the picture can be sent as a tap as it is.
///
/// For every view in a window's tree: the map from its bounds coordinates to that space (rule
/// H5: `p = transform · (q − bounds.origin − bounds.size / 2) + center`, up through its
/// ancestors and its window's place on the screen), whether it is a ghost (hidden or alpha
/// below 0.01, itself or an ancestor: H1), and its corners. Views in no window are not drawn.
struct RenderLayout {
    let scene: Scene
    /// Windows front to back (H8).
    let windowOrder: [Int]
    /// The window whose coordinates the picture uses (the front-most), if any.
    let reference: Int?
    /// Bounds coordinates → picture space, for views in a window's tree.
    var toPicture: [Transform2D?]
    /// Hidden or transparent, itself or through an ancestor (H1).
    var ghost: [Bool]
    /// Views in drawing order: windows back to front, each window's tree parent first and
    /// subviews back to front (the order UIKit composites them).
    var drawOrder: [Int] = []
    /// The part of the picture space that is drawn.
    var canvas: Rect

    /// Space around the windows, in points.
    static let margin = 16.0

    init(scene: Scene) {
        self.scene = scene
        let tester = HitTester(scene: scene)
        windowOrder = tester.windowOrder
        reference = windowOrder.first
        let n = scene.views.count
        toPicture = Array(repeating: nil, count: n)
        ghost = Array(repeating: false, count: n)
        canvas = .zero
        // Screen → picture: the inverse of the reference window's place; the screen itself when
        // that window's transform cannot be inverted (then no point can be hit anyway, H5).
        let screenToPicture = reference.flatMap { Self.toSuperview(scene.views[$0].geometry).inverted } ?? .identity
        for window in windowOrder.reversed() {
            var stack = [window]
            while let v = stack.popLast() {
                let own = Self.toSuperview(scene.views[v].geometry)
                let parent = scene.views[v].parent
                let outer = parent.flatMap { toPicture[$0] } ?? screenToPicture
                toPicture[v] = own.concatenating(outer)
                let node = scene.views[v]
                ghost[v] = (parent.map { ghost[$0] } ?? false) || node.hidden || node.alpha < UIKitConstants.minimumHittableAlpha
                drawOrder.append(v)
                for child in node.subviews.reversed() { stack.append(child) }
            }
        }
        canvas = Self.windowsBox(scene: scene, windows: windowOrder, corners: { self.corners(of: $0) })
    }

    /// Rule H5 as an affine map, bounds coordinates → superview coordinates (not inverted, so
    /// a view with a scale of 0 is still drawn, as the line it collapses to).
    static func toSuperview(_ g: ViewGeometry) -> Transform2D {
        let offset = Point(x: g.bounds.origin.x + g.bounds.size.width / 2, y: g.bounds.origin.y + g.bounds.size.height / 2)
        return Transform2D.translation(x: -offset.x, y: -offset.y)
            .concatenating(g.transform)
            .concatenating(.translation(x: g.center.x, y: g.center.y))
    }

    /// The view's bounds as four corners in picture space, clockwise on screen from its
    /// top-left (for an unflipped transform); nil for a view in no window or with corners
    /// beyond the finite numbers.
    func corners(of v: Int) -> [Point]? {
        guard let m = toPicture[v] else { return nil }
        let b = scene.views[v].geometry.bounds
        let list = [
            Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.maxX, y: b.maxY), Point(x: b.minX, y: b.maxY),
        ].map(m.apply)
        return list.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) ? list : nil
    }

    /// The bounding box of the view in picture space.
    func box(of v: Int) -> Rect? { corners(of: v).flatMap(Self.bounding) }

    /// Whether the view's frame is an upright rectangle in the picture (no rotation, shear or
    /// flip on the way): it is drawn as a `rect`.
    func isUpright(_ v: Int) -> Bool {
        guard let m = toPicture[v] else { return false }
        return m.b == 0 && m.c == 0 && m.a > 0 && m.d > 0
    }

    /// The windows' boxes and a margin: the picture's canvas before anything else widens it.
    /// A scene whose windows have no size gets the box of all its views, or 100×100 pt.
    static func windowsBox(scene: Scene, windows: [Int], corners: (Int) -> [Point]?) -> Rect {
        var box = union(windows.compactMap { corners($0).flatMap(bounding) }.filter { $0.size.width > 0 || $0.size.height > 0 })
        if box == nil {
            box = union((0..<scene.views.count).compactMap { corners($0).flatMap(bounding) })
        }
        var result = box ?? Rect(x: 0, y: 0, width: 100, height: 100)
        if result.size.width < 1 { result.size.width = max(result.size.width, 100) }
        if result.size.height < 1 { result.size.height = max(result.size.height, 100) }
        return Rect(
            x: result.minX - margin, y: result.minY - margin,
            width: result.size.width + 2 * margin, height: result.size.height + 2 * margin)
    }

    /// Widens the canvas to take in `box` (a finding's view, a marked point), but never beyond
    /// the windows' box grown by its own size on every side: a view a million points away would
    /// make a picture nobody can read.
    mutating func include(_ box: Rect, limit: Rect) {
        let widened = Self.union([canvas, box.insetBy(-Self.margin)]) ?? canvas
        let minX = max(widened.minX, limit.minX)
        let minY = max(widened.minY, limit.minY)
        let maxX = min(widened.maxX, limit.maxX)
        let maxY = min(widened.maxY, limit.maxY)
        guard maxX > minX, maxY > minY else { return }
        canvas = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// How far the canvas may grow (see ``include(_:limit:)``).
    var growthLimit: Rect {
        let grow = max(canvas.size.width, canvas.size.height)
        return canvas.insetBy(-grow)
    }

    /// Whether anything of the view can be seen on the canvas.
    func isOnCanvas(_ v: Int) -> Bool {
        guard let box = box(of: v) else { return false }
        return box.intersects(canvas)
    }

    static func bounding(_ points: [Point]) -> Rect? {
        guard let first = points.first else { return nil }
        var lo = first
        var hi = first
        for p in points.dropFirst() {
            lo = Point(x: min(lo.x, p.x), y: min(lo.y, p.y))
            hi = Point(x: max(hi.x, p.x), y: max(hi.y, p.y))
        }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    static func union(_ rects: [Rect]) -> Rect? {
        guard var result = rects.first else { return nil }
        for r in rects.dropFirst() {
            let minX = min(result.minX, r.minX)
            let minY = min(result.minY, r.minY)
            result = Rect(x: minX, y: minY, width: max(result.maxX, r.maxX) - minX, height: max(result.maxY, r.maxY) - minY)
        }
        return result
    }
}

extension Rect {
    /// Grown (or, for a positive `d`, shrunk) by `d` on every side.
    func insetBy(_ d: Double) -> Rect {
        Rect(x: minX + d, y: minY + d, width: max(0, size.width - 2 * d), height: max(0, size.height - 2 * d))
    }

    /// Whether the two rectangles overlap or touch.
    func intersects(_ other: Rect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }
}
