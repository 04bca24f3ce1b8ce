/// The objective of a ``Solver``: one coefficient *vector* per symbol, compared lexicographically.
///
/// Design: each distinct optional priority in the solver is a *tier*. An error symbol of a
/// constraint at priority `p` costs the unit vector of `p`'s tier; a sum like
/// "3 × tier(250) + 1 × tier(750)" compares greater than "1000 × tier(250)" because the 750
/// component is compared first: any violation at 750 outweighs any amount at 250, which is what
/// UIKit documents and what one weighted `Double` cannot express without overflow or rounding.
///
/// Storage is sparse: each symbol keeps its non-zero components only, most important first. A
/// UI system has a handful of tiers, but a `fillProportionally` stack view counts priorities down
/// from 999 per arranged subview (and `equalCentering` from 149), so a long stack has hundreds of
/// tiers; a dense vector per symbol would cost symbols × tiers (issue 21: minutes and hundreds of
/// megabytes for 3,000 views). Components are numbered in order of first use; `rank` says where
/// each stands from the highest priority down, and drives every comparison. A new tier never
/// changes the relative order of the existing ones, so the stored vectors stay sorted.
struct LexObjective: Sendable {
    struct Entry: Sendable {
        var component: Int32
        var coefficient: Double
    }

    /// Priority of each component, in order of first use.
    private(set) var priorities: [Float] = []
    /// Component indices from the highest priority to the lowest.
    private(set) var order: [Int] = []
    /// Position of each component in `order`.
    private(set) var rank: [Int32] = []
    /// Per symbol: its non-zero components, by rank.
    private(set) var vectors: [[Entry]] = []
    /// Non-zero coefficients over all symbols (bounded by ``SolverLimits/maximumObjectiveCoefficients``).
    private(set) var nonZeroCount = 0

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
        priorities.append(priority)
        if priority == Self.tieBreakPriority { tieBreakComponent = component }
        let position = order.firstIndex { priorities[$0] < priority } ?? order.count
        order.insert(component, at: position)
        rank = [Int32](repeating: 0, count: order.count)
        for (r, c) in order.enumerated() { rank[c] = Int32(truncatingIfNeeded: r) }
        return component
    }

    mutating func appendSymbol() {
        vectors.append([])
    }

    @inline(__always)
    func isZero(_ s: Int32) -> Bool { vectors[Int(s)].isEmpty }

    /// `true` when every *priority* component is zero (the tie-break tier is not looked at): moving
    /// the symbol costs nothing that any priority cares about.
    @inline(__always)
    func isZeroAtEveryPriority(_ s: Int32) -> Bool {
        vectors[Int(s)].allSatisfy { Int($0.component) == tieBreakComponent }
    }

    /// `true` when the first non-zero component (in importance order) is negative.
    @inline(__always)
    func isNegative(_ s: Int32) -> Bool {
        guard let first = vectors[Int(s)].first else { return false }
        return first.coefficient < 0
    }

    /// Lexicographic comparison of `coef(a)/da` and `coef(b)/db` (`da`, `db` > 0).
    func ratioLess(_ a: Int32, _ da: Double, _ b: Int32, _ db: Double) -> Bool {
        let va = vectors[Int(a)], vb = vectors[Int(b)]
        var i = 0, j = 0
        while i < va.count || j < vb.count {
            let ra = i < va.count ? rank[Int(va[i].component)] : Int32.max
            let rb = j < vb.count ? rank[Int(vb[j].component)] : Int32.max
            let x: Double, y: Double
            if ra == rb {
                x = va[i].coefficient / da
                y = vb[j].coefficient / db
                i += 1
                j += 1
            } else if ra < rb {
                x = va[i].coefficient / da
                y = 0
                i += 1
            } else {
                x = 0
                y = vb[j].coefficient / db
                j += 1
            }
            if x != y { return x < y }
        }
        return false
    }

    /// Adds `value` to component `tier` of symbol `s`.
    mutating func add(_ s: Int32, tier: Int, _ value: Double) {
        let r = rank[tier]
        let i = Int(s)
        var k = 0
        while k < vectors[i].count, rank[Int(vectors[i][k].component)] < r { k += 1 }
        if k < vectors[i].count, Int(vectors[i][k].component) == tier {
            let v = vectors[i][k].coefficient + value
            if SolverTolerance.nearZero(v) {
                vectors[i].remove(at: k)
                nonZeroCount -= 1
            } else {
                vectors[i][k].coefficient = v
            }
        } else if !SolverTolerance.nearZero(value) {
            vectors[i].insert(Entry(component: Int32(truncatingIfNeeded: tier), coefficient: value), at: k)
            nonZeroCount += 1
        }
    }

    /// The non-zero components of `s`, by rank.
    func vector(of s: Int32) -> [Entry] { vectors[Int(s)] }

    /// `coef(s) += scale × v` (`v` sorted by rank).
    mutating func addScaled(_ v: [Entry], _ scale: Double, to s: Int32) {
        let i = Int(s)
        if vectors[i].isEmpty {
            var out: [Entry] = []
            out.reserveCapacity(v.count)
            for e in v {
                let c = e.coefficient * scale
                if !SolverTolerance.nearZero(c) { out.append(Entry(component: e.component, coefficient: c)) }
            }
            nonZeroCount += out.count
            vectors[i] = out
            return
        }
        if addScaledInPlace(v, scale, to: i) { return }
        let old = vectors[i]
        var out: [Entry] = []
        out.reserveCapacity(old.count + v.count)
        var p = 0, q = 0
        while p < old.count || q < v.count {
            let rp = p < old.count ? rank[Int(old[p].component)] : Int32.max
            let rq = q < v.count ? rank[Int(v[q].component)] : Int32.max
            if rp == rq {
                let c = old[p].coefficient + v[q].coefficient * scale
                if !SolverTolerance.nearZero(c) { out.append(Entry(component: old[p].component, coefficient: c)) }
                p += 1
                q += 1
            } else if rp < rq {
                out.append(old[p])
                p += 1
            } else {
                let c = v[q].coefficient * scale
                if !SolverTolerance.nearZero(c) { out.append(Entry(component: v[q].component, coefficient: c)) }
                q += 1
            }
        }
        nonZeroCount += out.count - old.count
        vectors[i] = out
    }

    /// `addScaled(_:_:to:)` when every component of `v` is already one of `s`'s (the usual case:
    /// one tier, or a tier and the tie-break): the same sums in the same order, written into the
    /// vector instead of a new one, and the components that cancel dropped, in order. False, with
    /// nothing changed, when `v` has a component `s` has not.
    private mutating func addScaledInPlace(_ v: [Entry], _ scale: Double, to i: Int) -> Bool {
        var p = 0
        for e in v {
            let r = rank[Int(e.component)]
            while p < vectors[i].count, rank[Int(vectors[i][p].component)] < r { p += 1 }
            guard p < vectors[i].count, vectors[i][p].component == e.component else { return false }
            p += 1
        }
        var cancelled: [Int] = []
        p = 0
        for e in v {
            while vectors[i][p].component != e.component { p += 1 }
            let c = vectors[i][p].coefficient + e.coefficient * scale
            vectors[i][p].coefficient = c
            if SolverTolerance.nearZero(c) { cancelled.append(p) }
            p += 1
        }
        // Only the sums that cancel go (the other components are kept as they are, as the merge
        // keeps them); positions ascending, so removing from the last keeps the others' places.
        for k in cancelled.reversed() { vectors[i].remove(at: k) }
        nonZeroCount -= cancelled.count
        return true
    }

    mutating func clear(_ s: Int32) {
        nonZeroCount -= vectors[Int(s)].count
        vectors[Int(s)] = []
    }
}
