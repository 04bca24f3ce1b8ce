import Testing
@testable import TouchTraceSolver

private let x = Variable(0), y = Variable(1), w = Variable(2), h = Variable(3)

@Suite("Edit variables and removal")
struct SolverEditTests {
    @Test func suggestValueMovesDependents() throws {
        var s = Solver()
        try s.addEditVariable(w, priority: Priority(999))
        try s.suggestValue(w, 390)
        try s.addConstraint(x == 16)
        try s.addConstraint(y == w - 32)            // width minus margins
        try s.addConstraint(h >= 44)
        try s.addConstraint((h == w * 0.5).priority(750))
        #expect(abs(s.value(of: y) - 358) < 1e-9)
        #expect(abs(s.value(of: h) - 195) < 1e-9)
        for width in [768.0, 1024, 60, 390] {
            try s.suggestValue(w, width)
            #expect(abs(s.value(of: w) - width) < 1e-9)
            #expect(abs(s.value(of: y) - (width - 32)) < 1e-9)
            #expect(abs(s.value(of: h) - max(44, width / 2)) < 1e-9)
        }
    }

    @Test func editIsBoundedByRequiredConstraints() throws {
        var s = Solver()
        try s.addConstraint(w <= 500)
        try s.addEditVariable(w, priority: Priority(999))
        try s.suggestValue(w, 800)
        #expect(abs(s.value(of: w) - 500) < 1e-9)
        try s.suggestValue(w, 300)
        #expect(abs(s.value(of: w) - 300) < 1e-9)
    }

    @Test func editErrors() throws {
        var s = Solver()
        #expect(throws: SolverError.unknownEditVariable(w)) { try s.suggestValue(w, 1) }
        #expect(throws: SolverError.requiredEditVariable(w)) { try s.addEditVariable(w, priority: .required) }
        try s.addEditVariable(w, priority: Priority(999))
        #expect(throws: SolverError.duplicateEditVariable(w)) { try s.addEditVariable(w, priority: Priority(10)) }
        #expect(throws: SolverError.nonFiniteSuggestion(w, .infinity)) { try s.suggestValue(w, .infinity) }
        try s.removeEditVariable(w)
        #expect(!s.hasEditVariable(w))
        #expect(s.constraintCount == 0)
    }

    @Test func removingOptionalConstraintRestoresPreviousSolution() throws {
        var s = Solver()
        try s.addConstraint(x >= 0)
        try s.addConstraint((x == 50).priority(250))
        #expect(abs(s.value(of: x) - 50) < 1e-9)
        let strong = try s.addConstraint((x == 80).priority(750))
        #expect(abs(s.value(of: x) - 80) < 1e-9)
        try s.removeConstraint(strong)
        #expect(abs(s.value(of: x) - 50) < 1e-9)
        #expect(throws: SolverError.unknownConstraint(strong)) { try s.removeConstraint(strong) }
    }

    @Test func removingRequiredConstraintsRestoresPreviousSolution() throws {
        for tracking in [false, true] {
            var s = Solver(tracksRequiredEqualities: tracking)
            try s.addEditVariable(w, priority: Priority(999))
            try s.suggestValue(w, 300)
            try s.addConstraint(x == 10)
            try s.addConstraint((y == w).priority(500))
            let cap = try s.addConstraint(y <= 100)
            let pin = try s.addConstraint(y == x + 40)
            #expect(abs(s.value(of: y) - 50) < 1e-9)
            try s.removeConstraint(pin)
            #expect(abs(s.value(of: y) - 100) < 1e-9)
            try s.removeConstraint(cap)
            #expect(abs(s.value(of: y) - 300) < 1e-9)
            // The edit still works after a rebuild.
            try s.suggestValue(w, 123)
            #expect(abs(s.value(of: y) - 123) < 1e-9)
            #expect(s.constraintCount == 3)
        }
    }

    @Test func handlesSurviveRebuild() throws {
        var s = Solver()
        let a = try s.addConstraint(x == 1)
        let b = try s.addConstraint(y == x + 1)
        let c = try s.addConstraint(h == y + 1)
        try s.removeConstraint(a)   // untracked required equality: rebuild
        #expect(s.contains(b) && s.contains(c) && !s.contains(a))
        try s.removeConstraint(b)
        #expect(s.constraint(c) == (h == y + 1))
    }
}
