/// What a solver remembers about its constraints, by handle: each constraint's scalars and
/// markers in one flat array and every expression's terms in one pool, so that nothing in it is
/// reference-counted.
///
/// An array of ``ConstraintRecord``s held each constraint's array of terms: copying the solver
/// (copy-on-write, once per request that continues a kept solver) retained every one of them and
/// freeing it released every one (a 1,000-view Auto Layout scene has some 6,000 constraints;
/// issue 27). Reading a whole record (``subscript(_:)``) makes its ``Constraint`` again (an array
/// of terms); the hot paths read the markers (``marker(_:)``, ``other(_:)``) or are handed the
/// constraint by the caller.
struct RecordStore: Sendable {
    /// Everything of a record but its terms: where they are in `terms`, how many (−1: no record
    /// under this handle), and the constraint's other fields.
    private struct Entry: Sendable {
        var termStart: Int32
        var termCount: Int32
        var constant: Double
        var relation: Relation
        var priority: Priority
        var tag: Int
        var tieBreak: Double
        var marker: Int32
        var other: Int32
    }

    private var entries: [Entry] = []
    private var terms: [Term] = []

    /// Number of handles given out.
    var count: Int { entries.count }
    var indices: Range<Int> { 0..<entries.count }

    mutating func reserveCapacity(_ n: Int) {
        entries.reserveCapacity(n)
        terms.reserveCapacity(terms.count + 4 * (n - entries.count))
    }

    /// Adds a record (or an empty handle, for nil) under the next handle.
    mutating func append(_ record: ConstraintRecord?) {
        entries.append(Entry(
            termStart: 0, termCount: -1, constant: 0, relation: .equal, priority: .required, tag: 0, tieBreak: 0,
            marker: -1, other: -1))
        if let record { self[entries.count - 1] = record }
    }

    /// Whether handle `i` holds a record.
    @inline(__always)
    func contains(_ i: Int) -> Bool { entries[i].termCount >= 0 }

    /// The record under handle `i` (its constraint made again), or nil; setting stores a record
    /// (its terms appended to the pool) or removes it.
    subscript(_ i: Int) -> ConstraintRecord? {
        get {
            guard let c = constraint(i) else { return nil }
            return ConstraintRecord(constraint: c, marker: entries[i].marker, other: entries[i].other)
        }
        set {
            guard let r = newValue else {
                entries[i].termCount = -1
                return
            }
            let c = r.constraint
            entries[i] = Entry(
                termStart: Int32(truncatingIfNeeded: terms.count), termCount: Int32(truncatingIfNeeded: c.expression.terms.count),
                constant: c.expression.constant, relation: c.relation, priority: c.priority, tag: c.tag, tieBreak: c.tieBreak,
                marker: r.marker, other: r.other)
            terms.append(contentsOf: c.expression.terms)
        }
    }

    /// The constraint under handle `i` (made again from the pool), or nil.
    func constraint(_ i: Int) -> Constraint? {
        let e = entries[i]
        guard e.termCount >= 0 else { return nil }
        let from = Int(e.termStart)
        var c = Constraint(
            LinearExpression(Array(terms[from..<(from + Int(e.termCount))]), constant: e.constant), e.relation,
            priority: e.priority, tag: e.tag)
        c.tieBreak = e.tieBreak
        return c
    }

    /// Whether the constraint under handle `i` is required (false when there is none).
    func isRequired(_ i: Int) -> Bool { contains(i) && entries[i].priority.isRequired }

    @inline(__always)
    func marker(_ i: Int) -> Int32 { entries[i].marker }
    @inline(__always)
    func other(_ i: Int) -> Int32 { entries[i].other }

    mutating func setMarkers(_ i: Int, marker: Int32, other: Int32) {
        entries[i].marker = marker
        entries[i].other = other
    }
}
