import Testing
import TestSupport
@testable import TouchTraceSolver

/// Chains — a stack view's `next.leading == previous.trailing + spacing`, or views pinned one to
/// the next by hand — keep the tableau sparse (issue 21: a 6,000-view `fill` stack took past 4 GB
/// when every position's row held every width before it). Definition rows (SolverCore+Definitions)
/// keep each position's row as written; the answers are those of the textbook tableau.
@Suite("Chains stay sparse")
struct SolverChainTests {
    /// A horizontal `fill` chain of `n` views in a container of `width`: x₁ = 0, xₙ + wₙ = width,
    /// x_{k+1} = x_k + w_k + spacing, each width 40 at 250 (hugging) and ≥ 10 (compression).
    static func chain(_ n: Int, width: Double, spacing: Double = 8) -> [Constraint] {
        func x(_ k: Int) -> Variable { Variable(2 * k) }
        func w(_ k: Int) -> Variable { Variable(2 * k + 1) }
        var list: [Constraint] = [x(0) == 0, x(n - 1) + w(n - 1) == width]
        for k in 0..<(n - 1) { list.append(x(k + 1) == x(k) + w(k) + spacing) }
        for k in 0..<n {
            list.append((w(k) == 40).priority(250))
            list.append(w(k) >= 10)
        }
        return list
    }

    @Test(arguments: [200, 2_000, 20_000])
    func cellsGrowLinearly(_ n: Int) throws {
        var solver = Solver(usesDefinitions: true)
        for c in Self.chain(n, width: Double(n) * 48 + 100) { try solver.addConstraint(c) }
        let stats = solver.statistics
        #expect(stats.cells <= 12 * n, "\(stats.cells) cells for \(n) views (longest row \(stats.longestRow))")
        Self.expectChainAnswers(solver, n)
    }

    /// The answers of ``chain(_:width:spacing:)`` with spacing 8 and room to spare: every width but
    /// one keeps its 40, one takes the rest (the last, by the order of ties), and the positions
    /// follow from the widths.
    static func expectChainAnswers(_ solver: Solver, _ n: Int) {
        let values = (0..<n).map { solver.value(of: Variable(2 * $0 + 1)) }
        #expect(values.filter { abs($0 - 40) < 1e-6 }.count == n - 1)
        var x = 0.0
        for k in 0..<n {
            #expect(abs(solver.value(of: Variable(2 * k)) - x) < 1e-6 * max(1, x), "x\(k)")
            x += values[k] + 8
        }
    }

    /// The same answers as the textbook tableau (no definitions), on chains small enough for it,
    /// after an edit and after removals too.
    @Test func sameAnswersAsTheTextbookTableau() throws {
        var rng = SplitMix64(state: 21)
        for trial in 0..<40 {
            let n = Int.random(in: 2...40, using: &rng)
            let width = Double(Int.random(in: 0...(60 * n), using: &rng))
            var constraints = Self.chain(n, width: width, spacing: Double(Int.random(in: 0...10, using: &rng)))
            // Some cross links (a badge pinned to a view in the middle) and an edit on the width.
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                let a = Int.random(in: 0..<n, using: &rng), b = Int.random(in: 0..<n, using: &rng)
                constraints.append((Variable(2 * a + 1) >= Variable(2 * b + 1) * 0.5).priority(500))
            }
            var lazy = Solver(usesDefinitions: true), textbook = Solver(usesDefinitions: false)
            var ids: [(ConstraintID, ConstraintID)?] = []
            for c in constraints {
                let a = try? lazy.addConstraint(c)
                let b = try? textbook.addConstraint(c)
                #expect((a == nil) == (b == nil), "trial \(trial): both accept or both reject")
                ids.append(a.flatMap { a in b.map { (a, $0) } })
            }
            func same(_ what: String) {
                for v in 0..<(2 * n) {
                    let variable = Variable(v)
                    if textbook.isAmbiguous(variable) { continue }
                    #expect(!lazy.isAmbiguous(variable), "trial \(trial) \(what): v\(v) determined in both")
                    #expect(abs(lazy.value(of: variable) - textbook.value(of: variable)) < 1e-6, "trial \(trial) \(what): v\(v)")
                }
            }
            same("added")
            // Remove a few optional and required constraints from both.
            for _ in 0..<3 {
                let k = Int.random(in: constraints.indices, using: &rng)
                guard let (a, b) = ids[k] else { continue }
                try lazy.removeConstraint(a)
                try textbook.removeConstraint(b)
                ids[k] = nil
            }
            same("after removals")
        }
    }

    /// An edit variable at the end of a long chain moves it incrementally.
    @Test func editAtTheEndOfALongChain() throws {
        let n = 5_000
        var solver = Solver(usesDefinitions: true)
        let width = Variable(2 * n)
        try solver.addEditVariable(width, priority: Priority(999))
        try solver.suggestValue(width, 300_000)
        var constraints = Self.chain(n, width: 0)
        constraints[1] = Variable(2 * (n - 1)) + Variable(2 * (n - 1) + 1) == width
        for c in constraints { try solver.addConstraint(c) }
        #expect(abs(solver.value(of: Variable(2 * (n - 1))) + solver.value(of: Variable(2 * n - 1)) - 300_000) < 1e-3)
        try solver.suggestValue(width, 250_000)
        #expect(abs(solver.value(of: Variable(2 * (n - 1))) + solver.value(of: Variable(2 * n - 1)) - 250_000) < 1e-3)
        #expect(solver.statistics.cells <= 12 * n)
    }
}
