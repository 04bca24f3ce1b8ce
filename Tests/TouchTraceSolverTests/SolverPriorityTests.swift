import Testing
@testable import TouchTraceSolver

private let x = Variable(0), y = Variable(1), w = Variable(2)

@Suite("Priorities are strict tiers")
struct SolverPriorityTests {
    @Test func higherPriorityWins() throws {
        var s = Solver()
        try s.addConstraint((x == 10).priority(750))
        try s.addConstraint((x == 20).priority(250))
        #expect(abs(s.value(of: x) - 10) < 1e-9)
    }

    /// With weights = priorities, three 200-errors of 10 (6000) outweigh one 300-error of 10 (3000)
    /// and x would be 20. UIKit's priorities are strict: 300 wins however many 200s disagree.
    @Test func tiersDifferFromLinearWeights() throws {
        var s = Solver()
        try s.addConstraint((x == 10).priority(300))
        for _ in 0..<3 { try s.addConstraint((x == 20).priority(200)) }
        #expect(abs(s.value(of: x) - 10) < 1e-9)
        #expect(s.tiers == [Priority(300), Priority(200)])
    }

    /// A 751 violation outweighs any amount of 750 violation, also when the amounts are lopsided.
    @Test func adjacentPrioritiesAreStrict() throws {
        var s = Solver()
        // Many 750 constraints want w small; one 751 constraint wants it large.
        for _ in 0..<50 { try s.addConstraint((w <= 10).priority(750)) }
        try s.addConstraint((w >= 1000).priority(751))
        #expect(abs(s.value(of: w) - 1000) < 1e-9)
    }

    @Test func compressionResistanceGivesWayOnlyAsMuchAsRequired() throws {
        // Four leaves of intrinsic width 30 in a row that must be exactly 100 wide: compression
        // resistance (750) is broken by 20 in total, hugging (250) is kept.
        var s = Solver()
        let container = Variable(10)
        try s.addConstraint(container == 100)
        var sum = LinearExpression()
        for i in 0..<4 {
            let v = Variable(20 + i)
            try s.addConstraint((v <= 30).priority(250))
            try s.addConstraint((v >= 30).priority(750))
            sum = sum + v
        }
        try s.addConstraint(sum == container)
        let total = (0..<4).map { s.value(of: Variable(20 + $0)) }.reduce(0, +)
        #expect(abs(total - 100) < 1e-9)
        for i in 0..<4 { #expect(s.value(of: Variable(20 + i)) <= 30 + 1e-9) }
    }

    @Test func newTierInsertedBetweenExistingOnes() throws {
        var s = Solver()
        try s.addConstraint((x == 1).priority(100))
        try s.addConstraint((x == 3).priority(900))
        #expect(abs(s.value(of: x) - 3) < 1e-9)
        try s.addConstraint((y == x).priority(500))
        try s.addConstraint((y == 7).priority(400))
        #expect(abs(s.value(of: y) - 3) < 1e-9)
        #expect(s.tiers.map(\.rawValue) == [900, 500, 400, 100])
    }
}
