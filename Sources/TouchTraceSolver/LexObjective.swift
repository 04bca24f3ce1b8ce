/// The objective of a ``Solver``: one coefficient *vector* per symbol, compared lexicographically.
///
/// Design: each distinct optional priority in the solver is a *tier*. An error symbol of a
/// constraint at priority `p` costs the unit vector of `p`'s tier; a sum like
/// "3 × tier(250) + 1 × tier(750)" compares greater than "1000 × tier(250)" because the 750
/// component is compared first: any violation at 750 outweighs any amount at 250, which is what
/// UIKit documents and what one weighted `Double` cannot express without overflow or rounding.
///
/// Storage is one flat `[Double]` indexed `symbol * stride + component`, so a lookup is an index
/// computation and the usual ≤ 4 tiers cost ≤ 4 doubles per symbol (`stride` is a capacity that
/// doubles, so a new tier is amortised O(symbols)). Components are numbered in order of first use;
/// `order` lists them from the highest priority down and drives every comparison.
struct LexObjective: Sendable {
    /// Priority of each component, in order of first use.
    private(set) var priorities: [Float] = []
    /// Component indices from the highest priority to the lowest.
    private(set) var order: [Int] = []
    /// Physical vector length per symbol (≥ `priorities.count`).
    private(set) var stride: Int = 0
    /// `symbolCount * stride` coefficients.
    var coefficients: [Double] = []
    private(set) var symbolCount: Int = 0

    /// Number of tiers in use.
    var count: Int { priorities.count }

    /// The priority value of the tie-break tier: below every valid priority (those are > 0), so it
    /// is always compared last. See `Constraint.tieBreak`.
    static let tieBreakPriority: Float = 0
    /// Component of the tie-break tier once it exists.
    private(set) var tieBreakComponent: Int = -1

    /// Tier priorities, highest first.
    var prioritiesByImportance: [Float] { order.map { priorities[$0] } }

    /// Component of an existing tier for `priority`, or nil.
    func tier(of priority: Float) -> Int? {
        for (i, p) in priorities.enumerated() where p == priority { return i }
        return nil
    }

    /// The component for `priority`, adding a tier when new.
    mutating func ensureTier(_ priority: Float) -> Int {
        if let t = tier(of: priority) { return t }
        let component = priorities.count
        if component == stride {
            let newStride = max(4, stride * 2)
            var fresh = [Double](repeating: 0, count: symbolCount * newStride)
            for s in 0..<symbolCount {
                for t in 0..<stride { fresh[s * newStride + t] = coefficients[s * stride + t] }
            }
            coefficients = fresh
            stride = newStride
        }
        priorities.append(priority)
        if priority == Self.tieBreakPriority { tieBreakComponent = component }
        let rank = order.firstIndex { priorities[$0] < priority } ?? order.count
        order.insert(component, at: rank)
        return component
    }

    mutating func appendSymbol() {
        symbolCount += 1
        if stride > 0 { coefficients.append(contentsOf: repeatElement(0, count: stride)) }
    }

    @inline(__always)
    func isZero(_ s: Int32) -> Bool {
        let base = Int(s) * stride
        for t in 0..<priorities.count where coefficients[base + t] != 0 { return false }
        return true
    }

    /// `true` when every *priority* component is zero (the tie-break tier is not looked at): moving
    /// the symbol costs nothing that any priority cares about.
    @inline(__always)
    func isZeroAtEveryPriority(_ s: Int32) -> Bool {
        let base = Int(s) * stride
        for t in 0..<priorities.count where t != tieBreakComponent && coefficients[base + t] != 0 { return false }
        return true
    }

    /// `true` when the first non-zero component (in importance order) is negative.
    @inline(__always)
    func isNegative(_ s: Int32) -> Bool {
        let base = Int(s) * stride
        for t in order {
            let c = coefficients[base + t]
            if c != 0 { return c < 0 }
        }
        return false
    }

    /// Lexicographic comparison of `coef(a)/da` and `coef(b)/db` (`da`, `db` > 0).
    @inline(__always)
    func ratioLess(_ a: Int32, _ da: Double, _ b: Int32, _ db: Double) -> Bool {
        let ba = Int(a) * stride, bb = Int(b) * stride
        for t in order {
            let x = coefficients[ba + t] / da, y = coefficients[bb + t] / db
            if x != y { return x < y }
        }
        return false
    }

    /// Adds `value` to component `tier` of symbol `s`.
    @inline(__always)
    mutating func add(_ s: Int32, tier: Int, _ value: Double) {
        let i = Int(s) * stride + tier
        let v = coefficients[i] + value
        coefficients[i] = SolverTolerance.nearZero(v) ? 0 : v
    }

    mutating func clear(_ s: Int32) {
        let base = Int(s) * stride
        for t in 0..<priorities.count { coefficients[base + t] = 0 }
    }
}
