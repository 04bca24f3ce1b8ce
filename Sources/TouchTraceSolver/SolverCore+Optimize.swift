// Primal simplex (minimise the lexicographic objective, or the phase-1 artificial objective) and the
// dual simplex used after an edit variable moves.

extension SolverCore {
    /// Lowest-id non-dummy, non-basic symbol with a lexicographically negative objective coefficient
    /// (Bland's rule, which rules out cycling). Drops candidates that are no longer negative.
    mutating func enteringSymbol() -> Int32? {
        var best: Int32 = -1
        var w = 0
        for k in 0..<candidates.count {
            let s = candidates[k]
            if kinds[Int(s)] != .dummy && slotOf[Int(s)] < 0 && objective.isNegative(s) {
                candidates[w] = s
                w += 1
                if best < 0 || s < best { best = s }
            } else {
                isCandidate[Int(s)] = false
            }
        }
        if w < candidates.count { candidates.removeLast(candidates.count - w) }
        return best >= 0 ? best : nil
    }

    /// Entering symbol for the phase-1 objective.
    @inline(__always)
    func artificialEnteringSymbol() -> Int32? {
        guard let art = artificial else { return nil }
        var best: Int32 = -1
        art.forEach(in: cells) { s, c in
            if c < 0 && kinds[Int(s)] != .dummy && (best < 0 || s < best) { best = s }
        }
        return best >= 0 ? best : nil
    }

    /// Ratio test: the restricted row that first hits zero when `entering` grows (ties: lowest basic id).
    mutating func leavingSlot(for entering: Int32) -> Int32? {
        var bestSlot: Int32 = -1
        var bestRatio = Double.greatestFiniteMagnitude
        var bestBasic = Int32.max
        forEachRow(containing: entering) { solver, slot, c in
            let b = solver.basicOf[Int(slot)]
            guard c < 0, solver.kinds[Int(b)] != .external else { return }
            let r = -solver.rows[Int(slot)].constant / c
            if r < bestRatio || (r == bestRatio && b < bestBasic) {
                bestRatio = r
                bestBasic = b
                bestSlot = slot
            }
        }
        return bestSlot >= 0 ? bestSlot : nil
    }

    /// Primal simplex on the main objective (`phase1 == false`) or the artificial one.
    mutating func optimize(phase1: Bool = false) throws(SolverError) {
        var guardCount = 0
        while true {
            let entering = phase1 ? artificialEnteringSymbol() : enteringSymbol()
            guard let e = entering else { return }
            guard let slot = leavingSlot(for: e) else {
                throw .internalError("the objective is unbounded")
            }
            pivot(slot: slot, leaving: basicOf[Int(slot)], entering: e)
            if budget.spend() { throw .internalError("the time budget ran out") }
            try checkCells()
            guardCount += 1
            if guardCount > 50_000_000 { throw .internalError("simplex did not terminate") }
        }
    }

    /// Dual simplex: restores feasibility of rows made negative by an edit, keeping optimality.
    mutating func dualOptimize() throws(SolverError) {
        var guardCount = 0
        while let leaving = infeasible.popLast() {
            if budget.spend() {
                infeasible.removeAll()
                throw .internalError("the time budget ran out")
            }
            guardCount += 1
            if guardCount > 50_000_000 {
                infeasible.removeAll()
                throw .internalError("dual simplex did not terminate")
            }
            let slot = slotOf[Int(leaving)]
            guard slot >= 0 else { continue }
            let c = rows[Int(slot)].constant
            guard c < 0, !SolverTolerance.nearZero(c) else { continue }
            var entering: Int32 = -1
            var ed = 0.0
            rows[Int(slot)].forEach(in: cells) { s, a in
                guard a > 0 && kinds[Int(s)] != .dummy else { return }
                if entering < 0 || objective.ratioLess(s, a, entering, ed)
                    || (!objective.ratioLess(entering, ed, s, a) && s < entering) {
                    entering = s
                    ed = a
                }
            }
            guard entering >= 0 else {
                infeasible.removeAll()
                throw .internalError("dual optimize failed")
            }
            pivot(slot: slot, leaving: leaving, entering: entering)
            try checkCells()
        }
    }
}
