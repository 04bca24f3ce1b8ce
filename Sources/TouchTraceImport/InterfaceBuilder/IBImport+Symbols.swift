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

extension IBImport {
    /// The alignment insets of an image view that shows an SF Symbol (L6): UIImageView takes its
    /// alignment rectangle from its image's `alignmentRectInsets` (UIImage.h: "used by
    /// UIImageView … to determine the view's alignment rect insets for constraint-based
    /// layout"), and a symbol's include the padding around its glyph, which depends on the
    /// symbol and its configuration. The document states them where it fixes the view's width or
    /// height by a constant (or the one by the other through a 1:1 aspect ratio) and stores a
    /// frame of another size: the difference is the two sides' insets together (measured:
    /// tinode's and orbot's symbol image views, frames 1 to 9 pt taller than their height
    /// constraints). How the difference splits is the glyph's, not even (Save's `chevron.down`
    /// 5.5 pt above and 4.5 below, Safe's `square.and.arrow.up.badge.clock.fill` −0.17 left
    /// and 3.5 right, Amperfy's `suit.heart.fill` −2 above and −0.5 below): where a required
    /// constraint of the document centres or pins the view in its superview along that axis, or
    /// the superview is a stack aligning it there, the alignment rectangle's position follows
    /// from the superview's stored frame, and each side is read off the stored frame
    /// (`alignmentStart`); elsewhere the difference is split evenly. Nil when the view shows no
    /// symbol or the document fixes neither length.
    func symbolAlignmentInsets(_ e: Int, frame: Rect?) -> EdgeInsets? {
        guard let frame, showsSymbol(e), let id = tree[e]["id"], let list = tree.child(of: e, named: "constraints") else { return nil }
        var width: Double?, height: Double?, square = false
        for c in tree.children(of: list, named: "constraint") {
            let el = tree[c]
            guard el["firstItem"] == nil || el["firstItem"] == id, el["relation"] == nil, el["placeholder"] != "YES",
                el["priority"] == nil || el["priority"] == "1000", !(el["id"].map(variations.excluded.contains) ?? false)
            else { continue }
            if el["secondItem"] == nil {
                guard el["multiplier"] == nil, let constant = el["constant"].flatMap(Double.init), constant.isFinite, constant >= 0 else { continue }
                if el["firstAttribute"] == "width" { width = constant }
                if el["firstAttribute"] == "height" { height = constant }
            } else if el["secondItem"] == id, (el["constant"].flatMap(Double.init) ?? 0) == 0,
                (el["multiplier"].flatMap(Self.multiplier) ?? 1) == 1,
                [el["firstAttribute"], el["secondAttribute"]].compactMap({ $0 }).sorted() == ["height", "width"] {
                square = true
            }
        }
        if square { (width, height) = (width ?? height, height ?? width) }
        let dw = width.map { frame.size.width - $0 } ?? 0, dh = height.map { frame.size.height - $0 } ?? 0
        // A symbol's padding is a few points; a difference whose halves (the insets below) pass
        // the scene's bound on insets (10,000 pt) comes from a damaged length, not from the
        // symbol: no insets then.
        guard abs(dw) > 0.25 || abs(dh) > 0.25, abs(dw) <= 20_000, abs(dh) <= 20_000 else { return nil }
        // Each side read off the stored frame where the alignment rectangle's start is known; a
        // side beyond the whole difference (and a point of rounding) is no glyph's padding but a
        // superview frame Xcode did not lay out: split evenly then.
        func sides(_ d: Double, length: Double?, min: Double, extent: Double, vertical: Bool) -> (Double, Double) {
            guard let length, abs(d) > 0.25, let start = alignmentStart(e, vertical: vertical, length: length) else { return (d / 2, d / 2) }
            let before = start - min, after = min + extent - (start + length)
            guard abs(before) <= abs(d) + 1, abs(after) <= abs(d) + 1 else { return (d / 2, d / 2) }
            return (before, after)
        }
        let (left, right) = sides(dw, length: width, min: frame.origin.x, extent: frame.size.width, vertical: false)
        let (top, bottom) = sides(dh, length: height, min: frame.origin.y, extent: frame.size.height, vertical: true)
        return EdgeInsets(top: top, left: left, bottom: bottom, right: right)
    }

    /// Where the alignment rectangle of view `e`, `length` long along one axis, starts in its
    /// superview, when the document places it there: its stack superview aligns it across the
    /// stack's axis (`center`, `leading`/`top`, `trailing`/`bottom`), or a required constraint
    /// with a multiplier of 1 ties its leading, trailing, top, bottom or centre to the
    /// superview's same edge (constraints bind alignment rectangles: `alignmentRectInsets`,
    /// UIView). Measured on the superview's stored frame; nil otherwise.
    func alignmentStart(_ e: Int, vertical: Bool, length: Double) -> Double? {
        guard let subviews = tree[e].parent, tree[subviews].name == "subviews", let superview = tree[subviews].parent,
            let bounds = doc.frame(of: superview), let id = tree[e]["id"], let superID = tree[superview]["id"]
        else { return nil }
        let extent = vertical ? bounds.size.height : bounds.size.width
        if tree[superview].name == "stackView", (tree[superview]["axis"] == "vertical") != vertical {
            switch tree[superview]["alignment"] {
            case "center"?: return (extent - length) / 2
            case "leading"? where !vertical, "top"? where vertical: return 0
            case "trailing"? where !vertical, "bottom"? where vertical: return extent - length
            default: return nil
            }
        }
        guard let list = tree.child(of: superview, named: "constraints") else { return nil }
        let fractions: [String: Double] = vertical
            ? ["top": 0, "centerY": 0.5, "bottom": 1]
            : ["leading": 0, "left": 0, "centerX": 0.5, "trailing": 1, "right": 1]
        for c in tree.children(of: list, named: "constraint") {
            let el = tree[c]
            guard el["relation"] == nil, el["placeholder"] != "YES", el["priority"] == nil || el["priority"] == "1000",
                (el["multiplier"].flatMap(Self.multiplier) ?? 1) == 1, let constraintID = el["id"], !variations.excluded.contains(constraintID),
                let attribute = el["firstAttribute"], (el["secondAttribute"] ?? attribute) == attribute, let fraction = fractions[attribute]
            else { continue }
            let constant = variations.constants[constraintID] ?? el["constant"].flatMap(Double.init) ?? 0
            guard constant.isFinite else { continue }
            let first = el["firstItem"] ?? superID, second = el["secondItem"]
            let edge: Double
            if first == id, second == superID { edge = extent * fraction + constant }
            else if first == superID, second == id { edge = extent * fraction - constant }
            else { continue }
            return edge - length * fraction
        }
        return nil
    }
}
