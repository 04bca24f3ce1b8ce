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
    /// The objective stores one coefficient per symbol and distinct optional priority (tier):
    /// 32 M doubles (256 MB). A UI system has a handful of tiers; thousands of distinct priorities
    /// over thousands of constraints are refused with ``SolverError/limitExceeded(_:)``.
    public static let maximumObjectiveCoefficients = 32 * 1024 * 1024
}
