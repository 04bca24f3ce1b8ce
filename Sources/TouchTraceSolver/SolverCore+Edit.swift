// Edit variables: an optional `v == value` constraint whose value moves by the dual simplex.

extension SolverCore {
    /// Makes `variable` an edit variable at `priority` (must be optional, below 1000).
    ///
    /// Its initial suggested value is 0; call ``suggestValue(_:_:)`` before or after adding the other
    /// constraints (before is faster: the rest of the system is then built around the right value).
    mutating func addEditVariable(_ variable: Variable, priority: Priority) throws(SolverError) {
        guard variable.id >= 0 else { throw .invalidVariable(variable) }
        guard edits[variable] == nil else { throw .duplicateEditVariable(variable) }
        guard priority.isValid else { throw .invalidPriority(priority) }
        guard !priority.isRequired else { throw .requiredEditVariable(variable) }
        let id = try addConstraint(Constraint(LinearExpression(variable), .equal, priority: priority))
        edits[variable] = EditRecord(id: id, constant: 0)
    }

    /// Ends the edit on `variable` and removes its edit constraint.
    mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let e = edits.removeValue(forKey: variable) else { throw .unknownEditVariable(variable) }
        try removeConstraint(e.id)
    }

    /// Whether `variable` is an edit variable of this solver.
    func hasEditVariable(_ variable: Variable) -> Bool { edits[variable] != nil }

    /// Suggests a new value for an edit variable and re-solves incrementally (dual simplex): only the
    /// rows that depend on the edit are visited, so a window resize costs in proportion to the views
    /// it moves, not to the size of the system.
    mutating func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        guard value.isFinite else { throw .nonFiniteSuggestion(variable, value) }
        // The edit's markers are read from its record in place (making the whole record again
        // would copy its terms into a new array on every suggestion).
        guard var e = edits[variable], records.contains(Int(e.id.rawValue)) else {
            throw .unknownEditVariable(variable)
        }
        let delta = value - e.constant
        e.constant = value
        edits[variable] = e
        // The edit row reads `variable - value = plus - minus`; moving `value` shifts its constant.
        let plus = records.marker(Int(e.id.rawValue)), minus = records.other(Int(e.id.rawValue))
        // A definition written with the edit's markers is the edit row itself (the variable was
        // fresh): its constant moves in every case; the rows below are the canonical ones.
        if definitionCount > 0 {
            for slot in columns.slots(of: plus) where definitionSerial[Int(slot)] >= 0 && basicOf[Int(slot)] >= 0 {
                let c = rows[Int(slot)].coefficient(plus, in: cells)
                if c != 0 { rows[Int(slot)].constant += delta * c }
            }
        }
        if slotOf[Int(plus)] >= 0 {
            let slot = Int(slotOf[Int(plus)])
            rows[slot].constant -= delta
            if rows[slot].constant < 0 { infeasible.append(plus) }
        } else if slotOf[Int(minus)] >= 0 {
            let slot = Int(slotOf[Int(minus)])
            rows[slot].constant += delta
            if rows[slot].constant < 0 { infeasible.append(minus) }
        } else {
            forEachRow(containing: plus) { solver, slot, c in
                guard solver.definitionSerial[Int(slot)] < 0 else { return }   // moved above
                solver.rows[Int(slot)].constant += delta * c
                let b = solver.basicOf[Int(slot)]
                if solver.rows[Int(slot)].constant < 0 && solver.kinds[Int(b)] != .external {
                    solver.infeasible.append(b)
                }
            }
        }
        try dualOptimize()
    }
}
