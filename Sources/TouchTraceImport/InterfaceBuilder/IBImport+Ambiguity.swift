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
    /// are left out (the audit's `ambiguousLayout` leaves them out too), and so are an
    /// `equalSpacing` or `equalCentering` stack view and its arranged subviews: the engine calls
    /// such a stack ambiguous when nothing pins its length, where the same `fill` stack is
    /// determined and Xcode marks none (5 of the 51 warned scene imports of the corpus and rounds
    /// 3-9, four projects, every view of them placed where Xcode stores it or not compared: an
    /// engine false positive, docs/import-ib.md "Ambiguous layouts said"), except an arranged
    /// `<view>` with no length of its own along the stack's axis (`hasNoLengthOfItsOwn`).
    mutating func reportAmbiguousLayout(in prepared: PreparedScene, undetermined: [Int]) {
        guard !undetermined.isEmpty else { return }
        let scene = prepared.laidOut
        var elementOf: [Int: Int] = [:]
        for (view, e) in viewElements {
            if let index = scene.viewIndex(document.views[view].id) { elementOf[index] = e }
        }
        let named = undetermined.sorted().filter { v in
            guard v < scene.views.count, !scene.isHiddenInTree(v), let e = elementOf[v] else { return false }
            return !inEqualSpacingStack(e) || hasNoLengthOfItsOwn(e)
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

    /// Whether element `e` is a `<view>` arranged in a stack view without a placeholder intrinsic
    /// length along the stack's axis: a UIView's `intrinsicContentSize` is (noIntrinsicMetric,
    /// noIntrinsicMetric) (UIView's documentation) and a custom class's is its code's, which the
    /// document does not state, so when the layout leaves it undetermined its length is a guess
    /// even in an `equalSpacing` stack, and is said
    /// (`layoutAmbiguous-equal-spacing-stack-of-a-view-without-a-length.xib`: covpass' hint view
    /// in the eleventh unseen round, stored at 128 pt where the import stretched it to 154.5;
    /// docs/import-ib.md "An eleventh round").
    func hasNoLengthOfItsOwn(_ e: Int) -> Bool {
        guard tree[e].name == "view", let list = tree[e].parent, tree[list].name == "subviews", let stack = tree[list].parent,
            tree[stack].name == "stackView"
        else { return false }
        let key = tree[stack]["axis"] == "vertical" ? "placeholderIntrinsicHeight" : "placeholderIntrinsicWidth"
        return tree[e][key] == nil
    }

    /// Whether element `e` is an `equalSpacing` or `equalCentering` stack view or arranged in one.
    func inEqualSpacingStack(_ e: Int) -> Bool {
        func equal(_ s: Int) -> Bool { tree[s].name == "stackView" && ["equalSpacing", "equalCentering"].contains(tree[s]["distribution"] ?? "") }
        if equal(e) { return true }
        guard let list = tree[e].parent, tree[list].name == "subviews", let stack = tree[list].parent else { return false }
        return equal(stack)
    }
}
