import TestSupport
import Testing
@testable import TouchTraceSolver

/// The 'cards' scene of `kiwi_reference.py` (tree and kiwisolver's frames from TestSupport) as
/// the benchmark's direct system, so the equivalence the benchmark checks is also a unit test.
struct CardsFixture {
    typealias Node = CardsTree.Node
    var nodes: [Node]

    init(_ n: Int) { nodes = CardsTree(n).nodes }

    static func x(_ i: Int) -> Variable { Variable(i * 4) }
    static func y(_ i: Int) -> Variable { Variable(i * 4 + 1) }
    static func w(_ i: Int) -> Variable { Variable(i * 4 + 2) }
    static func h(_ i: Int) -> Variable { Variable(i * 4 + 3) }

    /// `build_kiwi_stack`, in its order; `local` puts x/y in superview coordinates.
    func constraints(local: Bool = false) -> [Constraint] {
        typealias V = CardsFixture
        var out: [Constraint] = [V.x(0) == 0, V.y(0) == 0]
        for (v, s) in nodes.enumerated() where s.parent >= 0 {
            let p = s.parent, sibs = nodes[p].children, i = sibs.firstIndex(of: v)!
            let horizontal = nodes[p].depth % 2 == 1
            let (lead, len, plen) = horizontal ? (V.x(v), V.w(v), V.w(p)) : (V.y(v), V.h(v), V.h(p))
            let (cs, clen, pclen) = horizontal ? (V.y(v), V.h(v), V.h(p)) : (V.x(v), V.w(v), V.w(p))
            let plead = LinearExpression(local ? [] : [Term(horizontal ? V.x(p) : V.y(p))])
            let pcs = LinearExpression(local ? [] : [Term(horizontal ? V.y(p) : V.x(p))])
            if i == 0 {
                out.append(lead == plead + 8)
            } else {
                let q = sibs[i - 1]
                out.append(lead == (horizontal ? V.x(q) + V.w(q) : V.y(q) + V.h(q)) + 8)
                if horizontal { out.append(len == V.w(sibs[0])) }
            }
            if i == sibs.count - 1 { out.append(lead + len + 8 == plead + plen) }
            out.append(cs == pcs + 8)
            out.append(cs + clen + 8 == pcs + pclen)
            if s.children.isEmpty {
                out += [(V.w(v) >= s.iw).priority(750), (V.w(v) <= s.iw).priority(250),
                        (V.h(v) >= s.ih).priority(750), (V.h(v) <= s.ih).priority(250)]
            }
        }
        return out
    }
}

@Suite("Cards scene against kiwisolver")
struct CardsSceneTests {
    private func solve(_ scene: CardsFixture, local: Bool = false, grouped: Bool = false) throws -> (Solver, [[Double]]) {
        var s = Solver()
        try s.addEditVariable(CardsFixture.w(0), priority: Priority(999))
        try s.suggestValue(CardsFixture.w(0), 1024)
        let cons = scene.constraints(local: local)
        let result = s.addConstraints(cons)
        #expect(result.failures.isEmpty)
        return (s, frames(s, scene, local: local))
    }

    private func frames(_ s: Solver, _ scene: CardsFixture, local: Bool) -> [[Double]] {
        var f = scene.nodes.indices.map { i in
            [s.value(of: CardsFixture.x(i)), s.value(of: CardsFixture.y(i)),
             s.value(of: CardsFixture.w(i)), s.value(of: CardsFixture.h(i))]
        }
        if local {
            for (i, n) in scene.nodes.enumerated() where n.parent >= 0 {
                f[i][0] += f[n.parent][0]
                f[i][1] += f[n.parent][1]
            }
        }
        return f
    }

    private func maxDifference(_ a: [[Double]], _ b: [[Double]]) -> Double {
        zip(a, b).map { zip($0, $1).map { abs($0 - $1) }.max()! }.max()!
    }

    @Test func sameFramesAsKiwi() throws {
        let scene = CardsFixture(60)
        #expect(scene.constraints().count == 376)
        let (_, f) = try solve(scene)
        #expect(maxDifference(f, KiwiCardsFrames.kiwiFrames60) <= 1e-6)
    }

    @Test func resizeMatchesKiwiIncrementally() throws {
        let scene = CardsFixture(60)
        var (s, _) = try solve(scene)
        try s.suggestValue(CardsFixture.w(0), 768)
        #expect(maxDifference(frames(s, scene, local: false), KiwiCardsFrames.kiwiFrames60At768) <= 1e-6)
        try s.suggestValue(CardsFixture.w(0), 1024)
        #expect(maxDifference(frames(s, scene, local: false), KiwiCardsFrames.kiwiFrames60) <= 1e-6)
    }

    @Test func superviewCoordinatesGiveTheSameLayout() throws {
        let scene = CardsFixture(60)
        let (_, f) = try solve(scene, local: true)
        #expect(maxDifference(f, KiwiCardsFrames.kiwiFrames60) <= 1e-6)
    }

    @Test func groupedOrderGivesTheSameLayout() throws {
        let scene = CardsFixture(120)
        let cons = scene.constraints()
        // Group = the section (depth-1 ancestor) of the constraint's first view.
        var section = [Int](repeating: -1, count: scene.nodes.count)
        for (i, n) in scene.nodes.enumerated() where n.parent >= 0 {
            section[i] = n.depth == 1 ? i : section[n.parent]
        }
        let groups = cons.map { c in section[Int(c.expression.terms[0].variable.id) / 4] }
        var a = Solver(), b = Solver()
        for s in [0, 1] {
            var solver = s == 0 ? a : b
            try solver.addEditVariable(CardsFixture.w(0), priority: Priority(999))
            try solver.suggestValue(CardsFixture.w(0), 1024)
            let order = s == 0 ? ConstraintPartition.requiredFirstOrder(cons)
                               : ConstraintPartition.requiredFirstOrder(cons, groups: groups)
            for i in order { try solver.addConstraint(cons[i]) }
            if s == 0 { a = solver } else { b = solver }
        }
        #expect(maxDifference(frames(a, scene, local: false), frames(b, scene, local: false)) <= 1e-6)
        #expect(abs(a.value(of: CardsFixture.h(0)) - b.value(of: CardsFixture.h(0))) < 1e-9)
    }
}
