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

/// The cells of every row of one solver, in one allocation: a ``Row``'s hash table is the range
/// `offset ..< offset + (1 << bits)` of it (issue 27, branch perf32).
///
/// One allocation per row (a class instance per table, ~9,400 per new card-scene request: every
/// row's first table, every table grown, every table copied on write) cost ~3.5 million
/// instructions a request with their frees. Here a table is a range of one buffer: a row's first
/// table and a grown table are taken from the range's free list of their size class (`bits`) or
/// from the end, and a grown table's old range goes onto its size class's free list (its first
/// cell's `symbol` links to the next free range of the class). The buffer grows by doubling; a
/// grown buffer moves, so a pointer into it is valid only until the next range is taken
/// (``Row/reserve(_:in:)``, ``Row/insert(_:_:in:)``): a row read while another row of the store
/// is written (``Row/addScaled(_:_:newSymbols:in:)``) is read through a pointer taken after the
/// written row has made its room.
///
/// Copy on write is the solver's (``SolverCore/writableCells()``): a solver copied (the continued
/// request's, sharing the kept scene's rows) shares the store, and the first write copies it whole,
/// once, where each table was copied on its row's first write. `@unchecked Sendable` as `Array`
/// is: a store is changed only through a solver that holds the one reference to it.
final class CellStore: @unchecked Sendable {
    /// The cells (`capacity` of them; `used` from the start have been handed out as ranges).
    private(set) var base: UnsafeMutablePointer<Cell>
    private(set) var capacity: Int
    private(set) var used = 0
    /// Per size class (`bits`, 0..<32), the offset of the first free range, or -1.
    private var freeHeads: UnsafeMutablePointer<Int32>

    init(capacity: Int = 0) {
        self.capacity = capacity
        base = UnsafeMutablePointer<Cell>.allocate(capacity: max(capacity, 1))
        freeHeads = UnsafeMutablePointer<Int32>.allocate(capacity: 32)
        freeHeads.initialize(repeating: -1, count: 32)
    }

    deinit {
        base.deallocate()
        freeHeads.deallocate()
    }

    /// A copy of `self`: the same ranges at the same offsets, the same free lists.
    func copy() -> CellStore {
        let c = CellStore(capacity: capacity)
        c.base.initialize(from: base, count: used)
        c.used = used
        c.freeHeads.update(from: freeHeads, count: 32)
        return c
    }

    /// Makes room for `n` more cells at the end without moving the buffer.
    func reserve(_ n: Int) {
        if used + n > capacity { grow(to: used + n) }
    }

    private func grow(to n: Int) {
        var cap = max(capacity, 64)
        while cap < n { cap *= 2 }
        precondition(cap <= Int(Int32.max), "the solver's cell store outgrew 2^31 cells")
        let b = UnsafeMutablePointer<Cell>.allocate(capacity: cap)
        b.initialize(from: base, count: used)
        base.deallocate()
        base = b
        capacity = cap
    }

    /// A range of `1 << bits` empty cells (`bits` ≥ 1); the buffer may move.
    @inline(__always)
    func allocate(bits: UInt32) -> Int32 {
        let n = 1 << Int(bits)
        let off: Int
        let head = freeHeads[Int(bits)]
        if head >= 0 {
            off = Int(head)
            freeHeads[Int(bits)] = base[off].symbol
        } else {
            if used + n > capacity { grow(to: used + n) }
            off = used
            used += n
        }
        (base + off).initialize(repeating: Cell(symbol: -1, coefficient: 0), count: n)
        return Int32(truncatingIfNeeded: off)
    }

    /// Gives the range at `offset` of `1 << bits` cells back (its class's free list).
    @inline(__always)
    func release(_ offset: Int32, bits: UInt32) {
        base[Int(offset)].symbol = freeHeads[Int(bits)]
        freeHeads[Int(bits)] = offset
    }
}

/// One tableau row `basic = constant + Σ coefficient·symbol` (before a subject is chosen, `0 = …`).
///
/// Cells live in a small open-addressing hash table (linear probing, power-of-two capacity,
/// Fibonacci hashing of the symbol id, backward-shift deletion). Adding a short row into a long one
/// therefore costs the length of the short one — positions at the end of a long UI chain depend on
/// many sizes before them, so rows get long — and there is no per-cell allocation or generic
/// hashing.
///
/// The table is a range of the solver's ``CellStore`` (`offset`, `1 << bits` cells; issue 27,
/// branch perf32), not an allocation of its own: a row is a handle, and every operation on its
/// cells is handed the store. So a copy of a `Row` names the same cells: a row that must stay as
/// it was while another is changed is duplicated (``copy(in:)``), and a row dropped gives its
/// range back (``release(in:)``). The store handed to a mutating operation is the solver's own,
/// made unique first (``SolverCore/writableCells()``).
struct Row: Sendable {
    var constant: Double
    private(set) var count: Int = 0
    /// The table's first cell in the store.
    private var offset: Int32 = 0
    /// log2 of the table's buckets; 0 for a row that has no table (never had a cell).
    private var bits: UInt32 = 0

    init(constant: Double = 0) { self.constant = constant }

    var isEmpty: Bool { count == 0 }

    /// Number of buckets (0 before the first cell).
    @inline(__always)
    private var capacity: Int { bits == 0 ? 0 : 1 << Int(bits) }

    /// The buckets, read-only (empty before the first cell), valid until the store next hands out
    /// a range (a row's first table or a table grown).
    @inline(__always)
    func buckets(in cells: CellStore) -> UnsafeBufferPointer<Cell> {
        UnsafeBufferPointer(start: cells.base + Int(offset), count: capacity)
    }

    /// The buckets for writing (the store is the solver's unique one).
    @inline(__always)
    private func writableBuckets(_ cells: CellStore) -> UnsafeMutableBufferPointer<Cell> {
        UnsafeMutableBufferPointer(start: cells.base + Int(offset), count: capacity)
    }

    @inline(__always)
    private func bucket(_ s: Int32) -> Int {
        Int((UInt32(bitPattern: s) &* 2_654_435_769) >> (32 &- bits))
    }

    @inline(__always)
    private func find(_ s: Int32, _ t: UnsafeBufferPointer<Cell>) -> Int {
        if count == 0 { return -1 }
        let mask = t.count - 1
        var i = bucket(s)
        while true {
            let k = t[i].symbol
            if k == s { return i }
            if k < 0 { return -1 }
            i = (i + 1) & mask
        }
    }

    @inline(__always)
    func coefficient(_ s: Int32, in cells: CellStore) -> Double {
        let t = buckets(in: cells)
        let i = find(s, t)
        return i >= 0 ? t[i].coefficient : 0
    }

    @inline(__always)
    func contains(_ s: Int32, in cells: CellStore) -> Bool { find(s, buckets(in: cells)) >= 0 }

    /// Calls `body` for every cell (in table order). `body` must not hand out a range of `cells`
    /// (no insertion into any row of the store).
    @inline(__always)
    func forEach(in cells: CellStore, _ body: (Int32, Double) -> Void) {
        if count == 0 { return }
        for c in buckets(in: cells) where c.symbol >= 0 { body(c.symbol, c.coefficient) }
    }

    /// Symbols of all cells.
    func symbols(in cells: CellStore) -> [Int32] {
        var out: [Int32] = []
        out.reserveCapacity(count)
        forEach(in: cells) { s, _ in out.append(s) }
        return out
    }

    /// A row with the same constant and the same cells in the same buckets, in a range of its own.
    func copy(in cells: CellStore) -> Row {
        var r = Row(constant: constant)
        guard bits != 0 else { return r }
        r.offset = cells.allocate(bits: bits)
        r.bits = bits
        r.count = count
        (cells.base + Int(r.offset)).update(from: cells.base + Int(offset), count: capacity)
        return r
    }

    /// Gives the row's range back to the store; the row is left empty, with no table.
    mutating func release(in cells: CellStore) {
        if bits != 0 { cells.release(offset, bits: bits) }
        bits = 0
        offset = 0
        count = 0
    }

    private mutating func grow(_ cells: CellStore) { rehash(capacity: capacity == 0 ? 8 : capacity * 2, cells) }

    /// Makes room for `n` cells without further rehashing.
    @inline(__always)
    mutating func reserve(_ n: Int, in cells: CellStore) {
        guard n * 4 > capacity * 3 else { return }
        var cap = max(8, capacity)
        while n * 4 > cap * 3 { cap *= 2 }
        rehash(capacity: cap, cells)
    }

    /// Moves the cells into a new range of `newCap` buckets, in the old table's order, and gives
    /// the old range back.
    private mutating func rehash(capacity newCap: Int, _ cells: CellStore) {
        let oldCap = capacity
        let newBits = UInt32(newCap.trailingZeroBitCount)
        let to = cells.allocate(bits: newBits)
        let base = cells.base
        let mask = newCap - 1
        let shift = 32 &- newBits
        if oldCap > 0 {
            let src = base + Int(offset)
            let dst = base + Int(to)
            for k in 0..<oldCap where src[k].symbol >= 0 {
                let c = src[k]
                var i = Int((UInt32(bitPattern: c.symbol) &* 2_654_435_769) >> shift)
                while dst[i].symbol >= 0 { i = (i + 1) & mask }
                dst[i] = c
            }
            cells.release(offset, bits: bits)
        }
        offset = to
        bits = newBits
    }

    private mutating func erase(at index: Int, _ cells: CellStore) {
        Self.erase(writableBuckets(cells), at: index, shift: 32 &- bits)
        count -= 1
    }

    /// `self += coefficient · s`, dropping the cell when it cancels.
    /// Returns `true` when a new cell was created.
    @inline(__always) @discardableResult
    mutating func insert(_ s: Int32, _ coefficient: Double, in cells: CellStore) -> Bool {
        if (count + 1) * 4 > capacity * 3 { grow(cells) }
        let t = writableBuckets(cells)
        let mask = t.count - 1
        var i = bucket(s)
        while true {
            let k = t[i].symbol
            if k == s {
                let v = t[i].coefficient + coefficient
                if SolverTolerance.nearZero(v) {
                    Self.erase(t, at: i, shift: 32 &- bits)
                    count -= 1
                } else {
                    t[i].coefficient = v
                }
                return false
            }
            if k < 0 {
                if SolverTolerance.nearZero(coefficient) { return false }
                t[i] = Cell(symbol: s, coefficient: coefficient)
                count += 1
                return true
            }
            i = (i + 1) & mask
        }
    }

    /// Removes `s` and returns its coefficient, or nil.
    @inline(__always) @discardableResult
    mutating func remove(_ s: Int32, in cells: CellStore) -> Double? {
        let t = buckets(in: cells)
        let i = find(s, t)
        if i < 0 { return nil }
        let c = t[i].coefficient
        erase(at: i, cells)
        return c
    }

    /// `self += scale · src`; appends to `newSymbols` every symbol that got a new cell. `src` is
    /// another row of `cells` (not `self`).
    /// The hot loop of every substitution: one capacity check, then raw probing.
    mutating func addScaled(_ src: Row, _ scale: Double, newSymbols: inout [Int32], in cells: CellStore) {
        addScaled(src, scale, newSymbols: &newSymbols, tracking: true, cells)
    }

    /// `addScaled(_:_:newSymbols:in:)`, with the new symbols recorded only when `tracking`.
    @inline(__always)
    private mutating func addScaled(_ src: Row, _ scale: Double, newSymbols: inout [Int32], tracking: Bool,
                                    _ cells: CellStore) {
        constant += src.constant * scale
        if src.count == 0 { return }
        // Room first (the store may move), then both tables read from the moved buffer.
        reserve(count + src.count, in: cells)
        let shift = 32 &- bits
        var added = 0
        let dst = writableBuckets(cells)
        let mask = dst.count - 1
        for cell in src.buckets(in: cells) where cell.symbol >= 0 {
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
    /// `other`'s cells times `coefficient`, in `addScaled`'s raw loop). `other` is another row of
    /// `cells`.
    mutating func insert(_ other: Row, _ coefficient: Double, in cells: CellStore) {
        var none: [Int32] = []
        addScaled(other, coefficient, newSymbols: &none, tracking: false, cells)
    }

    mutating func scale(_ k: Double, in cells: CellStore) {
        constant *= k
        guard bits != 0 else { return }
        let t = writableBuckets(cells)
        for i in t.indices where t[i].symbol >= 0 { t[i].coefficient *= k }
    }

    mutating func reverseSign(in cells: CellStore) { scale(-1, in: cells) }

    /// Turns `0 = … + a·s + …` into `s = …` (removing `s`).
    mutating func solve(for s: Int32, in cells: CellStore) {
        guard let a = remove(s, in: cells) else { return }
        scale(-1.0 / a, in: cells)
    }

    /// Turns `lhs = … + a·rhs + …` into `rhs = … + lhs·(…)`.
    mutating func solve(for lhs: Int32, _ rhs: Int32, in cells: CellStore) {
        insert(lhs, -1.0, in: cells)
        solve(for: rhs, in: cells)
    }
}
