/// A required constraint that cannot hold together with the installed ones.
///
/// Carries the rejected constraint and the installed required constraints whose equations combine
/// into the contradiction (the constraints whose marker symbols appear in the infeasible row), which
/// is what UIKit's "Unable to simultaneously satisfy constraints" log lists. The rejected constraint
/// is never left installed.
public struct UnsatisfiableConstraint: Sendable, Hashable, CustomStringConvertible {
    /// The constraint that was rejected.
    public let constraint: Constraint
    /// Installed constraints involved in the conflict, by handle, ascending.
    public let conflictingIDs: [ConstraintID]
    /// The installed constraints involved, in the order of ``conflictingIDs``.
    public let conflicting: [Constraint]

    public var description: String {
        "Unable to simultaneously satisfy constraints: \(constraint) conflicts with \(conflicting.map(\.description))"
    }
}

/// Every way a solver call can fail. The solver is unchanged (and usable) after any of them.
public enum SolverError: Error, Sendable, Hashable {
    /// A required constraint conflicts with installed required constraints.
    case unsatisfiable(UnsatisfiableConstraint)
    /// A coefficient or constant is NaN or infinite.
    case nonFiniteValue(Constraint)
    /// A priority that is NaN, infinite or not above zero.
    case invalidPriority(Priority)
    /// The handle is not installed in this solver (never was, or already removed).
    case unknownConstraint(ConstraintID)
    /// A variable id below zero.
    case invalidVariable(Variable)
    /// `addEditVariable` for a variable that already is one.
    case duplicateEditVariable(Variable)
    /// `suggestValue`/`removeEditVariable` for a variable that is not an edit variable.
    case unknownEditVariable(Variable)
    /// Edit variables must be optional (priority below 1000), as in Cassowary.
    case requiredEditVariable(Variable)
    /// A suggested value that is NaN or infinite.
    case nonFiniteSuggestion(Variable, Double)
    /// The objective holds more than ``SolverLimits/maximumObjectiveCoefficients`` non-zero
    /// coefficients (symbols costing in many distinct optional priorities).
    case limitExceeded(String)
    /// A simplex invariant broke (a bug; reported instead of crashing).
    case internalError(String)
}
