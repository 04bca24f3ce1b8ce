extension TouchArea {
    /// The outline of `point(inside:)` (rules H2 and H9) in the view's bounds coordinates: closed
    /// rings of vertices, whose edges are every place where the answer can change. A circle or a
    /// rounded corner becomes a polygon with its vertices on the curve, close enough that no edge
    /// is farther than `tolerance` from the curve once drawn at `scale` (the largest stretch of
    /// the view's transform to the window). An empty area (zero size, `never`) has no rings.
    func outline(bounds: Rect, scale: Double, tolerance: Double = TouchTargetConstants.regionTolerance) -> [[Point]] {
        switch self {
        case .bounds:
            return Self.rectangleRing(bounds).map { [$0] } ?? []
        case let .insets(insets):
            return Self.rectangleRing(bounds.inset(by: insets)).map { [$0] } ?? []
        case let .circle(radius):
            let r = radius ?? min(bounds.size.width, bounds.size.height) / 2
            guard r > 0 else { return [] }
            let n = Self.curveVertices(radius: r * scale, tolerance: tolerance)
            let c = Point(x: bounds.midX, y: bounds.midY)
            return [(0..<n).map { k in Self.onCircle(c, r, k, n) }]
        case let .roundedRect(cornerRadius):
            guard bounds.size.width > 0, bounds.size.height > 0 else { return [] }
            let r = min(cornerRadius, bounds.size.width / 2, bounds.size.height / 2)
            guard r > 0 else { return Self.rectangleRing(bounds).map { [$0] } ?? [] }
            let quarter = max(1, Self.curveVertices(radius: r * scale, tolerance: tolerance) / 4)
            // Corner centres clockwise from the top-left; each arc runs a quarter turn.
            let centres = [
                Point(x: bounds.minX + r, y: bounds.minY + r), Point(x: bounds.maxX - r, y: bounds.minY + r),
                Point(x: bounds.maxX - r, y: bounds.maxY - r), Point(x: bounds.minX + r, y: bounds.maxY - r),
            ]
            var ring: [Point] = []
            ring.reserveCapacity(4 * (quarter + 1))
            for (corner, centre) in centres.enumerated() {
                // Angles on screen (y down): top-left arc from 180° to 270°, and so on.
                let start = (corner + 2) * quarter
                for k in 0...quarter {
                    ring.append(Self.onCircle(centre, r, start + k, 4 * quarter))
                }
            }
            return [ring]
        case let .rects(rects):
            return rects.compactMap { Self.rectangleRing($0) }
        case let .polygon(points):
            return points.count >= 3 ? [points] : []
        case .never:
            return []
        }
    }

    static func rectangleRing(_ r: Rect) -> [Point]? {
        guard r.size.width > 0, r.size.height > 0 else { return nil }
        return r.corners
    }

    /// The point at angle `k / n` of a full turn (from the +x axis, clockwise on screen), with
    /// exact values at the quarter turns.
    static func onCircle(_ c: Point, _ r: Double, _ k: Int, _ n: Int) -> Point {
        let k = k % n
        if 4 * k % n == 0 {
            switch 4 * k / n {
            case 0: return Point(x: c.x + r, y: c.y)
            case 1: return Point(x: c.x, y: c.y + r)
            case 2: return Point(x: c.x - r, y: c.y)
            default: return Point(x: c.x, y: c.y - r)
            }
        }
        let angle = 2 * Double.pi * Double(k) / Double(n)
        return Point(x: c.x + r * Trig.cos(angle), y: c.y + r * Trig.sin(angle))
    }

    /// How many vertices (a multiple of 4, at least 8) keep a circle's chords within `tolerance`
    /// of the circle: the sagitta `r (1 − cos(π/n))` is at most `r π² / (2 n²)`.
    static func curveVertices(radius: Double, tolerance: Double) -> Int {
        guard radius > 0, radius.isFinite, tolerance > 0 else { return 8 }
        let needed = Double.pi * (radius / (2 * tolerance)).squareRoot()
        let count = Checked.int(needed, rounding: .up, clampedTo: 8...TouchTargetConstants.maximumCurveVertices) ?? 8
        return (count + 3) / 4 * 4
    }
}
