import Testing
import TestSupport
@testable import TouchTraceSolver

@Suite("Robustness")
struct SolverRobustnessTests {
    /// Random adds, removals, edits and suggestions on 6 variables: only `unsatisfiable` may be
    /// thrown, required constraints always hold, and a rejected constraint leaves no trace.
    @Test func randomOperationSequences() throws {
        var rng = SplitMix64(state: 4242)
        let vars = (0..<6).map { Variable($0) }
        for trial in 0..<60 {
            var s = Solver(tracksRequiredEqualities: trial % 2 == 1)
            var installed: [(ConstraintID, Constraint)] = []
            var editing: [Variable] = []
            for _ in 0..<40 {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<6:
                    let n = Int.random(in: 1...3, using: &rng)
                    let terms = (0..<n).map { _ in
                        Term(vars.randomElement(using: &rng)!, Double(Int.random(in: -4...4, using: &rng)))
                    }
                    let rel: Relation = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
                    let p: Float = [1000, 1000, 750, 500, 250, 1].randomElement(using: &rng)!
                    let c = Constraint(LinearExpression(terms, constant: Double(Int.random(in: -50...50, using: &rng))),
                                       rel, priority: Priority(p))
                    let count = s.constraintCount
                    do {
                        installed.append((try s.addConstraint(c), c))
                    } catch {
                        guard case .unsatisfiable(let u) = error else { Issue.record("trial \(trial): \(error)"); continue }
                        #expect(u.constraint == c && c.isRequired)
                        #expect(s.constraintCount == count)   // not left installed
                    }
                case 6, 7:
                    guard !installed.isEmpty else { continue }
                    let k = Int.random(in: installed.indices, using: &rng)
                    try s.removeConstraint(installed.remove(at: k).0)
                case 8:
                    let v = vars.randomElement(using: &rng)!
                    if editing.contains(v) {
                        try s.removeEditVariable(v)
                        editing.removeAll { $0 == v }
                    } else {
                        try s.addEditVariable(v, priority: Priority(900))
                        editing.append(v)
                    }
                default:
                    guard let v = editing.randomElement(using: &rng) else { continue }
                    try s.suggestValue(v, Double(Int.random(in: -100...100, using: &rng)))
                }
                let values = Dictionary(uniqueKeysWithValues: vars.map { ($0, s.value(of: $0)) })
                for (_, c) in installed where c.isRequired {
                    #expect(c.isSatisfied(tolerance: 1e-6) { values[$0]! }, "trial \(trial): \(c)")
                }
            }
        }
    }

    /// Extreme magnitudes must not trap; errors are fine.
    @Test func extremeCoefficientsDoNotCrash() {
        var rng = SplitMix64(state: 1)
        let magnitudes: [Double] = [1e-300, 1e-12, 1e-9, 1, 1e9, 1e12, 1e300, -1e300, .greatestFiniteMagnitude]
        for _ in 0..<200 {
            var s = Solver()
            for _ in 0..<8 {
                let terms = (0..<2).map { _ in Term(Variable(Int.random(in: 0..<3, using: &rng)), magnitudes.randomElement(using: &rng)!) }
                let c = Constraint(LinearExpression(terms, constant: magnitudes.randomElement(using: &rng)!),
                                   [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!,
                                   priority: Priority([1000, 500, 10].randomElement(using: &rng)!))
                _ = try? s.addConstraint(c)
            }
            _ = s.value(of: Variable(0))
            _ = s.isAmbiguous(Variable(1))
        }
    }

    @Test func manyDistinctPrioritiesStayCheapAndOrdered() throws {
        // 300 tiers added in a scrambled order: still strict (the highest wins).
        var s = Solver()
        let x = Variable(0)
        for k in 0..<300 {
            let p = 1 + (k * 7) % 300
            try s.addConstraint((x == Double(p)).priority(Float(p)))
        }
        #expect(abs(s.value(of: x) - 300) < 1e-9)
        #expect(s.tiers.count == 300)
        #expect(s.tiers.map(\.rawValue) == (1...300).reversed().map(Float.init))
    }

    @Test func copiesAreIndependent() throws {
        var a = Solver()
        let x = Variable(0)
        try a.addConstraint((x == 5).priority(500))
        var b = a
        try b.addConstraint(x == 9)
        #expect(a.value(of: x) == 5)
        #expect(b.value(of: x) == 9)
        #expect(a.constraintCount == 1 && b.constraintCount == 2)
    }
}
