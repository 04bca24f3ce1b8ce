/// A solver unknown, identified by a caller-chosen non-negative integer.
///
/// Variables are plain values: the layout layer numbers them (for example `view * 4 + attribute`)
/// and the same `Variable` can be used in any number of solvers. Small, dense ids are cheapest:
/// a solver looks ids below ``Variable/denseLimit`` up in a flat array and larger ones in a dictionary.
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    /// The caller's id. Must be `>= 0`.
    public let id: Int32

    /// Ids below this are mapped through a flat array inside a solver.
    public static let denseLimit: Int32 = 1 << 22

    @inlinable public init(_ id: Int32) { self.id = id }
    @inlinable public init(_ id: Int) { self.id = Int32(truncatingIfNeeded: id) }

    public var description: String { "v\(id)" }
}

/// Numeric tolerances shared by the solver, in one place.
public enum SolverTolerance {
    /// Coefficients and constants whose magnitude is below this are treated as zero
    /// (the same value kiwi and the original Cassowary implementation use).
    public static let epsilon: Double = 1.0e-8

    @inline(__always) static func nearZero(_ x: Double) -> Bool { x < epsilon && x > -epsilon }
}

/// Resource limits that keep hostile input from exhausting memory.
public enum SolverLimits {
    /// The objective stores the non-zero coefficients of each symbol, one per distinct optional
    /// priority (tier) it costs in: past 4 M of them (64 MB) a new constraint is refused with
    /// ``SolverError/limitExceeded(_:)``. A UI system has a handful of tiers and one or two
    /// non-zero coefficients per symbol.
    public static let maximumObjectiveCoefficients = 4 * 1024 * 1024
    /// Ambiguity of a variable defined through a chain (SolverCore+Definitions) keeps the movable
    /// symbols its value depends on; past this many (a huge under-constrained system, where every
    /// view is ambiguous anyway) it is reported ambiguous without counting further.
    public static let ambiguityTerms = 64
}
