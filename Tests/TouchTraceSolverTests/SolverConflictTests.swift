import Testing
@testable import TouchTraceSolver

private let x = Variable(0), y = Variable(1), z = Variable(2), w = Variable(3)

@Suite("Unsatisfiable required constraints")
struct SolverConflictTests {
    private func conflict(_ body: () throws -> Void) -> UnsatisfiableConstraint? {
        do { try body() } catch { if case .unsatisfiable(let u) = error as? SolverError { return u } }
        return nil
    }

    @Test(arguments: [false, true])
    func equalityConflictNamesTheChain(tracking: Bool) throws {
        var s = Solver(tracksRequiredEqualities: tracking)
        let a = try s.addConstraint(x == 10)
        let b = try s.addConstraint(y == x + 5)
        _ = try s.addConstraint(z == 3)              // unrelated
        let u = conflict { try s.addConstraint(y == 20) }
        #expect(u?.conflictingIDs == [a, b])
        #expect(u?.constraint == (y == 20))
        // Not left installed; the solver still works.
        #expect(s.constraintCount == 3)
        #expect(s.value(of: y) == 15)
        try s.addConstraint(w == y * 2)
        #expect(s.value(of: w) == 30)
    }

    @Test(arguments: [false, true])
    func inequalityConflictRollsBackExactly(tracking: Bool) throws {
        var s = Solver(tracksRequiredEqualities: tracking)
        let lo = try s.addConstraint(x >= 10)
        let link = try s.addConstraint(y == x + 1)
        try s.addConstraint((x == 50).priority(300))
        let u = conflict { try s.addConstraint(y <= 5) }
        #expect(u?.conflictingIDs == [lo, link])
        #expect(abs(s.value(of: x) - 50) < 1e-9)
        #expect(abs(s.value(of: y) - 51) < 1e-9)
        #expect(s.constraintCount == 3)
        // Still incremental afterwards.
        try s.addConstraint(x <= 20)
        #expect(abs(s.value(of: x) - 20) < 1e-9)
    }

    @Test func optionalConstraintsNeverConflict() throws {
        var s = Solver()
        try s.addConstraint(x == 1)
        try s.addConstraint((x == 2).priority(999))
        try s.addConstraint((x >= 3).priority(999))
        #expect(s.value(of: x) == 1)
    }

    @Test func constantContradiction() {
        var s = Solver()
        let u = conflict { try s.addConstraint(Constraint(LinearExpression(constant: 5), .equal)) }
        #expect(u != nil && u?.conflictingIDs == [])
        #expect(s.constraintCount == 0)
    }

    /// `x == 10` on top of `x >= 10` has no external variable left after substitution: it goes
    /// through phase 1 (artificial variable) and succeeds; `x == 12` then fails and names `x == 10`.
    @Test(arguments: [false, true])
    func artificialVariablePath(tracking: Bool) throws {
        var s = Solver(tracksRequiredEqualities: tracking)
        try s.addConstraint(x >= 10)
        try s.addConstraint((x == 50).priority(500))
        let pin = try s.addConstraint(x == 10)
        #expect(abs(s.value(of: x) - 10) < 1e-9)
        let u = conflict { try s.addConstraint(x == 12) }
        #expect(u?.conflictingIDs == [pin])
        try s.removeConstraint(pin)
        #expect(abs(s.value(of: x) - 50) < 1e-9)
    }

    @Test(arguments: [false, true])
    func redundantRequiredEqualityIsAccepted(tracking: Bool) throws {
        var s = Solver(tracksRequiredEqualities: tracking)
        try s.addConstraint(x == 10)
        try s.addConstraint(y == x)
        let again = try s.addConstraint(y == 10)
        #expect(s.value(of: y) == 10)
        try s.removeConstraint(again)
        #expect(s.value(of: y) == 10)
    }

    @Test func nonFiniteAndInvalidInputIsRejected() throws {
        var s = Solver()
        func rejects(_ c: Constraint, _ matches: (SolverError) -> Bool) -> Bool {
            do { try s.addConstraint(c); return false } catch { return matches(error) }
        }
        let nan = Constraint(LinearExpression([Term(x, .nan)], constant: 1), .equal)
        #expect(rejects(nan) { if case .nonFiniteValue = $0 { true } else { false } })
        #expect(rejects(Constraint(LinearExpression([Term(x)], constant: .nan), .lessThanOrEqual)) {
            if case .nonFiniteValue = $0 { true } else { false }
        })
        let inf = x == .infinity
        #expect(throws: SolverError.nonFiniteValue(inf)) { try s.addConstraint(inf) }
        #expect(rejects((x == 1).priority(.nan)) { if case .invalidPriority = $0 { true } else { false } })
        #expect(rejects((x == 1).priority(.infinity)) { if case .invalidPriority = $0 { true } else { false } })
        #expect(throws: SolverError.invalidPriority(Priority(0))) { try s.addConstraint((x == 1).priority(0)) }
        #expect(throws: SolverError.invalidVariable(Variable(-1))) { try s.addConstraint(Variable(-1) == 1) }
        #expect(s.constraintCount == 0)
        try s.addConstraint(x == 2)
        #expect(s.value(of: x) == 2)
    }
}
