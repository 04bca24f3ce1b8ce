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

/// The bucket array of a ``Row``'s hash table: one allocation, `1 << bits` cells.
///
/// A class of its own rather than `[Cell]`: allocating an array of a struct declared outside the
/// standard library looks its storage class's metadata up in the runtime's generic-metadata cache
/// on every allocation (`swift_getCanonicalPrespecializedGenericMetadata`: ~1.5% of a new
/// card-scene request, one table per row), and asks `malloc_usable_size` for its capacity; this
/// class's metadata is made once. Every mutation of an array element also checked the array's
/// uniqueness; a row now checks once per operation (issue 27). The header takes 16 bytes, as an
/// array's count and capacity do, so each table is the allocation the array was.
final class CellTable: ManagedBuffer<CellTable.Header, Cell> {
    struct Header {
        var capacity: Int
        var reserved: Int
    }

    /// A table of `capacity` empty buckets.
    static func make(capacity: Int) -> CellTable {
        let t = unsafeDowncast(create(minimumCapacity: capacity) { _ in Header(capacity: capacity, reserved: 0) },
                               to: CellTable.self)
        t.withUnsafeMutablePointerToElements { $0.initialize(repeating: Cell(symbol: -1, coefficient: 0), count: capacity) }
        return t
    }

    /// A copy of `self` (the same cells in the same buckets).
    func copy() -> CellTable {
        let n = header.capacity
        let t = unsafeDowncast(CellTable.create(minimumCapacity: n) { _ in Header(capacity: n, reserved: 0) },
                               to: CellTable.self)
        withUnsafeMutablePointerToElements { src in
            t.withUnsafeMutablePointerToElements { $0.initialize(from: src, count: n) }
        }
        return t
    }
}

/// One tableau row `basic = constant + Σ coefficient·symbol` (before a subject is chosen, `0 = …`).
///
/// Cells live in a small open-addressing hash table (linear probing, power-of-two capacity,
/// Fibonacci hashing of the symbol id, backward-shift deletion), in one flat allocation
/// (``CellTable``, copied on write). Adding a short row into a long one therefore costs the length
/// of the short one — positions at the end of a long UI chain depend on many sizes before them, so
/// rows get long — and there is no per-cell allocation or generic hashing.
///
/// `@unchecked Sendable` as `Array` is: the table is changed only through a row that holds the
/// one reference to it (``writableBuckets()`` copies it otherwise), so values on different
/// threads never share a table that changes.
struct Row: @unchecked Sendable {
    var constant: Double
    /// The buckets (`1 << bits` of them), or nil for a row that never had a cell.
    private var storage: CellTable? = nil
    private(set) var count: Int = 0
    private var bits: UInt32 = 0

    init(constant: Double = 0) { self.constant = constant }

    var isEmpty: Bool { count == 0 }

    /// Number of buckets (0 before the first cell).
    @inline(__always)
    private var capacity: Int { storage == nil ? 0 : 1 << Int(bits) }

    /// The buckets, read-only (empty before the first cell), valid while this row is alive and
    /// unchanged.
    @inline(__always)
    var buckets: UnsafeBufferPointer<Cell> {
        guard let t = storage else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: t.withUnsafeMutablePointerToElements { UnsafePointer($0) }, count: 1 << Int(bits))
    }

    /// The buckets for writing: the table is made unique first (copy on write). Only on a row with
    /// storage.
    @inline(__always)
    private mutating func writableBuckets() -> UnsafeMutablePointer<Cell> {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.map { $0.copy() } }
        return storage.unsafelyUnwrapped.withUnsafeMutablePointerToElements { $0 }
    }

    @inline(__always)
    private func bucket(_ s: Int32) -> Int {
        Int((UInt32(bitPattern: s) &* 2_654_435_769) >> (32 &- bits))
    }

    @inline(__always)
    private func find(_ s: Int32) -> Int {
        if count == 0 { return -1 }
        let t = buckets
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
    func coefficient(_ s: Int32) -> Double {
        let i = find(s)
        return i >= 0 ? buckets[i].coefficient : 0
    }

    @inline(__always)
    func contains(_ s: Int32) -> Bool { find(s) >= 0 }

    /// Calls `body` for every cell (in table order).
    @inline(__always)
    func forEach(_ body: (Int32, Double) -> Void) {
        if count == 0 { return }
        guard let t = storage else { return }
        withExtendedLifetime(t) {
            for c in buckets where c.symbol >= 0 { body(c.symbol, c.coefficient) }
        }
    }

    /// Symbols of all cells.
    var symbols: [Int32] {
        var out: [Int32] = []
        out.reserveCapacity(count)
        forEach { s, _ in out.append(s) }
        return out
    }

    private mutating func grow() { rehash(capacity: capacity == 0 ? 8 : capacity * 2) }

    /// Makes room for `n` cells without further rehashing.
    @inline(__always)
    mutating func reserve(_ n: Int) {
        guard n * 4 > capacity * 3 else { return }
        var cap = max(8, capacity)
        while n * 4 > cap * 3 { cap *= 2 }
        rehash(capacity: cap)
    }

    /// Moves the cells into a new table of `newCap` buckets, in the old table's order.
    private mutating func rehash(capacity newCap: Int) {
        let old = storage
        let oldCap = capacity
        let table = CellTable.make(capacity: newCap)
        bits = UInt32(newCap.trailingZeroBitCount)
        let mask = newCap - 1
        let shift = 32 &- bits
        if let old {
            old.withUnsafeMutablePointerToElements { src in
                table.withUnsafeMutablePointerToElements { dst in
                    for k in 0..<oldCap where src[k].symbol >= 0 {
                        let c = src[k]
                        var i = Int((UInt32(bitPattern: c.symbol) &* 2_654_435_769) >> shift)
                        while dst[i].symbol >= 0 { i = (i + 1) & mask }
                        dst[i] = c
                    }
                }
            }
        }
        storage = table
    }

    private mutating func erase(at index: Int) {
        let shift = 32 &- bits
        let n = capacity
        Self.erase(UnsafeMutableBufferPointer(start: writableBuckets(), count: n), at: index, shift: shift)
        count -= 1
    }

    /// `self += coefficient · s`, dropping the cell when it cancels.
    /// Returns `true` when a new cell was created.
    @inline(__always) @discardableResult
    mutating func insert(_ s: Int32, _ coefficient: Double) -> Bool {
        if (count + 1) * 4 > capacity * 3 { grow() }
        let t = UnsafeMutableBufferPointer(start: writableBuckets(), count: capacity)
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
    mutating func remove(_ s: Int32) -> Double? {
        let i = find(s)
        if i < 0 { return nil }
        let c = buckets[i].coefficient
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
        let dst = UnsafeMutableBufferPointer(start: writableBuckets(), count: capacity)
        let mask = dst.count - 1
        withExtendedLifetime(src) {
            for cell in src.buckets where cell.symbol >= 0 {
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
        guard storage != nil else { return }
        let t = UnsafeMutableBufferPointer(start: writableBuckets(), count: capacity)
        for i in t.indices where t[i].symbol >= 0 { t[i].coefficient *= k }
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
