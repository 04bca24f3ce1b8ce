/// The relation of a ``Constraint``: `expression (==|<=|>=) 0`.
public enum Relation: UInt8, Hashable, Sendable {
    case equal, lessThanOrEqual, greaterThanOrEqual
}

/// A linear constraint `expression relation 0` with a UIKit priority.
///
/// `tag` is free for the caller (for example the index of the `NSLayoutConstraint` it came from);
/// the solver carries it into conflict reports untouched.
///
/// `tieBreak` (optional constraints only, default 0) decides between solutions that are *equally
/// good at every priority*: among those, the solver minimises Σ tieBreak × violation, a last tier
/// below every priority. It never changes which solution is optimal for the priorities, so it
/// only picks a vertex where the priorities alone leave a tie (two views with equal hugging that
/// share a stretch), and such variables still count as ambiguous (``Solver/isAmbiguous(_:)``).
/// A higher weight means the constraint is kept rather than violated when it ties with others.
public struct Constraint: Hashable, Sendable, CustomStringConvertible {
    public var expression: LinearExpression
    public var relation: Relation
    public var priority: Priority
    public var tag: Int
    /// Weight of this constraint's violation in the tie-break tier (≥ 0, finite; 0 = none).
    public var tieBreak: Double = 0

    @inlinable
    public init(_ expression: LinearExpression, _ relation: Relation, priority: Priority = .required, tag: Int = 0) {
        self.expression = expression
        self.relation = relation
        self.priority = priority
        self.tag = tag
    }

    /// A copy with another priority: `(w <= 20).priority(250)`.
    public func priority(_ p: Float) -> Constraint {
        var c = self
        c.priority = Priority(p)
        return c
    }

    /// A copy with a tie-break weight (see ``tieBreak``): `(w <= 20).priority(250).tieBreak(2)`.
    public func tieBreak(_ weight: Double) -> Constraint {
        var c = self
        c.tieBreak = weight
        return c
    }

    /// A copy with another caller tag.
    public func tagged(_ tag: Int) -> Constraint {
        var c = self
        c.tag = tag
        return c
    }

    /// `true` when the priority is 1000 or more.
    @inlinable public var isRequired: Bool { priority.isRequired }

    /// Whether the constraint holds (within `tolerance`) for the given variable values.
    public func isSatisfied(tolerance: Double = 1e-6, _ value: (Variable) -> Double) -> Bool {
        let v = expression.evaluate(value)
        switch relation {
        case .equal: return abs(v) <= tolerance
        case .lessThanOrEqual: return v <= tolerance
        case .greaterThanOrEqual: return v >= -tolerance
        }
    }

    public var description: String {
        let op = relation == .equal ? "==" : relation == .lessThanOrEqual ? "<=" : ">="
        return "\(expression) \(op) 0 @\(priority)"
    }
}

/// The handle of a constraint installed in a ``Solver``. Handles are never reused by a solver.
public struct ConstraintID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Int32
    @inlinable init(_ rawValue: Int32) { self.rawValue = rawValue }
    public static func < (lhs: ConstraintID, rhs: ConstraintID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "c\(rawValue)" }
}
