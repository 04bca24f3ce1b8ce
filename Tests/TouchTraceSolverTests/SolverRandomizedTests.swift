import Testing
import TestSupport
@testable import TouchTraceSolver

private let x = Variable(0), y = Variable(1)
private let tierValues: [Float] = [750, 500, 250]

/// Violation per tier (highest first) of the optional constraints at the point (px, py), then the
/// tie-break tier (Σ tieBreak × violation).
private func errorVector(_ cons: [Constraint], _ px: Double, _ py: Double) -> [Double] {
    var e = [Double](repeating: 0, count: tierValues.count + 1)
    for c in cons where !c.isRequired {
        let v = c.expression.evaluate { $0 == x ? px : py }
        let viol: Double = switch c.relation {
        case .equal: abs(v)
        case .lessThanOrEqual: max(0, v)
        case .greaterThanOrEqual: max(0, -v)
        }
        e[tierValues.firstIndex(of: c.priority.rawValue)!] += viol
        e[tierValues.count] += c.tieBreak * viol
    }
    return e
}

private func lexLess(_ a: [Double], _ b: [Double], tol: Double = 1e-7) -> Bool {
    for (p, q) in zip(a, b) where abs(p - q) > tol { return p < q }
    return false
}

/// Lexicographic optimum by brute force: every intersection of two constraint boundary lines.
private func bruteForceOptimum(_ cons: [Constraint]) -> [Double]? {
    let lines = cons.map { c -> (Double, Double, Double) in
        var a = 0.0, b = 0.0
        for t in c.expression.terms { if t.variable == x { a += t.coefficient } else { b += t.coefficient } }
        return (a, b, c.expression.constant)
    }
    var best: [Double]? = nil
    for i in lines.indices { for j in lines.indices where j > i {
        let (a1, b1, c1) = lines[i], (a2, b2, c2) = lines[j]
        let det = a1 * b2 - a2 * b1
        if abs(det) < 1e-12 { continue }
        let px = (-c1 * b2 + c2 * b1) / det, py = (-a1 * c2 + a2 * c1) / det
        let feasible = cons.filter(\.isRequired).allSatisfy { c in
            c.isSatisfied(tolerance: 1e-7) { $0 == x ? px : py }
        }
        guard feasible else { continue }
        let e = errorVector(cons, px, py)
        if best == nil || lexLess(e, best!) { best = e }
    } }
    return best
}

private func randomSystem(_ rng: inout SplitMix64) -> [Constraint] {
    func int(_ r: ClosedRange<Int>) -> Double { Double(Int.random(in: r, using: &rng)) }
    var cons: [Constraint] = [x >= 0, x <= 100, y >= 0, y <= 100]
    let (px, py) = (int(0...100), int(0...100))      // keeps the required part feasible
    for _ in 0..<Int.random(in: 0...2, using: &rng) {
        let (a, b) = (int(-3...3), int(-3...3))
        cons.append(Constraint(LinearExpression([Term(x, a), Term(y, b)], constant: -(a * px + b * py) - int(0...20)),
                               .lessThanOrEqual))
    }
    for _ in 0..<Int.random(in: 1...5, using: &rng) {
        let (a, b) = (int(-3...3), int(-3...3))
        let rel: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
        var c = Constraint(LinearExpression([Term(x, a == 0 && b == 0 ? 1 : a), Term(y, b)], constant: -int(0...150)), rel,
                           priority: Priority(tierValues.randomElement(using: &rng)!))
        c.tieBreak = int(0...3)

        cons.append(c)
    }
    cons.shuffle(using: &rng)
    return cons
}

@Suite("Randomized cross-checks")
struct SolverRandomizedTests {
    @Test func smallSystemsMatchBruteForceLexicographicOptimum() throws {
        var rng = SplitMix64(state: 20_261_122)
        for trial in 0..<300 {
            let cons = randomSystem(&rng)
            var s = Solver()
            let result = s.addConstraints(cons)
            #expect(result.failures.isEmpty, "trial \(trial)")
            let (vx, vy) = (s.value(of: x), s.value(of: y))
            for c in cons where c.isRequired {
                #expect(c.isSatisfied(tolerance: 1e-6) { $0 == x ? vx : vy }, "trial \(trial): \(c)")
            }
            guard let best = bruteForceOptimum(cons) else { Issue.record("no vertex, trial \(trial)"); continue }
            let got = errorVector(cons, vx, vy)
            for (g, b) in zip(got, best) {
                #expect(abs(g - b) < 1e-6, "trial \(trial): got \(got), optimum \(best), system \(cons)")
            }
        }
    }

    @Test(arguments: [false, true])
    func removalMatchesAFreshSolver(tracking: Bool) throws {
        var rng = SplitMix64(state: 7 + (tracking ? 1 : 0))
        for trial in 0..<150 {
            let cons = randomSystem(&rng)
            var s = Solver(tracksRequiredEqualities: tracking)
            let ids = s.addConstraints(cons).ids
            var kept: [Constraint] = []
            for (i, c) in cons.enumerated() {
                if let id = ids[i], Bool.random(using: &rng), i >= 4 { try s.removeConstraint(id) } else { kept.append(c) }
            }
            var fresh = Solver()
            _ = fresh.addConstraints(kept)
            let a = errorVector(kept, s.value(of: x), s.value(of: y))
            let b = errorVector(kept, fresh.value(of: x), fresh.value(of: y))
            for (p, q) in zip(a, b) { #expect(abs(p - q) < 1e-6, "trial \(trial)") }
            for c in kept where c.isRequired {
                #expect(c.isSatisfied(tolerance: 1e-6) { $0 == x ? s.value(of: x) : s.value(of: y) }, "trial \(trial)")
            }
        }
    }

    @Test func editSequenceMatchesFreshSolves() throws {
        let w = Variable(2)
        var rng = SplitMix64(state: 99)
        var s = Solver()
        try s.addEditVariable(w, priority: Priority(999))
        let cons: [Constraint] = [x >= 0, x <= w, y == w - x, (x == 40).priority(750), (y >= 100).priority(250)]
        _ = s.addConstraints(cons)
        for _ in 0..<100 {
            let width = Double(Int.random(in: 0...300, using: &rng))
            try s.suggestValue(w, width)
            var f = Solver()
            try f.addEditVariable(w, priority: Priority(999))
            try f.suggestValue(w, width)
            _ = f.addConstraints(cons)
            #expect(abs(s.value(of: x) - f.value(of: x)) < 1e-9)
            #expect(abs(s.value(of: y) - f.value(of: y)) < 1e-9)
            #expect(abs(s.value(of: x) - min(40, width)) < 1e-9)
        }
    }
}
