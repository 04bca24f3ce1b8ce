/// One `coefficient * variable` term of a ``LinearExpression``.
public struct Term: Hashable, Sendable {
    public var variable: Variable
    public var coefficient: Double
    @inlinable public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// `Σ coefficient·variable + constant`, the left-hand side of every ``Constraint``.
///
/// A value type with a flat term array; the same variable may appear in more than one term
/// (the solver adds them up).
public struct LinearExpression: Hashable, Sendable, CustomStringConvertible {
    public var terms: [Term]
    public var constant: Double

    @inlinable public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }
    @inlinable public init(_ variable: Variable) { self.init([Term(variable)]) }
    @inlinable public init(constant: Double) { self.init([], constant: constant) }

    /// `true` when the constant and every coefficient are finite (no NaN, no infinity).
    public var isFinite: Bool {
        constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite }
    }

    /// The expression's value for the given variable values.
    public func evaluate(_ value: (Variable) -> Double) -> Double {
        var sum = constant
        for t in terms { sum += t.coefficient * value(t.variable) }
        return sum
    }

    public var description: String {
        var parts = terms.map { $0.coefficient == 1 ? "\($0.variable)" : "\($0.coefficient)*\($0.variable)" }
        if constant != 0 || parts.isEmpty { parts.append("\(constant)") }
        return parts.joined(separator: " + ")
    }
}
