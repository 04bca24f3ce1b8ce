// Ambiguity: can a variable move without breaking a constraint or worsening the objective?

extension SolverCore {
    /// Whether `variable`'s value is *not* determined by the installed constraints.
    ///
    /// A variable is ambiguous when the solver has never seen it, or when some non-basic symbol that
    /// its value depends on can move away from its current value at no cost: a free external
    /// (a variable no constraint pins), or a slack/error symbol with a zero objective coefficient in
    /// every tier whose increase no tight row blocks. Dummies (required equalities) never move, and a
    /// symbol with a non-zero cost cannot move without making the solution worse.
    ///
    /// The test looks one simplex step away from the current vertex, which decides every case the
    /// layout layer meets (a view with too few constraints, optional-only constraints that are all
    /// satisfiable at more than one value). At a degenerate vertex it can miss a direction reachable
    /// only through zero-length pivots, and then answers "determined".
    ///
    /// Costs in the tie-break tier (`Constraint.tieBreak`) are ignored: a tie broken by that rule is
    /// still a tie between equally good solutions, which is what UIKit reports as ambiguous.
    func isAmbiguous(_ variable: Variable) -> Bool {
        guard let s = symbol(of: variable) else { return true }
        let slot = slotOf[Int(s)]
        if slot < 0 { return canMove(s) }
        if definitionSerial[Int(slot)] >= 0 { return symbolMobility()[Int(s)] }
        var movable = false
        rows[Int(slot)].forEach(in: cells) { t, c in
            if !movable && !SolverTolerance.nearZero(c) && canMove(t) { movable = true }
        }
        return movable
    }

    /// The ambiguous variables among `variables`, in order, as ``Solver`` answers them one by one:
    /// a basic variable from the mobility of every symbol (``symbolMobility()``: `mobility`, worked
    /// out here on the first basic variable when it is nil, and handed back for the caller to
    /// keep), a non-basic one with ``isAmbiguous(_:)``. One call for many variables: a layout
    /// asks about four variables of every view (issue 27).
    func ambiguousVariables(_ variables: [Variable], mobility: inout [Bool]?) -> [Variable] {
        var out: [Variable] = []
        var known = mobility ?? []
        var have = mobility != nil
        for variable in variables {
            if let s = basicSymbol(of: variable) {
                if !have {
                    known = symbolMobility()
                    mobility = known
                    have = true
                }
                if known[Int(s)] { out.append(variable) }
            } else if isAmbiguous(variable) {
                out.append(variable)
            }
        }
        return out
    }

    /// Whether the non-basic symbol `s` can take a positive step (or, for an external, a step
    /// either way) without violating a restricted row or raising the objective.
    func canMove(_ s: Int32) -> Bool {
        let kind = kinds[Int(s)]
        if kind == .dummy || !objective.isZeroAtEveryPriority(s) { return false }
        var upBlocked = false, downBlocked = false
        columns.forEach(s) { slot in
            let i = Int(slot)
            let b = basicOf[i]
            guard b >= 0, kinds[Int(b)] != .external else { return }
            let c = rows[i].coefficient(s, in: cells)
            guard c != 0 else { return }
            guard SolverTolerance.nearZero(rows[i].constant) else { return }
            if c < 0 { upBlocked = true } else { downBlocked = true }
        }
        return kind == .external ? !(upBlocked && downBlocked) : !upBlocked
    }
}
