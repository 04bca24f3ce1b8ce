/// Kind of a tableau symbol (Cassowary's external, slack, error and dummy variables).
enum SymbolKind: UInt8, Sendable {
    /// A caller variable; unrestricted in sign.
    case external
    /// Slack of an inequality (≥ 0).
    case slack
    /// Error of an optional constraint (≥ 0); the only symbols with a cost in the objective.
    case error
    /// Marker of a required equality; fixed at 0, never pivoted in (only in tracking solvers).
    case dummy
}

/// One `symbol → coefficient` entry of a ``Row``'s hash table; `symbol < 0` marks an empty bucket.
struct Cell: Sendable {
    var symbol: Int32
    var coefficient: Double
}

/// One tableau row `basic = constant + Σ coefficient·symbol` (before a subject is chosen, `0 = …`).
///
/// Cells live in a small open-addressing hash table (linear probing, power-of-two capacity,
/// Fibonacci hashing of the symbol id, backward-shift deletion), in one flat allocation. Adding a
/// short row into a long one therefore costs the length of the short one — positions at the end of
/// a long UI chain depend on many sizes before them, so rows get long — and there is no per-cell
/// allocation or generic hashing.
struct Row: Sendable {
    var constant: Double
    private(set) var table: [Cell] = []
    private(set) var count: Int = 0
    private var bits: UInt32 = 0

    init(constant: Double = 0) { self.constant = constant }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    private func bucket(_ s: Int32) -> Int {
        Int((UInt32(bitPattern: s) &* 2_654_435_769) >> (32 &- bits))
    }

    @inline(__always)
    private func find(_ s: Int32) -> Int {
        if count == 0 { return -1 }
        let mask = table.count - 1
        var i = bucket(s)
        while true {
            let k = table[i].symbol
            if k == s { return i }
            if k < 0 { return -1 }
            i = (i + 1) & mask
        }
    }

    @inline(__always)
    func coefficient(_ s: Int32) -> Double {
        let i = find(s)
        return i >= 0 ? table[i].coefficient : 0
    }

    @inline(__always)
    func contains(_ s: Int32) -> Bool { find(s) >= 0 }

    /// Calls `body` for every cell (in table order).
    @inline(__always)
    func forEach(_ body: (Int32, Double) -> Void) {
        if count == 0 { return }
        for c in table where c.symbol >= 0 { body(c.symbol, c.coefficient) }
    }

    /// Symbols of all cells.
    var symbols: [Int32] {
        var out: [Int32] = []
        out.reserveCapacity(count)
        forEach { s, _ in out.append(s) }
        return out
    }

    private mutating func grow() { rehash(capacity: table.isEmpty ? 8 : table.count * 2) }

    /// Makes room for `n` cells without further rehashing.
    @inline(__always)
    mutating func reserve(_ n: Int) {
        guard n * 4 > table.count * 3 else { return }
        var cap = max(8, table.count)
        while n * 4 > cap * 3 { cap *= 2 }
        rehash(capacity: cap)
    }

    private mutating func rehash(capacity newCap: Int) {
        let old = table
        bits = UInt32(newCap.trailingZeroBitCount)
        table = [Cell](repeating: Cell(symbol: -1, coefficient: 0), count: newCap)
        let mask = newCap - 1
        for c in old where c.symbol >= 0 {
            var i = bucket(c.symbol)
            while table[i].symbol >= 0 { i = (i + 1) & mask }
            table[i] = c
        }
    }

    private mutating func erase(at index: Int) {
        let shift = 32 &- bits
        table.withUnsafeMutableBufferPointer { Self.erase($0, at: index, shift: shift) }
        count -= 1
    }

    /// `self += coefficient · s`, dropping the cell when it cancels.
    /// Returns `true` when a new cell was created.
    @inline(__always) @discardableResult
    mutating func insert(_ s: Int32, _ coefficient: Double) -> Bool {
        if (count + 1) * 4 > table.count * 3 { grow() }
        let mask = table.count - 1
        var i = bucket(s)
        while true {
            let k = table[i].symbol
            if k == s {
                let v = table[i].coefficient + coefficient
                if SolverTolerance.nearZero(v) { erase(at: i) } else { table[i].coefficient = v }
                return false
            }
            if k < 0 {
                if SolverTolerance.nearZero(coefficient) { return false }
                table[i] = Cell(symbol: s, coefficient: coefficient)
                count += 1
                return true
            }
            i = (i + 1) & mask
        }
    }

    /// Removes `s` and returns its coefficient, or nil.
    @inline(__always) @discardableResult
    mutating func remove(_ s: Int32) -> Double? {
        let i = find(s)
        if i < 0 { return nil }
        let c = table[i].coefficient
        erase(at: i)
        return c
    }

    /// `self += scale · src`; appends to `newSymbols` every symbol that got a new cell.
    /// The hot loop of every substitution: one capacity check, then raw probing.
    mutating func addScaled(_ src: Row, _ scale: Double, newSymbols: inout [Int32]) {
        addScaled(src, scale, newSymbols: &newSymbols, tracking: true)
    }

    /// `addScaled(_:_:newSymbols:)`, with the new symbols recorded only when `tracking`.
    @inline(__always)
    private mutating func addScaled(_ src: Row, _ scale: Double, newSymbols: inout [Int32], tracking: Bool) {
        constant += src.constant * scale
        if src.count == 0 { return }
        reserve(count + src.count)
        let shift = 32 &- bits
        var added = 0
        table.withUnsafeMutableBufferPointer { dst in
            let mask = dst.count - 1
            src.table.withUnsafeBufferPointer { sb in
                for cell in sb where cell.symbol >= 0 {
                    let s = cell.symbol
                    let v = cell.coefficient * scale
                    var i = Int((UInt32(bitPattern: s) &* 2_654_435_769) >> shift)
                    while true {
                        let k = dst[i].symbol
                        if k == s {
                            let n = dst[i].coefficient + v
                            if SolverTolerance.nearZero(n) {
                                Row.erase(dst, at: i, shift: shift)
                                added -= 1
                            } else {
                                dst[i].coefficient = n
                            }
                            break
                        }
                        if k < 0 {
                            if !SolverTolerance.nearZero(v) {
                                dst[i] = Cell(symbol: s, coefficient: v)
                                added += 1
                                if tracking { newSymbols.append(s) }
                            }
                            break
                        }
                        i = (i + 1) & mask
                    }
                }
            }
        }
        count += added
    }

    /// Backward-shift deletion on a raw table (does not touch `count`).
    @inline(__always)
    private static func erase(_ t: UnsafeMutableBufferPointer<Cell>, at index: Int, shift: UInt32) {
        let mask = t.count - 1
        var hole = index
        var j = index
        while true {
            j = (j + 1) & mask
            let k = t[j].symbol
            if k < 0 { break }
            let home = Int((UInt32(bitPattern: k) &* 2_654_435_769) >> shift)
            // Move j into the hole when its home is not cyclically in (hole, j].
            if (j > hole && (home <= hole || home > j)) || (j < hole && (home <= hole && home > j)) {
                t[hole] = t[j]
                hole = j
            }
        }
        t[hole].symbol = -1
    }

    /// `self += coefficient · other` (the same operations, cell by cell, as inserting each of
    /// `other`'s cells times `coefficient`, in `addScaled`'s raw loop).
    mutating func insert(_ other: Row, _ coefficient: Double) {
        var none: [Int32] = []
        addScaled(other, coefficient, newSymbols: &none, tracking: false)
    }

    mutating func scale(_ k: Double) {
        constant *= k
        table.withUnsafeMutableBufferPointer { t in
            for i in t.indices where t[i].symbol >= 0 { t[i].coefficient *= k }
        }
    }

    mutating func reverseSign() { scale(-1) }

    /// Turns `0 = … + a·s + …` into `s = …` (removing `s`).
    mutating func solve(for s: Int32) {
        guard let a = remove(s) else { return }
        scale(-1.0 / a)
    }

    /// Turns `lhs = … + a·rhs + …` into `rhs = … + lhs·(…)`.
    mutating func solve(for lhs: Int32, _ rhs: Int32) {
        insert(lhs, -1.0)
        solve(for: rhs)
    }
}
