// Row slots, the column index and substitution: the tableau plumbing every operation uses.

extension SolverCore {
    /// Stores `row` with `basic` as its basic symbol and indexes its cells.
    /// A `definition` row keeps basic symbols (see SolverCore+Definitions).
    @discardableResult
    mutating func installRow(_ row: Row, basic: Int32, definition: Bool = false) -> Int32 {
        let slot: Int32
        if let f = freeSlots.popLast() {
            slot = f
            rows[Int(slot)] = row
            basicOf[Int(slot)] = basic
        } else {
            slot = Int32(rows.count)
            rows.append(row)
            basicOf.append(basic)
            visitStamp.append(0)
            definitionSerial.append(-1)
        }
        if definition {
            definitionSerial[Int(slot)] = nextDefinitionSerial
            definitionLog.append((slot, nextDefinitionSerial))
            nextDefinitionSerial += 1
            definitionCount += 1
        } else {
            definitionSerial[Int(slot)] = -1
        }
        slotOf[Int(basic)] = slot
        columns.append(row.buckets(in: cells).lazy.filter { $0.symbol >= 0 }.map(\.symbol), count: row.count, slot: slot)
        cellsCreated += row.count
        return slot
    }

    /// Removes and returns the row in `slot`; its basic symbol becomes non-basic. The row keeps
    /// its range of `cells` (the caller gives it back, ``dropRow(_:)``, or installs it again).
    mutating func takeRow(_ slot: Int32) -> Row {
        let i = Int(slot)
        var row = Row()
        swap(&row, &rows[i])
        slotOf[Int(basicOf[i])] = -1
        basicOf[i] = -1
        if definitionSerial[i] >= 0 {
            definitionSerial[i] = -1
            definitionCount -= 1
            compactDefinitionLog()
        }
        freeSlots.append(slot)
        return row
    }

    /// Removes the row in `slot` (``takeRow(_:)``) and gives its cells back to the store.
    mutating func dropRow(_ slot: Int32) {
        var row = takeRow(slot)
        row.release(in: writableCells())
    }

    /// Calls `body` once for every live row slot that contains `s` (deduplicated; stale entries are
    /// dropped from the column on the way). `body` must not add cells for `s` to other rows.
    @inline(__always)
    mutating func forEachRow(containing s: Int32, _ body: (inout SolverCore, Int32, Double) -> Void) {
        stamp &+= 1
        // The column is taken out while `body` runs; the entries kept (live, deduplicated, in
        // order) go back in front of anything `body` added for `s` (normally nothing).
        var e = columns.detach(s)
        var keptFirst: Int32 = -1, keptLast: Int32 = -1
        while e >= 0 {
            let entry = e
            e = columns.next[Int(entry)]
            let slot = columns.slot[Int(entry)]
            let i = Int(slot)
            guard visitStamp[i] != stamp else { columns.releaseEntry(entry); continue }
            visitStamp[i] = stamp
            guard basicOf[i] >= 0 else { columns.releaseEntry(entry); continue }
            let c = rows[i].coefficient(s, in: cells)
            if c == 0 { columns.releaseEntry(entry); continue }
            columns.link(entry, after: keptLast)
            if keptFirst < 0 { keptFirst = entry }
            keptLast = entry
            body(&self, slot, c)
        }
        columns.prepend(s, first: keptFirst, last: keptLast)
    }

    /// Replaces `s` by `row` in every canonical row, the objective and the artificial objective.
    /// Definitions keep mentioning `s` (it is basic now; they are identities at every basis).
    /// `row` is a row of `cells` in no slot (taken out, or not installed yet).
    mutating func substitute(_ s: Int32, _ row: Row) {
        let cells = writableCells()
        var e = columns.detach(s)
        stamp &+= 1
        // Each row's new symbols are appended after the previous rows' (from `base` on): the list
        // is emptied once per substitution, not once per row (an emptying is ~80 instructions;
        // issue 27, branch perf30). It is taken out of `self` while the loop runs, so its tail is
        // read in place (a slice of it would retain it).
        var symbols: [Int32] = []
        swap(&symbols, &newSymbols)
        if !symbols.isEmpty { symbols.removeAll(keepingCapacity: true) }
        while e >= 0 {
            let slot = columns.slot[Int(e)]
            let n = columns.next[Int(e)]
            columns.releaseEntry(e)
            e = n
            let i = Int(slot)
            if visitStamp[i] == stamp { continue }
            visitStamp[i] = stamp
            if definitionSerial[i] >= 0 {
                if basicOf[i] >= 0, rows[i].contains(s, in: cells) { columns.append(s, slot) }
                continue
            }
            guard let c = rows[i].remove(s, in: cells) else { continue }
            let base = symbols.count
            rows[i].addScaled(row, c, newSymbols: &symbols, in: cells)
            let added = symbols.count - base
            if added > 0 {
                symbols.withUnsafeBufferPointer { all in
                    columns.append(UnsafeBufferPointer(rebasing: all[base...]), count: added, slot: slot)
                }
            }
            cellsCreated += added
            let b = basicOf[i]
            if rows[i].constant < 0 && kinds[Int(b)] != .external { infeasible.append(b) }
        }
        swap(&symbols, &newSymbols)
        substituteObjective(s, row)
        if artificial != nil {
            if let c = artificial!.remove(s, in: cells) { artificial!.insert(row, c, in: cells) }
        }
    }

    /// Objective: replaces `s` by `row` (vector coefficient times a scalar row).
    mutating func substituteObjective(_ s: Int32, _ row: Row) {
        guard !objective.isZero(s) else { return }
        let v = objective.take(s)
        row.forEach(in: cells) { sym, a in
            objective.addScaled(v, a, to: sym)
            markCandidate(sym)
        }
        objective.giveBack(v)
    }

    /// Adds `coefficient · unit(tier)` times `s` — or times `s`'s row when `s` is basic — to the objective.
    mutating func addToObjective(_ s: Int32, tier: Int, _ coefficient: Double) {
        let slot = slotOf[Int(s)]
        if slot >= 0 {
            rows[Int(slot)].forEach(in: cells) { sym, a in
                objective.add(sym, tier: tier, a * coefficient)
                markCandidate(sym)
            }
        } else {
            objective.add(s, tier: tier, coefficient)
            markCandidate(s)
        }
    }

    @inline(__always)
    mutating func markCandidate(_ s: Int32) {
        if !isCandidate[Int(s)] {
            isCandidate[Int(s)] = true
            candidates.append(s)
        }
    }

    /// Pivots: `leaving` (basic in `slot`) leaves the basis, `entering` takes its row.
    /// The row keeps its slot, so the column entries of its other cells stay valid: only `leaving`
    /// is new to it.
    mutating func pivot(slot: Int32, leaving: Int32, entering: Int32) {
        let i = Int(slot)
        var row = Row()
        swap(&row, &rows[i])          // the slot is empty while `entering` is substituted elsewhere
        slotOf[Int(leaving)] = -1
        basicOf[i] = -1
        row.solve(for: leaving, entering, in: writableCells())
        substitute(entering, row)
        swap(&row, &rows[i])
        basicOf[i] = entering
        slotOf[Int(entering)] = slot
        columns.append(leaving, slot)
    }
}
