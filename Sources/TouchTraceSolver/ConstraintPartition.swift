/// Splitting a constraint set into independent parts, and insertion-order helpers.
///
/// Two constraints are in the same part when they share a variable, directly or through other
/// constraints. Parts can be solved in separate ``Solver``s (smaller tableaus, shorter rows, and
/// one part's edit does not visit another's rows), and give the same values as one big solver.
public enum ConstraintPartition {
    /// Connected components of `constraints` over shared variables, as arrays of indices into
    /// `constraints`. Components are ordered by their first constraint; indices ascend inside each.
    /// A constraint without variables is a component of its own.
    public static func components(_ constraints: [Constraint]) -> [[Int]] {
        components(ConstraintPool(constraints))
    }

    /// The components of the constraints of `pool`, as indices into the pool (the same as those
    /// of the constraints as an array).
    public static func components(_ pool: ConstraintPool) -> [[Int]] {
        // Node per variable, numbered by first appearance: a flat array when the ids are dense
        // (a layout's are: 4 per view), a dictionary otherwise.
        let termCount = pool.terms.count
        var largest: Int32 = -1
        for t in pool.terms where t.variable.id > largest { largest = t.variable.id }
        let dense = largest < Variable.denseLimit && Int(largest) <= 8 * termCount + 1024
        var denseIndex = [Int](repeating: -1, count: dense ? Int(largest) + 1 : 0)
        var index: [Variable: Int] = [:]
        // The union-find forest: at most one node per term, made in full so that the loop below
        // works on the arrays' buffers (no uniqueness or bounds check per access, no closures
        // capturing them; issue 27), `nodes` of them used.
        var parent = [Int](repeating: 0, count: termCount)
        var nodes = 0
        var firstNode = [Int](repeating: -1, count: pool.count)
        parent.withUnsafeMutableBufferPointer { parent in
            denseIndex.withUnsafeMutableBufferPointer { denseIndex in
                firstNode.withUnsafeMutableBufferPointer { firstNode in
                    pool.terms.withUnsafeBufferPointer { all in
                        for ci in 0..<pool.count {
                            for t in all[pool.termRange(ci)] {
                                let n: Int
                                if dense, t.variable.id >= 0 {
                                    let i = denseIndex[Int(t.variable.id)]
                                    if i >= 0 {
                                        n = i
                                    } else {
                                        n = nodes
                                        denseIndex[Int(t.variable.id)] = n
                                        parent[n] = n
                                        nodes += 1
                                    }
                                } else if let i = index[t.variable] {
                                    n = i
                                } else {
                                    n = nodes
                                    index[t.variable] = n
                                    parent[n] = n
                                    nodes += 1
                                }
                                if firstNode[ci] < 0 {
                                    firstNode[ci] = n
                                } else {
                                    let a = root(firstNode[ci], parent), b = root(n, parent)
                                    if a != b { parent[max(a, b)] = min(a, b) }
                                }
                            }
                        }
                    }
                }
            }
        }
        var componentOfRoot = [Int](repeating: -1, count: nodes)
        var result: [[Int]] = []
        for ci in 0..<pool.count {
            if firstNode[ci] < 0 {
                result.append([ci])
                continue
            }
            let r = parent.withUnsafeMutableBufferPointer { root(firstNode[ci], $0) }
            let k = componentOfRoot[r]
            if k >= 0 {
                result[k].append(ci)
            } else {
                componentOfRoot[r] = result.count
                result.append([ci])
            }
        }
        return result
    }

    /// The root of `x` in the union-find forest `parent`, halving the path on the way.
    @inline(__always)
    private static func root(_ x: Int, _ parent: UnsafeMutableBufferPointer<Int>) -> Int {
        var x = x
        while parent[x] != x {
            parent[x] = parent[parent[x]]
            x = parent[x]
        }
        return x
    }

    /// `constraints` with the required ones first, each group in its original order.
    ///
    /// Cassowary does far less work when the required skeleton is in place before optional
    /// constraints arrive (the same holds for kiwi; see the benchmark docs).
    public static func requiredFirst(_ constraints: [Constraint]) -> [Constraint] {
        constraints.filter(\.isRequired) + constraints.filter { !$0.isRequired }
    }

    /// Indices of `constraints` in required-first order *per group*: groups in order of first
    /// appearance, and inside each group the required constraints, then the optional ones.
    ///
    /// `groups[i]` is the group of constraint `i` — for a view tree, the top-level container subtree
    /// the constraint belongs to. Finishing one subtree (its optional constraints included) before
    /// the next starts means later rows are built from settled rows instead of being rewritten by
    /// every pivot in an earlier subtree: on the 'cards' benchmark at 4,000 views this is ~3× less
    /// work than plain required-first, with the same frames.
    public static func requiredFirstOrder(_ constraints: [Constraint], groups: [Int]) -> [Int] {
        requiredFirstOrder(count: constraints.count, groups: groups) { constraints[$0].isRequired }
    }

    /// ``requiredFirstOrder(_:groups:)`` of the constraints `members` of `pool` (`groups[k]` is
    /// the group of `members[k]`): indices into `members`.
    public static func requiredFirstOrder(_ pool: ConstraintPool, members: [Int], groups: [Int]) -> [Int] {
        requiredFirstOrder(count: members.count, groups: groups) { pool.isRequired(members[$0]) }
    }

    /// The order of ``requiredFirstOrder(_:groups:)`` for `count` constraints, constraint `i`
    /// required when `isRequired(i)`.
    @inline(__always)
    static func requiredFirstOrder(count: Int, groups: [Int], isRequired: (Int) -> Bool) -> [Int] {
        // A stable counting sort on (group slot, optional): flat arrays instead of an array per
        // group and two filtered copies of each (issue 27); the same order. A constraint of the
        // same group as the one before it (a layout's come a container at a time) takes its slot
        // without hashing the group again.
        var slotOfGroup: [Int: Int] = [:]
        var key = [Int](repeating: 0, count: count)
        var lastGroup = 0, lastSlot = -1
        for i in 0..<count {
            let g = i < groups.count ? groups[i] : Int.min   // missing entries: one trailing group
            let slot: Int
            if lastSlot >= 0, g == lastGroup {
                slot = lastSlot
            } else if let k = slotOfGroup[g] {
                slot = k
            } else {
                slot = slotOfGroup.count
                slotOfGroup[g] = slot
            }
            lastGroup = g
            lastSlot = slot
            key[i] = 2 * slot + (isRequired(i) ? 0 : 1)
        }
        var next = [Int](repeating: 0, count: 2 * slotOfGroup.count + 1)
        for k in key { next[k + 1] += 1 }
        for k in 1..<next.count { next[k] += next[k - 1] }
        var order = [Int](repeating: 0, count: count)
        for i in 0..<count {
            order[next[key[i]]] = i
            next[key[i]] += 1
        }
        return order
    }

    /// Indices of `constraints` in required-first order.
    public static func requiredFirstOrder(_ constraints: [Constraint]) -> [Int] {
        constraints.indices.filter { constraints[$0].isRequired } + constraints.indices.filter { !constraints[$0].isRequired }
    }
}
