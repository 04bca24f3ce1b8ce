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
