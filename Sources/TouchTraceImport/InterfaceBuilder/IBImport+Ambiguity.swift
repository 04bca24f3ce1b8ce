import TouchTraceEngine

extension IBImport {
    /// `layoutAmbiguous` (issue 23, class D of the ninth unseen round): the imported scene's first
    /// layout leaves views whose frames its constraints do not determine (`undetermined`, the
    /// layout's `ambiguous`: a view with a frame variable Auto Layout can move at no cost, as
    /// UIKit's `hasAmbiguousLayout` says; docs/autolayout.md). Apple's Auto Layout Guide
    /// ("Ambiguous Layouts"): "the system has two or more possible solutions" and "chooses one of
    /// the possible solutions"; which one the app shows is not in the document. One warning per
    /// imported scene, naming the first such view in the scene's order and the count; when Xcode
    /// itself marks that view or an ancestor `ambiguous="YES"`, the warning says so. Hidden views
    /// are left out (the audit's `ambiguousLayout` leaves them out too). An `equalSpacing` or
    /// `equalCentering` stack whose length nothing pins is determined by the engine as by UIKit
    /// (its `UISV-canvas-fit` along the axis, rule L6-stack-equal-spacing-canvas-fit), so it is
    /// not warned; no stack is left out here.
    mutating func reportAmbiguousLayout(in prepared: PreparedScene, undetermined: [Int]) {
        guard !undetermined.isEmpty else { return }
        let scene = prepared.laidOut
        var elementOf: [Int: Int] = [:]
        for (view, e) in viewElements {
            if let index = scene.viewIndex(document.views[view].id) { elementOf[index] = e }
        }
        let named = undetermined.sorted().filter { v in
            v < scene.views.count && !scene.isHiddenInTree(v) && elementOf[v] != nil
        }
        guard let first = named.first, let e = elementOf[first] else { return }
        let stored = IBStoredTree(doc: doc, importer: self)
        let markedByXcode = named.lazy.compactMap { elementOf[$0].flatMap { stored.ambiguousAncestor($0) } }.first
        let others = named.count - 1
        let count = others == 0 ? "" : " and \(others) other view\(others == 1 ? "" : "s")"
        let xcode = markedByXcode.map { "; Xcode marks \(describe($0)) ambiguous too" } ?? "; Xcode does not mark it ambiguous"
        warn(
            .layoutAmbiguous, e,
            "the imported layout is ambiguous: the document's constraints do not determine the frame of \(describe(e))\(count) (too few constraints, or optional constraints of equal priority that conflict)\(xcode). Xcode stored one solution, UIKit may settle on another at run time; hit tests at these views depend on it",
            lost: "which of the possible frames the app shows (the import shows the solver's)")
    }
}
