import TouchTraceEngine

extension IBImport {
    /// Table and collection views select their cells (rules V1–V4): each list gets its
    /// `allowsSelection` / `allowsMultipleSelection` and its delegate (its `delegate` outlet; a
    /// table view controller's own table has the controller as delegate, as
    /// `UITableViewController` sets it), and each cell its index path: a static table cell its
    /// section (`tableViewSection`) and row, a prototype cell or a collection view cell its place
    /// among its list's cells in section 0.
    mutating func importLists() {
        for (view, e) in viewElements {
            switch document.views[view].viewClass {
            case .UITableView, .UICollectionView:
                var list = ListDraft()
                list.allowsSelection = flag(e, "allowsSelection")
                list.allowsMultipleSelection = flag(e, "allowsMultipleSelection")
                list.delegate = listDelegate(e)
                document.views[view].selection = list
            case .UITableViewCell, .UICollectionViewCell:
                var cell = cellPlace(e, table: document.views[view].viewClass == .UITableViewCell)
                cell?.selectionActions = cellSegues[view] ?? []
                document.views[view].cell = cell
            default:
                continue
            }
        }
    }

    /// The scene id of a list's delegate: its `delegate` outlet's destination when imported, else
    /// the controller whose root view it is (a `UITableViewController` or
    /// `UICollectionViewController` is its own list's delegate).
    func listDelegate(_ e: Int) -> String? {
        if let connections = tree.child(of: e, named: "connections"),
            let outlet = tree.children(of: connections, named: "outlet").first(where: { tree[$0]["property"] == "delegate" })
        {
            if case let .object(id) = actionTarget(tree[outlet]["destination"]) { return id }
            return nil
        }
        guard tree[e]["key"] == "view", let owner = tree[e].parent,
            ["tableViewController", "collectionViewController"].contains(tree[owner].name),
            case let .controller(id, _)? = tree[owner]["id"].flatMap({ objects[$0] })
        else { return nil }
        return id
    }

    /// A cell's index path from where the document puts it.
    func cellPlace(_ e: Int, table: Bool) -> CellDraft? {
        guard let holder = tree[e].parent else { return nil }
        let siblings = tree[holder].children.filter { tree[$0].name == tree[e].name }
        let row = siblings.firstIndex(of: e) ?? 0
        var section = 0
        if tree[holder].name == "cells", let sectionElement = tree[holder].parent, tree[sectionElement].name == "tableViewSection",
            let sections = tree[sectionElement].parent
        {
            section = tree.children(of: sections, named: "tableViewSection").firstIndex(of: sectionElement) ?? 0
        }
        var cell = CellDraft(section: section, item: row, table: table)
        if let selected = tree[e]["selected"], selected == "YES" { cell.selected = true }
        return cell
    }
}

extension IBImport {
    /// Rule L5-frameless-cell: Xcode 6 and 7 leave the `<rect>` out of a table view cell, or of
    /// its content view, that has the size UIKit gives it. UIKit sizes a cell to its table's width
    /// and its row height (the cell's `rowHeight`, else the table's, else UITableView's 44 pt) and
    /// its content view to the cell less the separator below it and the standard accessory beside
    /// it. The separator's height is the one Xcode stores in most cells with both frames in the
    /// corpus and the unseen rounds: 1 pt before tools version 10116 (Xcode 8; 4 cells), 0.5 pt to
    /// 14999 (85 cells of 11 projects, against 79 of 6 projects at 1 or 0), 0 from 15000 (Xcode
    /// 11; all 310), none with `separatorStyle="none"`; the disclosure indicator takes
    /// 33 pt before tools version 15000 (35 of the 39 such cells; no other accessory is stored
    /// with a content view in that era, so another one keeps the cell's width). A frameless cell
    /// lies below the cell before it in its table (its row's place; the canvas's section headers
    /// are not stored, so its y is an estimate: nothing in the document records it). A frameless
    /// content view is as wide as its table (less the accessory) even when its cell stores
    /// another width: the cell has the table's width at run time.
    mutating func sizeFramelessCells() {
        var indexOf: [Int: Int] = [:]
        for (view, e) in viewElements { indexOf[e] = view }
        var lastCellBottom: [Int: Double] = [:]  // per table element
        for (view, e) in viewElements {
            let name = tree[e].name
            guard name == "tableViewCell" || name == "tableViewCellContentView" else { continue }
            if name == "tableViewCell" {
                guard let table = enclosing("tableView", of: e) else { continue }
                if let f = document.views[view].frame {
                    lastCellBottom[table] = f.maxY
                    continue
                }
                guard let tableFrame = indexOf[table].flatMap({ document.views[$0].frame }) else { continue }
                let height = [tree[e]["rowHeight"], tree[table]["rowHeight"]].lazy.compactMap { $0.flatMap(Double.init) }
                    .first { $0.isFinite && $0 > 0 } ?? 44
                let y = lastCellBottom[table] ?? 0
                let frame = Rect(x: 0, y: y, width: tableFrame.size.width, height: min(height, Self.maxFramelessCellHeight))
                document.views[view].frame = frame
                lastCellBottom[table] = frame.maxY
            } else if document.views[view].frame == nil, let cell = tree[e].parent, tree[cell].name == "tableViewCell",
                let cellFrame = indexOf[cell].flatMap({ document.views[$0].frame })
            {
                let table = enclosing("tableView", of: cell)
                let separator = table.map { tree[$0]["separatorStyle"] == "none" } == true ? 0 : Self.separatorHeight(tools: doc.toolsVersion)
                let accessory = tree[cell]["accessoryType"] == "disclosureIndicator" && doc.toolsVersion < 15000 ? 33.0 : 0
                // The cell is as wide as its table at run time, whatever width Xcode 6 stored
                // for it (QuickBlox's prototypes: 320 pt in a 600 pt table, their labels laid out
                // in a 600 pt content view).
                let width = table.flatMap { indexOf[$0] }.flatMap { document.views[$0].frame?.size.width } ?? cellFrame.size.width
                document.views[view].frame = Rect(
                    x: 0, y: 0, width: max(0, width - accessory), height: max(0, cellFrame.size.height - separator))
            }
        }
    }

    /// A frameless cell's height at most (a `rowHeight` beyond it is not a row's).
    static let maxFramelessCellHeight = 10_000.0

    /// The height of the separator below a table view cell's content view, by the tools version
    /// that saved the document (rule L5-frameless-cell, measured on every cell stored with both
    /// frames).
    static func separatorHeight(tools: Double) -> Double {
        tools < 10116 ? 1 : tools < 15000 ? 0.5 : 0
    }

    /// The nearest ancestor element named `name`.
    func enclosing(_ name: String, of e: Int) -> Int? {
        var current = tree[e].parent
        while let c = current {
            if tree[c].name == name { return c }
            current = tree[c].parent
        }
        return nil
    }
}
