extension Rect {
    /// The bounding box of this rectangle after `t`, as `CGRect.applying(_:)`.
    public func applying(_ t: Transform2D) -> Rect {
        if t.isIdentity { return self }
        let corners = [
            t.apply(Point(x: minX, y: minY)), t.apply(Point(x: maxX, y: minY)),
            t.apply(Point(x: minX, y: maxY)), t.apply(Point(x: maxX, y: maxY)),
        ]
        var lo = corners[0]
        var hi = corners[0]
        for p in corners.dropFirst() {
            lo.x = min(lo.x, p.x)
            lo.y = min(lo.y, p.y)
            hi.x = max(hi.x, p.x)
            hi.y = max(hi.y, p.y)
        }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }
}

/// How a view is placed in its superview, as UIKit keeps it: `center` (in the superview's
/// bounds coordinates), `bounds` (origin and size, in the view's own coordinates) and
/// `transform` (about the center). `frame` is derived from them (rule L1).
public struct ViewGeometry: Sendable, Hashable {
    public var center: Point
    public var bounds: Rect
    public var transform: Transform2D

    public init(center: Point, bounds: Rect, transform: Transform2D = .identity) {
        self.center = center
        self.bounds = bounds
        self.transform = transform
    }

    /// The geometry that a `frame` sets (rule L1): `center` = frame's middle, `bounds.size` =
    /// frame's size, bounds origin kept. With a non-identity transform the frame is read as the
    /// untransformed frame.
    public init(frame: Rect, boundsOrigin: Point = .zero, transform: Transform2D = .identity) {
        self.init(
            center: Point(x: frame.midX, y: frame.midY),
            bounds: Rect(origin: boundsOrigin, size: frame.size),
            transform: transform)
    }

    /// Rule L1: with the identity transform, `frame.origin = center − bounds.size / 2` and
    /// `frame.size = bounds.size`; otherwise the bounding box of the bounds transformed about
    /// the center.
    public var frame: Rect {
        let half = Point(x: bounds.size.width / 2, y: bounds.size.height / 2)
        let local = Rect(origin: Point(x: -half.x, y: -half.y), size: bounds.size)
        let box = local.applying(transform)
        return Rect(origin: box.origin + center, size: box.size)
    }

    /// Rule H5: converts a point from the superview's coordinates into this view's,
    /// `q = inverse(transform) · (p − center) + bounds.origin + bounds.size / 2`, where the
    /// transform is the full affine one, its translation included (a view translated by
    /// (tx, ty) is drawn, and hit, (tx, ty) away from its center).
    /// Nil when the transform cannot be inverted.
    public func convertFromSuperview(_ p: Point) -> Point? {
        var v = p - center
        if !transform.isIdentity {
            guard let inverse = transform.inverted else { return nil }
            v = inverse.apply(v)
        }
        return Point(
            x: v.x + bounds.origin.x + bounds.size.width / 2,
            y: v.y + bounds.origin.y + bounds.size.height / 2)
    }

    /// The inverse of `convertFromSuperview`: from this view's coordinates into the superview's,
    /// `p = transform · (q − bounds.origin − bounds.size / 2) + center`.
    public func convertToSuperview(_ q: Point) -> Point {
        let v = Point(
            x: q.x - bounds.origin.x - bounds.size.width / 2,
            y: q.y - bounds.origin.y - bounds.size.height / 2)
        return transform.apply(v) + center
    }
}
