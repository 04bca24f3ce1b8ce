/// The tableau and every algorithm on it; ``Solver`` is its copy-on-write public face.
///
/// The non-mutating helpers that mutating paths call once per constraint or per pivot
/// (`validate`, `checkCells`, `freshSubject`, `chooseSubject`, `read`, …) are `@inline(__always)`:
/// called, a non-mutating method is handed a copy of this struct (a 336-byte `memcpy` per call,
/// about 1.5% of a new card-scene request; issue 27).
struct SolverCore: Sendable {
    /// The budget of the change in progress (set by `Solver` before each mutation).
    var budget: WorkBudget = .unlimited
    /// The most cells the tableau may create (set by `Solver`), and how many it has.
    var maxCells: Int = .max
    var cellsCreated = 0
    // Symbols: index = symbol id. The per-symbol arrays (these, the column index's and the
    // objective's) are grown `symbolChunk` entries at a time, filled with a new symbol's values, so
    // they may hold more entries than there are symbols: `symbolCount` is the number of symbols.
    var symbolCount = 0
    var kinds: [SymbolKind] = []
    /// For markers: the owning constraint id; for externals: the variable id.
    var owners: [Int32] = []
    /// Row slot of a basic symbol, or -1.
    var slotOf: [Int32] = []
    /// Slots of rows that may contain the symbol (may hold stale entries and repeats).
    var columns = ColumnIndex()

    // Rows: index = slot. Their cells are ranges of `cells` (``Row``, ``CellStore``).
    var rows: [Row] = []
    /// The cells of every row (the live rows', `artificial`'s and those of the row being made);
    /// shared with a copy of this solver until either writes (``writableCells()``).
    var cells = CellStore()
    var basicOf: [Int32] = []
    var freeSlots: [Int32] = []
    var visitStamp: [UInt32] = []
    var stamp: UInt32 = 0
    var newSymbols: [Int32] = []
    /// Scratch storage of `canonicalize` (kept to save an allocation per row).
    var canonicalScratch: [Int32] = []
    var definitionHeap = DefinitionHeap()
    /// Whether required equalities get a dummy marker in the tableau (see ``init(tracksRequiredEqualities:)``).
    let tracksRequiredEqualities: Bool
    /// Whether a row with a fresh external variable is kept as a definition (SolverCore+Definitions).
    let usesDefinitions: Bool
    /// Per slot: the serial number of the definition row in it, or −1 for a canonical row.
    var definitionSerial: [Int] = []
    /// Live definition rows.
    var definitionCount = 0
    var nextDefinitionSerial = 0
    /// Definitions in the order they were made (entries whose slot holds another serial are gone).
    var definitionLog: [(slot: Int32, serial: Int)] = []

    var objective = LexObjective()
    /// Symbols whose objective coefficient changed since they were last found non-negative.
    var candidates: [Int32] = []
    var isCandidate: [Bool] = []
    /// Basic symbols whose row constant may have gone negative (for the dual simplex).
    var infeasible: [Int32] = []
    /// Phase-1 objective while a row is being added through an artificial variable.
    var artificial: Row? = nil

    // Variables.
    var denseSymbol: [Int32] = []
    var sparseSymbol: [Int32: Int32] = [:]

    // Constraints by handle.
    var records = RecordStore()
    var installedCount = 0
    var edits: [Variable: EditRecord] = [:]

    /// Creates an empty solver.
    ///
    /// By default required equalities get *no* marker symbol: in UI systems they are most of the
    /// constraints, and their dummies would be most of the tableau's cells. The cost is paid only on
    /// rare paths: removing a required equality rebuilds the tableau, and a conflict is explained by
    /// re-adding the required constraints to a tracking solver. Pass `true` to keep kiwi's behaviour
    /// (dummies everywhere; incremental removal and explanation).
    init(tracksRequiredEqualities: Bool, usesDefinitions: Bool = true) {
        self.tracksRequiredEqualities = tracksRequiredEqualities
        self.usesDefinitions = usesDefinitions
    }

    /// Diagnostics: rows, cells, longest row.
    var tableauStatistics: TableauStatistics {
        var cells = 0, longest = 0
        for (i, r) in rows.enumerated() where basicOf[i] >= 0 {
            cells += r.count
            longest = max(longest, r.count)
        }
        return TableauStatistics(rows: rowCount, cells: cells, longestRow: longest, symbols: symbolCount)
    }

    /// The cell store for writing: copied first when another solver shares it (a solver copied,
    /// as the continued request's is from the kept scene's). Taken once per operation that writes
    /// cells, before its first write; the store stays this solver's alone until the operation ends.
    @inline(__always)
    mutating func writableCells() -> CellStore {
        if !isKnownUniquelyReferenced(&cells) { cells = cells.copy() }
        return cells
    }

    /// Number of installed constraints (edit constraints included).
    var constraintCount: Int { installedCount }
    /// Number of tableau rows (basic symbols); a measure of work, for diagnostics.
    var rowCount: Int { rows.count - freeSlots.count }
    /// Distinct optional priorities seen by the objective, highest first.

    /// The constraint installed under `id`, if any.
    func constraint(_ id: ConstraintID) -> Constraint? {
        let i = Int(id.rawValue)
        guard i >= 0, i < records.count else { return nil }
        return records.constraint(i)
    }

    /// Whether `id` is installed.
    func contains(_ id: ConstraintID) -> Bool { constraint(id) != nil }

    /// The current value of `variable` (0 for a variable the solver has never seen).
    ///
    /// Values are always up to date: there is no separate `updateVariables` step to forget. A
    /// variable whose row is a definition is evaluated through the rows it mentions (``Solver``
    /// keeps all values of such a tableau in a cache instead).
    func value(of variable: Variable) -> Double {
        guard let s = symbol(of: variable) else { return 0 }
        let slot = slotOf[Int(s)]
        guard slot >= 0 else { return 0 }
        if definitionSerial[Int(slot)] < 0 { return rows[Int(slot)].constant }
        return symbolValues()[Int(s)]
    }

    /// How ``value(of:)`` answers for `variable`: with a value read directly (unknown or
    /// non-basic: 0; a canonical row: its constant), or from ``symbolValues()`` at a symbol whose
    /// row is a definition.
    enum ValueRead {
        case value(Double)
        case derived(Int32)
    }

    @inline(__always)
    func read(_ variable: Variable) -> ValueRead {
        guard let s = symbol(of: variable) else { return .value(0) }
        let slot = slotOf[Int(s)]
        guard slot >= 0 else { return .value(0) }
        if definitionSerial[Int(slot)] < 0 { return .value(rows[Int(slot)].constant) }
        return .derived(s)
    }

    /// The symbol of `variable` when it is basic; nil when it is unknown or non-basic.
    @inline(__always)
    func basicSymbol(of variable: Variable) -> Int32? {
        guard let s = symbol(of: variable), slotOf[Int(s)] >= 0 else { return nil }
        return s
    }

    /// Values of several variables, in order.
    func values(of variables: [Variable]) -> [Double] { variables.map { value(of: $0) } }

    @inline(__always)
    func symbol(of v: Variable) -> Int32? {
        if v.id >= 0 && v.id < Variable.denseLimit {
            guard Int(v.id) < denseSymbol.count else { return nil }
            let s = denseSymbol[Int(v.id)]
            return s >= 0 ? s : nil
        }
        return sparseSymbol[v.id]
    }

    mutating func externalSymbol(_ v: Variable) -> Int32 {
        if let s = symbol(of: v) { return s }
        let s = newSymbol(.external, owner: v.id)
        if v.id < Variable.denseLimit {
            let i = Int(v.id)
            if i >= denseSymbol.count {
                denseSymbol.append(contentsOf: repeatElement(-1, count: max(i + 1, denseSymbol.count * 2) - denseSymbol.count))
            }
            denseSymbol[i] = s
        } else {
            sparseSymbol[v.id] = s
        }
        return s
    }

    /// Makes room for `n` more constraints (their records and rows; two symbols and four
    /// column entries each), so that the arrays are allocated once instead of grown by doubling,
    /// each step a copy (and, past glibc's mmap threshold, fresh pages; issue 27). Capacity only:
    /// nothing else changes.
    mutating func reserveCapacity(constraints n: Int) {
        guard n > 0 else { return }
        records.reserveCapacity(records.count + n)
        rows.reserveCapacity(rows.count + n)
        writableCells().reserve(16 * n)
        basicOf.reserveCapacity(basicOf.count + n)
        visitStamp.reserveCapacity(visitStamp.count + n)
        definitionSerial.reserveCapacity(definitionSerial.count + n)
        definitionLog.reserveCapacity(definitionLog.count + n)
        let symbols = symbolCount + 2 * n
        kinds.reserveCapacity(symbols)
        owners.reserveCapacity(symbols)
        slotOf.reserveCapacity(symbols)
        isCandidate.reserveCapacity(symbols)
        columns.reserveCapacity(symbols: symbols, entries: columns.entryCount + 4 * n)
        objective.reserveCapacity(symbols: symbols)
    }

    /// Entries added to every per-symbol array at once when a new symbol finds them full.
    static let symbolChunk = 64

    /// A new symbol of `kind`: not basic, in no row, not a candidate, with no objective entry.
    ///
    /// The per-symbol arrays are grown a chunk at a time with those values (``symbolChunk``), so a
    /// new symbol writes its kind and owner only: appending to nine arrays, each append checking
    /// its array's uniqueness and capacity, was ~250 instructions per symbol, 2.4 million per new
    /// card-scene request (issue 27).
    mutating func newSymbol(_ kind: SymbolKind, owner: Int32) -> Int32 {
        let s = Int32(symbolCount)
        if symbolCount == kinds.count { growSymbols(by: Self.symbolChunk) }
        kinds[Int(s)] = kind
        owners[Int(s)] = owner
        symbolCount += 1
        return s
    }

    /// Adds `k` entries to every per-symbol array, each with a new symbol's value.
    private mutating func growSymbols(by k: Int) {
        kinds.append(contentsOf: repeatElement(.external, count: k))
        owners.append(contentsOf: repeatElement(-1, count: k))
        slotOf.append(contentsOf: repeatElement(-1, count: k))
        isCandidate.append(contentsOf: repeatElement(false, count: k))
        columns.appendSymbols(k)
        objective.appendSymbols(k)
    }
}

/// What a solver remembers about an installed constraint.
struct ConstraintRecord: Sendable {
    var constraint: Constraint
    var marker: Int32
    var other: Int32
}

/// An edit variable: its edit constraint and the last suggested value.
struct EditRecord: Sendable {
    var id: ConstraintID
    var constant: Double
}
