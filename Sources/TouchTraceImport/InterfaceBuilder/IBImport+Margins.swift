import TouchTraceEngine

extension IBImport {
    /// Fixes the layout margins the scene states, from UIKit's rules that the scene format has
    /// no field for, evaluated once on the stored frames (top-down):
    /// - a view controller's root view has at least the system minimum margins (16 or 20 pt at
    ///   the sides, 0 at the top and bottom: `systemMinimumLayoutMargins`) unless its controller
    ///   sets `viewRespectsSystemMinimumLayoutMargins` to NO;
    /// - `insetsLayoutMarginsFromSafeArea` (default YES) measures the margins from the view's
    ///   safe area (the safe-area insets, derived as TouchTrace derives them, are added);
    /// - `preservesSuperviewLayoutMargins` raises each margin to what is left of the
    ///   superview's margin past the view's edge.
    /// Only views whose margins a constraint reads get the field; with `preserves…` or readable
    /// width involved, the result is marked approximated (it does not follow later resizes).
    mutating func resolveMargins() {
        var parent: [Int: Int] = [:]
        for v in document.reachable { for s in document.views[v].subviews { parent[s] = v } }
        var effective: [Int: EdgeInsets] = [:]
        var safe: [Int: EdgeInsets] = [:]
        // Views inside a scroll view move with its content: their margins are not adjusted to
        // the safe area (a table inset its cells' content by the safe area at the sides only).
        var inScroll: Set<Int> = []
        let elementOf = Dictionary(viewElements.map { ($0.view, $0.element) }, uniquingKeysWith: { a, _ in a })
        for v in document.reachable {
            let draft = document.views[v]
            let frame = draft.frame ?? .zero
            let p = parent[v]
            // Safe-area insets from the stored frames (docs/autolayout.md's rule).
            let parentSafe = p.flatMap { safe[$0] } ?? .zero
            let parentSize = p.flatMap { document.views[$0].frame?.size } ?? frame.size
            let mySafe = draft.safeAreaInsets ?? (p == nil ? .zero : EdgeInsets(
                top: min(max(0, parentSafe.top - frame.minY), frame.size.height),
                left: min(max(0, parentSafe.left - frame.minX), frame.size.width),
                bottom: min(max(0, frame.maxY - (parentSize.height - parentSafe.bottom)), frame.size.height),
                right: min(max(0, frame.maxX - (parentSize.width - parentSafe.right)), frame.size.width)))
            safe[v] = mySafe
            let e = elementOf[v]
            let el = e.map { tree[$0] }
            if let e, p != nil, !inScroll.contains(v) { adjustContentInset(v, element: e, safe: mySafe) }
            if let p, inScroll.contains(p) || document.views[p].viewClass.isScrollView { inScroll.insert(v) }
            var m = draft.layoutMargins ?? draft.directionalLayoutMargins.map {
                EdgeInsets(top: $0.top, left: $0.leading, bottom: $0.bottom, right: $0.trailing)
            } ?? Self.defaultMargins
            var changed = false
            // On Xcode's canvas (tools version 13000 and later), a xib's top-level view, not a
            // cell, has the margins of a controller's root view, whether or not File's Owner
            // shows it: 0 at the top and bottom, the system minimum at the sides (measured:
            // docs/import-ib.md, "Files nobody here had seen").
            let canvasTopLevel = options.canvas && doc.kind == .xib && doc.toolsVersion >= Self.xibTopLevelRootMarginsTools
                && draft.viewController == nil && p.map { document.views[$0].viewClass == .UIWindow } == true
                && el.map { !Self.cellElements.contains($0.name) } == true
            if canvasTopLevel {
                let system = IBDevice.rootMargins(width: frame.size.width)
                m = draft.layoutMargins != nil || draft.directionalLayoutMargins != nil
                    ? EdgeInsets(top: max(m.top, system.top), left: max(m.left, system.left), bottom: max(m.bottom, system.bottom), right: max(m.right, system.right))
                    : system
                changed = true
            }
            if let c = draft.viewController, respectsSystemMargins(controllerID: c.sourceID) {
                let system = IBDevice.rootMargins(width: document.views[document.windows[0]].frame?.size.width ?? frame.size.width)
                let given = draft.layoutMargins != nil || draft.directionalLayoutMargins != nil
                m = given
                    ? EdgeInsets(top: max(m.top, system.top), left: max(m.left, system.left), bottom: max(m.bottom, system.bottom), right: max(m.right, system.right))
                    : system
                changed = true
            }
            if el?.name == "tableViewCell" || el?.name == "tableViewCellContentView", draft.layoutMargins == nil,
                draft.directionalLayoutMargins == nil, let cell = Self.cellMargins(tools: doc.toolsVersion)
            {
                // A table view gives its cells and their content views its own margins; a table
                // that is a controller's root view, or is laid in one with safe areas, has at least
                // the root's system minimum; a freestanding cell of Xcode 9.3 to 11 has the side margin its stored frames show.
                let side = max(freestandingCellStoredSide(cellElement: e) ?? cell.side, rootTableSystemSide(cellElement: e) ?? 0)
                m = EdgeInsets(top: cell.vertical, left: side, bottom: cell.vertical, right: side)
                if el?.name == "tableViewCellContentView", let trailing = Self.accessoryTrailingMargin(tools: doc.toolsVersion),
                    let ce = e, let c = tree[ce].parent, Self.showsAccessory(tree, cell: c)
                {
                    m.right = trailing
                }
                changed = true
            }
            if el?["insetsLayoutMarginsFromSafeArea"] != "NO", mySafe != .zero, p != nil, !inScroll.contains(v) {
                m = EdgeInsets(top: m.top + mySafe.top, left: m.left + mySafe.left, bottom: m.bottom + mySafe.bottom, right: m.right + mySafe.right)
                changed = true
            }
            var approximated: (message: String, lost: String)?
            // A root or top-level view's superview as the app runs is the window, or a view UIKit
            // puts between the window and a controller's view (a navigation controller's
            // `UIViewControllerWrapperView`, a presentation's container): a UIView whose margins
            // are UIView's 8 pt measured from its safe area (`insetsLayoutMarginsFromSafeArea`,
            // YES by default), the window's: the device's unsafe edges, not the bars a container
            // controller adds to its child's safe area only (rule
            // L6-root-superview-margins-inset-from-the-safe-area: AltStore's root in a navigation
            // controller is stored 42 pt above the bottom, 34 + 8; the eleventh unseen round).
            let rootSuperview = p.map { document.views[$0].viewClass == .UIWindow || elementOf[$0].map({ tree[$0].name.hasSuffix("Controller") }) ?? true } ?? false
            let superviewMargins = rootSuperview
                ? EdgeInsets(
                    top: Self.defaultMargins.top + screenUnsafe.top, left: Self.defaultMargins.left + screenUnsafe.left,
                    bottom: Self.defaultMargins.bottom + screenUnsafe.bottom, right: Self.defaultMargins.right + screenUnsafe.right)
                : p.flatMap { effective[$0] }
            // Content scrolls: its distance to the scroll view's edges is not fixed (a table sets
            // its cells' margins itself, above).
            if el?["preservesSuperviewLayoutMargins"] == "YES", let p, !document.views[p].viewClass.isScrollView, let pm = superviewMargins {
                let preserved = EdgeInsets(
                    top: max(m.top, pm.top - frame.minY), left: max(m.left, pm.left - frame.minX),
                    bottom: max(m.bottom, pm.bottom - (parentSize.height - frame.maxY)),
                    right: max(m.right, pm.right - (parentSize.width - frame.maxX)))
                if preserved != m {
                    m = preserved
                    changed = true
                    approximated = (
                        "preservesSuperviewLayoutMargins: the margins are taken from the superview's as laid out in the document",
                        "margins that follow the superview's when it changes")
                }
                if rootSuperview {
                    // That superview is not in the document: what the import takes for it is said.
                    approximated = (
                        "preservesSuperviewLayoutMargins: the view preserves its superview's margins, and its superview as the app runs is the window or a view UIKit puts between the window and a controller's view (a navigation controller's wrapper, a presentation's container), whose margins the document does not state; the import takes UIView's 8 pt measured from the safe area (the device's unsafe edges), and keeps the view's own where they are larger",
                        "the margins of the superview the app gives the view")
                }
            } else if el?["preservesSuperviewLayoutMargins"] == "YES", let p, elementOf[p].map({ tree[$0].name }) == "scrollView",
                let pm = superviewMargins, marginsRead.contains(draft.id),
                pm.left - frame.minX > m.left || pm.right - (parentSize.width - frame.maxX) > m.right, let e
            {
                // A scroll view's content keeps its own margins here, while Xcode's canvas raises
                // its side margins to the scroll view's (eRouska's scroll content, 20 pt on a
                // 414 pt screen: one project, the twenty-sixth round); said, not modelled.
                warn(.layoutApproximated, e,
                    "preservesSuperviewLayoutMargins: the view is a scroll view's content and keeps its own margins; the import does not raise them to the scroll view's, which Xcode's canvas does at the sides",
                    lost: "margins taken from the scroll view")
            }
            effective[v] = m
            // A stack view that arranges relative to its margins reads them too.
            let stackReads = draft.stack?.layoutMarginsRelativeArrangement == true
            guard changed, marginsRead.contains(draft.id) || stackReads else { continue }
            document.views[v].layoutMargins = m
            document.views[v].directionalLayoutMargins = nil
            if let approximated, let e {
                warn(.layoutApproximated, e, approximated.message, lost: approximated.lost)
            }
        }
    }

    /// `contentInsetAdjustmentBehavior` `.automatic` (the default since iOS 11): a table or
    /// collection view, or a scroll view, whose frame reaches under the bars or the screen's
    /// unsafe edges gets those overlaps as its adjusted content inset at the top and bottom, and
    /// starts scrolled to the top of its content (`contentOffset.y = -top`), so that its first
    /// rows sit below the navigation bar as Xcode's canvas shows them (S3, S4). Not when the
    /// scroll view says `never` or its controller `automaticallyAdjustsScrollViewInsets="NO"`.
    mutating func adjustContentInset(_ v: Int, element e: Int, safe: EdgeInsets) {
        guard document.views[v].viewClass.isScrollView, document.views[v].viewClass != .UITextView, safe.top > 0 || safe.bottom > 0,
            tree[e]["contentInsetAdjustmentBehavior"] != "never"
        else { return }
        if let c = doc.enclosingController(of: e), tree[c]["automaticallyAdjustsScrollViewInsets"] == "NO" { return }
        var scroll = document.views[v].scroll ?? ScrollDraft()
        scroll.contentInset = EdgeInsets(top: safe.top, left: 0, bottom: safe.bottom, right: 0)
        if safe.top > 0 { scroll.contentOffset = Point(x: 0, y: -safe.top) }
        document.views[v].scroll = scroll
    }

    /// The layout margins of a table view cell and its content view on Xcode's canvas, by the
    /// tools version that saved the document, measured from the corpus's constraints to content
    /// views' margins (docs/import-ib.md, "Cell margins"): UIView's default 8 pt before Xcode 9.3
    /// (tools versions below 13000: 21 constraints in 4 projects); 15 pt at the sides and 11 above
    /// and below in Xcode 9.3 to 11 (13000 to 16999, the iOS 11.3 to 13 SDKs: rule
    /// L6-cell-margins-15-before-xcode-12, below); 16 and 11 from Xcode 12 (17000 to 23999, the
    /// iOS 14 SDK on; 375 and 414 pt wide screens alike); 20 and 15 in Xcode 26 (24000 and
    /// later: 29 constraints in 3 projects). A cell of a controller's root table gets at least
    /// the root's system minimum on top of these (`rootTableSystemSide(cellElement:)`). Nil:
    /// the default.
    ///
    /// Rule L6-cell-margins-15-before-xcode-12, measured: every required equality from a cell's
    /// content view's leading or trailing margin to a direct subview, in the shared corpus and
    /// unseen rounds 11 to 19, read off the stored frames (docs/import-ib.md, "Cell margins of 15
    /// pt before Xcode 12"). Under tools 13000 to 16999 the cells of tables that are not a
    /// controller's root view, and freestanding xib cells, are stored 15 pt in: RxFlow (16096, a
    /// table laid in a root view, both sides), OctoPod (16096, a xib cell), and in earlier rounds
    /// LoopKit (16097.3, a xib cell) and ReseauEntourage (13771); the only cells of that era
    /// stored at 16 are in root tables (QuickBlox 13771, mercadopago 16097), where the system
    /// minimum decides. From 17701 on such cells are stored at 16 (QuickBlox, ONLYOFFICE, Pocket
    /// Casts, iNaturalist). No UIKit document states these values: the rule rests on the
    /// measurement. The border between 16097.3 and 17701 is not measured: 17000 is Xcode 12's
    /// first tools version. The twentieth round found freestanding xib cells of the era at 16
    /// and 20 too (MAGE, RileyLink): theirs is read off their stored frames
    /// (`freestandingCellStoredSide(cellElement:)`), and the 15 for cells of a table laid in a
    /// view rests on RxFlow's alone.
    static func cellMargins(tools: Double) -> (side: Double, vertical: Double)? {
        if tools < 13000 { return nil }
        if tools < xcode12Tools { return (15, 11) }
        if tools >= IBBars.xcode26Tools, tools < IBScreen.unreleasedTools { return (20, 15) }
        return (16, 11)
    }

    /// Xcode 12's first tools version (the iOS 14 SDK): cells' canvas margins become 16 pt.
    static let xcode12Tools = 17000.0

    /// The trailing layout margin of a cell's content view when the cell shows an accessory, on
    /// Xcode's canvas, by the tools version that saved the document: 8 pt, UIView's default,
    /// whenever the cell's margins are the table's (tools version 13000 and later). The content
    /// view ends where the accessory begins, so the cell's trailing margin does not reach into it
    /// and preserving its superview's margins leaves it its own (UIKit's
    /// `preservesSuperviewLayoutMargins`). Measured: every constraint to such a content view's
    /// trailing margin, 6 views of 2 projects in Xcode 26 (tools versions 24506 and 24765, against
    /// 20 pt for the cells without an accessory in the same files), and rule
    /// L6-cell-accessory-trailing-margin-before-xcode26: ReseauEntourage's disclosure-indicator
    /// cell (tools version 13771, the ninth unseen round), 8 pt where the cell's margin is 15–16;
    /// none of the corpus or rounds 3–8 stores another value for such a cell. Nil before 13000:
    /// every margin is UIView's 8 there already.
    static func accessoryTrailingMargin(tools: Double) -> Double? {
        tools >= 13000 && tools < IBScreen.unreleasedTools ? 8 : nil
    }

    /// Whether a table view cell shows an accessory: a standard one (`accessoryType` other than
    /// `none`) or a view of its own (`<view key="accessoryView">`).
    static func showsAccessory(_ tree: XMLTree, cell: Int) -> Bool {
        if let type = tree[cell]["accessoryType"], type != "none" { return true }
        return tree.child(of: cell, key: "accessoryView") != nil
    }

    /// From this tools version on (Xcode 9, iOS 11: safe areas and `systemMinimumLayoutMargins`)
    /// Xcode's canvas gives a xib's top-level view a root view's margins. Measured at 17156
    /// (SwiftMessages' card: 20 pt at the sides, 0 + the housing's 44 at the top) and 32700
    /// (wikipedia-ios' find bar: 0 at the bottom); Xcode 7 (10117, SwiftMessages' dialog) gave
    /// UIView's 8 pt. The border between 10117 and 17156 is not measured: 13000 is the release
    /// that brought the system minimum margins.
    static let xibTopLevelRootMarginsTools = 13000.0

    /// The side margin of a cell's table when that table is a view controller's root view
    /// (`<tableView key="view">` of a table view controller or a view controller) whose controller
    /// respects the system minimum margins: UIKit gives a controller's root view at least
    /// `systemMinimumLayoutMargins` (16 pt at the sides on screens narrower than 414 pt, 20 on
    /// wider), and a table view lays out its cells' content with its own layout margins. Nil for a
    /// table laid in another view (but see below: a root view with safe areas), a freestanding
    /// cell and a controller that sets `viewRespectsSystemMinimumLayoutMargins` to NO: those keep
    /// `cellMargins(tools:)`.
    /// Measured (rule L6-cell-margins-of-a-controller-s-root-table-follow-the-system-minimum,
    /// docs/import-ib.md, "Layout margins"): on 414 pt screens, 20 pt in the cells of root tables
    /// in twilio (17506), RevenueCat (17506), iNaturalist (22154) and NetNewsWire (24765), 16 in
    /// the cells of iNaturalist's table laid in a root view (12 constraints).
    ///
    /// A table laid in a controller's root view (a direct subview of it) gets the same minimum
    /// when safe areas are on for that root view (the document's `useSafeAreas`, or the root's
    /// own `<viewLayoutGuide key="safeArea">`, as for the screen's insets): rule
    /// L6-cell-margins-of-a-table-laid-in-a-root-view-with-safe-areas. Measured, not documented:
    /// on 414 pt screens, 20 pt in the cells of Threema's two tables (22154, the eighteenth
    /// round) and nRF Toolbox's service list (14490.70, the twenty-second), all three in
    /// safe-area documents; iNaturalist's table (22154), in a document without safe-area guides,
    /// stays at the era's 16 (docs/import-ib.md, "A twenty-second round").
    func rootTableSystemSide(cellElement e: Int?) -> Double? {
        var table = e.flatMap { tree[$0].parent }
        while let t = table, tree[t].name != "tableView" { table = tree[t].parent }
        guard let table else { return nil }
        var owner = tree[table].parent
        if tree[table]["key"] != "view" {
            guard let list = owner, tree[list].name == "subviews", let root = tree[list].parent, tree[root]["key"] == "view",
                doc.useSafeAreas || tree.child(of: root, named: "viewLayoutGuide", key: "safeArea") != nil
            else { return nil }
            owner = tree[root].parent
        }
        guard let owner, tree[owner].name.hasSuffix("Controller"), respectsSystemMargins(controllerID: tree[owner]["id"]),
            let width = document.windows.first.flatMap({ document.views[$0].frame?.size.width })
        else { return nil }
        return IBDevice.rootMargins(width: width).left
    }

    func respectsSystemMargins(controllerID: String?) -> Bool {
        guard let id = controllerID, let e = doc.elementsByID[id] else { return true }
        return tree[e]["viewRespectsSystemMinimumLayoutMargins"] != "NO"
    }
}
