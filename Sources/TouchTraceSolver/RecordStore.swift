/// What a solver remembers about its constraints, by handle: each constraint's scalars and
/// markers in one flat array and every expression's terms in one pool (a ``ConstraintPool``), so
/// that nothing in it is reference-counted.
///
/// An array of ``ConstraintRecord``s held each constraint's array of terms: copying the solver
/// (copy-on-write, once per request that continues a kept solver) retained every one of them and
/// freeing it released every one (a 1,000-view Auto Layout scene has some 6,000 constraints;
/// issue 27). Reading a whole record (``subscript(_:)``) makes its ``Constraint`` again (an array
/// of terms); the hot paths read the markers (``marker(_:)``, ``other(_:)``) or are handed the
/// constraint by the caller.
struct RecordStore: Sendable {
    /// The constraints by handle; an entry whose `termCount` is −1 holds none.
    private var pool = ConstraintPool()

    /// Number of handles given out.
    var count: Int { pool.entries.count }
    var indices: Range<Int> { 0..<pool.entries.count }

    mutating func reserveCapacity(_ n: Int) {
        pool.reserveCapacity(constraints: n - count, terms: 4 * (n - count))
    }

    /// Adds a record (or an empty handle, for nil) under the next handle.
    mutating func append(_ record: ConstraintRecord?) {
        pool.appendEmpty()
        if let record { self[count - 1] = record }
    }

    /// Adds the record of `c` read in place (its terms copied from the caller's buffer into the
    /// pool), markers unset, under the next handle.
    mutating func append(_ c: ConstraintInput) {
        pool.append(c)
    }

    /// Whether handle `i` holds a record.
    @inline(__always)
    func contains(_ i: Int) -> Bool { pool.entries[i].termCount >= 0 }

    /// The record under handle `i` (its constraint made again), or nil; setting stores a record
    /// (its terms appended to the pool) or removes it.
    subscript(_ i: Int) -> ConstraintRecord? {
        get {
            guard let c = constraint(i) else { return nil }
            return ConstraintRecord(constraint: c, marker: pool.entries[i].marker, other: pool.entries[i].other)
        }
        set {
            guard let r = newValue else {
                pool.entries[i].termCount = -1
                return
            }
            pool.replace(i, with: r.constraint)
            setMarkers(i, marker: r.marker, other: r.other)
        }
    }

    /// The constraint under handle `i` (made again from the pool), or nil.
    func constraint(_ i: Int) -> Constraint? {
        contains(i) ? pool[i] : nil
    }

    /// Whether the constraint under handle `i` is required (false when there is none).
    func isRequired(_ i: Int) -> Bool { contains(i) && pool.isRequired(i) }

    @inline(__always)
    func marker(_ i: Int) -> Int32 { pool.entries[i].marker }
    @inline(__always)
    func other(_ i: Int) -> Int32 { pool.entries[i].other }

    mutating func setMarkers(_ i: Int, marker: Int32, other: Int32) {
        pool.entries[i].marker = marker
        pool.entries[i].other = other
    }
}
