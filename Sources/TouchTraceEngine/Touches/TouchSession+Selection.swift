/// Table and collection view selection (rules V1–V4). UIKit's list views select from the touch
/// calls their cells receive: a cell highlights when `touchesBegan` reaches it (after the scroll
/// view's delay, S1, or at touch-up for a quick tap), and its row is selected when
/// `touchesEnded` reaches it; `touchesCancelled` (a recognizer or a scroll took the touch)
/// unhighlights it and selects nothing. A touch that never reaches the cell selects nothing
/// either, and the trace says why.
extension TouchSession {
    /// The list (table or collection view) a cell belongs to: its nearest ancestor of the
    /// matching class, or nil.
    func list(of cell: Int) -> Int? {
        let wanted: ViewClass = scene.views[cell].viewClass == .UITableViewCell ? .UITableView : .UICollectionView
        var current = scene.views[cell].parent
        while let v = current {
            if scene.views[v].viewClass == wanted { return v }
            current = scene.views[v].parent
        }
        return nil
    }

    /// The cell a view is in (itself included) that belongs to a list, or nil.
    func cell(containing view: Int) -> (cell: Int, list: Int)? {
        var current: Int? = view
        while let v = current {
            if case .cell? = scene.views[v].role, let list = list(of: v) { return (v, list) }
            current = scene.views[v].parent
        }
        return nil
    }

    /// The list's selected index paths (`indexPathsForSelectedRows`), from the scene's cells on
    /// first use.
    mutating func selected(in list: Int) -> [CellIndexPath] {
        if let known = selections[list] { return known }
        var result: [CellIndexPath] = []
        for v in scene.subtree(of: list) {
            if case let .cell(config)? = scene.views[v].role, config.selected, self.list(of: v) == list { result.append(config.indexPath) }
        }
        result.sort()
        selections[list] = result
        return result
    }

    /// The cell view at an index path of a list, if the scene has one.
    func cellView(at path: CellIndexPath, in list: Int) -> Int? {
        scene.subtree(of: list).first { v in
            if case let .cell(config)? = scene.views[v].role { return config.indexPath == path && self.list(of: v) == list }
            return false
        }
    }

    /// A touch call reached a cell (through the responder chain): V1 highlight at began, V2
    /// selection at ended, unhighlight at cancelled.
    mutating func cellReceived(_ phase: TouchPhase, cell: Int, touch: Int) {
        guard case let .cell(config)? = scene.views[cell].role, let list = list(of: cell),
            case let .list(settings)? = scene.views[list].role
        else { return }
        let table = scene.views[list].viewClass == .UITableView
        let noun = table ? "Row" : "Item"
        let prefix = table ? "tableView(_:" : "collectionView(_:"
        func call(_ method: String, _ path: CellIndexPath, _ answer: TouchesTrace.DelegateCall.Answer? = nil) {
            record(.V2, .delegateCall(TouchesTrace.DelegateCall(
                sender: list, method: prefix + method + "\(noun)At:)", receiver: settings.delegate, indexPath: path, returned: answer)))
        }
        switch phase {
        case .began:
            cellsSeen.insert(touch)
            guard settings.allowsSelection else { return }
            record(.V4, .delegateCall(TouchesTrace.DelegateCall(
                sender: list, method: prefix + "shouldHighlight\(noun)At:)", receiver: settings.delegate, indexPath: config.indexPath,
                returned: .bool(config.shouldHighlight))))
            guard config.shouldHighlight else { return }
            highlightedCells[touch] = cell
            record(.V1, .cellState(cell: cell, list: list, indexPath: config.indexPath, property: .highlighted, value: true))
            call("didHighlight", config.indexPath)
        case .moved:
            return
        case .cancelled:
            guard highlightedCells.removeValue(forKey: touch) == cell else { return }
            record(.V1, .cellState(cell: cell, list: list, indexPath: config.indexPath, property: .highlighted, value: false))
            call("didUnhighlight", config.indexPath)
            record(.V2, .noSelection(list: list, cell: cell, touch: touch, reason: cancelReason(touch)))
        case .ended:
            guard highlightedCells.removeValue(forKey: touch) == cell else {
                let reason: TouchesTrace.NoSelectionReason = settings.allowsSelection ? .shouldHighlightFalse : .selectionNotAllowed
                record(.V4, .noSelection(list: list, cell: cell, touch: touch, reason: reason))
                return
            }
            select(cell: cell, config: config, list: list, settings: settings, touch: touch)
        }
    }

    /// V2, V3: touch-up on a highlighted cell. In UIKit's order (Apple's *Collection View
    /// Programming Guide*, "Managing the visual state for selections and highlights"): ask
    /// (`willSelect` / `shouldSelect`), unhighlight, deselect the previous row unless
    /// `allowsMultipleSelection` (which instead toggles a selected row off), select, tell the
    /// delegate.
    mutating func select(cell: Int, config: CellConfig, list: Int, settings: ListConfig, touch: Int) {
        let table = scene.views[list].viewClass == .UITableView
        let noun = table ? "Row" : "Item"
        let prefix = table ? "tableView(_:" : "collectionView(_:"
        func call(_ method: String, _ path: CellIndexPath, _ answer: TouchesTrace.DelegateCall.Answer? = nil, rule: RuleID = .V2) {
            record(rule, .delegateCall(TouchesTrace.DelegateCall(
                sender: list, method: prefix + method + "\(noun)At:)", receiver: settings.delegate, indexPath: path, returned: answer)))
        }
        func unhighlight() {
            record(.V1, .cellState(cell: cell, list: list, indexPath: config.indexPath, property: .highlighted, value: false))
            call("didUnhighlight", config.indexPath)
        }
        func setSelected(_ path: CellIndexPath, _ value: Bool) {
            record(value ? .V2 : .V3, .cellState(cell: cellView(at: path, in: list), list: list, indexPath: path, property: .selected, value: value))
        }
        var target = config.indexPath
        if table {
            switch config.willSelect {
            case .same: call("willSelect", target, .indexPath(target), rule: .V4)
            case let .other(path):
                call("willSelect", target, .indexPath(path), rule: .V4)
                target = path
            case .none:
                call("willSelect", target, .indexPath(nil), rule: .V4)
                unhighlight()
                record(.V4, .noSelection(list: list, cell: cell, touch: touch, reason: .declined(method: "tableView(_:willSelectRowAt:) returned nil")))
                return
            }
        } else {
            call("shouldSelect", target, .bool(config.shouldSelect), rule: .V4)
            guard config.shouldSelect else {
                unhighlight()
                record(.V4, .noSelection(list: list, cell: cell, touch: touch, reason: .declined(method: "collectionView(_:shouldSelectItemAt:) returned false")))
                return
            }
        }
        unhighlight()
        var current = selected(in: list)
        func deselect(_ path: CellIndexPath) {
            call(table ? "willDeselect" : "shouldDeselect", path, table ? .indexPath(path) : .bool(true), rule: .V3)
            setSelected(path, false)
            current.removeAll { $0 == path }
            call("didDeselect", path, rule: .V3)
        }
        if settings.allowsMultipleSelection, current.contains(target) {
            deselect(target)
        } else {
            if !settings.allowsMultipleSelection {
                for path in current where path != target { deselect(path) }
            }
            if !current.contains(target) {
                setSelected(target, true)
                current.append(target)
                current.sort()
            }
            call("didSelect", target)
        }
        selections[list] = current
    }

    /// Why a cell's touch was cancelled: the recognizer that took it (a list's pan: it scrolled).
    func cancelReason(_ touch: Int) -> TouchesTrace.NoSelectionReason {
        guard let taken = trace.touches.last(where: { $0.touch == touch })?.takenBy else { return .cancelled }
        return taken.kind == .scrollPan ? .scrolled : .recognizer(taken)
    }

    /// V2: a touch that ended in a cell the cell never saw selects nothing; the trace says why: a
    /// control in the cell handled it (R4), a responder before the cell did (R3), or a
    /// recognizer or the list's scrolling took it before the cell got `touchesBegan` (G3, S1).
    mutating func explainMissedCell(touch: Int, hitView: Int?) {
        guard !cellsSeen.contains(touch), let hitView, let (cell, list) = cell(containing: hitView) else { return }
        var reason: TouchesTrace.NoSelectionReason?
        var current: Int? = hitView
        while let v = current, reason == nil {
            if scene.views[v].control != nil, scene.views[v].touches != .handle, v != cell {
                reason = .controlInCell(control: v)
            } else if scene.views[v].touches == .handle {
                reason = .handledBefore(responder: .view(v))
            }
            if v == cell { break }
            current = scene.views[v].parent
        }
        if reason == nil, trace.touches.last(where: { $0.touch == touch })?.takenBy != nil { reason = cancelReason(touch) }
        guard let reason else { return }
        record(.V2, .noSelection(list: list, cell: cell, touch: touch, reason: reason))
    }
}
