import Synchronization

/// An incremental Cassowary-family simplex solver with UIKit priorities as strict tiers.
///
/// The algorithm is the one of Badros, Borning and Stuckey, "The Cassowary linear arithmetic
/// constraint solving algorithm" (2001), in the shape kiwi popularised: every constraint becomes a
/// tableau row with marker symbols (slack for inequalities, a pair of error symbols for optional
/// equalities, slack + error for optional inequalities); a new row is solved for an external
/// variable when it has one, otherwise an artificial variable drives it feasible (phase 1); the
/// primal simplex then minimises the objective, and edit variables move with the dual simplex.
///
/// Different from kiwi:
/// - **Strict priority tiers.** The objective has one coefficient vector per symbol, a component per
///   distinct optional priority, compared lexicographically: priority 751 beats any amount of 750.
///   Distinct priorities are mapped to dense tier indices, highest first, stored in one flat array.
/// - **Column index and hash rows.** For every symbol the solver keeps the rows that may contain
///   it, so a pivot, a ratio test or an edit visits only the rows it affects, and rows are small
///   open-addressing tables, so adding a short row into a long one costs the short one's length.
/// - **No dummy columns by default.** Required equalities (most UI constraints) get no marker;
///   removing one rebuilds the tableau, and conflicts are explained on demand (see
///   ``init(tracksRequiredEqualities:)``).
/// - **Tie-break tier.** Below every priority, an optional tier minimises Σ `tieBreak` × violation
///   (``Constraint/tieBreak``), so a layer can say how UIKit settles ties between equally good
///   solutions; ambiguity ignores it.
/// - **Exact rejection.** A required constraint that cannot hold is rolled back completely and the
///   error lists the installed constraints it conflicts with.
/// - **Robust input.** NaN/infinite numbers and bad priorities are ``SolverError``s; nothing traps.
///
/// `Solver` is a copy-on-write value: copies are cheap, and a copy that is mutated gets its own
/// tableau. Use one value from one thread at a time (it is `Sendable`, so it can be handed over).
///
/// ```swift
/// var s = Solver()
/// let x = Variable(0), w = Variable(1)
/// try s.addEditVariable(w, priority: Priority(999))
/// try s.suggestValue(w, 390)                           // window width
/// try s.addConstraint(x == 16)
/// try s.addConstraint((x + w * 0.5 >= 100).priority(750))
/// s.value(of: w)                                       // 390
/// try s.suggestValue(w, 844)                           // rotate: incremental re-solve
/// ```
public struct Solver: Sendable {
    private var box: SolverBox
    /// The time budget the next changes run under (``WorkBudget``): when it runs out, the
    /// simplex loops stop and the change throws ``SolverError/internalError(_:)``.
    public var budget: WorkBudget = .unlimited
    /// The most tableau coefficients the solver may create over its life (a bound on its memory
    /// and work, deterministic, unlike the budget): past it, every change throws
    /// ``SolverError/limitExceeded(_:)``.
    public var maxCells: Int = .max
    /// Tableau coefficients created so far (each new cell of a row counts once, even if it is
    /// later cancelled): at least the tableau's size.
    public var cellsCreated: Int { box.core.cellsCreated }

    /// Creates an empty solver.
    ///
    /// By default required equalities get no marker symbol: in UI systems they are most of the
    /// constraints and their dummies would be most of the tableau. The price is paid on rare paths
    /// only: removing a required equality rebuilds the tableau (O(system)), and a conflict is
    /// explained by re-adding the required constraints to a tracking solver. Pass `true` for kiwi's
    /// behaviour (incremental removal of everything, explanations read off the tableau).
    public init(tracksRequiredEqualities: Bool = false) {
        box = SolverBox(SolverCore(tracksRequiredEqualities: tracksRequiredEqualities))
    }

    /// A solver that never keeps definition rows (every row in non-basic symbols, as in the
    /// textbook): for tests that compare the two.
    init(tracksRequiredEqualities: Bool = false, usesDefinitions: Bool) {
        box = SolverBox(SolverCore(tracksRequiredEqualities: tracksRequiredEqualities, usesDefinitions: usesDefinitions))
    }

    private mutating func unique() {
        if !isKnownUniquelyReferenced(&box) { box = SolverBox(box.core) }
        box.invalidate()
        box.setLimits(budget, maxCells)
    }

    /// Whether required equalities carry dummy markers (see ``init(tracksRequiredEqualities:)``).
    public var tracksRequiredEqualities: Bool { box.core.tracksRequiredEqualities }
    /// Number of installed constraints (edit constraints included).
    public var constraintCount: Int { box.core.installedCount }
    /// Distinct optional priorities seen by the objective, highest first (the tie-break tier of
    /// `Constraint.tieBreak` is not a priority and is not listed).
    public var tiers: [Priority] {
        box.core.objective.prioritiesByImportance.filter { $0 != LexObjective.tieBreakPriority }.map(Priority.init)
    }
    /// Size of the tableau, for diagnostics and benchmarks.
    public var statistics: TableauStatistics { box.core.tableauStatistics }

    /// The constraint installed under `id`, if any.
    public func constraint(_ id: ConstraintID) -> Constraint? { box.core.constraint(id) }
    /// Whether `id` is installed.
    public func contains(_ id: ConstraintID) -> Bool { box.core.constraint(id) != nil }

    /// The current value of `variable` (0 for a variable the solver has never seen). Values are
    /// always current: there is no separate `updateVariables` step.
    public func value(of variable: Variable) -> Double { box.value(of: variable) }
    /// Values of several variables, in order.
    public func values(of variables: [Variable]) -> [Double] { variables.map { box.value(of: $0) } }

    /// `solvers[index].value(of: variable)`, read in place: called from another module, a
    /// `Solver` read out of an array is copied around the call (its box and its budget retained
    /// and released: 16 retains and 16 releases per frame of four values; issue 27, branch perf32).
    public static func value(of variable: Variable, in solvers: [Solver], at index: Int) -> Double {
        solvers[index].box.value(of: variable)
    }

    /// `value(of:in:at:)` of two variables of one solver (a frame's origin and size on one axis):
    /// the box taken once for both.
    public static func values(of a: Variable, _ b: Variable, in solvers: [Solver], at index: Int) -> (Double, Double) {
        let box = solvers[index].box
        return (box.value(of: a), box.value(of: b))
    }

    /// Installs `constraint` and re-optimises; returns its handle.
    ///
    /// Throws ``SolverError/unsatisfiable(_:)`` for a required constraint that conflicts with the
    /// installed required ones (the constraint is not installed and the solution is an optimum of the
    /// previous system, the same one unless that system is ambiguous), and
    /// ``SolverError/nonFiniteValue(_:)``, ``SolverError/invalidPriority(_:)`` or
    /// ``SolverError/invalidVariable(_:)`` for bad input.
    @discardableResult
    public mutating func addConstraint(_ constraint: Constraint) throws(SolverError) -> ConstraintID {
        unique()
        return try box.core.addConstraint(constraint)
    }

    /// Installs constraint `index` of `pool` (``addConstraint(_:)`` without making the
    /// ``Constraint``: its terms are read from the pool in place).
    @discardableResult
    public mutating func addConstraint(_ pool: ConstraintPool, _ index: Int) throws(SolverError) -> ConstraintID {
        unique()
        return try pool.withInput(index) { (c) throws(SolverError) in try box.core.addConstraint(c) }
    }

    /// Makes room for `n` more constraints, so that adding them does not grow the solver's storage
    /// step by step (a capacity hint: the solution is the same with or without it).
    public mutating func reserveCapacity(constraints n: Int) {
        unique()
        box.core.reserveCapacity(constraints: n)
    }

    /// Adds many constraints in required-first order, as a layout pass does: a constraint that
    /// cannot be satisfied is left out and reported in ``BatchResult/failures``; the rest are added.
    public mutating func addConstraints(_ constraints: [Constraint]) -> BatchResult {
        unique()
        var ids = [ConstraintID?](repeating: nil, count: constraints.count)
        var failures: [(index: Int, error: SolverError)] = []
        for i in ConstraintPartition.requiredFirstOrder(constraints) {
            do { ids[i] = try box.core.addConstraint(constraints[i]) } catch { failures.append((i, error)) }
        }
        return BatchResult(ids: ids, failures: failures)
    }

    /// Removes an installed constraint and re-optimises: the result is what it would be had the
    /// constraint never been added (up to ties between equally good solutions).
    public mutating func removeConstraint(_ id: ConstraintID) throws(SolverError) {
        unique()
        try box.core.removeConstraint(id)
    }

    /// Makes `variable` an edit variable at an optional `priority` (below 1000), suggested value 0.
    /// Suggesting the real value before adding the other constraints is fastest.
    public mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        unique()
        try box.core.addEditVariable(variable, priority: priority)
    }

    /// Ends the edit on `variable` and removes its edit constraint.
    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        unique()
        try box.core.removeEditVariable(variable)
    }

    /// Whether `variable` is an edit variable of this solver.
    public func hasEditVariable(_ variable: Variable) -> Bool { box.core.edits[variable] != nil }

    /// Suggests a value for an edit variable and re-solves incrementally with the dual simplex,
    /// visiting only the rows that depend on it (a window resize costs what it moves).
    public mutating func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        unique()
        try box.core.suggestValue(variable, value)
    }

    /// Whether `variable`'s value is *not* determined by the installed constraints: the solver has
    /// never seen it, or it can move at no cost (a free variable, or optional constraints that are
    /// all satisfied — or all equally violated — over a range of values). A layout layer lists the
    /// views with an ambiguous frame variable. See `SolverCore.isAmbiguous` for the exact test.
    public func isAmbiguous(_ variable: Variable) -> Bool { box.isAmbiguous(variable) }

    /// The ambiguous variables among `variables`, in order: the answers of ``isAmbiguous(_:)``,
    /// worked out in one pass (one lock, the tableau's mobility at most once) instead of a
    /// question each.
    public func ambiguousVariables(_ variables: [Variable]) -> [Variable] { box.ambiguousVariables(variables) }
}

/// The outcome of ``Solver/addConstraints(_:)``: a handle per accepted constraint, and the rejections.
public struct BatchResult: Sendable {
    /// Handle per input constraint, `nil` where it was rejected; same order as the input.
    public var ids: [ConstraintID?]
    /// Every rejected constraint (index into the input) with its error, in the order tried.
    public var failures: [(index: Int, error: SolverError)]
}

/// Size of a solver's tableau.
public struct TableauStatistics: Sendable, Hashable {
    /// Basic symbols (rows).
    public var rows: Int
    /// Non-zero coefficients over all rows.
    public var cells: Int
    /// Cells in the longest row.
    public var longestRow: Int
    /// Symbols ever created (variables and markers).
    public var symbols: Int
}

/// Copy-on-write storage of a ``Solver``. Only reached through `Solver`, which copies it before any
/// mutation when it is shared, so no two threads ever mutate one box: hence `@unchecked Sendable`.
///
/// With definition rows (SolverCore+Definitions) a value is the evaluation of a chain of rows, so
/// the values and mobilities of all symbols are computed once per state, on the first read after
/// a change, under a lock (a shared, unchanged solver may be read from several threads).
final class SolverBox: @unchecked Sendable {
    /// Not checked for exclusive access at run time (`@exclusivity(unchecked)`): every access of a
    /// class's stored property is otherwise a `swift_beginAccess`/`swift_endAccess` pair, ~80
    /// instructions, paid per added constraint and per value read (~1.7% of a new card request;
    /// issue 27). What the check guards against cannot happen here: `core` is changed only by
    /// `Solver`'s mutating methods on a box that it alone references, in one call of one of
    /// `SolverCore`'s methods, which never reach back into a `Solver` or a box; and the check is
    /// per thread, so it never saw the concurrent reads of a shared box (the lock below orders
    /// what those share).
    @exclusivity(unchecked) var core: SolverCore
    private let derived = Mutex<Derived?>(nil)
    /// Whether `derived` may hold something: set under the lock when a read stores values or
    /// mobilities. A change, which `Solver` makes only on a box that it alone references (so no
    /// read runs meanwhile), then takes the lock only when there is something to forget (issue
    /// 27: a layout adds its thousands of constraints one by one).
    private let mayHoldDerived = Atomic<Bool>(false)

    struct Derived {
        var values: [Double]?
        var mobility: [Bool]?
    }

    init(_ core: SolverCore) { self.core = core }

    /// Forgets the derived values (before a change).
    func invalidate() {
        guard mayHoldDerived.load(ordering: .acquiring) else { return }
        derived.withLock { $0 = nil }
        mayHoldDerived.store(false, ordering: .releasing)
    }

    /// Sets the limits of the next change (one access to `core`).
    func setLimits(_ budget: WorkBudget, _ maxCells: Int) { Self.setLimits(&core, budget, maxCells) }

    @inline(__always)
    private static func setLimits(_ core: inout SolverCore, _ budget: WorkBudget, _ maxCells: Int) {
        core.budget = budget
        core.maxCells = maxCells
    }

    /// Stores `d` (under the lock) and notes that there is something to forget.
    @inline(__always)
    private func keep(_ d: inout Derived?, _ new: Derived) {
        d = new
        mayHoldDerived.store(true, ordering: .releasing)
    }

    // `core` is read once per question, and the lock hands out one element, not the array (a
    // retain and release per question): a layout asks four values and four ambiguities of every
    // view.

    func value(of variable: Variable) -> Double {
        let s: Int32
        switch core.read(variable) {
        case let .value(v): return v
        case let .derived(symbol): s = symbol
        }
        return derived.withLock { d -> Double in
            if let v = d?.values { return v[Int(s)] }
            let v = core.symbolValues()
            keep(&d, Derived(values: v, mobility: d?.mobility))
            return v[Int(s)]
        }
    }

    func isAmbiguous(_ variable: Variable) -> Bool {
        // A basic symbol's answer comes from the mobility of every symbol, worked out once per
        // state (a layout asks for four variables of every view: one pass over the tableau
        // instead of a row scan per question); a non-basic one is asked directly.
        guard let s = core.basicSymbol(of: variable) else { return core.isAmbiguous(variable) }
        return derived.withLock { d -> Bool in
            if let m = d?.mobility { return m[Int(s)] }
            let m = core.symbolMobility()
            keep(&d, Derived(values: d?.values, mobility: m))
            return m[Int(s)]
        }
    }

    func ambiguousVariables(_ variables: [Variable]) -> [Variable] {
        derived.withLock { d -> [Variable] in
            var m = d?.mobility
            let out = core.ambiguousVariables(variables, mobility: &m)
            if d?.mobility == nil, m != nil { keep(&d, Derived(values: d?.values, mobility: m)) }
            return out
        }
    }
}
