/// Constraints in flat storage: every constraint's terms in one array (``terms``), and each
/// constraint's other fields with where its terms are in another, so that a set of thousands of
/// constraints is two allocations instead of one array of terms per constraint.
///
/// A layout builds its constraints here (issue 27: the Auto Layout build of a 1,000-view card
/// scene made some 6,300 term arrays per request, each allocated, retained by every copy of its
/// ``Constraint`` and freed); `ConstraintPartition.components(_:)` splits
/// them and ``Solver/addConstraint(_:_:)`` installs one without making its ``Constraint``.
///
/// ```swift
/// var pool = ConstraintPool()
/// pool.terms.append(Term(x)); pool.terms.append(Term(w, 0.5))   // the terms of the next constraint
/// let k = pool.close(constant: -100, .greaterThanOrEqual, priority: Priority(750))
/// try solver.addConstraint(pool, k)                              // x + 0.5·w − 100 >= 0 @750
/// ```
public struct ConstraintPool: Sendable {
    /// A constraint's fields but its terms, and where they are in ``terms`` (`termCount` −1: no
    /// constraint, in a solver's ``RecordStore``); a solver's record also keeps its markers here.
    struct Entry: Sendable {
        var termStart: Int32
        var termCount: Int32
        var constant: Double
        var relation: Relation
        var priority: Priority
        var tag: Int
        var tieBreak: Double
        var marker: Int32 = -1
        var other: Int32 = -1
    }

    /// Every constraint's terms, constraint after constraint. The terms of the constraint being
    /// written are appended here, then ``close(constant:_:priority:tag:tieBreak:)`` makes them a
    /// constraint; the terms of closed constraints must not be changed.
    public var terms: [Term] = []
    var entries: [Entry] = []
    /// The number of terms when the last constraint was closed: the next one's terms start here.
    private var closed = 0

    public init() {}

    /// The constraints of `constraints`, in order, with the same terms.
    public init(_ constraints: [Constraint]) {
        reserveCapacity(constraints: constraints.count, terms: constraints.reduce(0) { $0 + $1.expression.terms.count })
        for c in constraints { append(c) }
    }

    /// Number of constraints.
    public var count: Int { entries.count }

    /// Makes room for `constraints` more constraints with `terms` terms in all.
    public mutating func reserveCapacity(constraints: Int, terms: Int) {
        entries.reserveCapacity(entries.count + constraints)
        self.terms.reserveCapacity(self.terms.count + terms)
    }

    /// Makes the terms appended to ``terms`` since the last constraint a constraint
    /// `Σ terms + constant (relation) 0`; returns its index.
    @discardableResult
    public mutating func close(
        constant: Double, _ relation: Relation, priority: Priority = .required, tag: Int = 0, tieBreak: Double = 0
    ) -> Int {
        entries.append(entry(constant: constant, relation, priority: priority, tag: tag, tieBreak: tieBreak))
        return entries.count - 1
    }

    /// The entry of the terms appended since the last constraint was closed, which it closes.
    private mutating func entry(constant: Double, _ relation: Relation, priority: Priority, tag: Int, tieBreak: Double) -> Entry {
        let start = closed
        closed = terms.count
        return Entry(
            termStart: Int32(truncatingIfNeeded: start), termCount: Int32(truncatingIfNeeded: terms.count - start),
            constant: constant, relation: relation, priority: priority, tag: tag, tieBreak: tieBreak)
    }

    /// Appends `c` read in place (its terms copied from the caller's buffer); returns its index.
    @discardableResult
    mutating func append(_ c: ConstraintInput) -> Int {
        terms.append(contentsOf: c.terms)
        return close(constant: c.constant, c.relation, priority: c.priority, tag: c.tag, tieBreak: c.tieBreak)
    }

    /// Appends an entry that holds no constraint (a solver's handle without a record).
    mutating func appendEmpty() {
        entries.append(Entry(termStart: 0, termCount: -1, constant: 0, relation: .equal, priority: .required, tag: 0, tieBreak: 0))
    }

    /// Makes entry `i` hold `constraint` (its terms appended to the pool; the old ones are left
    /// unused), its markers unset.
    mutating func replace(_ i: Int, with constraint: Constraint) {
        terms.append(contentsOf: constraint.expression.terms)
        entries[i] = entry(
            constant: constraint.expression.constant, constraint.relation, priority: constraint.priority, tag: constraint.tag,
            tieBreak: constraint.tieBreak)
    }

    /// Appends `constraint` (its terms copied into the pool); returns its index.
    @discardableResult
    public mutating func append(_ constraint: Constraint) -> Int {
        terms.append(contentsOf: constraint.expression.terms)
        return close(
            constant: constraint.expression.constant, constraint.relation, priority: constraint.priority, tag: constraint.tag,
            tieBreak: constraint.tieBreak)
    }

    /// The positions in ``terms`` of constraint `i`'s terms.
    @inline(__always)
    public func termRange(_ i: Int) -> Range<Int> {
        let e = entries[i]
        return Int(e.termStart)..<(Int(e.termStart) + Int(e.termCount))
    }

    /// Whether constraint `i` is required (priority 1000 or more).
    @inline(__always)
    public func isRequired(_ i: Int) -> Bool { entries[i].priority.isRequired }

    /// Constraint `i` made again as a ``Constraint`` (its own array of terms).
    public subscript(_ i: Int) -> Constraint {
        let e = entries[i]
        var c = Constraint(LinearExpression(Array(terms[termRange(i)]), constant: e.constant), e.relation, priority: e.priority, tag: e.tag)
        c.tieBreak = e.tieBreak
        return c
    }

    /// Calls `body` with constraint `i` read in place (its terms a buffer of ``terms``).
    @inline(__always)
    func withInput<R, E: Error>(_ i: Int, _ body: (ConstraintInput) throws(E) -> R) throws(E) -> R {
        let e = entries[i]
        return try terms.withUnsafeBufferPointer { (all) throws(E) -> R in
            let from = Int(e.termStart)
            let input = ConstraintInput(
                terms: UnsafeBufferPointer(rebasing: all[from..<(from + Int(e.termCount))]), constant: e.constant,
                relation: e.relation, priority: e.priority, tag: e.tag, tieBreak: e.tieBreak)
            return try body(input)
        }
    }
}

/// A constraint as the solver reads it while installing it: its fields, and its terms in a buffer
/// the caller owns for the call (a ``Constraint``'s array, or a ``ConstraintPool``'s terms), so
/// that installing a pooled constraint makes no array.
struct ConstraintInput {
    var terms: UnsafeBufferPointer<Term>
    var constant: Double
    var relation: Relation
    var priority: Priority
    var tag: Int
    var tieBreak: Double

    /// Calls `body` with `constraint` read in place.
    @inline(__always)
    static func with<R, E: Error>(_ constraint: Constraint, _ body: (ConstraintInput) throws(E) -> R) throws(E) -> R {
        try constraint.expression.terms.withUnsafeBufferPointer { (terms) throws(E) -> R in
            try body(ConstraintInput(
                terms: terms, constant: constraint.expression.constant, relation: constraint.relation,
                priority: constraint.priority, tag: constraint.tag, tieBreak: constraint.tieBreak))
        }
    }

    /// `true` when the constant and every coefficient are finite (``LinearExpression/isFinite``).
    var isFinite: Bool {
        constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite }
    }

    /// The constraint made again (its own array of terms): for errors and reports.
    var constraint: Constraint {
        var c = Constraint(LinearExpression(Array(terms), constant: constant), relation, priority: priority, tag: tag)
        c.tieBreak = tieBreak
        return c
    }
}
