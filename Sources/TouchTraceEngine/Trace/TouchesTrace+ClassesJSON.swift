/// The touches-trace entries of scrolling, layout marks, focus, lists and bars as JSON
/// (docs/trace-schema.md lists their fields).
extension TouchesTrace.ScrollEntryMotion {
    /// `contentOffset`, and `pastEdge`, `lock`, `velocity`, `targetContentOffset`, `decelerating`,
    /// `restsAt` when they apply.
    var members: [(key: String, value: JSONValue)] {
        var m: [(key: String, value: JSONValue)] = [("contentOffset", contentOffset.json)]
        if pastEdge { m.append(("pastEdge", true)) }
        if let lock, lock != .none { m.append(("lock", .string(lock.rawValue))) }
        if let velocity { m.append(("velocity", velocity.json)) }
        if let target {
            m.append(("targetContentOffset", target.json))
            m.append(("decelerating", .bool(restsAt != nil)))
        }
        if let restsAt { m.append(("restsAt", .number(restsAt))) }
        return m
    }
}

extension CellIndexPath {
    /// `{section, row}` in a table, `{section, item}` in a collection.
    func json(table: Bool) -> JSONValue {
        .object([("section", .number(Double(section))), (table ? "row" : "item", .number(Double(item)))])
    }
}

extension TouchesTrace.Entry {
    /// The fields of the entries this file covers (the others are written in TouchesTrace+JSON.swift).
    func classMembers(in scene: Scene) -> [(key: String, value: JSONValue)] {
        func id(_ view: Int) -> JSONValue { .string(scene.views[view].id) }
        func responder(_ r: ResponderRef?) -> JSONValue { r.map { .string(scene.id(of: $0)) } ?? .null }
        func touch(_ t: Int?) -> JSONValue { t.map { .number(Double($0)) } ?? .null }
        switch kind {
        case let .drawnOnTop(t, view, over):
            return [("touch", touch(t)), ("view", id(view)), ("zPosition", .number(scene.views[view].zPosition)), ("over", id(over)),
                    ("overZPosition", .number(scene.views[over].zPosition)),
                    ("detail", .string(HitTestTrace.DrawnOnTop(view: view, over: over).detail(in: scene)))]
        case let .needsLayout(view, reason, coalesced):
            return [("view", id(view)), ("reason", .string(reason.rawValue)), ("coalesced", .bool(coalesced))]
        case let .layoutSubviews(view, reason, marks):
            return [("view", id(view)), ("reason", .string(reason.rawValue)), ("marks", .number(Double(marks)))]
        case let .becomeFirstResponder(view, previous, t):
            return [("responder", id(view)), ("previous", responder(previous)), ("touch", touch(t))]
        case let .resignFirstResponder(r, next, t):
            return [("responder", responder(r)), ("next", id(next)), ("touch", touch(t))]
        case let .firstResponderKept(r, t):
            return [("responder", responder(r)), ("touch", touch(t)),
                    ("detail", "a touch elsewhere does not resign the first responder: UIKit leaves that to the app (resignFirstResponder(), endEditing(_:))")]
        case let .cellState(cell, list, indexPath, property, value):
            return [("cell", cell.map(id) ?? .null), ("view", id(list)), ("indexPath", indexPath.json(table: scene.views[list].viewClass == .UITableView)),
                    ("property", .string(property.rawValue)), ("value", .bool(value))]
        case let .delegateCall(call):
            var m: [(key: String, value: JSONValue)] = [("sender", id(call.sender)), ("method", .string(call.method)), ("receiver", .string(orNull: call.receiver))]
            let table = scene.views[call.sender].viewClass == .UITableView
            if let path = call.indexPath { m.append(("indexPath", path.json(table: table))) }
            switch call.returned {
            case let .bool(b)?: m.append(("returned", .bool(b)))
            case let .indexPath(path)?: m.append(("returned", path.map { $0.json(table: table) } ?? .null))
            case nil: break
            }
            return m
        case let .noSelection(list, cell, t, reason):
            guard case let .cell(config)? = scene.views[cell].role else { return [] }
            return [("view", id(list)), ("cell", id(cell)), ("indexPath", config.indexPath.json(table: scene.views[list].viewClass == .UITableView)),
                    ("touch", touch(t)), ("reason", .string(reason.sentence(list: list, cell: cell, in: scene)))]
        case let .popViewController(bar, item, controller):
            return [("navigationBar", id(bar)), ("item", id(item)),
                    ("viewController", controller.map { .string(scene.viewControllers[$0].id) } ?? .null)]
        case let .selectTab(bar, item, index, previous, controller, tab):
            return [("tabBar", id(bar)), ("item", id(item)), ("selectedIndex", .number(Double(index))),
                    ("previousIndex", previous.map { .number(Double($0)) } ?? .null),
                    ("tabBarController", controller.map { .string(scene.viewControllers[$0].id) } ?? .null),
                    ("viewController", tab.map { .string(scene.viewControllers[$0].id) } ?? .null)]
        default:
            return []
        }
    }
}

extension TouchesTrace.NoSelectionReason {
    /// The explanation, for people: what happened and what UIKit needs for a selection.
    public func sentence(list: Int, cell: Int, in scene: Scene) -> String {
        let row = scene.views[list].viewClass == .UITableView ? "row" : "item"
        switch self {
        case let .controlInCell(control):
            return "\(scene.views[control].viewClass.rawValue) \"\(scene.views[control].id)\" inside the cell handles the touch (R4): the cell never sees it, so the \(row) is not selected"
        case let .recognizer(recognizer):
            return "\(recognizer.id(in: scene)) recognized and took the touch (cancelsTouchesInView): the cell got touchesCancelled, so the \(row) is not selected; with cancelsTouchesInView false the selection happens"
        case .scrolled:
            return "the touch scrolled \"\(scene.views[list].id)\": the \(row) is not selected"
        case let .handledBefore(responder):
            if responder == .view(cell) {
                return "\"\(scene.views[cell].id)\" overrides the touch methods without calling super (touches: handle): its \(scene.views[list].viewClass.rawValue) never hears of the touch"
            }
            return "\"\(scene.id(of: responder))\" handles the touch without passing it on (R3): the cell never sees it"
        case .cancelled:
            return "the touch was cancelled: the \(row) is not selected"
        case .selectionNotAllowed:
            return "allowsSelection is false: no \(row) is selected"
        case .shouldHighlightFalse:
            return "the delegate's shouldHighlight returned false: UIKit skips the highlight and the whole selection"
        case let .declined(method):
            return "\(method): the \(row) is not selected"
        }
    }
}
