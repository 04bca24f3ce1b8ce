/// An affine transform, as `CGAffineTransform`: a point maps to
/// `(a·x + c·y + tx, b·x + d·y + ty)`.
public struct Transform2D: Sendable, Hashable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public var isIdentity: Bool { self == .identity }

    /// A rotation by `degrees`; positive is clockwise on screen, since y grows downwards
    /// (as `CGAffineTransform(rotationAngle:)`). Multiples of 90° are exact.
    public static func rotation(degrees: Double) -> Transform2D {
        let (sine, cosine) = exactSineCosine(degrees: degrees)
        return Transform2D(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    public static func scale(x: Double, y: Double) -> Transform2D {
        Transform2D(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    public static func translation(x: Double, y: Double) -> Transform2D {
        Transform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// `self` followed by `other`, as `CGAffineTransform.concatenating(_:)`.
    public func concatenating(_ other: Transform2D) -> Transform2D {
        Transform2D(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    public var determinant: Double { a * d - b * c }

    /// The inverse, or nil when the transform is not invertible (for example a scale of 0):
    /// such a view cannot be hit (rule H5).
    public var inverted: Transform2D? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let inverse = Transform2D(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
        guard inverse.a.isFinite, inverse.b.isFinite, inverse.c.isFinite, inverse.d.isFinite,
            inverse.tx.isFinite, inverse.ty.isFinite
        else { return nil }
        return inverse
    }

    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// Applies only the linear part (no translation), for vectors.
    public func applyLinear(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y, y: b * p.x + d * p.y)
    }

    /// Sine and cosine with exact values at multiples of 90°, so that a quarter turn of an
    /// integral frame stays integral.
    static func exactSineCosine(degrees: Double) -> (Double, Double) {
        let turns = degrees.truncatingRemainder(dividingBy: 360)
        let normalized = turns < 0 ? turns + 360 : turns
        switch normalized {
        case 0: return (0, 1)
        case 90: return (1, 0)
        case 180: return (0, -1)
        case 270: return (-1, 0)
        default:
            let radians = degrees * Double.pi / 180
            return (Trig.sin(radians), Trig.cos(radians))
        }
    }
}
