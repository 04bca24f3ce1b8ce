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
///
/// The vectors live in one pool (`pool`), each in a block of its own (start, length, capacity: a
/// power of two), not in an array per symbol: a 1,000-view Auto Layout scene has thousands of
/// error symbols, and an array each was an allocation to make, one or more to grow, a retain per
/// symbol whenever a kept solver is copied (copy-on-write) and a release to free it (issue 27). A
/// block that is outgrown goes to a free list of its size and is reused.
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
    /// Per symbol: its non-zero components, by rank, at `pool[start[s] ..< start[s] + length[s]]`,
    /// in a block of `capacity[s]` entries (0: no block yet).
    private var start: [Int32] = []
    private var length: [Int32] = []
    private var capacity: [Int32] = []
    private var pool: [Entry] = []
    /// Entries of `pool` handed out to blocks so far; the pool is grown ``poolChunk`` entries at a
    /// time, not by each new block's size (an append of a few entries was ~150 instructions, 0.7
    /// million per new card-scene request; issue 27, branch perf30).
    private var poolCount = 0
    /// Entries added to the pool at a time when a new block does not fit.
    static let poolChunk = 256
    /// Blocks given up by symbols that outgrew them, by size (index: log2 of the capacity).
    private var freeBlocks: [[Int32]] = []
    /// Scratch storage: the merge's output, and the vector ``take(_:)`` hands out (kept to save
    /// an allocation per call).
    private var mergeScratch: [Entry] = []
    private var spare: [Entry] = []
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

    /// Makes room for `symbols` symbols without growing.
    mutating func reserveCapacity(symbols: Int) {
        start.reserveCapacity(symbols)
        length.reserveCapacity(symbols)
        capacity.reserveCapacity(symbols)
    }

    /// Adds `k` symbols with no components (for symbols to come).
    mutating func appendSymbols(_ k: Int) {
        start.append(contentsOf: repeatElement(0, count: k))
        length.append(contentsOf: repeatElement(0, count: k))
        capacity.append(contentsOf: repeatElement(0, count: k))
    }

    /// Makes `s`'s block hold at least `n` entries (its entries moved along when it moves).
    private mutating func reserve(_ i: Int, _ n: Int) {
        let old = Int(capacity[i])
        guard n > old else { return }
        var cap = max(2, old)
        while cap < n { cap *= 2 }
        let sizeClass = cap.trailingZeroBitCount
        let newStart: Int
        if sizeClass < freeBlocks.count, let reused = freeBlocks[sizeClass].popLast() {
            newStart = Int(reused)
        } else {
            newStart = poolCount
            if poolCount + cap > pool.count {
                pool.append(contentsOf: repeatElement(Entry(component: -1, coefficient: 0), count: max(cap, Self.poolChunk)))
            }
            poolCount += cap
        }
        let from = Int(start[i]), count = Int(length[i])
        for k in 0..<count { pool[newStart + k] = pool[from + k] }
        if old > 0 {
            let oldClass = old.trailingZeroBitCount
            while freeBlocks.count <= oldClass { freeBlocks.append([]) }
            freeBlocks[oldClass].append(start[i])
        }
        start[i] = Int32(truncatingIfNeeded: newStart)
        capacity[i] = Int32(truncatingIfNeeded: cap)
    }

    /// The rank of an entry's component (its place from the highest priority down).
    @inline(__always)
    private func rankOf(_ e: Entry) -> Int32 { rank[Int(e.component)] }

    @inline(__always)
    private func isComponent(_ e: Entry, _ tier: Int) -> Bool { Int(e.component) == tier }

    @inline(__always)
    func isZero(_ s: Int32) -> Bool { length[Int(s)] == 0 }

    /// `true` when every *priority* component is zero (the tie-break tier is not looked at): moving
    /// the symbol costs nothing that any priority cares about.
    @inline(__always)
    func isZeroAtEveryPriority(_ s: Int32) -> Bool {
        let i = Int(s), from = Int(start[i])
        for k in from..<(from + Int(length[i])) where Int(pool[k].component) != tieBreakComponent { return false }
        return true
    }

    /// `true` when the first non-zero component (in importance order) is negative.
    @inline(__always)
    func isNegative(_ s: Int32) -> Bool {
        let i = Int(s)
        guard length[i] > 0 else { return false }
        return pool[Int(start[i])].coefficient < 0
    }

    /// Lexicographic comparison of `coef(a)/da` and `coef(b)/db` (`da`, `db` > 0).
    func ratioLess(_ a: Int32, _ da: Double, _ b: Int32, _ db: Double) -> Bool {
        let sa = Int(start[Int(a)]), na = Int(length[Int(a)])
        let sb = Int(start[Int(b)]), nb = Int(length[Int(b)])
        var i = 0, j = 0
        while i < na || j < nb {
            let ra = i < na ? rankOf(pool[sa + i]) : Int32.max
            let rb = j < nb ? rankOf(pool[sb + j]) : Int32.max
            let x: Double, y: Double
            if ra == rb {
                x = pool[sa + i].coefficient / da
                y = pool[sb + j].coefficient / db
                i += 1
                j += 1
            } else if ra < rb {
                x = pool[sa + i].coefficient / da
                y = 0
                i += 1
            } else {
                x = 0
                y = pool[sb + j].coefficient / db
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
        let from = Int(start[i]), n = Int(length[i])
        var k = 0
        while k < n, rankOf(pool[from + k]) < r { k += 1 }
        if k < n, isComponent(pool[from + k], tier) {
            let v = pool[from + k].coefficient + value
            if SolverTolerance.nearZero(v) {
                for m in (from + k)..<(from + n - 1) { pool[m] = pool[m + 1] }
                length[i] -= 1
                nonZeroCount -= 1
            } else {
                pool[from + k].coefficient = v
            }
        } else if !SolverTolerance.nearZero(value) {
            reserve(i, n + 1)
            let at = Int(start[i])
            var m = at + n
            while m > at + k {
                pool[m] = pool[m - 1]
                m -= 1
            }
            pool[at + k] = Entry(component: Int32(truncatingIfNeeded: tier), coefficient: value)
            length[i] += 1
            nonZeroCount += 1
        }
    }

    /// The non-zero components of `s`, by rank, handed out and `s` cleared (`clear(_:)`); give the
    /// array back with ``giveBack(_:)`` so the next call reuses its storage.
    mutating func take(_ s: Int32) -> [Entry] {
        var v: [Entry] = []
        swap(&v, &spare)
        v.removeAll(keepingCapacity: true)
        let i = Int(s), from = Int(start[i])
        for k in from..<(from + Int(length[i])) { v.append(pool[k]) }
        clear(s)
        return v
    }

    /// Returns the array ``take(_:)`` handed out.
    mutating func giveBack(_ v: [Entry]) { spare = v }

    /// `coef(s) += scale × v` (`v` sorted by rank).
    mutating func addScaled(_ v: [Entry], _ scale: Double, to s: Int32) {
        let i = Int(s)
        if length[i] == 0 {
            reserve(i, v.count)
            let at = Int(start[i])
            var n = 0
            for e in v {
                let c = e.coefficient * scale
                if !SolverTolerance.nearZero(c) {
                    pool[at + n] = Entry(component: e.component, coefficient: c)
                    n += 1
                }
            }
            nonZeroCount += n
            length[i] = Int32(truncatingIfNeeded: n)
            return
        }
        if addScaledInPlace(v, scale, to: i) { return }
        var out: [Entry] = []
        swap(&out, &mergeScratch)
        out.removeAll(keepingCapacity: true)
        let from = Int(start[i]), oldCount = Int(length[i])
        var p = 0, q = 0
        while p < oldCount || q < v.count {
            let rp = p < oldCount ? rankOf(pool[from + p]) : Int32.max
            let rq = q < v.count ? rank[Int(v[q].component)] : Int32.max
            if rp == rq {
                let c = pool[from + p].coefficient + v[q].coefficient * scale
                if !SolverTolerance.nearZero(c) { out.append(Entry(component: pool[from + p].component, coefficient: c)) }
                p += 1
                q += 1
            } else if rp < rq {
                out.append(pool[from + p])
                p += 1
            } else {
                let c = v[q].coefficient * scale
                if !SolverTolerance.nearZero(c) { out.append(Entry(component: v[q].component, coefficient: c)) }
                q += 1
            }
        }
        nonZeroCount += out.count - oldCount
        reserve(i, out.count)
        let at = Int(start[i])
        for k in out.indices { pool[at + k] = out[k] }
        length[i] = Int32(truncatingIfNeeded: out.count)
        swap(&out, &mergeScratch)
    }

    /// `addScaled(_:_:to:)` when every component of `v` is already one of `s`'s (the usual case:
    /// one tier, or a tier and the tie-break): the same sums in the same order, written into the
    /// vector, and the components that cancel dropped, in order. False, with nothing changed, when
    /// `v` has a component `s` has not.
    private mutating func addScaledInPlace(_ v: [Entry], _ scale: Double, to i: Int) -> Bool {
        let from = Int(start[i]), n = Int(length[i])
        var p = 0
        for e in v {
            let r = rank[Int(e.component)]
            while p < n, rankOf(pool[from + p]) < r { p += 1 }
            guard p < n, pool[from + p].component == e.component else { return false }
            p += 1
        }
        // Only the sums that cancel go (the other components are kept as they are, as the merge
        // keeps them), compacted in one pass that keeps the order.
        var write = 0
        p = 0
        for e in v {
            while pool[from + p].component != e.component {
                pool[from + write] = pool[from + p]
                write += 1
                p += 1
            }
            let c = pool[from + p].coefficient + e.coefficient * scale
            if !SolverTolerance.nearZero(c) {
                pool[from + write] = Entry(component: e.component, coefficient: c)
                write += 1
            }
            p += 1
        }
        while p < n {
            pool[from + write] = pool[from + p]
            write += 1
            p += 1
        }
        nonZeroCount -= n - write
        length[i] = Int32(truncatingIfNeeded: write)
        return true
    }

    /// Sets every component of `s` to zero (its block stays its own, for reuse).
    mutating func clear(_ s: Int32) {
        nonZeroCount -= Int(length[Int(s)])
        length[Int(s)] = 0
    }
}
