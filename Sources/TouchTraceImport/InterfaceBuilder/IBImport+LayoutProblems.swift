import TouchTraceEngine

extension IBImport {
    /// Warnings the laid-out scene owes (issue 23, the fifth unseen round found them silent):
    ///
    /// - `unsatisfiableConstraint`: a required constraint the solver had to break, as UIKit logs
    ///   "Unable to simultaneously satisfy constraints" (Auto Layout Guide, "Unsatisfiable
    ///   Layouts"), naming the constraint's element id and the ones it conflicts with (the
    ///   audit's `unsatisfiableConstraints` finds the same in a scene). Constraints that ask a
    ///   view for a negative width or height are such a conflict (rule
    ///   L6-view-sizes-are-never-negative): no laid-out view has a negative size.
    mutating func reportLayoutProblems(in prepared: PreparedScene) {
        let scene = prepared.laidOut
        // The conflicts of the solve that laid the scene out (no second layout).
        let conflicts = prepared.initialConflicts
        guard !conflicts.isEmpty else { return }
        let fitted = selfSizingContentViews(in: scene)
        let placed = Set(placedByCode.compactMap { scene.viewIndex(document.views[$0].id) })
        var said: Set<String> = []
        for conflict in conflicts where !scene.isHiddenInTree(conflict.broken.view) {
            // A self-sizing row's content view is as tall as its content asks at run time: a
            // conflict with the height Xcode stored for it is the canvas's, not the app's.
            if !fitted.isEmpty, ([conflict.broken] + conflict.involved).contains(where: { Self.isStoredHeight($0, of: fitted) }) { continue }
            let broken = conflict.broken
            let text = broken.description(in: scene)
            guard said.insert(text).inserted, said.count <= Self.maxConflictWarnings else { continue }
            let element = broken.origin == .scene ? broken.identifier.flatMap { constraintElement($0) } : nil
            let owner = element ?? viewElements.first { document.views[$0.view].id == scene.views[broken.view].id }?.element
            let named = element.flatMap { tree[$0]["id"] }.map { "constraint \($0): " } ?? ""
            let involved = conflict.involved.prefix(4).map { $0.description(in: scene) }.joined(separator: ", ")
            // A conflict with the stand-in placement of a freeform xib view (its stored size, no
            // safe-area inset) is not one the document shows UIKit logging: where the app's code
            // adds the view decides both (tinode's message bar, goma's sign-up screen).
            if ([conflict.broken] + conflict.involved).contains(where: { Self.names(placed, $0) }) {
                let root = ([conflict.broken] + conflict.involved).lazy.compactMap { Self.placedRoot(placed, $0, scene) }.first
                let rootElement = root.flatMap { r in viewElements.first { document.views[$0.view].id == scene.views[r].id }?.element }
                warn(
                    .layoutApproximated, owner,
                    "\(rootElement.map { describe($0) } ?? "a xib's top-level view") is a freeform view the app's code places: laid out here at its stored size without a safe-area inset, its constraints conflict (Auto Layout breaks \(named)\(text)" + (involved.isEmpty ? "" : ", against \(involved)")
                        + "); where the code adds the view decides its size and insets, and whether they conflict in the app",
                    lost: "the broken constraint (the frames are laid out without it)")
                continue
            }
            warn(
                .unsatisfiableConstraint, owner,
                "Auto Layout cannot satisfy every required constraint: it breaks \(named)\(text)" + (involved.isEmpty ? "" : ", which conflicts with \(involved)")
                    + " (UIKit logs \"Unable to simultaneously satisfy constraints\" and breaks one; which one it breaks can differ)",
                lost: "the broken constraint (the frames are laid out without it)")
        }
    }

    /// The content views (scene indices) of cells whose rows UIKit sizes to fit their content:
    /// cells without a row height of their own in a table whose `rowHeight` is
    /// `UITableView.automaticDimension` (stored `-1`, Xcode's "Automatic"). Apple's `rowHeight`:
    /// "The default value of this property is automaticDimension, which causes the table view to
    /// choose an appropriate height based on your cell's content"; a height the document stores
    /// for such a content view is the canvas's estimate.
    func selfSizingContentViews(in scene: Scene) -> Set<Int> {
        var fitted: Set<Int> = []
        for (view, e) in viewElements where tree[e].name == "tableViewCellContentView" {
            guard let cell = tree[e].parent, tree[cell].name == "tableViewCell", tree[cell]["rowHeight"] == nil,
                let table = enclosing("tableView", of: cell), tree[table]["rowHeight"] == "-1",
                let index = scene.viewIndex(document.views[view].id)
            else { continue }
            fitted.insert(index)
        }
        return fitted
    }

    /// Whether `constraint` is the fixed height a content view of `fitted` was given from the
    /// document (not one of the document's own constraints).
    static func isStoredHeight(_ constraint: LayoutConstraint, of fitted: Set<Int>) -> Bool {
        guard constraint.origin != .scene, constraint.firstAttribute == .height, constraint.second == nil,
            case let .view(v) = constraint.first
        else { return false }
        return fitted.contains(v)
    }

    /// Whether `constraint` names a window or the safe area of a view that the import placed as
    /// a stand-in for the app's code (``placedByCode``, scene indices).
    static func names(_ placed: Set<Int>, _ constraint: LayoutConstraint) -> Bool {
        guard !placed.isEmpty else { return false }
        for item in [constraint.first, constraint.second].compactMap({ $0 }) {
            switch item {
            case let .safeArea(v) where placed.contains(v): return true
            case let .view(v) where placed.contains(v) && constraint.origin != .scene: return true
            default: continue
            }
        }
        return false
    }

    /// The placed top-level view `constraint` names: the view whose safe area it reads, or the
    /// view in the window whose size it reads.
    static func placedRoot(_ placed: Set<Int>, _ constraint: LayoutConstraint, _ scene: Scene) -> Int? {
        for item in [constraint.first, constraint.second].compactMap({ $0 }) {
            switch item {
            case let .safeArea(v) where placed.contains(v): return v
            case let .view(v) where placed.contains(v):
                if let p = scene.views[v].parent, placed.contains(p) { return v }
                if let child = scene.views.indices.first(where: { scene.views[$0].parent == v && placed.contains($0) }) { return child }
            default: continue
            }
        }
        return nil
    }

    /// At most this many `unsatisfiableConstraint` warnings per import (one conflict often
    /// breaks the same kind of constraint in every cell).
    static let maxConflictWarnings = 20

    /// The `<constraint>` element a declared constraint came from (its `identifier`, else its id).
    func constraintElement(_ identifier: String) -> Int? {
        if let e = doc.elementsByID[identifier], tree[e].name == "constraint" { return e }
        return tree.elements.indices.first { tree[$0].name == "constraint" && tree[$0]["identifier"] == identifier }
    }
}
