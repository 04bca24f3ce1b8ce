import TouchTraceEngine

extension IBImport {
    /// The side margins a freestanding xib cell may have on the canvas of Xcode 9.3 to 11:
    /// 15 pt (OctoPod, 316 pt wide), 16 (MAGE, 343 pt with a disclosure indicator) and 20
    /// (RileyLink, two cells 600 pt wide), as their stored frames show.
    static let freestandingCellSideCandidates: [Double] = [15, 16, 20]

    /// Rule L6-freestanding-cell-margins-read-off-stored-frames (issue 23, the twentieth round):
    /// in a xib saved by Xcode 9.3 to 11 (tools versions 13000 to 16999), the side margin Xcode's
    /// canvas gave a freestanding cell (a top-level `<tableViewCell>`, in no table) is not one
    /// value: three projects store 15, 16 and 20 pt, and no UIKit document states it. What Xcode
    /// did is in the document: the stored frames of the content view's direct subviews pinned by
    /// a required equality to its `leadingMargin` or `trailingMargin` (the trailing side left out
    /// when the cell shows an accessory: rule L6-cell-accessory-trailing-margin-before-xcode26;
    /// views Xcode marks misplaced or ambiguous left out). Returns the one of
    /// ``freestandingCellSideCandidates`` those frames imply, all of them within 0.5 pt of it;
    /// nil when none is pinned, they disagree or imply another value (``cellMargins(tools:)``'s
    /// 15 then stands). `e` is the cell's element or its content view's.
    func freestandingCellStoredSide(cellElement e: Int?) -> Double? {
        guard let pins = freestandingCellSidePins(cellElement: e), let first = pins.implied.first,
            let candidate = Self.freestandingCellSideCandidates.first(where: { abs($0 - first) <= 0.5 }),
            pins.implied.allSatisfy({ abs($0 - candidate) <= 0.5 })
        else { return nil }
        return candidate
    }

    /// The side margins the stored frames imply for a freestanding cell of tools version 13000 to
    /// 16999 (see ``freestandingCellStoredSide(cellElement:)``), and whether any constraint pins a
    /// direct subview of its content view to a side margin the cell's margins decide (`pinned`,
    /// misplaced and ambiguous views included; not the trailing one of a cell with an accessory,
    /// which has the accessory's 8 pt); nil for any other element or document.
    func freestandingCellSidePins(cellElement e: Int?) -> (pinned: Bool, implied: [Double])? {
        guard doc.kind == .xib, doc.toolsVersion >= 13000, doc.toolsVersion < Self.xcode12Tools, let e else { return nil }
        let cell = tree[e].name == "tableViewCellContentView" ? tree[e].parent : e
        guard let cell, tree[cell].name == "tableViewCell", let holder = tree[cell].parent, tree[holder].name == "objects",
            let content = tree.child(of: cell, key: "contentView"), let contentID = tree[content]["id"],
            let width = doc.frame(of: content)?.size.width,
            let list = tree.child(of: content, named: "constraints")
        else { return nil }
        let accessory = Self.showsAccessory(tree, cell: cell)
        var subviews: Set<String> = []
        var frames: [String: Rect] = [:]
        for s in tree.child(of: content, named: "subviews").map({ tree[$0].children }) ?? [] {
            guard let id = tree[s]["id"] else { continue }
            subviews.insert(id)
            if tree[s]["misplaced"] != "YES", tree[s]["ambiguous"] != "YES", let f = doc.frame(of: s) { frames[id] = f }
        }
        var pinned = false
        var implied: [Double] = []
        for c in tree.children(of: list, named: "constraint") {
            let el = tree[c]
            let first = el["firstItem"] ?? contentID, second = el["secondItem"] ?? contentID
            let fa = el["firstAttribute"] ?? "", sa = el["secondAttribute"] ?? ""
            let sub = first == contentID ? second : first
            let margin = first == contentID ? fa : sa
            guard sub != contentID, subviews.contains(sub), (first == contentID) != (second == contentID),
                margin == "leadingMargin" || (margin == "trailingMargin" && !accessory)
            else { continue }
            pinned = true
            guard el["relation"] == nil, (el["priority"].flatMap(Double.init) ?? 1000) == 1000, (el["multiplier"] ?? "1") == "1",
                let constant = Double(el["constant"] ?? "0"), constant.isFinite, let f = frames[sub]
            else { continue }
            // first = second + constant.
            if first != contentID {
                if fa == "leading", sa == "leadingMargin" { implied.append(f.minX - constant) }
                if fa == "trailing", sa == "trailingMargin", !accessory { implied.append(width - f.maxX + constant) }
            } else {
                if fa == "leadingMargin", sa == "leading" { implied.append(f.minX + constant) }
                if fa == "trailingMargin", sa == "trailing", !accessory { implied.append(width - f.maxX - constant) }
            }
        }
        return (pinned, implied)
    }

    /// Rule L6-freestanding-cell-margins-read-off-stored-frames, said: a freestanding cell of
    /// Xcode 9.3 to 11 whose subviews are pinned to its content view's side margins, where the
    /// stored frames imply none of the measured values (they disagree, imply another, or every
    /// pinned view is marked misplaced or ambiguous), is laid out with the era's 15 pt, a guess.
    mutating func warnFreestandingCellSide(_ e: Int) {
        guard let pins = freestandingCellSidePins(cellElement: e), pins.pinned, freestandingCellStoredSide(cellElement: e) == nil else { return }
        warn(
            .layoutApproximated, e,
            "\(describe(e)) is a freestanding cell saved by Xcode 9.3 to 11 whose subviews are constrained to its content view's side margins, and its stored frames do not say which margin Xcode's canvas gave it (15, 16 and 20 pt in three projects measured); laid out here with 15",
            lost: "the side margin Xcode's canvas gave the cell, where it is not 15 pt")
    }
}
