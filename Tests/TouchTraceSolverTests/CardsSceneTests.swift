import Testing
@testable import TouchTraceSolver

/// The 'cards' scene of `kiwi_reference.py` (a copy of the benchmark's generator, compacted), and
/// kiwisolver's frames for it, so the equivalence the benchmark checks is also a unit test.
struct CardsFixture {
    struct Node { var parent: Int; var children: [Int] = []; var depth: Int; var iw: Double; var ih: Double }
    var nodes: [Node] = []

    init(_ n: Int) {
        func new(_ parent: Int) -> Int? {
            guard nodes.count < n else { return nil }
            let i = nodes.count
            nodes.append(Node(parent: parent, depth: parent < 0 ? 0 : nodes[parent].depth + 1,
                              iw: 20 + Double((i * 7) % 40), ih: 16 + Double((i * 5) % 16)))
            if parent >= 0 { nodes[parent].children.append(i) }
            return i
        }
        _ = new(-1)
        while nodes.count < n {
            let section = new(0)!
            cards: for _ in 0..<4 {
                guard let card = new(section) else { break }
                for _ in 0..<3 where new(card) == nil { break cards }
                guard let buttons = new(card) else { break }
                for _ in 0..<2 where new(buttons) == nil { break }
            }
        }
    }

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

    /// kiwisolver's frames for `CardsFixture(60)` at root width 1024 (one solver, required-first).
    static let kiwiFrames60: [[Double]] = [
        [0, 0, 1024, 410], [8, 8, 1008, 180], [16, 16, 242, 164], [24, 24, 226, 39], [24, 71, 226, 20], [24, 99, 226, 25],
        [24, 132, 226, 40], [32, 140, 101, 24], [141, 140, 101, 24], [266, 16, 242, 164], [274, 24, 226, 30], [274, 62, 226, 23],
        [274, 93, 226, 28], [274, 129, 226, 43], [282, 137, 101, 27], [391, 137, 101, 27], [516, 16, 242, 164], [524, 24, 226, 21],
        [524, 53, 226, 26], [524, 87, 226, 31], [524, 126, 226, 46], [532, 134, 101, 30], [641, 134, 101, 30], [766, 16, 242, 164],
        [774, 24, 226, 33], [774, 65, 226, 29], [774, 102, 226, 18], [774, 128, 226, 44], [782, 136, 101, 28], [891, 136, 101, 28],
        [8, 196, 1008, 175], [16, 204, 242, 159], [24, 212, 226, 31], [24, 251, 226, 21], [24, 280, 226, 26], [24, 314, 226, 41],
        [32, 322, 101, 25], [141, 322, 101, 25], [266, 204, 242, 159], [274, 212, 226, 22], [274, 242, 226, 24], [274, 274, 226, 29],
        [274, 311, 226, 44], [282, 319, 101, 28], [391, 319, 101, 28], [516, 204, 242, 159], [524, 212, 226, 29], [524, 249, 226, 27],
        [524, 284, 226, 16], [524, 308, 226, 47], [532, 316, 101, 31], [641, 316, 101, 31], [766, 204, 242, 159], [774, 212, 226, 25],
        [774, 245, 226, 30], [774, 283, 226, 19], [774, 310, 226, 45], [782, 318, 101, 29], [891, 318, 101, 29], [8, 379, 1008, 23],
    ]

    /// kiwisolver's frames after `suggestValue(root width, 768)` on that solver.
    static let kiwiFrames60At768: [[Double]] = [
        [0, 0, 768, 410], [8, 8, 752, 180], [16, 16, 178, 164], [24, 24, 162, 39], [24, 71, 162, 20], [24, 99, 162, 25],
        [24, 132, 162, 40], [32, 140, 69, 24], [109, 140, 69, 24], [202, 16, 178, 164], [210, 24, 162, 30], [210, 62, 162, 23],
        [210, 93, 162, 28], [210, 129, 162, 43], [218, 137, 69, 27], [295, 137, 69, 27], [388, 16, 178, 164], [396, 24, 162, 21],
        [396, 53, 162, 26], [396, 87, 162, 31], [396, 126, 162, 46], [404, 134, 69, 30], [481, 134, 69, 30], [574, 16, 178, 164],
        [582, 24, 162, 33], [582, 65, 162, 29], [582, 102, 162, 18], [582, 128, 162, 44], [590, 136, 69, 28], [667, 136, 69, 28],
        [8, 196, 752, 175], [16, 204, 178, 159], [24, 212, 162, 31], [24, 251, 162, 21], [24, 280, 162, 26], [24, 314, 162, 41],
        [32, 322, 69, 25], [109, 322, 69, 25], [202, 204, 178, 159], [210, 212, 162, 22], [210, 242, 162, 24], [210, 274, 162, 29],
        [210, 311, 162, 44], [218, 319, 69, 28], [295, 319, 69, 28], [388, 204, 178, 159], [396, 212, 162, 29], [396, 249, 162, 27],
        [396, 284, 162, 16], [396, 308, 162, 47], [404, 316, 69, 31], [481, 316, 69, 31], [574, 204, 178, 159], [582, 212, 162, 25],
        [582, 245, 162, 30], [582, 283, 162, 19], [582, 310, 162, 45], [590, 318, 69, 29], [667, 318, 69, 29], [8, 379, 752, 23],
    ]
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
        #expect(maxDifference(f, CardsFixture.kiwiFrames60) <= 1e-6)
    }

    @Test func resizeMatchesKiwiIncrementally() throws {
        let scene = CardsFixture(60)
        var (s, _) = try solve(scene)
        try s.suggestValue(CardsFixture.w(0), 768)
        #expect(maxDifference(frames(s, scene, local: false), CardsFixture.kiwiFrames60At768) <= 1e-6)
        try s.suggestValue(CardsFixture.w(0), 1024)
        #expect(maxDifference(frames(s, scene, local: false), CardsFixture.kiwiFrames60) <= 1e-6)
    }

    @Test func superviewCoordinatesGiveTheSameLayout() throws {
        let scene = CardsFixture(60)
        let (_, f) = try solve(scene, local: true)
        #expect(maxDifference(f, CardsFixture.kiwiFrames60) <= 1e-6)
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
