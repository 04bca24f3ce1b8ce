/// A UIKit layout priority: 1000 is required, 1…999 are optional.
///
/// TouchTrace treats every distinct optional value as its own *tier*: violating one constraint of
/// priority 751 is worse than any amount of violation at 750 (see ``Solver`` for how the objective
/// implements this). Values are `Float`, as `UILayoutPriority` is.
public struct Priority: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Float

    @inlinable public init(_ rawValue: Float) { self.rawValue = rawValue }

    /// `UILayoutPriority.required`.
    public static let required = Priority(1000)
    /// `UILayoutPriority.defaultHigh` (compression resistance default).
    public static let defaultHigh = Priority(750)
    /// `UILayoutPriority.defaultLow` (content hugging default).
    public static let defaultLow = Priority(250)
    /// `UILayoutPriority.fittingSizeLevel`.
    public static let fittingSizeLevel = Priority(50)

    /// `true` for 1000 and above.
    @inlinable public var isRequired: Bool { rawValue >= 1000 }
    /// `true` for a finite value above 0 (UIKit accepts 1…1000; fractional values are allowed here).
    @inlinable public var isValid: Bool { rawValue.isFinite && rawValue > 0 }

    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { isRequired ? "required" : "\(rawValue)" }
}
