import TouchTraceEngine

extension IBImport {
    /// Imports a storyboard scene's controller into a window of the device's size (R1: the
    /// controller owns its root view; containers hold their child's view and their bars).
    mutating func importStoryboardUnit(_ unit: IBDocument.Unit) {
        let controller = unit.element
        let rootFrame = doc.rootView(of: controller).flatMap { doc.frame(of: $0) }
        let screen = IBScreen(doc: doc, canvas: options.canvas, unitRoot: rootFrame)
        // Without a device, the screen is what the root view's frame spans from the top (its
        // origin is below the bars when they are opaque); a container without a root view of its
        // own (a navigation or tab bar controller) spans what its first child's does, as that
        // child's own scene does (RxDataSources' Xcode 7 "Any" canvas: 600 × 600, not 375 × 667).
        let spanned = rootFrame ?? (screen == nil ? childRootFrame(of: controller) : nil)
        var size = screen?.size ?? spanned.map { Size(width: $0.maxX, height: $0.maxY) } ?? Size(width: 375, height: 667)
        // A freeform root view (Xcode's "Simulated Size: Freeform", or a root wider or taller
        // than the screen): the canvas is that size, with the device's unsafe edges; the app
        // gives the controller's view the window's size (`placeRoot`).
        if options.canvas, screen != nil, let root = rootFrame, root.size.width > 0, root.size.height > 0,
            tree.child(of: controller, key: "freeformSimulatedSizeMetrics") != nil
                || abs(root.size.width - size.width) > 0.5 || root.size.height > size.height + 0.5
        {
            size = root.size
        }
        let barsOf = IBBars(doc: doc)
        let context = barsOf.inferredContext()
        var bars = barsOf.bars(of: controller, context: context)
        // A controller pushed in a sheet (its root is a sheet's height): Xcode 11 and later
        // infer no navigation bar for it (QuickBlox's and Corona-Warn-App's pushed sheets).
        if bars.pushedOnly, doc.toolsVersion >= 15000, let root = rootFrame, let screen, root.size.height < screen.size.height,
            screen.size.height - root.size.height <= Self.maxSheetGap, abs(root.size.width - screen.size.width) <= 0.5
        {
            bars.top = 0
        }
        unitContext = context[controller]
        unitNavigationBar = unitContext?.navigation
            .flatMap { tree.child(of: $0, key: "navigationBar") }.flatMap { doc.frame(of: $0) }
        unitContainer = embeddingContainer(of: controller)
        unitBarReadOffFrames = nil
        func insets(_ screen: IBScreen?) -> EdgeInsets {
            var insets = screen?.insets ?? EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
            // A document without a device hides the status bar it simulates "none" (documents
            // with a device keep the top layout guide at the status bar's height: RxFlow's three
            // storyboards, IBAnimatable's presentations).
            if doc.device == nil, doc.deviceID == nil, hasHiddenStatusBar(controller) { insets.top = 0 }
            insets.top += bars.top
            insets.bottom += bars.bottom
            return insets
        }
        if options.canvas, let bar = navigationBarReadOffFrames(of: controller, bars: bars, size: size, root: rootFrame, top: insets(screen).top) {
            bars.top = bar
            unitBarReadOffFrames = bar
        }
        let window = addWindow(size: size, insets: insets(screen), sourceElement: nil)
        warnUnstatedUnsafeEdges(of: controller, screen: screen, statusBar: insets(screen).top - bars.top)
        unitBars = bars
        screenUnsafe = screen?.insets ?? .zero
        canvasInsets = options.canvas ? windowInsets : insets(IBScreen(doc: doc, canvas: true, unitRoot: rootFrame))
        let root = importController(controller, into: window, frame: Rect(origin: .zero, size: size))
        addNavigationBar(for: controller, window: window, root: root)
    }

    /// Rule L6-inferred-navigation-bar-from-its-stored-frames (issue 23), canvas only: a
    /// controller with a navigation item that nothing in the document shows in a navigation
    /// controller (``navigationItemShownInNoBar(_:top:)``) is drawn by Xcode's canvas below a
    /// navigation bar in some files and without one in others, with no attribute that separates
    /// them (Provenance's details, sentry's metrics and one of WinObjC's two against GoMap,
    /// seafile, IQKeyboardManager and a dozen more projects). The document records which: the
    /// stored frames of the views pinned to the top of its safe area (a top layout guide's bottom
    /// without safe areas), read as ``storedGuideInset(_:guideID:guideEdge:edge:candidates:)``
    /// does. When they all agree on the window's top inset (`top`) plus the bar the canvas would
    /// draw (the era's height, with a prompt's 30 pt when the item has one), the bar's height;
    /// nil otherwise (no bar, no view stating it, or a root that is not the screen's size).
    func navigationBarReadOffFrames(of controller: Int, bars: IBBars.Heights, size: Size, root: Rect?, top: Double) -> Double? {
        guard let item = navigationItemShownInNoBar(controller, top: bars.top), let root,
            abs(root.size.width - size.width) <= 0.5, abs(root.size.height - size.height) <= 0.5,
            let rootElement = doc.rootView(of: controller)
        else { return nil }
        // A navigation bar's standard height (large titles need the navigation controller's
        // `prefersLargeTitles`, which no such document states); a prompt adds its line above.
        let bar = IBBars(doc: doc).defaultNavigationBar + (tree[item]["prompt"].map { $0.isEmpty ? 0 : IBBars.promptHeight } ?? 0)
        let candidates = [top, top + bar]
        let stated: Double?
        if let guide = tree.child(of: rootElement, named: "viewLayoutGuide", key: "safeArea"), let id = tree[guide]["id"] {
            stated = storedGuideInset(rootElement, guideID: id, guideEdge: "top", edge: "top", candidates: candidates).inset
        } else if let guides = tree.child(of: controller, named: "layoutGuides"),
            let guide = tree.children(of: guides, named: "viewControllerLayoutGuide").first(where: { tree[$0]["type"] == "top" }),
            let id = tree[guide]["id"]
        {
            stated = storedGuideInset(rootElement, guideID: id, guideEdge: "bottom", edge: "top", candidates: candidates).inset
        } else {
            stated = nil
        }
        return stated == top + bar ? bar : nil
    }

    /// Where a storyboard controller's root view lies in the space its container gives it:
    /// Xcode stores a root view at (0, 0) with the size it has on the canvas, which is the
    /// screen less the opaque bars it is laid out between (UIKit's `edgesForExtendedLayout`
    /// with `extendedLayoutIncludesOpaqueBars` false), or a sheet's size (a controller presented
    /// as a page sheet sits at the bottom of the screen), or a freeform size. The root is placed
    /// below the opaque top bars, at the bottom for a sheet; as the app runs (not `canvas`) the
    /// space between opaque bars is the device's, and a freeform root gets the whole space
    /// (UIKit sizes a controller's view to its window or container), with `frameReplaced`.
    mutating func placeRoot(_ view: Int, element: Int, space: Rect) {
        guard let stored = document.views[view].frame else { return }
        let w = space.size.width, h = space.size.height
        let top = unitBars.top > 0 ? canvasInsets.top : 0
        let bottom = unitBars.bottom > 0 ? canvasInsets.bottom : 0
        let appTop = unitBars.top > 0 ? windowInsets.top : 0
        let appBottom = unitBars.bottom > 0 ? windowInsets.bottom : 0
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.5 }
        if !options.canvas, let container = unitContainer {
            placeEmbeddedRoot(view, element: element, stored: stored.size, container: container, space: space)
            return
        }
        var placed = Rect(x: space.minX, y: space.minY, width: stored.size.width, height: stored.size.height)
        // A size that is neither the window's nor a sheet's: a freeform simulated size.
        var freeform = !near(stored.size.width, w)
        if !freeform {
            let fits = [(top, bottom, appTop, appBottom), (top, 0, appTop, 0), (0, bottom, 0, appBottom), (0, 0, 0, 0)]
                .first { near(stored.size.height, h - $0.0 - $0.1) }
            if unitBars.opaqueTop || unitBars.opaqueBottom {
                // Bars the document says are opaque: the view lies between them (documents
                // before Xcode 9 store the whole screen's height all the same).
                let t = unitBars.opaqueTop ? top : 0, at = unitBars.opaqueTop ? appTop : 0
                let ab = unitBars.opaqueBottom ? appBottom : 0
                placed = options.canvas
                    ? Rect(x: space.minX, y: space.minY + t, width: w, height: stored.size.height)
                    : Rect(x: space.minX, y: space.minY + at, width: w, height: max(0, h - at - ab))
            } else if let (t, _, at, ab) = fits {
                placed = options.canvas
                    ? Rect(x: space.minX, y: space.minY + t, width: w, height: stored.size.height)
                    : Rect(x: space.minX, y: space.minY + at, width: w, height: max(0, h - at - ab))
                if t == 0, at == 0, near(stored.size.height, h) { placed.size.height = options.canvas ? stored.size.height : h }
            } else if stored.size.height < h, h - stored.size.height <= Self.maxSheetGap {
                // A page sheet: the screen less a strip at the top. Its safe area starts at the
                // top of the sheet, below its navigation bar when it has one (stored in the
                // sheet's coordinates), else where the screen's unsafe edge reaches into it.
                placed.origin.y = space.minY + h - stored.size.height
                var safe = EdgeInsets(
                    top: max(0, windowInsets.top - unitBars.top - placed.minY), left: windowInsets.left,
                    bottom: max(0, placed.maxY - (h - windowInsets.bottom)), right: windowInsets.right)
                if unitBars.top > 0 {
                    safe.top = unitNavigationBar.map { $0.maxY } ?? IBBars.sheetNavigationBar
                }
                if options.canvas {
                    // Rule L6-sheet-safe-area-from-its-stored-frames: which insets Xcode's canvas
                    // gives a sheet changed across releases (none at the top in Xcode 11, the status
                    // bar's in Xcode 14); the sheet's own stored frames say which.
                    if unitBars.top == 0, let inset = storedSafeAreaInset(element, edge: "top", candidates: [0, windowInsets.top]).inset {
                        safe.top = inset
                    }
                    if let inset = storedSafeAreaInset(element, edge: "bottom", candidates: [0, windowInsets.bottom]).inset {
                        safe.bottom = inset
                    }
                }
                document.views[view].safeAreaInsets = safe
            } else {
                freeform = true
            }
        }
        if freeform, !options.canvas {
            // Rule L5-freeform-root-between-opaque-bars: the space a freeform root gets is the
            // one any root gets, between opaque bars and under translucent ones
            // (`edgesForExtendedLayout` .all with `extendedLayoutIncludesOpaqueBars` false, UIKit's
            // defaults): 667 - 64 = 603 pt below an opaque navigation bar on a 4.7-inch phone. Its
            // safe area then starts at its top, so the bar is not counted again in its top layout
            // guide.
            let at = unitBars.opaqueTop ? appTop : 0, ab = unitBars.opaqueBottom ? appBottom : 0
            placed = Rect(x: space.minX, y: space.minY + at, width: w, height: max(0, h - at - ab))
            let controller = describe(doc.enclosingController(of: element) ?? element)
            let message: String
            if tree[element]["simulatedAppContext"] == "notificationCenter" {
                // A Today widget's or notification content extension's root (Xcode's simulated
                // context "Notification Center"): the host app sizes it, from the extension's
                // preferredContentSize or its constraints, not the window.
                message = "the root view of \(controller) is an app extension's (Notification Center: a Today widget or a notification content extension), stored at \(Self.format(stored.size)): the host sizes it at run time, not the window and not the document; it is imported at the window's size, \(Self.format(placed.size))"
            } else if at + ab > 0 {
                let bars = [unitBars.opaqueTop ? "top" : nil, unitBars.opaqueBottom ? "bottom" : nil].compactMap { $0 }.joined(separator: " and ")
                let noun = at > 0 && ab > 0 ? "bars" : "bar"
                message = "the root view of \(controller) is stored at a freeform size (\(Self.format(stored.size))): UIKit sizes a controller's view to its window less its opaque \(bars) \(noun) (extendedLayoutIncludesOpaqueBars is false), \(Self.format(placed.size))"
            } else {
                message = "the root view of \(controller) is stored at a freeform size (\(Self.format(stored.size))): UIKit sizes a controller's view to its window, \(Self.format(placed.size))"
            }
            warn(.frameReplaced, element, message, lost: "the stored size (the canvas's freeform simulated size)")
        }
        document.views[view].frame = placed
    }

    /// As the app runs, an embedded controller's root view (an `embed` segue's destination,
    /// imported on its own) has its container view's size: UIKit's embed segue adds the child's
    /// view to the container view, resized to the container's bounds (what `importEmbedded`
    /// does when the parent is imported). The container's stored frame is what the document
    /// says; its safe area is where the container, placed in its scene's root view at the
    /// window's origin, overlaps the window's unsafe edges.
    mutating func placeEmbeddedRoot(_ view: Int, element: Int, stored: Size, container: (element: Int, frame: Rect), space: Rect) {
        let size = container.frame.size.width > 0 && container.frame.size.height > 0 ? container.frame.size : stored
        document.views[view].frame = Rect(origin: space.origin, size: size)
        var origin = container.frame.origin
        var e = tree[container.element].parent
        while let c = e, tree[c]["key"] != "view" {  // up to its scene's root view
            if let f = doc.frame(of: c) {
                origin.x += f.minX
                origin.y += f.minY
            }
            e = tree[c].parent
        }
        let w = space.size.width, h = space.size.height
        document.views[view].safeAreaInsets = EdgeInsets(
            top: max(0, windowInsets.top - origin.y), left: max(0, windowInsets.left - origin.x),
            bottom: max(0, origin.y + size.height - (h - windowInsets.bottom)), right: max(0, origin.x + size.width - (w - windowInsets.right)))
        if abs(stored.width - size.width) > 0.5 || abs(stored.height - size.height) > 0.5 {
            warn(
                .frameReplaced, element,
                "the root view of \(describe(doc.enclosingController(of: element) ?? element)) is stored at \(Self.format(stored)); it is embedded in \(describe(container.element)), whose stored size, \(Self.format(size)), UIKit gives it",
                lost: "the stored size, and the container's size as the app lays its parent out (import the parent's scene for that)")
        }
    }

    /// The container view (`<containerView>`, or any view with an `embed` segue) whose embed
    /// segue leads to `controller`, and its stored frame: the first in document order.
    func embeddingContainer(of controller: Int) -> (element: Int, frame: Rect)? {
        guard let id = tree[controller]["id"] else { return nil }
        for element in tree.elements where element.name == "segue" && element["kind"] == "embed" && element["destination"] == id {
            guard let connections = element.parent, let source = tree[connections].parent, let frame = doc.frame(of: source) else { continue }
            return (source, frame)
        }
        return nil
    }

    /// The most a page sheet leaves free at the top of an iPhone screen: the status bar or sensor
    /// housing (up to 62 pt, doubled on Xcode 16.3's canvas) and 10 pt.
    static let maxSheetGap = 136.0

    static func format(_ s: Size) -> String { "\(JSONWriter.format(s.width)) × \(JSONWriter.format(s.height))" }

    /// Imports a xib's top-level objects (or the one `options.scene` names), each view in a window
    /// of its own size, back to front in document order.
    mutating func importXibUnits(_ units: [IBDocument.Unit]) {
        var roots: [(view: Int, element: Int)] = []
        // Several top-level views are separate objects of the nib, never in one window: each
        // window goes to the right of the one before (as Xcode's canvas draws them apart), so
        // that none covers another and a tap that names a window reaches that window's view
        // (H8). A document with a `<window>` keeps every window at the origin (its other
        // objects are what the code puts in that window).
        let sideBySide = units.count > 1 && !units.contains { tree[$0.element].name == "window" }
        var nextX = 0.0
        for unit in units {
            let e = unit.element
            let name = tree[e].name
            let screen = IBScreen(doc: doc, canvas: options.canvas, unitRoot: doc.frame(of: e))
            screenUnsafe = screen?.insets ?? .zero
            if name == "window" {
                let frame = doc.frame(of: e) ?? Rect(origin: .zero, size: screen?.size ?? Size(width: 320, height: 480))
                let window = addWindow(size: frame.size, insets: screen?.insets ?? .zero, sourceElement: e)
                applyViewAttributes(e, to: window, isWindow: true)
                importWindowContents(e, window: window)
                continue
            }
            let view = IBDocument.Unit(id: unit.id, element: IBVocabulary.controllers.contains(name) ? (doc.rootView(of: e) ?? e) : e, scene: nil)
            let frame = doc.frame(of: view.element) ?? Rect(origin: .zero, size: screen?.size ?? .zero)
            // A view the size of the device's screen is a screen (Xcode gives it the device's safe area).
            let fullScreen = screen.map { $0.size == frame.size } ?? false
            // Safe areas are on for the document (`useSafeAreas`) or for this view: Xcode writes a
            // `<viewLayoutGuide key="safeArea">` in the view it shows one for (tinode's bar).
            let safeAreas = doc.useSafeAreas || tree.child(of: view.element, named: "viewLayoutGuide", key: "safeArea") != nil
            var insets = fullScreen && safeAreas ? (screen?.insets ?? .zero) : .zero
            // A freeform view smaller than the screen, on the canvas of a device with a sensor
            // housing, has the housing's inset at its top (its bottom: the evidence is mixed).
            // Not a cell: a table or collection view gives its cells their insets, not the screen.
            if options.canvas, !fullScreen, safeAreas, !Self.cellElements.contains(tree[view.element].name), let screen,
                let device = screen.device, device.notched, !device.landscape
            {
                insets.top = screen.insets.top
                // Its bottom: 0 pt or the home indicator's inset on Xcode's canvas, which the
                // corpus splits on; the view's own stored frames say which (rule
                // L6-freeform-xib-view-bottom-inset-from-its-stored-frames).
                let bottom = storedSafeAreaInset(view.element, edge: "bottom", candidates: [0, device.insets.bottom, screen.insets.bottom])
                if let inset = bottom.inset {
                    insets.bottom = inset
                } else if bottom.pinned {
                    warn(
                        .layoutApproximated, view.element,
                        "\(describe(view.element)) is a freeform view on the canvas of a device with a home indicator (\(device.id)) whose subviews are constrained to its safe area's bottom, and its stored frames do not say whether Xcode's canvas gave that bottom an inset (0 pt in three projects measured, \(JSONWriter.format(device.insets.bottom)) pt in three others); laid out here with none",
                        lost: "the home indicator's inset at the bottom of the view's safe area, where this canvas draws one")
                }
            }
            if tree.child(of: view.element, named: "nil", key: "simulatedStatusBarMetrics") != nil, !(screen?.device?.notched ?? false) {
                insets.top = 0
            }
            if !fullScreen, safeAreas, !IBVocabulary.controllers.contains(name), !Self.cellElements.contains(tree[view.element].name) {
                warnFreeformSafeArea(view.element, screen: screen)
            }
            if !fullScreen, Self.cellElements.contains(tree[view.element].name) {
                warnCellSafeArea(view.element)
                warnFreestandingCellSide(view.element)
                warnCollectionItemSize(view.element)
            }
            let window = addWindow(size: frame.size, insets: insets, sourceElement: nil)
            if sideBySide {
                document.views[window].frame = Rect(origin: Point(x: nextX, y: 0), size: frame.size)
                nextX += frame.size.width
            }
            canvasInsets = windowInsets
            let root: Int?
            if IBVocabulary.controllers.contains(name) {
                root = importController(e, into: window, frame: frame)
            } else {
                let index = importViewTree(view.element, into: window)
                attachFilesOwner(to: index, element: view.element)
                root = index
            }
            if let root {
                fillWindow(root, element: view.element, size: frame.size)
                roots.append((root, view.element))
                if !options.canvas, !fullScreen, !IBVocabulary.controllers.contains(name), !Self.cellElements.contains(tree[view.element].name) {
                    placedByCode.formUnion([window, root])
                }
            }
        }
        attachUnconnectedFilesOwner(roots: roots)
    }

    /// Rule `layoutApproximated-freeform-xib-view-safe-area` (issue 23, the eighth pass): a
    /// freeform xib view (smaller than the screen; not a cell, not a controller's root) whose
    /// subviews are constrained to its own safe area has insets the document cannot state:
    ///
    /// - As the app runs, the code that adds the view decides where it sits, and so its safe
    ///   area (UIKit: a view's `safeAreaInsets` are the part of it its window's or its
    ///   ancestors' safe area does not cover). It is laid out with none; this says so (the
    ///   seventh unseen round found it silent in 11 files of 9 projects, 5 of which store a
    ///   non-zero inset on the canvas).
    /// - On the canvas of a device with a home button, in a document saved by tools version 21500
    ///   or later (Xcode 14.1 on) without `simulatedStatusBarMetrics` set to none: Xcode may draw
    ///   a 20 pt status bar above the view. One project's file stores it (testpress,
    ///   tools 22155, `retina4_7`: 20 pt); none disagrees in that era, and no second project was
    ///   found (docs/import-ib.md, the eighth pass), so the view is laid out without one, as
    ///   earlier tools versions draw it (6 files of 5 projects saved by 14313 to 21225 store 0 pt,
    ///   and habitica's of 14113), and this says so.
    mutating func warnFreeformSafeArea(_ e: Int, screen: IBScreen?) {
        guard let guide = tree.child(of: e, named: "viewLayoutGuide", key: "safeArea"), let guideID = tree[guide]["id"] else { return }
        let attributes = constrainedAttributes(of: [guideID], in: e)
        guard !attributes.isEmpty else { return }
        if !options.canvas {
            if let owner = controllingFilesOwner(of: e) {
                // The root view of the controller that loads the nib (R1): how that controller is
                // presented (a sheet, a popover, a child in a container, the window's root) sets
                // its size and safe area, which the document cannot state either.
                let controller = tree[owner]["customClass"] ?? "UIViewController"
                warn(
                    .layoutApproximated, e,
                    "\(describe(e)) is a freeform view whose subviews are constrained to its safe area, and the root view of File's Owner (\(controller)): as the app runs, how that controller is presented decides the view's size and safe area, which the document cannot state; laid out here at its stored size with none (0 pt on every edge)",
                    lost: "the size and safe-area insets the controller's presentation gives its view")
            } else {
                warn(
                    .layoutApproximated, e,
                    "\(describe(e)) is a freeform view whose subviews are constrained to its safe area: as the app runs, where the code that adds it places it decides that safe area, which the document cannot state; laid out here with none (0 pt on every edge)",
                    lost: "the safe-area insets the view has where the app adds it")
            }
            return
        }
        guard let device = screen?.device, !device.notched, !device.landscape, !device.id.hasPrefix("ipad"), device.id != "appleTV",
            doc.toolsVersion >= IBScreen.hiddenStatusBarTools.upperBound,
            tree.child(of: e, named: "nil", key: "simulatedStatusBarMetrics") == nil,
            attributes.contains("top") || attributes.contains("centerY")
        else { return }
        warn(
            .layoutApproximated, e,
            "\(describe(e)) is a freeform view on a device with a home button (\(device.id)) whose subviews are constrained to its safe area's top: the canvas of tools version 21500 and later may draw a 20 pt status bar above it (one project's file stores 20 pt; evidence thin), that of earlier tools versions none; laid out here without one",
            lost: "a 20 pt status-bar inset at the top of the view's safe area, where this Xcode draws one")
    }

    /// The attributes of the guides (or views) `ids` that constraints in `e`'s subtree use, as
    /// their first or second item.
    func constrainedAttributes(of ids: Set<String>, in e: Int) -> Set<String> {
        var attributes: Set<String> = []
        for c in tree.subtree(of: e) where tree[c].name == "constraint" {
            for (item, attribute) in [("firstItem", "firstAttribute"), ("secondItem", "secondAttribute")] {
                if let id = tree[c][item], ids.contains(id), let a = tree[c][attribute] { attributes.insert(a) }
            }
        }
        return attributes
    }

    /// Rule `layoutApproximated-cell-safe-area-decided-by-its-table-or-collection-view` (issue 23,
    /// the nineteenth round): a xib's top-level cell, header, footer or reusable view whose
    /// subviews are constrained to the top, bottom or centre Y of its safe area (its own, or its
    /// content view's) has insets the document cannot state. UIKit gives a view the part of it
    /// its ancestors' safe area does not cover (`UIView.safeAreaInsets`), so as the app runs the
    /// table or collection view that shows it, and where it scrolls, decide them; on the canvas
    /// Xcode gave AdGuard's reusable view (17701, `retina6_1`) the device's 44 and 34 pt, and no
    /// other cell of the corpus or the unseen rounds pins a subview to those edges. The import lays
    /// it out with none (cells are left out of the freeform view's insets) and says so. Leading
    /// and trailing are not said: a portrait canvas gives a cell none there, as the import does.
    mutating func warnCellSafeArea(_ e: Int) {
        var guides: Set<String> = []
        for owner in [e, tree.child(of: e, key: "contentView")].compactMap({ $0 }) {
            if let guide = tree.child(of: owner, named: "viewLayoutGuide", key: "safeArea"), let id = tree[guide]["id"] { guides.insert(id) }
        }
        guard !guides.isEmpty else { return }
        let edges = constrainedAttributes(of: guides, in: e).intersection(["top", "bottom", "centerY"])
        guard !edges.isEmpty else { return }
        warn(
            .layoutApproximated, e,
            "\(describe(e)) is a cell or reusable view whose subviews are constrained to its safe area (\(edges.sorted().joined(separator: ", "))): as the app runs, the table or collection view that shows it decides that safe area, which the document cannot state, and Xcode's canvas may give it the device's insets (one project's reusable view is stored with the status bar's and the home indicator's); laid out here with none (0 pt on every edge)",
            lost: "the safe-area insets the cell has where its table or collection view shows it, or the device's that Xcode's canvas may give it")
    }

    /// Rule `layoutApproximated-collection-cell-size-decided-by-its-collection-view` (issue 23,
    /// the twenty-third round): a xib's top-level collection view cell or reusable view is laid
    /// out at its stored frame, the size Xcode's canvas shows it at (not the size inspector's
    /// `customSize`: 4 cells of 3 projects store a frame that differs from it, their subviews'
    /// frames following the frame, and the oracle agrees with the frame). As the app runs the
    /// collection view's layout gives every item and supplementary view its frame
    /// (`UICollectionViewLayout`'s layout attributes: a flow layout's item or reference size,
    /// estimated sizes with self-sizing cells, or its delegate's
    /// `collectionView(_:layout:sizeForItemAt:)`), which a cell's own document does not hold.
    mutating func warnCollectionItemSize(_ e: Int) {
        guard ["collectionViewCell", "collectionReusableView"].contains(tree[e].name), let size = doc.frame(of: e)?.size else { return }
        warn(
            .layoutApproximated, e,
            "\(describe(e)) is a collection view cell or reusable view laid out at its stored size (\(Self.format(size)) pt), the size Xcode's canvas shows; as the app runs the collection view's layout sizes it (a flow layout's item or reference size, estimated sizes with self-sizing, or its delegate), which the document does not hold",
            lost: "the size the collection view's layout gives it as the app runs")
    }

    /// Rule L6-freeform-xib-view-bottom-inset-from-its-stored-frames (issue 23): on the canvas
    /// of a device with a home indicator, Xcode gives a freeform xib view's safe area either no
    /// bottom inset or the home indicator's, and the corpus is split on which (0 pt in tinode,
    /// stopp-corona and sendbird; 34 pt in cwa-app, pocket-casts and trainee-test; no documented
    /// mechanism). What Xcode did is in the document: the stored frame of a view pinned to that
    /// edge of the safe area by a required equality. `inset` is the one of `candidates` those
    /// frames imply for `edge` (`top` or `bottom`; within 0.5 pt, all of them agreeing; views
    /// Xcode marks misplaced or ambiguous left out), nil when none is pinned or they do not
    /// agree; `pinned` says whether any constraint of the view's subtree uses that edge.
    func storedSafeAreaInset(_ e: Int, edge: String, candidates: [Double]) -> (inset: Double?, pinned: Bool) {
        guard let guide = tree.child(of: e, named: "viewLayoutGuide", key: "safeArea"), let guideID = tree[guide]["id"] else { return (nil, false) }
        return storedGuideInset(e, guideID: guideID, guideEdge: edge, edge: edge, candidates: candidates)
    }

    /// Warning `layoutApproximated-a-document-without-a-device-states-no-unsafe-edges` (issue
    /// 23, round 27: Zap's wallet, tools 15400): a document that uses safe areas but states no
    /// `<device>` (and no device id) does not say which screen its canvas showed, so the unsafe
    /// edges the import gives the window (a `statusBar` of 20 pt, or none where the controller
    /// hides it, and no home indicator) are a guess. Said once per scene whose root view's
    /// safe-area top or bottom a constraint reads.
    mutating func warnUnstatedUnsafeEdges(of controller: Int, screen: IBScreen?, statusBar: Double) {
        guard screen == nil, doc.device == nil, doc.deviceID == nil, doc.useSafeAreas,
            let root = doc.rootView(of: controller) else { return }
        let read = ["top", "bottom"].filter { storedSafeAreaInset(root, edge: $0, candidates: []).pinned }
        guard !read.isEmpty else { return }
        let edges = read.joined(separator: " and ")
        warn(.layoutApproximated, root,
            "the document states no device (no <device> element), so the screen its canvas showed is not in the file: "
                + "\(describe(root)) is laid out under a \(JSONWriter.format(statusBar)) pt status bar and without a home indicator, "
                + "and the constraints on its safe area's \(edges) follow them; Xcode's canvas and the device may give other insets",
            lost: "the screen's unsafe edges (the device the document was laid out for)")
    }

    /// The inset from `edge` (`top` or `bottom`) of the root view `e` at which the stored frames
    /// of the views pinned by a required equality from their `edge` to the guide `guideID`'s
    /// `guideEdge` place that guide edge (a safe area's `top`, or a top layout guide's `bottom`),
    /// as one of `candidates`: see ``storedSafeAreaInset(_:edge:candidates:)``.
    func storedGuideInset(_ e: Int, guideID: String, guideEdge: String, edge: String, candidates: [Double]) -> (inset: Double?, pinned: Bool) {
        let read = storedGuideEdge(e, guideID: guideID, guideEdge: guideEdge, edge: edge, candidates: candidates)
        guard !read.disagree, read.implied.count == 1 else { return (nil, read.pinned) }
        return (read.implied.first, read.pinned)
    }

    /// What the stored frames of `e`'s subtree say of the guide (or view) `guideID`'s
    /// `guideEdge`: each view pinned by a required equality from its `edge` (`top`, `bottom`,
    /// `leading` or `trailing`) to it gives that guide edge's inset from `e`'s `edge`, matched to
    /// the first of `candidates` within 0.5 pt (`implied`); `disagree` when one matches none;
    /// `pinned` when any constraint uses the guide edge at all. Views Xcode marks misplaced or
    /// ambiguous give nothing (``storedFrame(_:in:)``). The guide may be a view's margin (a cell's
    /// content view's `leadingMargin`: rule L6-freestanding-cell-margins-read-off-stored-frames),
    /// so an absent `firstItem` is the view that holds the `<constraints>` list, as Xcode writes it.
    func storedGuideEdge(
        _ e: Int, guideID: String, guideEdge: String, edge: String, candidates: [Double]
    ) -> (implied: Set<Double>, disagree: Bool, pinned: Bool) {
        let horizontal = edge == "leading" || edge == "trailing"
        guard let size = doc.frame(of: e)?.size else { return ([], false, false) }
        var pinned = false
        var implied: Set<Double> = []
        var disagree = false
        for c in tree.subtree(of: e) where tree[c].name == "constraint" {
            let el = tree[c]
            let firstID = el["firstItem"] ?? el.parent.flatMap { tree[$0].parent }.flatMap { tree[$0]["id"] }
            let guideFirst = firstID == guideID && el["firstAttribute"] == guideEdge
            let guideSecond = el["secondItem"] == guideID && el["secondAttribute"] == guideEdge
            guard guideFirst || guideSecond else { continue }
            pinned = true
            guard el[guideFirst ? "secondAttribute" : "firstAttribute"] == edge, el["relation"] == nil,
                (el["priority"].flatMap(Double.init) ?? 1000) == 1000, (el["multiplier"] ?? "1") == "1",
                let constant = Double(el["constant"] ?? "0"), constant.isFinite
            else { continue }
            let otherID = guideFirst ? el["secondItem"] : firstID
            guard let otherID, otherID != guideID, let other = doc.elementsByID[otherID], let frame = storedFrame(other, in: e) else { continue }
            // first = second + c: the other view's distance from the edge, less or plus c.
            let distance: Double
            switch edge {
            case "top": distance = frame.minY
            case "bottom": distance = size.height - frame.maxY
            case "leading": distance = frame.minX
            default: distance = size.width - frame.maxX
            }
            let leadingSide = horizontal ? edge == "leading" : edge == "top"
            let inset = leadingSide == guideFirst ? distance + constant : distance - constant
            guard let match = candidates.first(where: { abs($0 - inset) <= 0.5 }) else { disagree = true; continue }
            implied.insert(match)
        }
        return (implied, disagree, pinned)
    }

    /// A view's stored frame in the coordinates of its ancestor `root`, through the stored
    /// frames between them; nil when one is missing or a view on the way is marked misplaced or
    /// ambiguous (its stored frame is not Xcode's layout).
    func storedFrame(_ e: Int, in root: Int) -> Rect? {
        var origin = Point(x: 0, y: 0)
        var size: Size?
        var current = e
        for _ in 0..<64 {
            if current == root { return size.map { Rect(origin: origin, size: $0) } }
            let el = tree[current]
            guard el["misplaced"] != "YES", el["ambiguous"] != "YES", let frame = doc.frame(of: current) else { return nil }
            if size == nil { size = frame.size }
            origin.x += frame.origin.x
            origin.y += frame.origin.y
            // Up from the view to its superview: view → <subviews> → superview.
            guard let list = el.parent, tree[list].name == "subviews", let parent = tree[list].parent else { return nil }
            current = parent
        }
        return nil
    }

    /// The stored frame of the root view of a container's first child (its `rootViewController`
    /// or first `viewControllers` relationship), through nested containers (at most 4 deep).
    func childRootFrame(of controller: Int, depth: Int = 0) -> Rect? {
        guard depth < 4, let connections = tree.child(of: controller, named: "connections") else { return nil }
        let relationships = tree[connections].children.filter { tree[$0].name == "segue" && tree[$0]["kind"] == "relationship" }
        for segue in relationships {
            guard let id = tree[segue]["destination"], let child = doc.elementsByID[id] else { continue }
            if let root = doc.rootView(of: child), let frame = doc.frame(of: root) { return frame }
            if let frame = childRootFrame(of: child, depth: depth + 1) { return frame }
        }
        return nil
    }

    /// Top-level elements of a xib that a table or collection view places (their safe area
    /// is the list's, not the screen's).
    static let cellElements: Set<String> = ["tableViewCell", "collectionViewCell", "collectionReusableView", "tableViewHeaderFooterView"]

    /// File's Owner without a `view` outlet (a view subclass that loads the nib and adds its
    /// top-level view as a subview, or any object the code passes as owner) still receives the
    /// actions connected to it: it is imported as the owner of the top-level view its outlets or
    /// actions lead into (else the first), so that those actions arrive (T2), with an
    /// `externalReference` warning saying where it really is.
    mutating func attachUnconnectedFilesOwner(roots: [(view: Int, element: Int)]) {
        guard let owner = doc.placeholder("IBFilesOwner", near: doc.root), let ownerID = tree[owner]["id"], objects[ownerID] == nil,
            !roots.isEmpty
        else { return }
        var destinations: Set<String> = []
        if let connections = tree.child(of: owner, named: "connections") {
            for outlet in tree[connections].children { if let d = tree[outlet]["destination"] { destinations.insert(d) } }
        }
        var sources: Set<Int> = []
        for (index, element) in tree.elements.enumerated() where element.name == "action" && element["destination"] == ownerID {
            sources.insert(index)
        }
        guard !destinations.isEmpty || !sources.isEmpty else { return }
        let chosen = roots.first { root in
            tree.subtree(of: root.element).contains { e in
                tree[e]["id"].map(destinations.contains) ?? false || sources.contains(e)
            }
        } ?? roots[0]
        guard document.views[chosen.view].viewController == nil else { return }
        let custom = tree[owner]["customClass"]
        let id = ids.make([custom, "FilesOwner"], fallback: "FilesOwner")
        document.views[chosen.view].viewController = ControllerDraft(id: id, sourceID: ownerID, customClass: custom)
        objects[ownerID] = .controller(id: id, view: chosen.view)
        warn(
            .externalReference, owner,
            "File's Owner (\(custom ?? "NSObject")) has no view outlet: it is the object that loads the nib at run time; it is imported as the owner of \(describe(chosen.element)) so that the actions connected to it arrive",
            lost: "where File's Owner really is in the responder chain (a view that adds the nib's view, or a controller)")
    }

    /// A xib's top-level view is as large as its window (its stored frame: Xcode's canvas shows it
    /// at that size, and the code that loads the nib gives it its size at run time, by its frame
    /// or by constraints to the view it adds it to). One with
    /// `translatesAutoresizingMaskIntoConstraints="NO"` would otherwise be sized by its content's
    /// constraints alone (often 0 pt tall): it keeps its frame, with `layoutApproximated`.
    mutating func fillWindow(_ root: Int, element: Int, size: Size) {
        document.views[root].frame = Rect(origin: .zero, size: size)
        document.views[root].autoresizingMask = [.flexibleWidth, .flexibleHeight]
        guard !document.views[root].translatesAutoresizingMaskIntoConstraints else { return }
        document.views[root].translatesAutoresizingMaskIntoConstraints = true
        warn(
            .layoutApproximated, element,
            "\(describe(element)) is a top-level view with translatesAutoresizingMaskIntoConstraints=NO: the code that loads the nib sizes it; it is imported at its stored size, \(Self.format(size))",
            lost: "the size its owner gives it at run time")
    }

    /// A xib window's subviews and its `rootViewController` (an outlet of the window).
    mutating func importWindowContents(_ e: Int, window: Int) {
        for child in childViews(of: e) {
            _ = importViewTree(child, into: window)
        }
        guard let connections = tree.child(of: e, named: "connections") else { return }
        for outlet in tree.children(of: connections, named: "outlet") where tree[outlet]["property"] == "rootViewController" {
            guard let dest = tree[outlet]["destination"].flatMap({ doc.elementsByID[$0] }) else { continue }
            let frame = Rect(origin: .zero, size: document.views[window].frame?.size ?? .zero)
            _ = importController(dest, into: window, frame: frame)
        }
    }

    /// File's Owner, when its `view` outlet is this top-level xib view: then the view is the root
    /// view of the controller that loads the nib.
    func controllingFilesOwner(of element: Int) -> Int? {
        guard let owner = doc.placeholder("IBFilesOwner", near: element), let viewID = tree[element]["id"],
            let connections = tree.child(of: owner, named: "connections"),
            tree.children(of: connections, named: "outlet").contains(where: {
                tree[$0]["property"] == "view" && tree[$0]["destination"] == viewID
            })
        else { return nil }
        return owner
    }

    /// In a xib, File's Owner whose `view` outlet is this top-level view is that view's
    /// controller (a `UIViewController` subclass loading the nib), so actions sent to File's
    /// Owner reach it (R1, T2).
    mutating func attachFilesOwner(to view: Int, element: Int) {
        guard let owner = controllingFilesOwner(of: element) else { return }
        let custom = tree[owner]["customClass"]
        let id = ids.make([custom, "FilesOwner"], fallback: "FilesOwner")
        document.views[view].viewController = ControllerDraft(id: id, sourceID: tree[owner]["id"], customClass: custom)
        if let sourceID = tree[owner]["id"] { objects[sourceID] = .controller(id: id, view: view) }
    }

    /// Imports a controller element into `parent`: its root view (with the controller attached),
    /// or for a container a plain view holding its child's view and its bars. Returns the view.
    mutating func importController(_ c: Int, into parent: Int, frame: Rect) -> Int? {
        let name = tree[c].name
        guard controllerNesting < Self.maxControllerNesting, !visitedControllers.contains(c) else {
            let why = visitedControllers.contains(c)
                ? "is reached again through its own children: imported once"
                : "is nested in more than \(Self.maxControllerNesting) containers: left out"
            warn(.controllerNotModelled, c, "\(describe(c)) \(why)", lost: "the controller's views")
            return nil
        }
        visitedControllers.insert(c)
        // Containers and embeds recurse: bounded by `maxControllerNesting`.
        controllerNesting += 1
        defer { controllerNesting -= 1 }
        let custom = tree[c]["customClass"]
        let controllerID = ids.make(
            [tree[c]["userLabel"], tree[c]["storyboardIdentifier"], custom], fallback: name)
        let draft = ControllerDraft(id: controllerID, sourceID: tree[c]["id"], customClass: custom ?? Self.uikitControllerClass[name])

        if name == "viewControllerPlaceholder" {
            let target = tree[c]["storyboardName"].map { "storyboard \"\($0)\"" } ?? "another storyboard"
            warn(.externalReference, c, "a storyboard reference to \(target): its scenes are in that file", lost: "the referenced controller and its views")
            return nil
        }
        if let root = doc.rootView(of: c) {
            let view = importViewTree(root, into: parent, rootName: controllerID + ".view")
            // "The root view of a view controller is always sized to fit its assigned space"
            // (View Controller Programming Guide for iOS): its window or container sets its
            // frame, whatever `translatesAutoresizingMaskIntoConstraints` says. A root view
            // saved with it off would otherwise be sized by its content's constraints alone, 0 × 0
            // for a collection view pinned to its edges, and every control in it out of reach
            // (Piwigo's album controller, docs/import-ib.md, second unseen round).
            if !document.views[view].translatesAutoresizingMaskIntoConstraints {
                document.views[view].translatesAutoresizingMaskIntoConstraints = true
                document.views[view].autoresizingMask = [.flexibleWidth, .flexibleHeight]
            }
            if doc.kind == .storyboard, controllerNesting == 1 || isBarContainer(parent) {
                placeRoot(view, element: root, space: frame)
            }
            document.views[view].viewController = draft
            controllerViews[c] = view
            if let id = tree[c]["id"] { objects[id] = .controller(id: controllerID, view: view) }
            importLegacyLayoutGuides(of: c, rootView: view)
            return view
        }
        // A container (or a controller without a view in this file): a plain view that fills the
        // space, owned by the controller.
        var container = ViewDraft(id: ids.make([controllerID + ".view"], fallback: "view"), sourceID: nil, viewClass: .UIView)
        container.frame = frame
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.viewController = draft
        let view = document.add(container, to: parent)
        controllerViews[c] = view
        if let id = tree[c]["id"] { objects[id] = .controller(id: controllerID, view: view) }
        let bounds = Rect(origin: .zero, size: frame.size)
        switch name {
        case "navigationController":
            if let root = relationships(of: c, "rootViewController").first {
                _ = importController(root, into: view, frame: bounds)
            }
            if tree[c]["navigationBarHidden"] != "YES", let bar = tree.child(of: c, key: "navigationBar") {
                _ = importViewTree(bar, into: view)
            }
            if tree[c]["toolbarHidden"] == "NO", let bar = tree.child(of: c, key: "toolbar") {
                let index = importViewTree(bar, into: view)
                placeAtBottom(index, element: bar, in: frame.size)
            }
        case "tabBarController":
            let children = relationships(of: c, "viewControllers")
            if let first = children.first {
                _ = importController(first, into: view, frame: bounds)
            }
            if let bar = tree.child(of: c, key: "tabBar") {
                let index = importViewTree(bar, into: view)
                placeAtBottom(index, element: bar, in: frame.size)
            }
        default:
            let children = relationships(of: c, nil)
            if let nib = tree[c]["nibName"] {
                warn(.externalReference, c, "\(describe(c)) loads its view from the nib \"\(nib)\"", lost: "the controller's views (they are in that nib)")
            } else {
                // UIKit's `loadView`: with no view in the storyboard and no nib name, the view is
                // what the class's own `loadView` makes, else a nib named after the class, else an
                // empty UIView (UIViewController.loadView and nibName). The document says none of
                // these (flipper's today widget, the eighth unseen round).
                // A UIHostingController's view is its SwiftUI root view's ("a UIKit view controller
                // that manages a SwiftUI view hierarchy"), which no storyboard holds.
                let what = !children.isEmpty
                    ? "arranges \(children.count) children in a way TouchTrace does not model"
                    : tree[c].name == "hostingController"
                    ? "has no view in this file: as the app runs UIHostingController makes its view from its SwiftUI root view, which the document does not contain; imported as an empty view"
                    : "has no view in this file: as the app runs its view is what its class's loadView makes, or a nib named after the class, or else an empty view, none of which the document states; imported as an empty view"
                warn(.controllerNotModelled, c, "\(describe(c)) \(what)\(children.isEmpty ? "" : "; its first child fills the container")", lost: children.isEmpty ? "the controller's own views" : "the container's arrangement and its other children")
            }
            if let first = children.first {
                _ = importController(first, into: view, frame: bounds)
            }
        }
        return view
    }

    /// Whether `view` is the view of a navigation or tab bar controller (whose children fill it
    /// between its bars).
    func isBarContainer(_ view: Int) -> Bool {
        guard let source = document.views[view].viewController?.sourceID, let e = doc.elementsByID[source] else { return false }
        return tree[e].name == "navigationController" || tree[e].name == "tabBarController"
    }

    /// UIKit's class for a controller element without a custom class.
    static let uikitControllerClass: [String: String] = [
        "navigationController": "UINavigationController", "tabBarController": "UITabBarController",
        "splitViewController": "UISplitViewController", "pageViewController": "UIPageViewController",
        "tableViewController": "UITableViewController", "collectionViewController": "UICollectionViewController",
        "avPlayerViewController": "AVPlayerViewController", "glkViewController": "GLKViewController",
        "hostingController": "UIHostingController",
    ]

    /// The destinations of a container's relationship segues (`rootViewController`,
    /// `viewControllers`, …; any relationship when nil), in document order.
    func relationships(of c: Int, _ relationship: String?) -> [Int] {
        guard let connections = tree.child(of: c, named: "connections") else { return [] }
        return tree.children(of: connections, named: "segue").compactMap { s in
            guard tree[s]["kind"] == "relationship", relationship == nil || tree[s]["relationship"] == relationship
            else { return nil }
            return tree[s]["destination"].flatMap { doc.elementsByID[$0] }
        }
    }

    /// A tab bar or a navigation controller's toolbar sits at the bottom of the container, above
    /// the home indicator, and keeps there when the container resizes: UIKit places and sizes it
    /// at run time; Xcode stores a placeholder frame (at y = 0, often 1000 × 1000), replaced with
    /// `frameReplaced` when it differs. On an iPad from iPadOS 18 on, a tab bar controller in
    /// regular width shows its bar at the top, floating over the content (Apple, "Elevating your
    /// iPad app with a tab bar and sidebar": "In iPadOS, the tab bar floats over your content at
    /// the top"); that is not modelled (one project of evidence, the tenth unseen round): the bar
    /// stays at the bottom, and for an iPad document of Xcode 16 or later (made for iPadOS 18)
    /// the warning says so.
    mutating func placeAtBottom(_ view: Int, element: Int, in size: Size) {
        let stored = document.views[view].frame
        let height = min(stored?.size.height ?? IBBars.tabBar, IBBars.tabBar)
        let bottom = screenUnsafe.bottom
        let frame = Rect(x: 0, y: size.height - height - bottom, width: size.width, height: height + bottom)
        document.views[view].frame = frame
        document.views[view].autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        document.views[view].translatesAutoresizingMaskIntoConstraints = true
        if let stored, stored != frame {
            let placed = "is stored at a placeholder frame (\(Self.format(stored.size)) at y = \(JSONWriter.format(stored.minY)))"
            let at = "\(Self.format(frame.size)) at y = \(JSONWriter.format(frame.minY))"
            if tree[element]["key"] == "tabBar", IBBars(doc: doc).tabBarAtTheTopOnPad {
                warn(
                    .frameReplaced, element,
                    "\(describe(element)) \(placed): it is placed at the bottom of its controller's view, \(at), as on iPhone; on this iPad document (Xcode 16 or later, iPadOS 18) UIKit shows a tab bar controller's bar at the top in regular width, floating over the content, which is not modelled",
                    lost: "where iPadOS 18 shows the tab bar in regular width (at the top) and the safe area it leaves")
            } else {
                warn(
                    .frameReplaced, element, "\(describe(element)) \(placed): UIKit places it at the bottom of its controller's view, \(at)",
                    lost: "nothing (the stored frame is Xcode's placeholder)")
            }
        }
    }

    /// Whether the controller's simulated metrics hide the status bar.
    func hasHiddenStatusBar(_ c: Int) -> Bool {
        tree.child(of: c, named: "nil", key: "simulatedStatusBarMetrics") != nil
    }
}
