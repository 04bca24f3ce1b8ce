/// A piece of a region: a trapezoid whose top and bottom are horizontal in its frame (y grows
/// downwards, as on screen). Axis-aligned regions are made of rectangles (`topLeft ==
/// bottomLeft`, `topRight == bottomRight`).
public struct Trapezoid: Sendable, Hashable {
    public var top: Double
    public var bottom: Double
    public var topLeft: Double
    public var topRight: Double
    public var bottomLeft: Double
    public var bottomRight: Double
}

extension Trapezoid {
    /// The rectangle as a trapezoid (in an extension, so the memberwise initializer is kept).
    public init(rect: Rect) {
        self.init(top: rect.minY, bottom: rect.maxY, topLeft: rect.minX, topRight: rect.maxX, bottomLeft: rect.minX, bottomRight: rect.maxX)
    }

    public var height: Double { bottom - top }

    public var area: Double { (bottom - top) * ((topRight - topLeft) + (bottomRight - bottomLeft)) / 2 }

    public var isRectangle: Bool { topLeft == bottomLeft && topRight == bottomRight }

    /// The left side's x at `y` (linear between top and bottom).
    public func left(at y: Double) -> Double { Self.interpolate(topLeft, bottomLeft, top, bottom, y) }

    /// The right side's x at `y`.
    public func right(at y: Double) -> Double { Self.interpolate(topRight, bottomRight, top, bottom, y) }

    static func interpolate(_ a: Double, _ b: Double, _ y0: Double, _ y1: Double, _ y: Double) -> Double {
        if a == b || y1 <= y0 { return a }
        return a + (b - a) * ((y - y0) / (y1 - y0))
    }

    /// Whether `p` is inside or on the border.
    public func contains(_ p: Point) -> Bool {
        guard p.y >= top, p.y <= bottom else { return false }
        return p.x >= left(at: p.y) && p.x <= right(at: p.y)
    }

    /// The corners clockwise on screen: top-left, top-right, bottom-right, bottom-left.
    public var corners: [Point] {
        [
            Point(x: topLeft, y: top), Point(x: topRight, y: top),
            Point(x: bottomRight, y: bottom), Point(x: bottomLeft, y: bottom),
        ]
    }

    public var boundingBox: Rect {
        let minX = min(topLeft, bottomLeft)
        let maxX = max(topRight, bottomRight)
        return Rect(x: minX, y: top, width: maxX - minX, height: bottom - top)
    }
}

/// A rotation of the plane that carries a view's x axis onto the horizontal: regions are cut
/// into slabs in this frame, so that the pieces of a rotated view are rectangles along its own
/// sides and its inscribed rectangle is measured in its own axes (a rotated 44×44 button is
/// still 44×44).
public struct RegionAxes: Sendable, Hashable {
    /// Cosine and sine of the view's rotation on screen (clockwise, as UIKit's rotation angle).
    public var cos: Double
    public var sin: Double

    public static let window = RegionAxes(cos: 1, sin: 0)

    public var isWindow: Bool { cos == 1 && sin == 0 }

    /// The frame whose x axis is along `vector` (window coordinates); the window's own frame
    /// when the vector is zero or not finite.
    init(along vector: Point) {
        let length = (vector.x * vector.x + vector.y * vector.y).squareRoot()
        guard length > 0, length.isFinite else {
            self = .window
            return
        }
        if vector.y == 0, vector.x > 0 {
            self = .window
            return
        }
        self.init(cos: vector.x / length, sin: vector.y / length)
    }

    public init(cos: Double, sin: Double) {
        self.cos = cos
        self.sin = sin
    }

    /// Window coordinates → this frame.
    @inline(__always)
    public func fromWindow(_ p: Point) -> Point {
        if isWindow { return p }
        return Point(x: p.x * cos + p.y * sin, y: -p.x * sin + p.y * cos)
    }

    /// This frame → window coordinates.
    @inline(__always)
    public func toWindow(_ q: Point) -> Point {
        if isWindow { return q }
        return Point(x: q.x * cos - q.y * sin, y: q.x * sin + q.y * cos)
    }
}

extension Rect {
    /// The smallest rectangle holding `points`; nil for none.
    static func bounding(_ points: some Sequence<Point>) -> Rect? {
        var it = points.makeIterator()
        guard let first = it.next() else { return nil }
        var lo = first
        var hi = first
        while let p = it.next() {
            lo.x = min(lo.x, p.x)
            lo.y = min(lo.y, p.y)
            hi.x = max(hi.x, p.x)
            hi.y = max(hi.y, p.y)
        }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// The common part, or nil when the rectangles do not overlap with a positive area.
    func overlap(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding both.
    func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX)
        let y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `other` lies inside this rectangle, within `tolerance`.
    func encloses(_ other: Rect, tolerance: Double) -> Bool {
        other.minX >= minX - tolerance && other.maxX <= maxX + tolerance
            && other.minY >= minY - tolerance && other.maxY <= maxY + tolerance
    }

    var corners: [Point] {
        [Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: maxX, y: maxY), Point(x: minX, y: maxY)]
    }
}
