/// Table and collection view selection (rules V1–V4) as a value type that knows no scene. UIKit's
/// list views select from the touch calls their cells receive: a cell highlights when
/// `touchesBegan` reaches it (after the scroll view's delay, S1, or at touch-up for a quick tap),
/// and its row is selected when `touchesEnded` reaches it; `touchesCancelled` (a recognizer or a
/// scroll took the touch) unhighlights it and selects nothing. A touch that never reaches the
/// cell selects nothing either, and the trace says why. The session tells it what the cells
/// receive and performs the entries it returns; ListSelectionTests run it alone.
struct ListSelection: Sendable {
    /// What the selection knows of one list, from the scene (`Scene.listFacts(_:)`).
    struct List: Sendable, Hashable {
        var view: Int
        /// A `UITableView` (rows, `willSelect`), else a `UICollectionView` (items, `shouldSelect`).
        var isTable: Bool
        var settings: ListConfig
        /// The list's cells: their views and configurations.
        var cells: [Cell]

        struct Cell: Sendable, Hashable {
            var view: Int
            var config: CellConfig
        }
    }

    private(set) var lists: [Int: List] = [:]
    /// Cells highlighted by a touch, by touch (V1).
    private var highlighted: [Int: Int] = [:]
    /// Selected index paths per list (V2, V3), from the cells' `selected` when first asked.
    private var selections: [Int: [CellIndexPath]] = [:]
    /// Touches whose cell received `touchesBegan` (V2).
    private var cellsSeen: Set<Int> = []

    func knows(_ list: Int) -> Bool { lists[list] != nil }

    mutating func add(_ list: List) { lists[list.view] = list }

    /// The list's selected index paths (`indexPathsForSelectedRows`), sorted.
    mutating func selected(in list: Int) -> [CellIndexPath] {
        if let known = selections[list] { return known }
        let result = (lists[list]?.cells ?? []).filter(\.config.selected).map(\.config.indexPath).sorted()
        selections[list] = result
        return result
    }

    /// A touch call reached `cell` of `list` (through the responder chain): V1 highlight at
    /// began, V2 selection at ended, unhighlight at cancelled. `takenBy` is the recognizer that
    /// took the touch, if one did (the reason of a cancellation).
    mutating func cellReceived(_ phase: TouchPhase, cell: Int, list: Int, touch: Int, takenBy: GestureRecognizerRef?) -> [SessionEffect] {
        guard let facts = lists[list], let config = facts.cells.first(where: { $0.view == cell })?.config else { return [] }
        let settings = facts.settings
        var effects: [SessionEffect] = []
        switch phase {
        case .began:
            cellsSeen.insert(touch)
            guard settings.allowsSelection else { return effects }
            effects.append(call(facts, "shouldHighlight", config.indexPath, .bool(config.shouldHighlight), rule: .V4))
            guard config.shouldHighlight else { return effects }
            highlighted[touch] = cell
            effects.append(.record(.V1, .cellState(cell: cell, list: list, indexPath: config.indexPath, property: .highlighted, value: true)))
            effects.append(call(facts, "didHighlight", config.indexPath))
        case .moved:
            break
        case .cancelled:
            guard highlighted.removeValue(forKey: touch) == cell else { return effects }
            effects.append(.record(.V1, .cellState(cell: cell, list: list, indexPath: config.indexPath, property: .highlighted, value: false)))
            effects.append(call(facts, "didUnhighlight", config.indexPath))
            effects.append(.record(.V2, .noSelection(list: list, cell: cell, touch: touch, reason: Self.cancelReason(takenBy))))
        case .ended:
            guard highlighted.removeValue(forKey: touch) == cell else {
                let reason: TouchesTrace.NoSelectionReason = settings.allowsSelection ? .shouldHighlightFalse : .selectionNotAllowed
                effects.append(.record(.V4, .noSelection(list: list, cell: cell, touch: touch, reason: reason)))
                return effects
            }
            select(cell: cell, config: config, in: facts, touch: touch, into: &effects)
        }
        return effects
    }

    /// V2, V3: touch-up on a highlighted cell. In UIKit's order (Apple's *Collection View
    /// Programming Guide*, "Managing the visual state for selections and highlights"): ask
    /// (`willSelect` / `shouldSelect`), unhighlight, deselect the previous row unless
    /// `allowsMultipleSelection` (which instead toggles a selected row off), select, tell the
    /// delegate.
    private mutating func select(cell: Int, config: CellConfig, in facts: List, touch: Int, into effects: inout [SessionEffect]) {
        let list = facts.view
        func unhighlight() {
            effects.append(.record(.V1, .cellState(cell: cell, list: list, indexPath: config.indexPath, property: .highlighted, value: false)))
            effects.append(call(facts, "didUnhighlight", config.indexPath))
        }
        func setSelected(_ path: CellIndexPath, _ value: Bool) {
            let view = facts.cells.first { $0.config.indexPath == path }?.view
            effects.append(.record(value ? .V2 : .V3, .cellState(cell: view, list: list, indexPath: path, property: .selected, value: value)))
        }
        var target = config.indexPath
        if facts.isTable {
            switch config.willSelect {
            case .same: effects.append(call(facts, "willSelect", target, .indexPath(target), rule: .V4))
            case let .other(path):
                effects.append(call(facts, "willSelect", target, .indexPath(path), rule: .V4))
                target = path
            case .none:
                effects.append(call(facts, "willSelect", target, .indexPath(nil), rule: .V4))
                unhighlight()
                effects.append(.record(.V4, .noSelection(list: list, cell: cell, touch: touch, reason: .declined(method: "tableView(_:willSelectRowAt:) returned nil"))))
                return
            }
        } else {
            effects.append(call(facts, "shouldSelect", target, .bool(config.shouldSelect), rule: .V4))
            guard config.shouldSelect else {
                unhighlight()
                effects.append(.record(.V4, .noSelection(list: list, cell: cell, touch: touch, reason: .declined(method: "collectionView(_:shouldSelectItemAt:) returned false"))))
                return
            }
        }
        unhighlight()
        var current = selected(in: list)
        func deselect(_ path: CellIndexPath) {
            effects.append(call(facts, facts.isTable ? "willDeselect" : "shouldDeselect", path, facts.isTable ? .indexPath(path) : .bool(true), rule: .V3))
            setSelected(path, false)
            current.removeAll { $0 == path }
            effects.append(call(facts, "didDeselect", path, rule: .V3))
        }
        if facts.settings.allowsMultipleSelection, current.contains(target) {
            deselect(target)
        } else {
            if !facts.settings.allowsMultipleSelection {
                for path in current where path != target { deselect(path) }
            }
            if !current.contains(target) {
                setSelected(target, true)
                current.append(target)
                current.sort()
            }
            // V5: the selected cell's segue, with the row already selected (a segue's
            // `prepare(for:sender:)` reads `indexPathForSelectedRow`) and before `didSelect…`.
            let selectedCell = target == config.indexPath ? cell : facts.cells.first { $0.config.indexPath == target }?.view
            if let selectedCell, let actions = facts.cells.first(where: { $0.view == selectedCell })?.config.selectionActions {
                for a in actions { effects.append(.sendSelectionAction(action: a.action, target: a.target, from: selectedCell)) }
            }
            effects.append(call(facts, "didSelect", target))
        }
        selections[list] = current
    }

    /// The delegate call `tableView(_:<method>RowAt:)` or `collectionView(_:<method>ItemAt:)`.
    private func call(_ facts: List, _ method: String, _ path: CellIndexPath, _ answer: TouchesTrace.DelegateCall.Answer? = nil, rule: RuleID = .V2) -> SessionEffect {
        let name = (facts.isTable ? "tableView(_:" : "collectionView(_:") + method + (facts.isTable ? "RowAt:)" : "ItemAt:)")
        return .record(rule, .delegateCall(TouchesTrace.DelegateCall(sender: facts.view, method: name, receiver: facts.settings.delegate, indexPath: path, returned: answer)))
    }

    /// Why a cell's touch was cancelled: the recognizer that took it (a list's pan: it scrolled).
    static func cancelReason(_ taken: GestureRecognizerRef?) -> TouchesTrace.NoSelectionReason {
        guard let taken else { return .cancelled }
        return taken.kind == .scrollPan ? .scrolled : .recognizer(taken)
    }

    /// V2: a touch that ended in `cell` of `list` without the cell seeing it selects nothing; the
    /// trace says why: `blocked` (a control in the cell handled it, R4, or a responder before the
    /// cell did, R3), else the recognizer or the list's scrolling that took it (G3, S1).
    func missedCell(touch: Int, cell: Int, list: Int, blocked: TouchesTrace.NoSelectionReason?, takenBy: GestureRecognizerRef?) -> [SessionEffect] {
        guard !cellsSeen.contains(touch) else { return [] }
        guard let reason = blocked ?? takenBy.map({ Self.cancelReason($0) }) else { return [] }
        return [.record(.V2, .noSelection(list: list, cell: cell, touch: touch, reason: reason))]
    }
}
