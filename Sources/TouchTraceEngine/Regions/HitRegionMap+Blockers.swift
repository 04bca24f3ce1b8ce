/// What blocks one cell: a relation and the views it names.
struct BlockerKey: Hashable {
    var relation: RegionBlocker.Relation
    var view: Int?
    var via: Int? = nil
    var viewController: Int? = nil

    /// A state that makes the view unreachable (hidden, …): kept even with no area.
    var isUnreachability: Bool {
        if case .unreachable = relation { return true }
        return false
    }
}

/// Blocked areas summed per blocker, with the cells and the bounding box of what each blocks.
struct BlockerTally {
    private var keys: [BlockerKey] = []
    private var areas: [Double] = []
    private var extents: [Rect] = []
    private var cells: [[Trapezoid]] = []
    private var slots: [BlockerKey: Int] = [:]

    mutating func add(_ key: BlockerKey, cell: Trapezoid) {
        add(key, area: cell.area, extent: cell.boundingBox, cells: CollectionOfOne(cell))
    }

    mutating func add(_ key: BlockerKey, area: Double, extent: Rect, cells more: some Collection<Trapezoid>) {
        if let k = slots[key] {
            areas[k] += area
            extents[k] = extents[k].union(extent)
            cells[k].append(contentsOf: more)
        } else {
            slots[key] = keys.count
            keys.append(key)
            areas.append(area)
            extents.append(extent)
            cells.append(Array(more))
        }
    }

    /// The blockers, largest area first (ties in the order found). Dust is dropped, except a
    /// state (hidden, …) that makes the view unreachable, which is kept even with no area.
    func blockers() -> [RegionBlocker] {
        if keys.isEmpty { return [] }
        let list = keys.enumerated().compactMap { (index, key) -> (Int, RegionBlocker)? in
            let area = areas[index]
            if area < TouchTargetConstants.negligibleArea, !key.isUnreachability { return nil }
            return (
                index,
                RegionBlocker(
                    relation: key.relation, view: key.view, via: key.via, viewController: key.viewController,
                    area: area, extent: extents[index], pieces: Trapezoid.merged(cells[index]))
            )
        }
        return list.sorted { $0.1.area != $1.1.area ? $0.1.area > $1.1.area : $0.0 < $1.0 }.map(\.1)
    }
}

/// Says who blocks a point of a view's touch area that the touch does not reach.
struct BlockerContext {
    let map: HitRegionMap
    let view: Int
    /// The view's ancestors, nearest first, with the inverses of their transforms.
    let ancestors: [Int]
    let inverses: [Transform2D?]

    init(map: HitRegionMap, view: Int, ancestors: [Int]) {
        self.map = map
        self.view = view
        self.ancestors = ancestors
        inverses = ancestors.map { map.shapes.toReference[$0]?.inverted }
    }

    /// `point` is in the view's touch area (reference space) and the touch there does not reach
    /// the view; `hit` is the hit view.
    func blocker(at point: Point, hit: Int?) -> BlockerKey {
        let shapes = map.shapes
        let scene = map.scene
        if let outside = outsideAncestor(at: point) { return outside }
        guard let hit else {
            // Every ancestor and the view take the point, and nothing in front answered: only the
            // view's own pass-through (H9) returns nil then.
            if case .passThroughSelf = scene.views[view].hitTest { return BlockerKey(relation: .passesThrough, view: view) }
            return BlockerKey(relation: .elsewhere, view: nil)
        }
        if shapes.isInSubtree(hit, of: view) {
            let taker = shapes.taker[hit]
            if taker >= 0 { return BlockerKey(relation: .covered(.subview), view: taker) }
            if taker <= -2 { return BlockerKey(relation: .covered(.viewController), view: nil, viewController: -2 - taker) }
            return BlockerKey(relation: .elsewhere, view: hit)
        }
        if shapes.isInSubtree(view, of: hit) {
            // An ancestor answered with itself: it captures (H9), or the view's own pass-through
            // returned nil and the answer fell back to the ancestor (H3).
            if case .passThroughSelf = scene.views[view].hitTest, scene.views[hit].hitTest != .capture {
                return BlockerKey(relation: .passesThrough, view: view)
            }
            return BlockerKey(relation: .capturedByAncestor, view: hit)
        }
        if let hitWindow = map.window(of: hit), let ownWindow = map.window(of: view), hitWindow != ownWindow,
            let front = map.tester.windowOrder.firstIndex(of: hitWindow),
            let back = map.tester.windowOrder.firstIndex(of: ownWindow), front < back
        {
            return BlockerKey(relation: .covered(.frontWindow), view: hitWindow)
        }
        if let answer = laterSiblingAnswering(at: point, hit: hit) { return answer }
        if case let .redirect(target) = scene.views[view].hitTest, target == hit {
            return BlockerKey(relation: .redirected, view: hit)
        }
        return BlockerKey(relation: .elsewhere, view: hit)
    }

    /// H4: the nearest ancestor whose touch area leaves the point out, if any.
    func outsideAncestor(at point: Point) -> BlockerKey? {
        for (i, a) in ancestors.enumerated() where !map.shapes.touchAreaContains(a, point, inverse: inverses[i]) {
            return BlockerKey(relation: .outsideAncestor, view: a)
        }
        return nil
    }

    /// The later sibling of the view, or of one of its ancestors, that answered (H3). The
    /// branch holding the hit view is the answer when it is a later sibling; a redirect (H9) can
    /// bring the hit view from elsewhere, so otherwise the later siblings are asked in hit-test
    /// order, each with its own untraced hit test.
    private func laterSiblingAnswering(at point: Point, hit: Int) -> BlockerKey? {
        let shapes = map.shapes
        let scene = map.scene
        if case .redirect = scene.views[view].hitTest {} else {
            var branch = hit
            while let parent = scene.views[branch].parent, !shapes.isInSubtree(view, of: parent) { branch = parent }
            if let common = scene.views[branch].parent, let key = key(forSibling: branch, under: common) { return key }
        }
        // Asked front to back at each level, from the window down, as hit testing asks them.
        let path = ([view] + ancestors).reversed()
        var steps: [HitTestTrace.Step] = []
        for child in path {
            guard let parent = scene.views[child].parent else { continue }
            let siblings = scene.views[parent].subviews
            guard let index = siblings.firstIndex(of: child) else { continue }
            for sibling in siblings[(index + 1)...].reversed() {
                guard let m = shapes.toReference[sibling], let inverse = m.inverted else { continue }
                let local = inverse.apply(point)
                if map.tester.hitTest(view: sibling, localPoint: local, steps: &steps, traced: false) != nil {
                    return key(forSibling: sibling, under: parent)
                }
            }
        }
        return nil
    }

    /// `sibling` as a later sibling of the view or of its ancestor under `common`; nil when it
    /// comes before.
    private func key(forSibling sibling: Int, under common: Int) -> BlockerKey? {
        let scene = map.scene
        var branch = view
        while let parent = scene.views[branch].parent, parent != common { branch = parent }
        guard scene.views[branch].parent == common,
            let a = scene.views[common].subviews.firstIndex(of: sibling),
            let b = scene.views[common].subviews.firstIndex(of: branch), a > b
        else { return nil }
        if branch == view { return BlockerKey(relation: .covered(.laterSibling), view: sibling) }
        return BlockerKey(relation: .covered(.laterSiblingOfAncestor), view: sibling, via: branch)
    }
}
