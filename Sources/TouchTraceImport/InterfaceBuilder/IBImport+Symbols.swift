import TouchTraceEngine

extension IBImport {
    /// `layoutApproximated` for image views that show an SF Symbol and that their symbol sizes
    /// (issue 23, the tenth round's HeroesApp row): no constraint of the document sets the
    /// view's width or height (`constrainedAxes`: a length constraint, both edges tied, or a
    /// stack's `fill` alignment across it), so Auto Layout takes that length from the image's
    /// intrinsic size, and UIImageView takes its alignment rectangle from the image's
    /// `alignmentRectInsets` (UIImage.h). A symbol image's size and insets are its glyph's
    /// under its configuration (point size, weight, scale, text style), which the document does
    /// not record: its resource size is scaled to 128 (`IBDocument.imageSizes`). The stored
    /// frame stands in for the size, with no alignment insets (where a size constant and the
    /// stored frame differ, `symbolAlignmentInsets` reads them; here there is none). Views laid
    /// out by their autoresizing masks keep their frames and are left out, and so are hidden
    /// ones. One warning per imported scene, naming the first such view and the count.
    mutating func reportSymbolSizedImageViews() {
        var approximated: [(element: Int, axes: String)] = []
        for (_, e) in viewElements where tree[e].name == "imageView" && showsSymbol(e) {
            let el = tree[e]
            guard el["hidden"] != "YES", el["translatesAutoresizingMaskIntoConstraints"] == "NO", el["fixedFrame"] != "YES" else { continue }
            let sized = constrainedAxes(e)
            guard !sized.width || !sized.height else { continue }
            approximated.append((e, !sized.width && !sized.height ? "width or height" : !sized.width ? "width" : "height"))
        }
        guard let first = approximated.first else { return }
        let count = Self.sameWay(others: approximated.count - 1, "symbol image view")
        warn(
            .layoutApproximated, first.element,
            "\(describe(first.element)) shows an SF Symbol and no constraint of the document sets its \(first.axes)\(count): UIKit sizes it by the symbol's glyph and configuration (point size, weight, scale) and insets its alignment rectangle by the symbol's padding, which the document does not record; its stored frame stands in for the size, with no alignment insets",
            lost: "the symbol image views' intrinsic sizes and alignment insets (their stored frames stand in)")
    }
}
