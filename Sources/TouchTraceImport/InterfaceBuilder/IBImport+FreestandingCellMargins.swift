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
    /// did is in the document: the stored frames of the content view's subviews pinned by
    /// a required equality to its `leadingMargin` or `trailingMargin` (the trailing side left out
    /// when the cell shows an accessory: rule L6-cell-accessory-trailing-margin-before-xcode26;
    /// views Xcode marks misplaced or ambiguous left out). Returns the one of
    /// ``freestandingCellSideCandidates`` those frames imply, all of them within 0.5 pt of it;
    /// nil when none is pinned, they disagree or imply another value (``cellMargins(tools:)``'s
    /// 15 then stands). `e` is the cell's element or its content view's.
    func freestandingCellStoredSide(cellElement e: Int?) -> Double? {
        guard let pins = freestandingCellSidePins(cellElement: e), !pins.disagree, pins.implied.count == 1 else { return nil }
        return pins.implied.first
    }

    /// What the stored frames say of a freestanding cell's side margins, for tools versions 13000
    /// to 16999 (see ``freestandingCellStoredSide(cellElement:)``), read as
    /// ``storedGuideEdge(_:guideID:guideEdge:edge:candidates:)`` reads a safe area's edge, with
    /// the content view's `leadingMargin` and `trailingMargin` for the guide (not the trailing one
    /// of a cell with an accessory, which has the accessory's 8 pt); nil for any other element or
    /// document.
    func freestandingCellSidePins(cellElement e: Int?) -> (implied: Set<Double>, disagree: Bool, pinned: Bool)? {
        guard doc.kind == .xib, doc.toolsVersion >= 13000, doc.toolsVersion < Self.xcode12Tools, let e else { return nil }
        let cell = tree[e].name == "tableViewCellContentView" ? tree[e].parent : e
        guard let cell, tree[cell].name == "tableViewCell", let holder = tree[cell].parent, tree[holder].name == "objects",
            let content = tree.child(of: cell, key: "contentView"), let contentID = tree[content]["id"]
        else { return nil }
        let sides = Self.showsAccessory(tree, cell: cell) ? ["leading"] : ["leading", "trailing"]
        var result: (implied: Set<Double>, disagree: Bool, pinned: Bool) = ([], false, false)
        for side in sides {
            let read = storedGuideEdge(content, guideID: contentID, guideEdge: side + "Margin", edge: side, candidates: Self.freestandingCellSideCandidates)
            result = (result.implied.union(read.implied), result.disagree || read.disagree, result.pinned || read.pinned)
        }
        return result
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
