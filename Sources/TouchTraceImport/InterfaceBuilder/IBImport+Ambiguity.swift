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

extension IBImport {
    /// `layoutApproximated` for a `<view>` arranged in an `equalSpacing` or `equalCentering`
    /// stack with no length of its own along the stack's axis (issue 23, the eleventh unseen
    /// round's covpass hint view): such a stack gives each arranged view its own length and puts
    /// the slack in its gaps, and a view with no content in the document, no placeholder intrinsic
    /// length and no constraint on that length has only its class's `intrinsicContentSize` there:
    /// none for a UIView (UIView's documentation), its code's for a custom class, which the
    /// document does not state. The import lays it out with none (0 pt along the axis where the
    /// stack's `UISV-canvas-fit` hugs it, rule L6-stack-equal-spacing-canvas-fit). One warning
    /// per imported scene, naming the first such view and the count.
    mutating func reportArrangedViewsWithoutALength() {
        var unsized: [Int] = []
        for (_, e) in viewElements where hasNoLengthOfItsOwn(e) {
            guard let list = tree[e].parent, let stack = tree[list].parent,
                ["equalSpacing", "equalCentering"].contains(tree[stack]["distribution"] ?? ""), tree[e]["hidden"] != "YES",
                tree.child(of: e, named: "subviews") == nil
            else { continue }
            let sized = constrainedAxes(e)
            if tree[stack]["axis"] == "vertical" ? sized.height : sized.width { continue }
            unsized.append(e)
        }
        guard let first = unsized.first else { return }
        let count = Self.sameWay(others: unsized.count - 1, "arranged view")
        let decides = tree[first]["customClass"].map { "\($0.prefix(60))'s intrinsicContentSize decides it, which the document does not state" }
            ?? "a UIView has none of its own: the content or constraints the app's code adds decide it"
        warn(
            .layoutApproximated, first,
            "\(describe(first)) is arranged in an equal-spacing stack with no length of its own along the stack's axis\(count): no content, placeholder intrinsic size or constraint of the document gives it one, and \(decides); the import lays it out with none",
            lost: "the arranged view's length along its stack's axis (its class's intrinsic size)")
    }

    /// Whether element `e` is a `<view>` arranged in a stack view without a placeholder intrinsic
    /// length along the stack's axis: a UIView's `intrinsicContentSize` is (noIntrinsicMetric,
    /// noIntrinsicMetric) (UIView's documentation) and a custom class's is its code's, which the
    /// document does not state.
    func hasNoLengthOfItsOwn(_ e: Int) -> Bool {
        guard tree[e].name == "view", let list = tree[e].parent, tree[list].name == "subviews", let stack = tree[list].parent,
            tree[stack].name == "stackView"
        else { return false }
        let key = tree[stack]["axis"] == "vertical" ? "placeholderIntrinsicHeight" : "placeholderIntrinsicWidth"
        return tree[e][key] == nil
    }

    /// " (and N other NOUNs the same way)" after a warning's first view, or nothing when it is
    /// the only one: the once-per-scene `layoutApproximated` warnings name the first and count.
    static func sameWay(others: Int, _ noun: String) -> String {
        others == 0 ? "" : " (and \(others) other \(noun)\(others == 1 ? "" : "s") the same way)"
    }
}
