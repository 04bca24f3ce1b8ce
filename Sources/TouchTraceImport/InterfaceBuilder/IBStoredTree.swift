import TouchTraceEngine

/// The document's view tree with its stored frames and flags, for deciding what Xcode shows
/// tappable without TouchTrace's layout.
struct IBStoredTree {
    let doc: IBDocument
    /// For `childViews(of:)` (the subviews, cells and content views the importer reads, with
    /// the size-class variations it resolves).
    let importer: IBImport
    var tree: XMLTree { doc.tree }

    /// The nearest view element above `e`, or nil at a unit's root.
    func superview(_ e: Int) -> Int? {
        if tree[e]["key"] == "view", let p = tree[e].parent, IBVocabulary.controllers.contains(tree[p].name) { return nil }
        var p = tree[e].parent
        while let c = p {
            if doc.isView(c) { return c }
            if IBVocabulary.controllers.contains(tree[c].name) || tree[c].name == "objects" { return nil }
            p = tree[c].parent
        }
        return nil
    }

    /// The view's stored frame in its root's coordinates (scroll views at offset zero); the root's
    /// own at the origin, as its subviews' are measured from it (a root Xcode 7 stored at y 64,
    /// below its bar, was hit-tested 64 pt below its centre).
    func rootFrame(_ e: Int) -> Rect? {
        guard var r = doc.frame(of: e) else { return nil }
        if superview(e) == nil { r.origin = .zero }
        var v = e
        while let s = superview(v) {
            guard let f = doc.frame(of: s) else { return nil }
            if superview(s) != nil {
                r.origin.x += f.minX
                r.origin.y += f.minY
            }
            v = s
        }
        return r
    }

    /// The view itself or the nearest view above it that Xcode marks `ambiguous="YES"`: its
    /// constraints do not determine its frame, so its stored frame (and those of the views in
    /// it) are Xcode's guess, not where the app puts it.
    func ambiguousAncestor(_ e: Int) -> Int? {
        var v: Int? = e
        while let c = v {
            if tree[c]["ambiguous"] == "YES" { return c }
            v = superview(c)
        }
        return nil
    }

    func interactive(_ e: Int) -> Bool {
        let el = tree[e]
        if el["hidden"] == "YES" { return false }
        if let a = el["alpha"].flatMap(Double.init), a < 0.01 { return false }
        let cls = doc.viewClass(of: e)
        if let u = el["userInteractionEnabled"] { return u == "YES" }
        return cls.defaultUserInteractionEnabled
    }

    /// Why the document shows the view untappable at its centre, or nil when a hit test over
    /// the stored frames ends at it (or inside it).
    func untappable(_ e: Int, control: Bool, recognizer: Bool) -> String? {
        if control, tree[e]["enabled"] == "NO" { return "disabled" }
        guard let frame = rootFrame(e) else { return "no stored frame" }
        let point = Point(x: frame.midX, y: frame.midY)
        var chain: [Int] = []
        var v: Int? = e
        while let c = v {
            chain.append(c)
            v = superview(c)
        }
        for c in chain {
            if !interactive(c) { return tree[c]["hidden"] == "YES" ? "hidden" : "not interactive (itself or an ancestor)" }
            if c != e, let f = rootFrame(c), superview(c) != nil, !f.contains(point) { return "outside an ancestor's bounds" }
            if let root = chain.last, c == root, let f = doc.frame(of: c), !Rect(origin: .zero, size: f.size).contains(point) {
                return "outside the root view"
            }
        }
        guard let root = chain.last, let hit = hitTest(root, point) else { return "nothing hit" }
        var h: Int? = hit
        while let c = h {
            if c == e { return nil }
            // G4: a control inside a view with a tap recognizer takes the tap.
            if recognizer, doc.viewClass(of: c).isControl { return "a control inside takes the tap (G4)" }
            h = superview(c)
        }
        return "covered by a view drawn over it"
    }

    /// A hit test over stored frames and flags (H1–H4, H7), front to back.
    func hitTest(_ e: Int, _ point: Point) -> Int? {
        guard interactive(e) else { return nil }
        let cls = doc.viewClass(of: e)
        if cls.isControl, tree[e]["enabled"] == "NO" { return nil }
        guard let f = superview(e) == nil ? doc.frame(of: e).map({ Rect(origin: .zero, size: $0.size) }) : rootFrame(e), f.contains(point) else { return nil }
        for child in importer.childViews(of: e).reversed() {
            if let hit = hitTest(child, point) { return hit }
        }
        return e
    }
}
