import Testing
@testable import TouchTraceSolver

private let x = Variable(0), y = Variable(1), z = Variable(2), w = Variable(3)

@Suite("Equalities and inequalities")
struct SolverBasicsTests {
    @Test func equalitiesChain() throws {
        var s = Solver()
        try s.addConstraint(x == 10)
        try s.addConstraint(y == x + 5)
        try s.addConstraint(z == x + y * 2)
        #expect(s.value(of: x) == 10)
        #expect(s.value(of: y) == 15)
        #expect(s.value(of: z) == 40)
        #expect(s.constraintCount == 3)
    }

    @Test func requiredInequalitiesBoundAnOptionalGoal() throws {
        var s = Solver()
        try s.addConstraint(x >= 10)
        try s.addConstraint(x <= 20)
        try s.addConstraint((x == 100).priority(500))
        #expect(abs(s.value(of: x) - 20) < 1e-9)
        var t = Solver()
        try t.addConstraint(x >= 10)
        try t.addConstraint(x <= 20)
        try t.addConstraint((x == -5).priority(500))
        #expect(abs(t.value(of: x) - 10) < 1e-9)
    }

    @Test func inequalityBetweenVariables() throws {
        var s = Solver()
        try s.addConstraint(x == 30)
        try s.addConstraint(y >= x + 8)
        try s.addConstraint((y == 0).priority(250))
        #expect(abs(s.value(of: y) - 38) < 1e-9)
    }

    @Test func unseenVariableIsZero() {
        let s = Solver()
        #expect(s.value(of: Variable(12345)) == 0)
    }

    @Test func largeSparseVariableIds() throws {
        var s = Solver()
        let big = Variable(Int32.max - 1)
        try s.addConstraint(big == 7)
        try s.addConstraint(x == big * 2)
        #expect(s.value(of: big) == 7)
        #expect(s.value(of: x) == 14)
    }

    @Test func repeatedVariableInOneExpressionIsSummed() throws {
        var s = Solver()
        try s.addConstraint(Constraint(LinearExpression([Term(x, 1), Term(x, 1)], constant: -10), .equal))
        #expect(abs(s.value(of: x) - 5) < 1e-9)
    }

    @Test func batchAddsRequiredFirstAndReportsFailures() throws {
        var s = Solver()
        let result = s.addConstraints([(x == 1).priority(10), x == 5, x == 6, y == x + 1])
        #expect(result.ids[0] != nil && result.ids[1] != nil && result.ids[3] != nil)
        #expect(result.ids[2] == nil)
        #expect(result.failures.map(\.index) == [2])
        #expect(s.value(of: x) == 5)
        #expect(s.value(of: y) == 6)
    }
}
