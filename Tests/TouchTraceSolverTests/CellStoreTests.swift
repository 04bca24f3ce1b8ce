import Testing
import TestSupport
@testable import TouchTraceSolver

/// The rows' cells in one store per solver (``CellStore``; issue 27, branch perf32): a copied
/// solver shares the store until either writes, a row read while another grows the store reads
/// the moved buffer, and ranges given back are handed out again without mixing rows.
@Suite("Cell store")
struct CellStoreTests {
    /// x₀ = 0, x_{k+1} = x_k + w_k + 8, w_k == 40 at 250, w_k ≥ 10, the last edge at `width`.
    static func chain(_ n: Int, width: Double) -> [Constraint] {
        SolverChainTests.chain(n, width: width)
    }

    static func values(_ solver: Solver, _ n: Int) -> [Double] {
        (0..<(2 * n)).map { solver.value(of: Variable($0)) }
    }

    /// A solver copied, then each changed its own way: each answers as a solver built alone to
    /// the same constraints (the first write copies the store; the other keeps it).
    @Test func aCopiedSolverSharesItsCellsUntilEitherWrites() throws {
        let n = 30
        var kept = Solver()
        for c in Self.chain(n, width: 2_000) { try kept.addConstraint(c) }
        let before = Self.values(kept, n)
        var continued = kept
        try continued.addEditVariable(Variable(2 * (n - 1) + 1), priority: .defaultHigh)
        try continued.suggestValue(Variable(2 * (n - 1) + 1), 100)
        try continued.addConstraint((Variable(1) == 60).priority(750))
        #expect(Self.values(kept, n) == before)

        var alone = Solver()
        for c in Self.chain(n, width: 2_000) { try alone.addConstraint(c) }
        try alone.addEditVariable(Variable(2 * (n - 1) + 1), priority: .defaultHigh)
        try alone.suggestValue(Variable(2 * (n - 1) + 1), 100)
        try alone.addConstraint((Variable(1) == 60).priority(750))
        #expect(Self.values(continued, n) == Self.values(alone, n))

        // The kept solver written after the copy: its own store again, the copy's unchanged.
        let continuedValues = Self.values(continued, n)
        try kept.addConstraint((Variable(3) == 70).priority(750))
        #expect(Self.values(continued, n) == continuedValues)
        #expect(abs(kept.value(of: Variable(3)) - 70) < 1e-9)
    }

    /// The textbook tableau (no definition rows): every position's row holds every width before
    /// it, so rows grow while longer rows are added into them, the store moving many times.
    @Test func rowsGrowWhileOthersAreReadFromTheStore() throws {
        let n = 300
        var solver = Solver(usesDefinitions: false)
        for c in Self.chain(n, width: Double(n) * 48 + 100) { try solver.addConstraint(c) }
        SolverChainTests.expectChainAnswers(solver, n)
    }

    /// Constraints removed and added again (their rows' ranges given back and handed out anew):
    /// the same answers as a solver that never had the removed ones.
    @Test func rangesGivenBackAreReusedWithoutMixingRows() throws {
        let n = 40
        var solver = Solver(tracksRequiredEqualities: true, usesDefinitions: false)
        var ids: [ConstraintID] = []
        for c in Self.chain(n, width: 2_500) { ids.append(try solver.addConstraint(c)) }
        var extra: [ConstraintID] = []
        for k in 0..<n { extra.append(try solver.addConstraint((Variable(2 * k + 1) == Double(20 + k)).priority(500))) }
        for id in extra.reversed() { try solver.removeConstraint(id) }
        for k in 0..<n where k % 3 == 0 {
            try solver.addConstraint((Variable(2 * k + 1) == Double(30 + k)).priority(500))
        }

        var alone = Solver(tracksRequiredEqualities: true, usesDefinitions: false)
        for c in Self.chain(n, width: 2_500) { try alone.addConstraint(c) }
        for k in 0..<n where k % 3 == 0 {
            try alone.addConstraint((Variable(2 * k + 1) == Double(30 + k)).priority(500))
        }
        let got = Self.values(solver, n), want = Self.values(alone, n)
        for i in got.indices { #expect(abs(got[i] - want[i]) < 1e-6, "variable \(i): \(got[i]) vs \(want[i])") }
    }
}
