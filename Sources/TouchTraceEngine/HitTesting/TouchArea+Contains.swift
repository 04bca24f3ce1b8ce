extension TouchArea {
    /// `point(inside:with:)` for a view with these bounds (rules H2 and H9). `p` is in the
    /// view's bounds coordinates.
    public func contains(_ p: Point, bounds: Rect) -> Bool {
        switch self {
        case .bounds:
            return bounds.contains(p)
        case let .insets(insets):
            return bounds.inset(by: insets).contains(p)
        case let .circle(radius):
            let r = radius ?? min(bounds.size.width, bounds.size.height) / 2
            let dx = p.x - bounds.midX
            let dy = p.y - bounds.midY
            return dx * dx + dy * dy <= r * r
        case let .roundedRect(cornerRadius):
            guard bounds.contains(p) else { return false }
            let r = min(cornerRadius, bounds.size.width / 2, bounds.size.height / 2)
            guard r > 0 else { return true }
            // Inside unless in a corner square and outside that corner's quarter circle.
            let cx = p.x < bounds.minX + r ? bounds.minX + r : (p.x > bounds.maxX - r ? bounds.maxX - r : p.x)
            let cy = p.y < bounds.minY + r ? bounds.minY + r : (p.y > bounds.maxY - r ? bounds.maxY - r : p.y)
            let dx = p.x - cx
            let dy = p.y - cy
            return dx * dx + dy * dy <= r * r
        case let .rects(rects):
            return rects.contains { $0.contains(p) }
        case let .polygon(points):
            return Self.polygonContains(points, p)
        case .never:
            return false
        }
    }

    /// Even-odd rule by ray casting to the right.
    static func polygonContains(_ points: [Point], _ p: Point) -> Bool {
        guard points.count >= 3 else { return false }
        var inside = false
        var j = points.count - 1
        for i in 0..<points.count {
            let a = points[i]
            let b = points[j]
            if (a.y > p.y) != (b.y > p.y) {
                let xCross = (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x
                if p.x < xCross { inside.toggle() }
            }
            j = i
        }
        return inside
    }

    /// Whether this is UIKit's default `point(inside:)`.
    public var isDefault: Bool {
        if case .bounds = self { return true }
        return false
    }
}
