/// Arithmetic on numbers that come from input, in the forms that cannot trap.
///
/// Swift traps (the process dies) when a `Double` that is NaN, infinite or out of range is
/// converted with `Int(_:)`, when integer arithmetic overflows, and when an index is out of
/// range. Every number a scene, a request, a design file or an expectation file gives is a
/// `Double` until it is needed as a count or an index, and any arithmetic on it (a quotient of a
/// huge coordinate by a tiny width, a product of two large sizes) can leave the finite range. So
/// the engine and its shells turn floating values into integers only here, and a source lint
/// (`SourceLintTests`) fails on a bare `Int(…)` of anything else; what these helpers cannot
/// represent comes back as nil (or clamped, where the caller asks for a clamp), never as a trap.
/// Readers of documents use ``DecodeContext/integer(_:at:min:max:what:)`` and
/// ``DecodeContext/index(_:at:count:what:)``, which record a problem with the JSON pointer.
package enum Checked {
    /// `x` as an `Int` when it is a whole number within `range`; nil otherwise (NaN, infinite,
    /// fractional, or outside the range — including numbers past `Int`'s range, which `Int(_:)`
    /// traps on).
    @inlinable
    public static func int(exactly x: Double, in range: ClosedRange<Int> = Int.min...Int.max) -> Int? {
        guard let n = Int(exactly: x), range.contains(n) else { return nil }
        return n
    }

    /// `x` rounded by `rule` and clamped to `range`: a value below the range gives its lower
    /// bound, above it (or +∞) its upper bound; NaN gives nil. For cell, bucket and row numbers
    /// computed from coordinates, which may be as large as a `Double` allows.
    @inlinable
    public static func int(
        _ x: Double, rounding rule: FloatingPointRoundingRule, clampedTo range: ClosedRange<Int>
    ) -> Int? {
        guard !x.isNaN else { return nil }
        let r = x.rounded(rule)
        if r <= Double(range.lowerBound) { return range.lowerBound }
        // `Double(range.upperBound)` may round up past the bound (Int.max becomes 2^63): compare
        // with `>=` so that the conversion below only sees values strictly inside.
        if r >= Double(range.upperBound) { return range.upperBound }
        return Int(exactly: r) ?? range.upperBound
    }

    /// `x` as an `Int64` when it is a whole number with `|x| < 2^53` (every such `Double` is
    /// exact), for writers that print whole numbers without a fraction; nil otherwise.
    @inlinable
    public static func wholeNumber(_ x: Double) -> Int64? {
        guard x == x.rounded(), abs(x) < 9_007_199_254_740_992 else { return nil }
        return Int64(exactly: x)
    }

    /// `a + b`, or nil when it overflows.
    @inlinable
    public static func add(_ a: Int, _ b: Int) -> Int? {
        let (r, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : r
    }

    /// `a × b`, or nil when it overflows.
    @inlinable
    public static func multiply(_ a: Int, _ b: Int) -> Int? {
        let (r, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : r
    }

    /// `a / b` when it is a finite number; nil for a zero divisor or a quotient that overflows
    /// to infinity or is NaN (a huge coordinate over a tiny size).
    @inlinable
    public static func quotient(_ a: Double, _ b: Double) -> Double? {
        guard b != 0 else { return nil }
        let q = a / b
        return q.isFinite ? q : nil
    }

    /// The element of `array` at `index`, or nil when the index is outside it.
    @inlinable
    public static func element<T>(_ array: [T], at index: Int) -> T? {
        array.indices.contains(index) ? array[index] : nil
    }
}
