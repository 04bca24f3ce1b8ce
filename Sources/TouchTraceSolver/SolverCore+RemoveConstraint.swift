// Removing constraints: the marker leaves the tableau and the objective forgets its errors.

extension SolverCore {
    /// Removes an installed constraint and re-optimises; the solution becomes what it would be had
    /// the constraint never been added (up to ties between equally good solutions).
    mutating func removeConstraint(_ id: ConstraintID) throws(SolverError) {
        let i = Int(id.rawValue)
        guard i >= 0, i < records.count, let record = records[i] else { throw .unknownConstraint(id) }
        if edits.values.contains(where: { $0.id == id }) {
            // Removing an edit constraint directly also ends the edit.
            for (v, e) in edits where e.id == id { edits[v] = nil }
        }
        try removeRecord(id, record)
    }

    mutating func removeRecord(_ id: ConstraintID, _ record: ConstraintRecord) throws(SolverError) {
        records[Int(id.rawValue)] = nil
        installedCount -= 1
        if record.marker < 0 {
            // An untracked required equality has no marker to pivot on: rebuild without it.
            do {
                try rebuild()
            } catch {
                records[Int(id.rawValue)] = record   // the old tableau is untouched: keep it whole
                installedCount += 1
                throw error
            }
            return
        }
        if !record.constraint.isRequired, let tier = objective.tier(of: record.constraint.priority.rawValue) {
            let tie = record.constraint.tieBreak > 0 ? objective.tieBreakComponent : -1
            for m in [record.marker, record.other] where m >= 0 && kinds[Int(m)] == .error {
                addToObjective(m, tier: tier, -1)
                if tie >= 0 { addToObjective(m, tier: tie, -record.constraint.tieBreak) }
            }
        }
        let marker = record.marker
        // A definition made by this constraint becomes canonical first: removal pivots and
        // substitutes on canonical rows (SolverCore+Definitions).
        canonicalizeDefinitions(mentioning: marker)
        canonicalizeDefinitions(mentioning: record.other)
        if slotOf[Int(marker)] < 0, let leaving = markerLeavingSlot(marker) {
            pivot(slot: leaving, leaving: basicOf[Int(leaving)], entering: marker)
        }
        // Basic now (drop its row), or in no row at all (nothing left of its equation).
        eliminate(marker)
        // The other error symbol of an optional constraint is now free and costless: drop it too.
        if record.other >= 0 { eliminate(record.other) }
        infeasible.removeAll(keepingCapacity: true)
        try optimize()
    }

    /// The row to pivot `marker` into: the restricted row with the smallest ratio where the marker
    /// has a negative coefficient, else a restricted row where it is positive, else an external row.
    mutating func markerLeavingSlot(_ marker: Int32) -> Int32? {
        var first: (Int32, Double, Int32)? = nil, second: (Int32, Double, Int32)? = nil
        var third: (Int32, Int32)? = nil
        forEachRow(containing: marker) { solver, slot, c in
            let b = solver.basicOf[Int(slot)]
            let k = solver.rows[Int(slot)].constant
            if solver.kinds[Int(b)] == .external {
                if third == nil || b < third!.1 { third = (slot, b) }
            } else if c < 0 {
                let r = -k / c
                if first == nil || r < first!.1 || (r == first!.1 && b < first!.2) { first = (slot, r, b) }
            } else {
                let r = k / c
                if second == nil || r < second!.1 || (r == second!.1 && b < second!.2) { second = (slot, r, b) }
            }
        }
        return first?.0 ?? second?.0 ?? third?.0
    }
}

extension SolverCore {
    /// Rebuilds the tableau from the installed constraints (in handle order, edits re-suggested
    /// right after their edit constraint). Handles stay valid. Used to remove an untracked required
    /// equality; O(system), like adding everything again.
    mutating func rebuild() throws(SolverError) {
        var fresh = SolverCore(tracksRequiredEqualities: tracksRequiredEqualities, usesDefinitions: usesDefinitions)
        fresh.records.reserveCapacity(records.count)
        for i in records.indices {
            fresh.records.append(records.constraint(i).map { ConstraintRecord(constraint: $0, marker: -1, other: -1) })
        }
        fresh.installedCount = installedCount
        fresh.budget = budget
        fresh.maxCells = maxCells
        fresh.cellsCreated = cellsCreated
        var editOf: [Int32: (Variable, Double)] = [:]
        for (v, e) in edits { editOf[e.id.rawValue] = (v, e.constant) }
        for i in records.indices {
            guard let constraint = fresh.records.constraint(i) else { continue }
            try fresh.install(ConstraintID(Int32(i)), constraint)
            if let (v, value) = editOf[Int32(i)] {
                fresh.edits[v] = EditRecord(id: ConstraintID(Int32(i)), constant: 0)
                try fresh.suggestValue(v, value)
            }
        }
        self = fresh
    }
}
