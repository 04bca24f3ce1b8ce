import TouchTraceSolver

/// The 'cards' scene of `kiwi_reference.py`, node for node and constraint for constraint: the
/// one generator of the benchmarks (the solver-level constraint systems here, the TouchTrace scene
/// document in CardsScene+Document.swift). Tests/TouchTraceEngineTests/AutoLayoutCardsSceneTests.swift
/// keeps its own small copy because the main package's tests cannot depend on this package.
///
/// A scroll-content column of sections; a section is a row of 4 cards; a card is a column of image,
/// title, subtitle and a row of 2 buttons. Stack constraints as UIStackView generates them
/// (margins 8, spacing 8, alignment .fill, distribution .fill for columns / .fillEqually for rows);
/// leaves get hugging (250) and compression resistance (750) from an intrinsic size.
public struct ViewSpec: Sendable {
    public var idx: Int
    public var parent: Int  // -1 for the root
    public var children: [Int] = []
    public var depth: Int
    public var iw: Double
    public var ih: Double
    public var horizontal: Bool { depth % 2 == 1 }

    public init(idx: Int, parent: Int, depth: Int) {
        self.idx = idx
        self.parent = parent
        self.depth = depth
        iw = 20.0 + Double((idx * 7) % 40)
        ih = 16.0 + Double((idx * 5) % 16)
    }
}

public enum CardsScene {
    public static let pad = 8.0
    public static let spacing = 8.0
    public static let rootWidth = 1024.0
    public static let resizeWidths = [768.0, 1280.0, 900.0, 1100.0, 1024.0]
    /// The root width's edit priority: above every optional tier, below required (kiwi: 1e8).
    public static let editPriority = Priority(999)

    /// `_make_cards(n)`: exactly `n` nodes, depth-first.
    public static func makeTree(_ n: Int) -> [ViewSpec] {
        var nodes = [ViewSpec(idx: 0, parent: -1, depth: 0)]
        func new(_ parent: Int) -> Int? {
            if nodes.count >= n { return nil }
            let v = ViewSpec(idx: nodes.count, parent: parent, depth: nodes[parent].depth + 1)
            nodes[parent].children.append(v.idx)
            nodes.append(v)
            return v.idx
        }
        while nodes.count < n {
            guard let section = new(0) else { break }
            for _ in 0..<4 {
                guard let card = new(section) else { break }
                var stop = false
                for _ in 0..<3 where new(card) == nil { stop = true; break }
                if stop { break }
                guard let buttons = new(card) else { break }
                for _ in 0..<2 where new(buttons) == nil { break }
            }
        }
        return nodes
    }

    /// `clone_subtree`: the subtree under `root`, renumbered 0..<k in pre-order (keeps depth, iw, ih).
    /// Returns the clone and the original index of each cloned node.
    public static func cloneSubtree(_ nodes: [ViewSpec], root: Int) -> ([ViewSpec], [Int]) {
        var out: [ViewSpec] = []
        var origin: [Int] = []
        func rec(_ src: Int, _ parent: Int) {
            var c = ViewSpec(idx: out.count, parent: parent, depth: nodes[src].depth)
            c.iw = nodes[src].iw
            c.ih = nodes[src].ih
            out.append(c)
            origin.append(src)
            if parent >= 0 { out[parent].children.append(c.idx) }
            for ch in nodes[src].children { rec(ch, c.idx) }
        }
        rec(root, -1)
        return (out, origin)
    }

    public static func x(_ i: Int) -> Variable { Variable(i * 4) }
    public static func y(_ i: Int) -> Variable { Variable(i * 4 + 1) }
    public static func w(_ i: Int) -> Variable { Variable(i * 4 + 2) }
    public static func h(_ i: Int) -> Variable { Variable(i * 4 + 3) }

    /// `build_kiwi_stack(nodes)` in the same order. Returns all constraints (as built); `groups`
    /// receives, per constraint, the index of the section (depth-1 subtree) it belongs to (-1: root).
    public static func constraints(_ nodes: [ViewSpec]) -> [Constraint] {
        var groups: [Int] = []
        return constraints(nodes, groups: &groups)
    }

    public static func constraints(_ nodes: [ViewSpec], groups: inout [Int]) -> [Constraint] {
        constraints(nodes, groups: &groups, local: false)
    }

    /// With `local`, x and y are in the superview's coordinates (as UIKit frames are): the parent's
    /// own x/y drop out of every stack constraint, and absolute positions are summed afterwards.
    /// The same layout, a different (equivalent) constraint system; not what kiwi is given.
    public static func constraints(_ nodes: [ViewSpec], groups: inout [Int], local: Bool) -> [Constraint] {
        var section = [Int](repeating: -1, count: nodes.count)
        for s in nodes where s.parent >= 0 { section[s.idx] = s.depth == 1 ? s.idx : section[s.parent] }
        var current = -1
        var dropped: Set<Variable> = []
        var cons: [Constraint] = []
        cons.reserveCapacity(nodes.count * 9)
        func add(_ terms: [Term], _ constant: Double, _ rel: Relation, _ p: Float = 1000) {
            let terms = local ? terms.filter { !dropped.contains($0.variable) } : terms
            cons.append(Constraint(LinearExpression(terms, constant: constant), rel, priority: Priority(p)))
            groups.append(current)
        }
        add([Term(x(0))], 0, .equal)
        add([Term(y(0))], 0, .equal)
        for s in nodes {
            let v = s.idx
            current = section[v]
            if s.parent >= 0 { dropped = [x(s.parent), y(s.parent)] }
            if s.parent >= 0 {
                let p = s.parent
                let sibs = nodes[p].children
                let i = sibs.firstIndex(of: v)!
                let hAxis = nodes[p].horizontal
                let (lead, length, plead, plen) = hAxis ? (x(v), w(v), x(p), w(p)) : (y(v), h(v), y(p), h(p))
                let (cstart, clen, pcstart, pclen) = hAxis ? (y(v), h(v), y(p), h(p)) : (x(v), w(v), x(p), w(p))
                if i == 0 {
                    add([Term(lead), Term(plead, -1)], -pad, .equal)  // lead == plead + PAD
                } else {
                    let prev = sibs[i - 1]
                    let (pl, pn) = hAxis ? (x(prev), w(prev)) : (y(prev), h(prev))
                    add([Term(lead), Term(pl, -1), Term(pn, -1)], -spacing, .equal)
                    if hAxis { add([Term(length), Term(w(sibs[0]), -1)], 0, .equal) }  // fillEqually
                }
                if i == sibs.count - 1 {
                    // lead + length + PAD == plead + plen
                    add([Term(lead), Term(length), Term(plead, -1), Term(plen, -1)], pad, .equal)
                }
                add([Term(cstart), Term(pcstart, -1)], -pad, .equal)
                add([Term(cstart), Term(clen), Term(pcstart, -1), Term(pclen, -1)], pad, .equal)
            }
            if s.children.isEmpty && s.parent >= 0 {
                add([Term(w(v))], -s.iw, .greaterThanOrEqual, 750)
                add([Term(w(v))], -s.iw, .lessThanOrEqual, 250)
                add([Term(h(v))], -s.ih, .greaterThanOrEqual, 750)
                add([Term(h(v))], -s.ih, .lessThanOrEqual, 250)
            }
        }
        return cons
    }
}
