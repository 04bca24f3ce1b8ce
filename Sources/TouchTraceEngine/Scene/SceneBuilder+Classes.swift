/// A reference of the list, cell, bar or view-controller fields, checked once every id is known.
struct ClassReference {
    enum Kind {
        /// A list's or a tab bar's `delegate`: any responder.
        case delegate(view: Int)
        /// A bar item's `target` (T5: it must exist).
        case itemTarget
        /// A tab item's or back item's `viewController`, a tab bar's `tabBarController`.
        case viewController
        /// `viewController.presentingViewController` of the controller at this index (R1).
        case presentingViewController(Int)
    }
    var id: String
    var pointer: String
    var kind: Kind
}

/// The scene fields of UIKit's list, cell, text view and bar classes (rules V1–V4, F1, B1–B3):
/// `selection` (UITableView, UICollectionView), `cell` (their cells), `textView` (UITextView),
/// `bar` (UINavigationBar, UITabBar, UIToolbar).
extension SceneBuilder {
    mutating func readClassRole(_ f: JSONFields, into node: inout ViewNode, at pointer: String, view: Int) {
        let p = { (key: String) in JSONPointer.join(pointer, key) }
        let cls = node.viewClass
        func only(_ field: ViewField, _ classes: [ViewClass]) -> JSONValue? {
            guard let value = f[field] else { return nil }
            guard classes.contains(cls) else {
                let key = field.name
                context.fail(p(key), "\"\(key)\" is for \(classes.map(\.rawValue).joined(separator: " and ")), not \(cls.rawValue)")
                return nil
            }
            return value
        }
        if cls == .UITableView || cls == .UICollectionView {
            node.role = .list(readList(only(.selection, [.UITableView, .UICollectionView]), at: p("selection"), view: view))
        } else {
            _ = only(.selection, [.UITableView, .UICollectionView])
        }
        if cls == .UITableViewCell || cls == .UICollectionViewCell {
            node.role = .cell(readCell(only(.cell, [.UITableViewCell, .UICollectionViewCell]), at: p("cell"), cls: cls))
            cellsRead.append((view, pointer))
        } else {
            _ = only(.cell, [.UITableViewCell, .UICollectionViewCell])
        }
        if cls == .UITextView {
            var config = TextViewConfig()
            if let v = only(.textView, [.UITextView]),
                let o = context.object(v, at: p("textView"), allowed: ["editable", "selectable"], what: "textView")
            {
                readFlag(o, "editable", at: p("textView")) { config.editable = $0 }
                readFlag(o, "selectable", at: p("textView")) { config.selectable = $0 }
            }
            node.role = .textView(config)
        } else {
            _ = only(.textView, [.UITextView])
        }
        if cls.isBar {
            node.role = .bar(readBar(only(.bar, [.UINavigationBar, .UITabBar, .UIToolbar]), at: p("bar"), cls: cls, view: view))
            bars.append(view)
        } else {
            _ = only(.bar, [.UINavigationBar, .UITabBar, .UIToolbar])
        }
    }

    mutating func readList(_ value: JSONValue?, at pointer: String, view: Int) -> ListConfig {
        var config = ListConfig()
        guard let value,
            let f = context.object(value, at: pointer, allowed: ["allowsSelection", "allowsMultipleSelection", "delegate"], what: "selection")
        else { return config }
        readFlag(f, "allowsSelection", at: pointer) { config.allowsSelection = $0 }
        readFlag(f, "allowsMultipleSelection", at: pointer) { config.allowsMultipleSelection = $0 }
        if let v = f["delegate"], let id = context.string(v, at: pointer + "/delegate", what: "delegate") {
            config.delegate = id
            classPending.append(ClassReference(id: id, pointer: pointer + "/delegate", kind: .delegate(view: view)))
        }
        return config
    }

    /// `{"indexPath": {"section", "row"} (tables) or {"section", "item"} (collections), "selected",
    /// "shouldHighlight", "willSelect" (tables: null or an index path), "shouldSelect" (collections),
    /// "selectionActions": [{"target", "action"}] (V5)}`.
    mutating func readCell(_ value: JSONValue?, at pointer: String, cls: ViewClass) -> CellConfig {
        var config = CellConfig(indexPath: CellIndexPath(section: 0, item: 0), indexPathGiven: false)
        let table = cls == .UITableViewCell
        let answer = table ? "willSelect" : "shouldSelect"
        guard let value,
            let f = context.object(value, at: pointer, allowed: ["indexPath", "selected", "shouldHighlight", answer, "selectionActions"], what: "cell")
        else { return config }
        if let v = f["indexPath"], let path = readIndexPath(v, at: pointer + "/indexPath", table: table) {
            config.indexPath = path
            config.indexPathGiven = true
        }
        readFlag(f, "selected", at: pointer) { config.selected = $0 }
        readFlag(f, "shouldHighlight", at: pointer) { config.shouldHighlight = $0 }
        readFlag(f, "shouldSelect", at: pointer) { config.shouldSelect = $0 }
        if let v = f["selectionActions"], let list = context.array(v, at: pointer + "/selectionActions", what: "selectionActions") {
            for (i, entry) in list.enumerated() {
                let at = pointer + "/selectionActions/\(i)"
                guard let g = context.object(entry, at: at, allowed: ["target", "action"], what: "a selection action") else { continue }
                guard let a = g["action"], let action = context.string(a, at: at + "/action", what: "action"), !action.isEmpty else {
                    context.fail(at + "/action", "a selection action needs a non-empty \"action\"")
                    continue
                }
                var target: String?
                if let t = g["target"], t != .null, let id = context.string(t, at: at + "/target", what: "target") {
                    target = id
                    classPending.append(ClassReference(id: id, pointer: at + "/target", kind: .itemTarget))
                }
                config.selectionActions.append(CellConfig.SelectionAction(target: target, action: action))
            }
        }
        if let v = f["willSelect"] {
            if v == .null {
                config.willSelect = .none
            } else if let path = readIndexPath(v, at: pointer + "/willSelect", table: true) {
                config.willSelect = .other(path)
            }
        }
        return config
    }

    mutating func readIndexPath(_ value: JSONValue, at pointer: String, table: Bool) -> CellIndexPath? {
        let key = table ? "row" : "item"
        guard let f = context.object(value, at: pointer, allowed: ["section", key], what: "an index path") else { return nil }
        var path = CellIndexPath(section: 0, item: 0)
        var ok = true
        for name in ["section", key] {
            guard let v = f[name] else {
                context.fail(pointer + "/" + name, "an index path needs \"\(name)\"")
                ok = false
                continue
            }
            guard let n = context.integer(v, at: pointer + "/" + name, min: 0, max: 10_000_000, what: name) else {
                ok = false
                continue
            }
            if name == "section" { path.section = n } else { path.item = n }
        }
        return ok ? path : nil
    }

    /// `{"backItem", "leftItems", "rightItems"}` (UINavigationBar), `{"items", "selectedIndex",
    /// "tabBarController", "delegate"}` (UITabBar), `{"items"}` (UIToolbar).
    mutating func readBar(_ value: JSONValue?, at pointer: String, cls: ViewClass, view: Int) -> BarConfig {
        var config = BarConfig()
        let allowed: [String]
        switch cls {
        case .UINavigationBar: allowed = ["backItem", "leftItems", "rightItems"]
        case .UITabBar: allowed = ["items", "selectedIndex", "tabBarController", "delegate"]
        default: allowed = ["items"]
        }
        guard let value, let f = context.object(value, at: pointer, allowed: allowed, what: "bar") else { return config }
        if let v = f["backItem"], let item = readBarItem(v, at: pointer + "/backItem", placement: .back, cls: cls) {
            config.backItem = item
        }
        for (key, placement) in [("leftItems", BarItem.Placement.left), ("rightItems", .right), ("items", .item)] {
            guard let v = f[key], let list = context.array(v, at: pointer + "/" + key, what: key) else { continue }
            for (i, entry) in list.enumerated() {
                if let item = readBarItem(entry, at: pointer + "/\(key)/\(i)", placement: placement, cls: cls) { config.items.append(item) }
            }
        }
        if let v = f["selectedIndex"],
            let n = context.integer(v, at: pointer + "/selectedIndex", min: 0, max: max(0, config.items.count - 1), what: "selectedIndex")
        {
            config.selectedIndex = n
        }
        if let v = f["tabBarController"], let id = context.string(v, at: pointer + "/tabBarController", what: "tabBarController") {
            config.tabBarController = id
            classPending.append(ClassReference(id: id, pointer: pointer + "/tabBarController", kind: .viewController))
        }
        if let v = f["delegate"], let id = context.string(v, at: pointer + "/delegate", what: "delegate") {
            config.delegate = id
            classPending.append(ClassReference(id: id, pointer: pointer + "/delegate", kind: .delegate(view: view)))
        }
        return config
    }

    /// `{"id", "title", "enabled", "frame", "target", "action", "viewController"}`.
    mutating func readBarItem(_ value: JSONValue, at pointer: String, placement: BarItem.Placement, cls: ViewClass) -> BarItem? {
        var allowed = ["id", "title", "enabled", "frame"]
        if cls == .UITabBar || placement == .back { allowed.append("viewController") } else { allowed += ["target", "action"] }
        guard let f = context.object(value, at: pointer, allowed: allowed, what: "a bar item") else { return nil }
        guard let idValue = f["id"] else {
            context.fail(pointer, "a bar item needs an \"id\"")
            return nil
        }
        guard let id = context.identifier(idValue, at: pointer + "/id") else { return nil }
        var item = BarItem(id: id, placement: placement)
        if let v = f["title"] { item.title = context.string(v, at: pointer + "/title", what: "title") }
        readFlag(f, "enabled", at: pointer) { item.enabled = $0 }
        if let v = f["frame"] { item.frame = context.rect(v, at: pointer + "/frame", what: "frame") }
        if let v = f["action"] {
            item.action = context.string(v, at: pointer + "/action", what: "action")
            if item.action?.isEmpty == true { context.fail(pointer + "/action", "an action selector cannot be empty") }
        }
        if let v = f["target"], v != .null, let target = context.string(v, at: pointer + "/target", what: "target") {
            item.target = target
            classPending.append(ClassReference(id: target, pointer: pointer + "/target", kind: .itemTarget))
        }
        if f["target"] != nil, f["action"] == nil { context.fail(pointer + "/action", "a bar item with a \"target\" needs an \"action\"") }
        if let v = f["viewController"], let vc = context.string(v, at: pointer + "/viewController", what: "viewController") {
            item.viewController = vc
            classPending.append(ClassReference(id: vc, pointer: pointer + "/viewController", kind: .viewController))
        }
        itemPointers[id] = pointer + "/id"
        return item
    }
}
