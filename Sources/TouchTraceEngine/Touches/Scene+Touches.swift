/// The scene facts the touch session asks for: a point in a view's coordinates (H5), how a
/// responder handles touches (R3), and for list selection (V1–V4) which list a cell belongs to,
/// its cells, and who kept a touch from a cell.
extension Scene {
    /// A point in `reference` window's coordinates (nil: the front-most window), in `view`'s
    /// bounds coordinates (H5), or nil when a transform on the way cannot be inverted. Walks the
    /// ancestors with a loop.
    func point(_ p: Point, inWindow reference: Int?, convertedTo view: Int) -> Point? {
        guard let reference = reference ?? HitTester(scene: self).windowOrder.first else { return nil }
        var path = [view]
        while let parent = views[path[path.count - 1]].parent { path.append(parent) }
        var q: Point? = views[reference].geometry.convertToSuperview(p)
        for v in path.reversed() {
            q = q.flatMap { views[v].geometry.convertFromSuperview($0) }
        }
        return q
    }

    /// What a responder does with touch methods (R3): a view's or a controller's `touches`.
    func touchHandling(_ responder: ResponderRef) -> TouchHandling {
        switch responder {
        case let .view(index): return views[index].touches
        case let .viewController(index): return viewControllers[index].touches
        case .application, .appDelegate: return .forward
        }
    }

    /// The list (table or collection view) a cell belongs to (``ViewNode/list(of:in:)``).
    func list(of cell: Int) -> Int? { ViewNode.list(of: cell, in: views) }

    /// The cell a view is in (itself included) that belongs to a list, or nil.
    func cell(containing view: Int) -> (cell: Int, list: Int)? {
        var current: Int? = view
        while let v = current {
            if case .cell? = views[v].role, let list = list(of: v) { return (v, list) }
            current = views[v].parent
        }
        return nil
    }

    /// What `ListSelection` knows of a list: its class, settings and cells (in pre-order).
    func listFacts(_ list: Int) -> ListSelection.List {
        var settings = ListConfig()
        if case let .list(config)? = views[list].role { settings = config }
        var cells: [ListSelection.List.Cell] = []
        for v in subtree(of: list) {
            if case let .cell(config)? = views[v].role, self.list(of: v) == list { cells.append(.init(view: v, config: config)) }
        }
        return ListSelection.List(view: list, isTable: views[list].viewClass == .UITableView, settings: settings, cells: cells)
    }

    /// V2: why a touch on `hitView` never reached `cell`: a control between them handled it
    /// (R4), or a view that handles touches without passing them on (R3); nil when neither.
    func missReason(from hitView: Int, to cell: Int) -> TouchesTrace.NoSelectionReason? {
        var current: Int? = hitView
        while let v = current {
            if views[v].control != nil, views[v].touches != .handle, v != cell { return .controlInCell(control: v) }
            if views[v].touches == .handle { return .handledBefore(responder: .view(v)) }
            if v == cell { return nil }
            current = views[v].parent
        }
        return nil
    }
}
