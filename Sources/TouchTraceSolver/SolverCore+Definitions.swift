// Definition rows: the rows of external variables that a chain of constraints defines one from
// another, kept in terms of the variables they were written with, so that the tableau stays
// sparse however long the chain is.
//
// In the textbook tableau every row is written in non-basic symbols only. For a chain such as a
// stack view's `x₂ = x₁ + w₁ + s, x₃ = x₂ + w₂ + s, …` that makes the row of `x_k` hold every
// width (or error) before it: n rows of up to n cells, memory and time that grow with n². Yet a
// row whose basic symbol is an external variable is never a pivot row (the ratio test only looks at
// restricted rows) and is only read for the variable's value. So when a new constraint has an
// external variable that no row, the objective or the phase-1 row mentions yet (a *fresh* one), its
// row is kept as written — `x₃ = x₂ + w₂ + s`, where `x₂` may itself be basic — and marked as a
// definition. Nothing needs to be substituted into other rows (nobody mentions the fresh
// variable), and a definition is never rewritten later: it is an identity of the constraints,
// true at every basis, so a pivot elsewhere changes the values it refers to, not the definition.
//
// Invariants:
// - A definition row holds external variables and its own constraint's markers only; its basic
//   symbol is external. Every other row ("canonical") and the objective hold non-basic symbols only.
// - A definition refers to basic symbols whose rows are canonical or older definitions (a symbol a
//   definition mentions is not fresh any more, so it can only become basic through a canonical
//   row). So definitions form an acyclic graph, ordered by their serial numbers.
// - Where the algorithm needs a canonical row (a new row that has no fresh variable, a row about to
//   pivot), `canonicalize` expands the definitions it mentions, newest first, so each is expanded
//   once.

extension SolverCore {
    /// The first variable of `constraint`, in the order it is written, that is fresh: non-basic
    /// and mentioned nowhere else (no live row, no objective coefficient, not in the phase-1 row),
    /// with a coefficient in `row`; or nil.
    ///
    /// The written order matters: a layout constraint reads `first.attribute == m × second.attribute
    /// + c`, and defining the first item by it is what keeps a chain sparse — `next.leading ==
    /// previous.trailing + spacing` defines the next view's position from the previous one's, and
    /// the sizes stay free for the constraints on them (hugging, compression) to be written
    /// directly. Defining the sizes instead would leave the positions to canonical rows, each
    /// holding every size before it.
    @inline(__always)
    func freshSubject(for constraint: ConstraintInput, row: Row) -> Int32? {
        guard usesDefinitions, artificial == nil else { return nil }
        for t in constraint.terms {
            guard let s = symbol(of: t.variable), kinds[Int(s)] == .external, slotOf[Int(s)] < 0, objective.isZero(s),
                row.contains(s, in: cells)
            else { continue }
            if columns.contains(s, where: { basicOf[Int($0)] >= 0 && rows[Int($0)].contains(s, in: cells) }) { continue }
            return s
        }
        return nil
    }

    /// Rewrites `row` in non-basic symbols only: canonical rows are substituted directly,
    /// definitions newest first (a definition only mentions older ones, so each is expanded once).
    mutating func canonicalize(_ row: inout Row) {
        // Scratch storage kept by the solver between calls (one allocation per solver, not per
        // row). No nested function or closure captures the heap or the row: a captured variable
        // that is changed is checked for exclusive access at run time, on every access (issue 27).
        let cells = writableCells()
        var basics: [Int32] = []
        swap(&basics, &canonicalScratch)
        row.forEach(in: cells) { s, _ in if slotOf[Int(s)] >= 0 { basics.append(s) } }
        if basics.isEmpty {
            swap(&basics, &canonicalScratch)
            return
        }
        var heap = DefinitionHeap()
        swap(&heap, &definitionHeap)
        for s in basics {
            guard let c = row.remove(s, in: cells) else { continue }
            canonicalTake(s, c, into: &row, heap: &heap, cells)
        }
        while let s = heap.pop() {
            guard let c = row.remove(s, in: cells) else { continue }
            let slot = slotOf[Int(s)]
            let definition = rows[Int(slot)]
            row.constant += definition.constant * c
            // `definition.forEach`, as a loop: every cell in table order. Its buckets are read
            // again for each cell: `row` growing may move the store (``CellStore``).
            if definition.count > 0 {
                let n = definition.buckets(in: cells).count
                for k in 0..<n {
                    let cell = definition.buckets(in: cells)[k]
                    if cell.symbol >= 0 { canonicalTake(cell.symbol, cell.coefficient * c, into: &row, heap: &heap, cells) }
                }
            }
        }
        heap.removeAll()
        swap(&heap, &definitionHeap)
        basics.removeAll(keepingCapacity: true)
        swap(&basics, &canonicalScratch)
    }

    /// `coefficient · s` into `row` (`canonicalize`): a non-basic symbol as it is, a canonical
    /// row expanded, a definition's symbol kept and queued. A definition's symbol is queued when
    /// it gets a cell in the row: while it has one it is in the heap (popping removes it), so no
    /// set of queued symbols is needed. (A cell that cancels and comes back is queued twice; the
    /// second pop finds no cell and skips it.) `mutating` though it changes nothing of the solver:
    /// called from a mutating loop, a non-mutating method is handed a copy of the solver (a
    /// 384-byte `memcpy` per loop).
    @inline(__always)
    mutating func canonicalTake(_ s: Int32, _ coefficient: Double, into row: inout Row, heap: inout DefinitionHeap,
                                _ cells: CellStore) {
        let slot = slotOf[Int(s)]
        guard slot >= 0 else {
            row.insert(s, coefficient, in: cells)
            return
        }
        let serial = definitionSerial[Int(slot)]
        if serial < 0 {
            row.insert(rows[Int(slot)], coefficient, in: cells)   // canonical: non-basic symbols only
        } else {
            if row.insert(s, coefficient, in: cells) { heap.push(serial, s) }
        }
    }

    /// Turns the definition in `slot` into a canonical row, in place (before its constraint is
    /// removed: the removal works on canonical rows).
    mutating func canonicalizeDefinition(slot: Int32) {
        let i = Int(slot)
        guard definitionSerial[i] >= 0 else { return }
        var row = Row()
        swap(&row, &rows[i])
        definitionSerial[i] = -1
        definitionCount -= 1
        canonicalize(&row)
        row.forEach(in: cells) { s, _ in columns.append(s, slot) }
        rows[i] = row
    }

    /// Canonicalizes every definition that mentions `s` directly (its constraint's markers).
    mutating func canonicalizeDefinitions(mentioning s: Int32) {
        guard s >= 0, definitionCount > 0 else { return }
        for slot in columns.slots(of: s) where definitionSerial[Int(slot)] >= 0 && basicOf[Int(slot)] >= 0 && rows[Int(slot)].contains(s, in: cells) {
            canonicalizeDefinition(slot: slot)
        }
    }

    /// The value of every symbol at the current basis: non-basic 0, a canonical row its constant,
    /// a definition evaluated in serial order (older definitions first). O(cells of definitions).
    func symbolValues() -> [Double] {
        var value = [Double](repeating: 0, count: symbolCount)
        for slot in rows.indices where basicOf[slot] >= 0 && definitionSerial[slot] < 0 {
            value[Int(basicOf[slot])] = rows[slot].constant
        }
        for entry in definitionLog where definitionSerial[Int(entry.slot)] == entry.serial {
            let row = rows[Int(entry.slot)]
            var v = row.constant
            row.forEach(in: cells) { t, a in v += a * value[Int(t)] }
            value[Int(basicOf[Int(entry.slot)])] = v
        }
        return value
    }

    /// Whether each basic symbol's value can move at no cost (see ``isAmbiguous(_:)``): its row,
    /// expanded into non-basic symbols, has a non-zero coefficient on one that can move. The
    /// expansion is kept on the movable symbols only (usually none or a few), exactly, so that
    /// two paths to one symbol that cancel are seen to cancel; past
    /// ``SolverLimits/ambiguityTerms`` movable symbols (a huge under-constrained system) the
    /// symbol is reported ambiguous without going on.
    func symbolMobility() -> [Bool] {
        var movable = [Bool](repeating: false, count: symbolCount)
        // Per symbol: 0 not asked yet, 1 cannot move, 2 can (flat arrays, no hashing: this runs
        // over every row of the tableau). No nested function or closure captures what the loops
        // change: a captured variable that is changed is checked for exclusive access at run
        // time on every access (issue 27), so the rows are read as loops over their buckets
        // (`forEach`'s order) and the cache and sums go to helpers as `inout`.
        var canMoveCache = [UInt8](repeating: 0, count: symbolCount)
        // The movable part of each basic symbol's expansion (cells: symbol and coefficient), all
        // in one pool: a symbol's part is `pool[partStart[s] ..< partStart[s] + partCount[s]]`.
        // An array per row (and the array of them) was one allocation per row with a movable
        // symbol, grown cell by cell, and freed at the end (issue 27, branch perf27); the same
        // cells in the same order. `partState`: 0 none recorded, 1 saturated, 2 recorded.
        var pool: [Cell] = []
        var partStart = [Int](repeating: 0, count: symbolCount)
        var partCount = [Int](repeating: 0, count: symbolCount)
        var partState = [UInt8](repeating: 0, count: symbolCount)
        for slot in rows.indices where basicOf[slot] >= 0 && definitionSerial[slot] < 0 {
            let start = pool.count
            let row = rows[slot]
            if row.count > 0 {
                for cell in row.buckets(in: cells) where cell.symbol >= 0 {
                    let t = cell.symbol, c = cell.coefficient
                    if !SolverTolerance.nearZero(c) && moves(t, &canMoveCache) { pool.append(Cell(symbol: t, coefficient: 0 + c)) }
                }
            }
            let basic = Int(basicOf[slot])
            movable[basic] = pool.count > start
            partStart[basic] = start
            partCount[basic] = pool.count - start
            partState[basic] = 2
        }
        // The sum being made for a definition row (one buffer for all of them).
        var v: [Cell] = []
        for entry in definitionLog where definitionSerial[Int(entry.slot)] == entry.serial {
            // Σ over the row's symbols of coefficient × their movable parts, per movable symbol
            // (a symbol's sum adds its contributions in row order).
            v.removeAll(keepingCapacity: true)
            var saturated = false
            let row = rows[Int(entry.slot)]
            if row.count > 0 {
                for cell in row.buckets(in: cells) where cell.symbol >= 0 {
                    let t = cell.symbol, c = cell.coefficient
                    if SolverTolerance.nearZero(c) { continue }
                    if slotOf[Int(t)] < 0 {
                        // A non-basic symbol's part is itself (no one-cell array made for it).
                        if moves(t, &canMoveCache) { Self.accumulate(Cell(symbol: t, coefficient: 1), c, into: &v) }
                    } else if partState[Int(t)] == 2 {
                        // A canonical row's part, or an older definition's.
                        let from = partStart[Int(t)]
                        for k in from..<(from + partCount[Int(t)]) { Self.accumulate(pool[k], c, into: &v) }
                    } else {
                        saturated = true
                        break
                    }
                    if v.count > SolverLimits.ambiguityTerms {
                        v.removeAll { SolverTolerance.nearZero($0.coefficient) }
                        if v.count > SolverLimits.ambiguityTerms {
                            saturated = true
                            break
                        }
                    }
                }
            }
            let basic = Int(basicOf[Int(entry.slot)])
            if saturated {
                partState[basic] = 1
                partCount[basic] = 0
                movable[basic] = true
            } else {
                v.removeAll { SolverTolerance.nearZero($0.coefficient) }
                partState[basic] = 2
                partStart[basic] = pool.count
                partCount[basic] = v.count
                pool.append(contentsOf: v)
                movable[basic] = !v.isEmpty
            }
        }
        return movable
    }

    /// Whether the non-basic symbol `t` can move (``canMove(_:)``), asked once per symbol:
    /// `cache` holds 0 (not asked yet), 1 (cannot) or 2 (can) per symbol.
    @inline(__always)
    private func moves(_ t: Int32, _ cache: inout [UInt8]) -> Bool {
        let known = cache[Int(t)]
        if known != 0 { return known == 2 }
        let m = canMove(t)
        cache[Int(t)] = m ? 2 : 1
        return m
    }

    /// `v += c × cell`, by symbol: the sum of an existing symbol's cell, or a new cell at the end.
    @inline(__always)
    private static func accumulate(_ cell: Cell, _ c: Double, into v: inout [Cell]) {
        if let k = v.firstIndex(where: { $0.symbol == cell.symbol }) {
            v[k].coefficient += cell.coefficient * c
        } else {
            v.append(Cell(symbol: cell.symbol, coefficient: 0 + cell.coefficient * c))
        }
    }

    /// Drops log entries of definitions that are gone, once they are most of the log.
    mutating func compactDefinitionLog() {
        guard definitionLog.count > 64, definitionLog.count > 2 * definitionCount else { return }
        definitionLog.removeAll { definitionSerial[Int($0.slot)] != $0.serial }
    }
}

/// A max-heap of definitions by serial number (newest first).
struct DefinitionHeap: Sendable {
    struct Item: Sendable {
        var serial: Int
        var symbol: Int32
    }
    private var items: [Item] = []

    /// Empties the heap, keeping its storage.
    mutating func removeAll() { if !items.isEmpty { items.removeAll(keepingCapacity: true) } }

    mutating func push(_ serial: Int, _ symbol: Int32) {
        items.append(Item(serial: serial, symbol: symbol))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard items[parent].serial < items[i].serial else { break }
            items.swapAt(parent, i)
            i = parent
        }
    }

    mutating func pop() -> Int32? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count, items[l].serial > items[m].serial { m = l }
                if r < items.count, items[r].serial > items[m].serial { m = r }
                if m == i { break }
                items.swapAt(i, m)
                i = m
            }
        }
        return top.symbol
    }
}
