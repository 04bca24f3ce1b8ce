import Testing
@testable import TouchTraceSolver

private let x = Variable(0), y = Variable(1), w = Variable(2), h = Variable(3)

@Suite("Ambiguity and partitioning")
struct SolverAmbiguityTests {
    @Test func determinedAndAmbiguousVariables() throws {
        var s = Solver()
        try s.addConstraint(x == 10)
        try s.addConstraint(x + y == 30)      // y determined through x
        try s.addConstraint(w + h == 100)     // one equation, two unknowns
        #expect(!s.isAmbiguous(x))
        #expect(!s.isAmbiguous(y))
        #expect(s.isAmbiguous(w))
        #expect(s.isAmbiguous(h))
        #expect(s.isAmbiguous(Variable(99)))  // never seen
        try s.addConstraint((w == 40).priority(250))
        #expect(!s.isAmbiguous(w) && !s.isAmbiguous(h))
    }

    @Test func optionalOnlyConstraintsWithSlack() throws {
        var s = Solver()
        // Only optional inequalities: any value in [10, 20] costs nothing.
        try s.addConstraint((x >= 10).priority(500))
        try s.addConstraint((x <= 20).priority(500))
        #expect(s.isAmbiguous(x))
        // Hugging + compression at the same value pin it.
        try s.addConstraint((y >= 30).priority(750))
        try s.addConstraint((y <= 30).priority(250))
        #expect(!s.isAmbiguous(y))
        #expect(s.ambiguousVariables([x, y]) == [x])
    }

    @Test func equalHuggingInAColumnIsAmbiguous() throws {
        // Two leaves with equal hugging in a taller container: which one stretches is not determined.
        var s = Solver()
        let a = Variable(10), b = Variable(11)
        try s.addConstraint(a + b == 100)
        for v in [a, b] {
            try s.addConstraint((v >= 20).priority(750))
            try s.addConstraint((v <= 20).priority(250))
        }
        #expect(s.isAmbiguous(a) && s.isAmbiguous(b))
        // Lower hugging on one of them (as UIKit users do) resolves it.
        try s.addConstraint((b <= 20).priority(251))
        #expect(!s.isAmbiguous(a) && !s.isAmbiguous(b))
        #expect(abs(s.value(of: a) - 80) < 1e-9)
    }

    @Test func partitionSplitsIndependentSystems() {
        let a = Variable(0), b = Variable(1), c = Variable(2), d = Variable(3), e = Variable(4)
        let cons: [Constraint] = [a == 1, c == 2, b == a + 1, (d >= 3).priority(250), e == d,
                    Constraint(LinearExpression(constant: 0), .equal)]
        let parts = ConstraintPartition.components(cons)
        #expect(parts == [[0, 2], [1], [3, 4], [5]])
    }

    /// The partition numbers variables in a flat array when their ids are dense and in a
    /// dictionary when they are not (ids far apart, or past `Variable.denseLimit`): both give the
    /// same parts, in the same order.
    @Test func partitionIsTheSameForDenseAndSparseIds() {
        func system(_ id: (Int32) -> Int32) -> [Constraint] {
            let v = (Int32(0)..<6).map { Variable(id($0)) }
            return [v[0] == 1, v[2] == 2, v[1] == v[0] + 1, (v[3] >= 3).priority(250), v[4] == v[3],
                    Constraint(LinearExpression(constant: 0), .equal), v[5] == v[2] + v[4]]
        }
        let dense = ConstraintPartition.components(system { $0 })
        #expect(dense == [[0, 2], [1, 3, 4, 6], [5]])
        #expect(ConstraintPartition.components(system { $0 * 1_000_003 }) == dense)
        #expect(ConstraintPartition.components(system { Variable.denseLimit + $0 }) == dense)
        #expect(ConstraintPartition.components(system { $0 == 5 ? Variable.denseLimit * 2 : $0 }) == dense)
    }

    /// The partition works on its arrays' buffers (issue 27): random systems — dense, sparse and
    /// negative ids, repeated variables, constraints without variables — give the parts of the
    /// definition (constraints sharing a variable, directly or through others; parts in order of
    /// their first constraint, indices ascending), found here by a plain search.
    @Test func partitionMatchesItsDefinitionOnRandomSystems() {
        var state: UInt64 = 27
        func random(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        for round in 0..<300 {
            let pool: [Int32] = (0..<(1 + random(30))).map { k in
                switch round % 4 {
                case 0: return Int32(k)
                case 1: return Int32(k) * 1_000_003
                case 2: return k % 5 == 0 ? -Int32(k) - 1 : Int32(k)
                default: return k % 7 == 0 ? Variable.denseLimit + Int32(k) : Int32(k)
                }
            }
            let constraints: [Constraint] = (0..<random(40)).map { _ in
                var e = LinearExpression(constant: 1)
                for _ in 0..<random(5) { e.terms.append(Term(Variable(pool[random(pool.count)]))) }
                return Constraint(e, .equal)
            }
            var expected: [[Int]] = []
            var assigned = [Bool](repeating: false, count: constraints.count)
            for start in constraints.indices where !assigned[start] {
                var part: Set<Int> = [start], variables = Set(constraints[start].expression.terms.map(\.variable))
                var grew = true
                while grew {
                    grew = false
                    for j in constraints.indices where !part.contains(j) && constraints[j].expression.terms.contains(where: { variables.contains($0.variable) }) {
                        part.insert(j)
                        variables.formUnion(constraints[j].expression.terms.map(\.variable))
                        grew = true
                    }
                }
                for j in part { assigned[j] = true }
                expected.append(part.sorted())
            }
            #expect(ConstraintPartition.components(constraints) == expected, "round \(round)")
        }
    }

    @Test func partitionedSolveMatchesOneSolver() throws {
        var cons: [Constraint] = []
        for k in 0..<5 {
            let base = Int32(k * 3)
            let (p, q, r) = (Variable(base), Variable(base + 1), Variable(base + 2))
            cons += [p == Double(k), q >= p + 10, (q == 0).priority(250), (r == p + q).priority(750), r <= 100]
        }
        var one = Solver()
        _ = one.addConstraints(cons)
        let parts = ConstraintPartition.components(cons)
        #expect(parts.count == 5)
        for part in parts {
            var s = Solver()
            let result = s.addConstraints(part.map { cons[$0] })
            #expect(result.failures.isEmpty)
            for i in part { for t in cons[i].expression.terms {
                #expect(abs(s.value(of: t.variable) - one.value(of: t.variable)) < 1e-9)
            } }
        }
    }

    @Test func requiredFirstOrder() {
        let cons = [(x == 1).priority(10), x == 2, (y == 1).priority(20), y == 3]
        #expect(ConstraintPartition.requiredFirstOrder(cons) == [1, 3, 0, 2])
        #expect(ConstraintPartition.requiredFirst(cons) == [x == 2, y == 3, (x == 1).priority(10), (y == 1).priority(20)])
        // Per group: group 7 (first seen) required then optional, then group 3; a missing group
        // entry makes a trailing group of its own.
        #expect(ConstraintPartition.requiredFirstOrder(cons, groups: [7, 3, 7, 7]) == [3, 0, 2, 1])
        #expect(ConstraintPartition.requiredFirstOrder(cons, groups: [7, 7, 7]) == [1, 0, 2, 3])
    }
}
