/// Once the view tree is read: bar items become views, cells get their default index paths and
/// are checked for duplicates (V1), and the class fields' references are resolved.
extension SceneBuilder {
    mutating func finishClassRoles() {
        for bar in bars { makeItemViews(of: bar) }
        bars = []
        assignIndexPaths()
        cellsRead = []
    }

    /// B1–B3: each item of a bar becomes a control view in front of the bar's subviews, with the
    /// item's id, its `enabled`, and its target-action sent on `touchUpInside` (T1, T2, T4).
    /// Frames not given are laid out by the bar's `layoutSubviews` (`LayoutEngine`).
    mutating func makeItemViews(of bar: Int) {
        guard case let .bar(config)? = views[bar].role else { return }
        var depth = 0
        var current = bar
        while let parent = views[current].parent {
            depth += 1
            current = parent
        }
        let items = (config.backItem.map { [(-1, $0)] } ?? []) + config.items.enumerated().map { ($0.offset, $0.element) }
        guard !items.isEmpty else { return }
        if depth + 1 > limits.maxDepth {
            context.fail(itemPointers[items[0].1.id] ?? base, "bar items would be nested deeper than the limit of \(limits.maxDepth) levels")
            return
        }
        for (position, item) in items {
            if views.count >= limits.maxViews {
                if !reportedCount {
                    reportedCount = true
                    context.fail(itemPointers[item.id] ?? base, "the scene has more than \(limits.maxViews) views (the limit)")
                }
                return
            }
            let index = views.count
            register(item.id, as: .view(index), at: itemPointers[item.id] ?? base)
            var node = ViewNode(id: item.id, viewClass: views[bar].viewClass == .UITabBar ? .UITabBarItem : .UIBarButtonItem, parent: bar)
            node.control?.enabled = item.enabled
            if let action = item.action {
                node.control?.targets = [TargetRegistration(target: item.target, action: action, events: .touchUpInside)]
            }
            node.role = .barItem(bar: bar, item: position)
            node.text = item.title
            if let frame = item.frame {
                node.geometry = ViewGeometry(frame: frame, boundsOrigin: .zero, transform: .identity)
                node.geometryGiven = true
            }
            views.append(node)
            views[bar].subviews.append(index)
        }
    }

    /// V1: a cell without an `indexPath` gets section 0 and its place among its list's cells (in
    /// tree order); two cells of one list at the same index path are an error.
    mutating func assignIndexPaths() {
        // Only the cells read now get a default index path (a subtree added by a change leaves
        // the scene's cells where they were).
        let read = Set(cellsRead.map(\.view))
        var lists: [Int] = []
        for (cell, _) in cellsRead {
            if let list = ViewNode.list(of: cell, in: views), !lists.contains(list) { lists.append(list) }
        }
        for list in lists {
            var seen: [CellIndexPath: Int] = [:]
            var place = 0
            var stack = views[list].subviews.reversed().map { $0 }
            while let v = stack.popLast() {
                let isCell = views[v].viewClass == .UITableViewCell || views[v].viewClass == .UICollectionViewCell
                if isCell, ViewNode.list(of: v, in: views) == list, case var .cell(config)? = views[v].role {
                    if !config.indexPathGiven, read.contains(v) {
                        config.indexPath = CellIndexPath(section: 0, item: place)
                        views[v].role = .cell(config)
                    }
                    place += 1
                    if let first = seen[config.indexPath] {
                        let pointer = (cellsRead.first { $0.view == v }?.pointer).map { $0 + "/cell/indexPath" } ?? base
                        context.fail(pointer, "\"\(views[v].id)\" has the index path of \"\(views[first].id)\" (section \(config.indexPath.section), \(views[v].viewClass == .UITableViewCell ? "row" : "item") \(config.indexPath.item)); each cell of \"\(views[list].id)\" needs its own")
                    } else {
                        seen[config.indexPath] = v
                    }
                }
                if views[v].viewClass != views[list].viewClass { stack.append(contentsOf: views[v].subviews.reversed()) }
            }
        }
    }

    mutating func resolveClassReferences() {
        for ref in classPending {
            let found = registered[ref.id]?.ref
            switch ref.kind {
            case .delegate, .itemTarget:
                switch found {
                case nil:
                    let what = if case .itemTarget = ref.kind { "target" } else { "delegate" }
                    context.fail(ref.pointer, "unknown \(what) id \"\(ref.id)\"\(suggestion(ref.id))" + (what == "target" ? " (rule T5: a target must exist in the scene)" : ""))
                case .gestureRecognizer?, .layoutGuide?:
                    context.fail(ref.pointer, "\"\(ref.id)\" is not a responder or view controller")
                default:
                    break
                }
            case .viewController:
                guard case .viewController? = found else {
                    context.fail(ref.pointer, found == nil ? "unknown view controller id \"\(ref.id)\"" + suggestion(ref.id) : "\"\(ref.id)\" is not a view controller")
                    continue
                }
            case let .presentingViewController(controller):
                guard case let .viewController(presenting)? = found else {
                    context.fail(ref.pointer, found == nil ? "unknown view controller id \"\(ref.id)\"" + suggestion(ref.id) : "\"\(ref.id)\" is not a view controller")
                    continue
                }
                viewControllers[controller].presentingViewController = presenting
            }
        }
        classPending = []
        checkResponderChainsEnd()
    }

    /// R1: with `presentingViewController`, a chain could come back to where it started (a
    /// controller presented by one below its own root view). Every presented controller's chain
    /// must end; a loop is an error at the field. Each responder is walked once: a walk stops at
    /// a responder already known to end, so a chain of thousands of presented controllers costs
    /// its length, not its length squared.
    mutating func checkResponderChainsEnd() {
        // Per responder (views, then controllers): 0 not seen, 1 on the current walk, 2 its
        // chain ends, 3 it never ends (a loop is on its way).
        var state = [UInt8](repeating: 0, count: views.count + viewControllers.count)
        func slot(_ r: ResponderRef) -> Int? {
            switch r {
            case let .view(v): return v
            case let .viewController(c): return views.count + c
            default: return nil
            }
        }
        func next(_ r: ResponderRef) -> ResponderRef? {
            switch r {
            case let .viewController(c):
                if let presenting = viewControllers[c].presentingViewController { return .viewController(presenting) }
                return views[viewControllers[c].view].parent.map { .view($0) }
            case let .view(v):
                if let c = views[v].viewController { return .viewController(c) }
                return views[v].parent.map { .view($0) }
            default:
                return nil
            }
        }
        for (index, controller) in viewControllers.enumerated() where controller.presentingViewController != nil {
            var walk: [Int] = []
            var current: ResponderRef? = .viewController(index)
            var outcome: UInt8 = 2
            while let responder = current, let k = slot(responder) {
                if state[k] >= 2 {
                    outcome = state[k]
                    break
                }
                if state[k] == 1 {
                    outcome = 3
                    break
                }
                state[k] = 1
                walk.append(k)
                current = next(responder)
            }
            for k in walk { state[k] = outcome }
            if outcome == 3 {
                context.fail(presentingPointer(of: index), "the responder chain from \"\(controller.id)\" comes back to itself through presentingViewController; a presented controller cannot be below the one it presents")
            }
        }
    }

    func presentingPointer(of controller: Int) -> String {
        let root = viewControllers[controller].view
        return (registered[viewControllers[controller].id].map { String($0.pointer.dropLast(3)) } ?? registered[views[root].id]?.pointer ?? base)
            + "/presentingViewController"
    }
}
