import Testing
@testable import TouchTraceSolver

/// `Constraint.tieBreak`: a last tier that picks among solutions equally good at every priority.
@Suite("Tie-break tier")
struct SolverTieBreakTests {
    let a = Variable(0), b = Variable(1), c = Variable(2)

    /// Three leaves with equal hugging sharing a stretch (a `fill` stack of 300 with leaves of 20).
    func stretchedRow(weights: [Double]) throws -> Solver {
        var s = Solver()
        try s.addConstraint(a + b + c == 300)
        for (v, w) in zip([a, b, c], weights) {
            try s.addConstraint((v >= 20).priority(750).tieBreak(w))
            try s.addConstraint((v <= 20).priority(250).tieBreak(w))
        }
        return s
    }

    @Test func lowestWeightAbsorbsTheStretch() throws {
        for (weights, stretched) in [([1.0, 2, 3], 0), ([3.0, 2, 1], 2), ([2.0, 1, 3], 1)] {
            let s = try stretchedRow(weights: weights)
            let values = s.values(of: [a, b, c])
            for k in 0..<3 {
                #expect(abs(values[k] - (k == stretched ? 260 : 20)) < 1e-9, "weights \(weights)")
            }
        }
    }

    @Test func lowestWeightAbsorbsTheCompression() throws {
        var s = Solver()
        try s.addConstraint(a + b == 30)
        for (v, w) in [(a, 2.0), (b, 1.0)] {
            try s.addConstraint((v >= 20).priority(750).tieBreak(w))
            try s.addConstraint((v <= 20).priority(250).tieBreak(w))
        }
        #expect(abs(s.value(of: a) - 20) < 1e-9)
        #expect(abs(s.value(of: b) - 10) < 1e-9)
    }

    @Test func aTieBrokenByWeightIsStillAmbiguous() throws {
        let s = try stretchedRow(weights: [1, 2, 3])
        #expect(s.isAmbiguous(a) && s.isAmbiguous(b) && s.isAmbiguous(c))
        #expect(s.tiers == [Priority(750), Priority(250)])
    }

    @Test func weightsNeverOverrideAPriority() throws {
        // b hugs at 251: it must stay at 20 whatever the weights say.
        var s = Solver()
        try s.addConstraint(a + b == 100)
        try s.addConstraint((a <= 20).priority(250).tieBreak(1000))
        try s.addConstraint((b <= 20).priority(251).tieBreak(0.001))
        #expect(abs(s.value(of: b) - 20) < 1e-9)
        #expect(abs(s.value(of: a) - 80) < 1e-9)
        #expect(!s.isAmbiguous(a))
    }

    @Test func weightsDoNotChangeTheSumWithinATier() throws {
        // |a| + |b| @250 with b >= 10 - 2a: the tier optimum is a = 5, b = 0 (sum 5); a lexicographic
        // "a first" rule would give a = 0, b = 10 (sum 10). Weights only order equal optima.
        var s = Solver()
        try s.addConstraint(b + a * 2 >= 10)
        try s.addConstraint((a == 0).priority(250).tieBreak(100))
        try s.addConstraint((b == 0).priority(250).tieBreak(1))
        #expect(abs(s.value(of: a) - 5) < 1e-9)
        #expect(abs(s.value(of: b)) < 1e-9)
    }

    @Test func resizeKeepsTheTieBreak() throws {
        var s = Solver()
        let width = Variable(9)
        try s.addEditVariable(width, priority: Priority(999))
        try s.suggestValue(width, 300)
        try s.addConstraint(a + b + c == width)
        for (v, w) in zip([a, b, c], [3.0, 2, 1]) {
            try s.addConstraint((v >= 20).priority(750).tieBreak(w))
            try s.addConstraint((v <= 20).priority(250).tieBreak(w))
        }
        #expect(abs(s.value(of: c) - 260) < 1e-9)
        try s.suggestValue(width, 500)
        #expect(abs(s.value(of: c) - 460) < 1e-9 && abs(s.value(of: a) - 20) < 1e-9)
        try s.suggestValue(width, 45)   // compression: the lowest weight gives way first
        #expect(abs(s.value(of: c) - 5) < 1e-9 && abs(s.value(of: b) - 20) < 1e-9)
    }

    @Test func removingAConstraintDropsItsWeight() throws {
        var s = Solver()
        try s.addConstraint(a + b == 100)
        let hugA = try s.addConstraint((a <= 20).priority(250).tieBreak(2))
        try s.addConstraint((b <= 20).priority(250).tieBreak(1))
        #expect(abs(s.value(of: b) - 80) < 1e-9)
        try s.removeConstraint(hugA)
        try s.addConstraint((a <= 20).priority(250).tieBreak(0.5))
        #expect(abs(s.value(of: a) - 80) < 1e-9 && abs(s.value(of: b) - 20) < 1e-9)
    }

    @Test func badWeightsAreRejected() {
        var s = Solver()
        for w in [-1.0, .nan, .infinity] {
            #expect(throws: SolverError.self) { try s.addConstraint((a == 1).priority(250).tieBreak(w)) }
        }
        #expect(s.constraintCount == 0)
    }
}
