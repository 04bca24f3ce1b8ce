// Adding constraints: row creation, subject choice, phase 1 and exact rollback on conflict.

extension SolverCore {
    /// Installs `constraint` and re-optimises. Returns its handle.
    ///
    /// Throws ``SolverError/unsatisfiable(_:)`` for a required constraint that conflicts with the
    /// installed required constraints (rolled back: the constraint is not installed), and
    /// ``SolverError/nonFiniteValue(_:)`` / ``SolverError/invalidPriority(_:)`` /
    /// ``SolverError/invalidVariable(_:)`` for bad input.
    @discardableResult
    mutating func addConstraint(_ constraint: Constraint) throws(SolverError) -> ConstraintID {
        try ConstraintInput.with(constraint) { (c) throws(SolverError) in try addConstraint(c) }
    }

    /// ``addConstraint(_:)`` of a constraint read in place (its terms in a buffer the caller owns:
    /// a ``ConstraintPool``'s, so that no array of terms is made; issue 27).
    @discardableResult
    mutating func addConstraint(_ constraint: ConstraintInput) throws(SolverError) -> ConstraintID {
        try validate(constraint)
        try checkCells()
        let id = ConstraintID(Int32(records.count))
        records.append(constraint)
        installedCount += 1
        do {
            try install(id, constraint)
        } catch {
            records[Int(id.rawValue)] = nil
            installedCount -= 1
            if case .unsatisfiable(let u) = error, u.conflictingIDs.isEmpty, !tracksRequiredEqualities {
                throw .unsatisfiable(explainConflict(constraint.constraint))
            }
            throw error
        }
        return id
    }

    /// Adds the row for `records[id]` (already stored; `constraint` is its constraint, handed
    /// over so that it is not made again from the record) to the tableau and re-optimises.
    mutating func install(_ id: ConstraintID, _ constraint: Constraint) throws(SolverError) {
        try ConstraintInput.with(constraint) { (c) throws(SolverError) in try install(id, c) }
    }

    /// `install(_:_:)` of a constraint read in place.
    mutating func install(_ id: ConstraintID, _ constraint: ConstraintInput) throws(SolverError) {
        var (row, marker, other) = makeRow(constraint, owner: id.rawValue)
        records.setMarkers(Int(id.rawValue), marker: marker, other: other)

        if let fresh = freshSubject(for: constraint, row: row) {
            // A variable nothing mentions yet: the row defines it as written (SolverCore+Definitions).
            row.solve(for: fresh, in: writableCells())
            installRow(row, basic: fresh, definition: true)
            infeasible.removeAll(keepingCapacity: true)
            try optimize()
            return
        }
        canonicalize(&row)
        if row.constant < 0 { row.reverseSign(in: writableCells()) }
        if let subject = chooseSubject(row, marker, other) {
            row.solve(for: subject, in: writableCells())
            substitute(subject, row)
            installRow(row, basic: subject)
        } else if row.symbols(in: cells).allSatisfy({ kinds[Int($0)] == .dummy }) {
            if !SolverTolerance.nearZero(row.constant) {
                // 0 = constant + Σ dummies: the dummies name the equalities it contradicts.
                let involved = row.symbols(in: cells).map { owners[Int($0)] }
                row.release(in: writableCells())
                throw .unsatisfiable(report(constraint.constraint, involved: involved, excluding: id.rawValue))
            }
            // A redundant required equality: its dummy (if tracked) is basic with the zero row.
            if marker >= 0 { installRow(row, basic: marker) } else { row.release(in: writableCells()) }
        } else {
            try addWithArtificialVariable(row, id: id)
        }
        infeasible.removeAll(keepingCapacity: true)
        try optimize()
    }

    /// Throws once the tableau created more cells than ``maxCells``.
    @inline(__always)
    func checkCells() throws(SolverError) {
        if cellsCreated > maxCells { throw .limitExceeded("the tableau created \(cellsCreated) coefficients, more than its limit of \(maxCells)") }
    }

    @inline(__always)
    func validate(_ c: ConstraintInput) throws(SolverError) {
        guard c.priority.isValid else { throw .invalidPriority(c.priority) }
        guard c.isFinite, c.tieBreak.isFinite, c.tieBreak >= 0 else { throw .nonFiniteValue(c.constraint) }
        for t in c.terms where t.variable.id < 0 { throw .invalidVariable(t.variable) }
        if objective.nonZeroCount > SolverLimits.maximumObjectiveCoefficients {
            throw .limitExceeded("\(objective.nonZeroCount) objective coefficients over \(objective.count) priority tiers")
        }
    }

    /// Builds `0 = row` for `constraint` as written (its variables, basic or not; `install`
    /// canonicalizes it unless it defines a fresh variable), creating its markers.
    mutating func makeRow(_ c: ConstraintInput, owner: Int32) -> (Row, Int32, Int32) {
        var row = Row(constant: c.constant)
        let cells = writableCells()
        for t in c.terms where !SolverTolerance.nearZero(t.coefficient) {
            let s = externalSymbol(t.variable)
            if usesDefinitions {
                row.insert(s, t.coefficient, in: cells)
            } else {
                let slot = slotOf[Int(s)]
                if slot >= 0 {
                    row.insert(rows[Int(slot)], t.coefficient, in: cells)
                } else {
                    row.insert(s, t.coefficient, in: cells)
                }
            }
        }
        var marker: Int32 = -1, other: Int32 = -1
        let required = c.priority.isRequired
        let tier = required ? -1 : objective.ensureTier(c.priority.rawValue)
        let tie = required || c.tieBreak == 0 ? -1 : objective.ensureTier(LexObjective.tieBreakPriority)
        switch c.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = c.relation == .lessThanOrEqual ? 1 : -1
            marker = newSymbol(.slack, owner: owner)
            row.insert(marker, sign, in: cells)
            if !required {
                other = newSymbol(.error, owner: owner)
                row.insert(other, -sign, in: cells)
                addToObjective(other, tier: tier, 1)
                if tie >= 0 { addToObjective(other, tier: tie, c.tieBreak) }
            }
        case .equal:
            if required {
                if tracksRequiredEqualities {
                    marker = newSymbol(.dummy, owner: owner)
                    row.insert(marker, 1, in: cells)
                }
            } else {
                marker = newSymbol(.error, owner: owner)
                other = newSymbol(.error, owner: owner)
                row.insert(marker, -1, in: cells)
                row.insert(other, 1, in: cells)
                addToObjective(marker, tier: tier, 1)
                addToObjective(other, tier: tier, 1)
                if tie >= 0 {
                    addToObjective(marker, tier: tie, c.tieBreak)
                    addToObjective(other, tier: tie, c.tieBreak)
                }
            }
        }
        return (row, marker, other)
    }

    /// The newest external symbol in the row (kiwi takes the oldest; the newest usually appears in
    /// no other row yet, so making it basic substitutes nothing), else a marker that can be basic
    /// with a feasible value.
    @inline(__always)
    func chooseSubject(_ row: Row, _ marker: Int32, _ other: Int32) -> Int32? {
        var best: Int32 = -1
        row.forEach(in: cells) { s, _ in
            if kinds[Int(s)] == .external && (best < 0 || s > best) { best = s }
        }
        if best >= 0 { return best }
        for m in [marker, other] where m >= 0 {
            let k = kinds[Int(m)]
            if (k == .slack || k == .error) && row.coefficient(m, in: cells) < 0 { return m }
        }
        return nil
    }

    /// Phase 1: an artificial variable equal to the row is minimised; zero means feasible.
    mutating func addWithArtificialVariable(_ row: Row, id: ConstraintID) throws(SolverError) {
        let art = newSymbol(.slack, owner: -1)
        installRow(row, basic: art)
        // The phase-1 objective starts as the row and is changed apart from it: its own cells.
        artificial = row.copy(in: writableCells())
        do {
            try optimize(phase1: true)
        } catch {
            artificial!.release(in: writableCells())
            artificial = nil
            throw error
        }
        let phase1 = artificial!
        artificial = nil
        defer {
            var dropped = phase1
            dropped.release(in: writableCells())
        }
        if SolverTolerance.nearZero(phase1.constant) {
            let slot = slotOf[Int(art)]
            if slot >= 0 {
                let pivotable = rows[Int(slot)].symbols(in: cells).filter {
                    let k = kinds[Int($0)]
                    return k == .slack || k == .error
                }.min()
                if let entering = pivotable {
                    pivot(slot: slot, leaving: art, entering: entering)
                } else {
                    // `art = Σ dummies (+ 0)`: implied by the other equalities; drop the row and
                    // fix `art` at 0 below.
                    dropRow(slot)
                }
            }
            removeColumn(art)
            return
        }
        // Infeasible. The phase-1 row names the constraints combined into the contradiction.
        let record = records[Int(id.rawValue)]!
        let involved = phase1.symbols(in: cells).filter { kinds[Int($0)] != .external }.map { owners[Int($0)] }
        // Roll back: eliminate `art` (drop its row), then the new constraint's marker; every
        // remaining row is still primal feasible, so re-optimising gives the old solution.
        if slotOf[Int(art)] < 0 {
            var found: Int32 = -1
            forEachRow(containing: art) { _, slot, _ in if found < 0 { found = slot } }
            if found >= 0 { pivot(slot: found, leaving: basicOf[Int(found)], entering: art) }
        }
        if slotOf[Int(art)] >= 0 { dropRow(slotOf[Int(art)]) }
        removeColumn(art)
        eliminate(record.marker)
        infeasible.removeAll(keepingCapacity: true)
        try optimize()
        // Without dummies the row cannot name required equalities; the caller re-explains.
        throw .unsatisfiable(report(record.constraint, involved: tracksRequiredEqualities ? involved : [],
                                    excluding: id.rawValue))
    }

    /// Removes a non-basic symbol from every row and the objective (fixes it at 0).
    mutating func removeColumn(_ s: Int32) {
        let cells = writableCells()
        forEachRow(containing: s) { solver, slot, _ in
            solver.rows[Int(slot)].remove(s, in: cells)
        }
        columns.clear(s)
        objective.clear(s)
    }

    /// Takes a marker out of the tableau: drops its row when basic, else fixes it at 0.
    mutating func eliminate(_ s: Int32) {
        guard s >= 0 else { return }
        let slot = slotOf[Int(s)]
        if slot >= 0 { dropRow(slot) } else { removeColumn(s) }
        objective.clear(s)
    }

    func report(_ c: Constraint, involved: [Int32], excluding: Int32) -> UnsatisfiableConstraint {
        var ids = Set<Int32>()
        for o in involved where o >= 0 && o != excluding {
            if records.isRequired(Int(o)) { ids.insert(o) }
        }
        let sorted = ids.sorted().map(ConstraintID.init)
        return UnsatisfiableConstraint(constraint: c, conflictingIDs: sorted,
                                       conflicting: sorted.map { records[Int($0.rawValue)]!.constraint })
    }

    /// Explains a conflict found by a non-tracking solver: re-adds the installed required
    /// constraints to a tracking solver (rare path, O(system)) and lets it name the conflict.
    func explainConflict(_ c: Constraint) -> UnsatisfiableConstraint {
        var tracker = SolverCore(tracksRequiredEqualities: true, usesDefinitions: usesDefinitions)
        var original: [Int32: Int32] = [:]   // tracker handle -> this solver's handle
        for i in records.indices {
            guard let r = records[i], r.constraint.isRequired else { continue }
            if let id = try? tracker.addConstraint(r.constraint) { original[id.rawValue] = Int32(i) }
        }
        do {
            try tracker.addConstraint(c)
        } catch {
            if case .unsatisfiable(let u) = error {
                return report(c, involved: u.conflictingIDs.compactMap { original[$0.rawValue] }, excluding: -1)
            }
        }
        return UnsatisfiableConstraint(constraint: c, conflictingIDs: [], conflicting: [])
    }
}
