import TouchTraceEngine

/// An Interface Builder document read into an XML tree, with what the importer needs to find
/// its way: whether it is a storyboard or a xib, the device it is laid out for, the element of
/// every object id, and its units (storyboard scenes, xib top-level objects).
struct IBDocument: Sendable {
    enum Kind: String, Sendable { case xib, storyboard }

    let tree: XMLTree
    let kind: Kind
    /// The target runtime (`iOS.CocoaTouch`, `AppleTV`, …), else the document type.
    let platform: String
    let device: IBDevice?
    /// The device id the document names (`<device id>`, `simulatedScreenMetrics`), known or not.
    let deviceID: String?
    let landscape: Bool
    /// The screen size the document's own root views show (`IBDocument.statedMetrics`).
    let statedScreen: Size?
    /// The height of the status bar on Xcode's canvas as the document's full-screen navigation
    /// bars show it (their stored `y`).
    let statedStatusBar: Double?
    let useSafeAreas: Bool
    let useAutolayout: Bool
    /// The element of every id (`id` attributes; the first one wins).
    let elementsByID: [String: Int]
    /// Resource images by name (`<resources><image name width height>`), their sizes in points.
    /// SF Symbols (`catalog="system"`) are not among them: Xcode writes their sizes scaled so
    /// that the longer side is 128 (every one of the corpus's 60), not the points the symbol
    /// takes, which its configuration decides.
    let imageSizes: [String: Size]
    /// The names of the SF Symbols among the resource images (`catalog="system"`).
    let symbolImages: Set<String>
    /// Resource images whose stated size is not a finite, non-negative number: their elements.
    let unreadableImageSizes: [String: Int]
    /// Storyboard: the `initialViewController` id.
    let initialController: String?
    /// The Interface Builder build that saved the document (`toolsVersion`, 24127 for Xcode 26).
    let toolsVersion: Double

    /// A storyboard scene or a xib top-level object that can be imported.
    struct Unit: Sendable {
        /// The storyboard `sceneID`, or the xib object's id.
        var id: String
        /// The element imported: a view controller, a view or a window.
        var element: Int
        /// The scene's element (storyboards), for its comment and its other objects.
        var scene: Int?
    }

    init(tree: XMLTree) throws(ImportError) {
        self.tree = tree
        if let root = tree.root, tree[root].name == "archive", let type = tree[root]["type"], type.contains("InterfaceBuilder") {
            throw ImportError(
                .unsupportedDocument,
                "a pre-Xcode 5 Interface Builder archive (<archive type=\"\(type.prefix(80))\">): TouchTrace reads the document format Xcode 5 and later write; open the file in a recent Xcode and save it",
                line: tree[root].position.line, column: tree[root].position.column)
        }
        guard let root = tree.root, tree[root].name == "document", let type = tree[root]["type"] else {
            let name = tree.root.map { tree[$0].name } ?? "nothing"
            throw ImportError(
                .unsupportedDocument, "not an Interface Builder document: the root element is <\(name)>, not <document type=…>",
                line: tree.root.map { tree[$0].position.line }, column: tree.root.map { tree[$0].position.column })
        }
        if type.contains(".Cocoa.") || type.hasSuffix(".Cocoa.XIB") || type.contains("Cocoa.Storyboard") {
            throw ImportError(.unsupportedDocument, "a macOS (Cocoa) document (\(type)): TouchTrace models UIKit", line: 1, column: 1)
        }
        if type.contains("WatchKit") {
            throw ImportError(.unsupportedDocument, "a watchOS document (\(type)): TouchTrace models UIKit", line: 1, column: 1)
        }
        kind = type.contains("Storyboard") ? .storyboard : .xib
        platform = tree[root]["targetRuntime"] ?? type
        useSafeAreas = tree[root]["useSafeAreas"] == "YES"
        useAutolayout = tree[root]["useAutolayout"] == "YES"
        initialController = tree[root]["initialViewController"]
        toolsVersion = tree[root]["toolsVersion"].map(Self.toolsVersion) ?? 0

        var byID: [String: Int] = [:]
        var images: [String: Size] = [:]
        var unreadableImages: [String: Int] = [:]
        var symbols: Set<String> = []
        var deviceID: String?
        var landscape = false
        for (index, element) in tree.elements.enumerated() {
            if let id = element["id"], byID[id] == nil { byID[id] = index }
            switch element.name {
            case "device" where element.parent == root:
                deviceID = element["id"]
                landscape = element["orientation"] == "landscape"
            case "simulatedScreenMetrics" where deviceID == nil:
                if let t = element["type"] { deviceID = t }
            case "simulatedOrientationMetrics" where deviceID == nil || tree.child(of: root, named: "device") == nil:
                let inDefaults = element.parent.map { tree[$0]["key"] == "defaultSimulatedMetrics" } ?? false
                if inDefaults, element["orientation"]?.hasPrefix("landscape") == true { landscape = true }
            case "image" where element.parent.map({ tree[$0].name }) == "resources":
                if element["catalog"] == "system", let name = element["name"] { symbols.insert(name) }
                if element["catalog"] != "system", let name = element["name"] {
                    if let w = element["width"].flatMap(Double.init), let h = element["height"].flatMap(Double.init), w.isFinite, h.isFinite, w >= 0, h >= 0 {
                        images[name] = Size(width: w, height: h)
                    } else {
                        unreadableImages[name] = index
                    }
                }
            default: break
            }
        }
        elementsByID = byID
        imageSizes = images
        symbolImages = symbols
        unreadableImageSizes = unreadableImages
        self.deviceID = deviceID.map { String($0.prefix { $0 != "." }) }
        self.landscape = landscape
        let tools = toolsVersion
        let device = deviceID.flatMap { IBDevice(id: $0, landscape: landscape, tools: tools) }
        self.device = device
        (statedScreen, statedStatusBar) = Self.statedMetrics(tree, device: device, tools: tools)
    }

    var root: Int { 0 }

    /// A `toolsVersion` as a number: `14490.70` → 14490.7; `32700.99.1234` (a stamp some builds
    /// write) → 32700.99. 0 when unreadable.
    static func toolsVersion(_ text: String) -> Double {
        var seenDot = false
        let prefix = text.prefix { c in
            if c == "." {
                if seenDot { return false }
                seenDot = true
                return true
            }
            return c.isNumber
        }
        return Double(prefix).flatMap { $0.isFinite ? $0 : nil } ?? 0
    }

    /// What the document's own frames say about the screen: the size of its storyboard
    /// controllers' root views that span a whole screen (the most common one within 5% of the
    /// device's size, or for an unknown device the most common portrait-or-landscape root size),
    /// and the status bar's height on the canvas, from the stored `y` of the navigation bars of
    /// its navigation controllers (a bar at y = 0 that is 56 pt tall belongs to a sheet and
    /// says nothing about the status bar).
    static func statedMetrics(_ tree: XMLTree, device: IBDevice?, tools: Double) -> (Size?, Double?) {
        var sizes: [Size: Int] = [:]
        var statusBars: [Double: Int] = [:]
        // Controllers presented modally (a sheet since iOS 13 unless full screen), and the
        // columns of a split view: their navigation bars sit below the sheet's or the column's
        // top, not the status bar.
        var presented: Set<String> = []
        for element in tree.elements where element.name == "segue" {
            guard let d = element["destination"] else { continue }
            let modal = ["presentation", "modal", "popoverPresentation"].contains(element["kind"] ?? "")
                && !["fullScreen", "overFullScreen"].contains(element["modalPresentationStyle"] ?? "")
            let column = element["kind"] == "relationship" && (element["relationship"] ?? "").hasSuffix("ViewController")
                && element["relationship"] != "rootViewController"
            if modal || column { presented.insert(d) }
        }
        let sheets = sheetControllers(tree, presented: presented)
        for (index, element) in tree.elements.enumerated() {
            guard let parent = element.parent else { continue }
            let owner = tree[parent].name
            // Storyboard controllers' root views, and a xib's top-level views.
            let topLevel = owner == "objects" && tree[parent].parent == 0 && element.name != "placeholder"
            if (element["key"] == "view" && owner != "navigationController" && owner != "tabBarController"
                && IBVocabulary.controllers.contains(owner) && !sheets.contains(tree[parent]["id"] ?? "")) || topLevel,
                let r = tree.child(of: index, named: "rect", key: "frame"),
                let w = tree[r]["width"].flatMap(Double.init), let h = tree[r]["height"].flatMap(Double.init), w > 0, h > 0, w.isFinite, h.isFinite
            {
                sizes[Size(width: w, height: h), default: 0] += 1
            }
            // Xcode 8 and 9 (tools versions below 13000) store every navigation controller's bar
            // at y = 0 whatever the canvas shows: their bars say nothing.
            if element.name == "navigationBar", element["key"] == "navigationBar", owner == "navigationController", tools >= 13000,
                !presented.contains(tree[parent]["id"] ?? ""),
                let r = tree.child(of: index, named: "rect", key: "frame"),
                let y = tree[r]["y"].flatMap(Double.init), let h = tree[r]["height"].flatMap(Double.init), y.isFinite, y >= 0, y < 200,
                !(y == 0 && h == IBBars.sheetNavigationBar)
            {
                statusBars[y, default: 0] += 1
            }
        }
        func mostCommon<K: Hashable>(_ counts: [K: Int], where keep: (K) -> Bool, by order: (K, K) -> Bool) -> K? {
            counts.filter { keep($0.key) }.max { a, b in a.value != b.value ? a.value < b.value : order(b.key, a.key) }?.key
        }
        let screen: Size?
        if let device {
            let d = device.size
            screen = mostCommon(sizes, where: { s in
                s != d && abs(s.width - d.width) <= 0.05 * d.width && abs(s.height - d.height) <= 0.05 * d.height
                    && (sizes[d] ?? 0) < (sizes[s] ?? 0)
            }, by: { ($0.width, $0.height) < ($1.width, $1.height) })
        } else {
            // An id the table lacks: the root views that can be a screen (not a xib's cells or
            // small freeform views).
            screen = mostCommon(sizes, where: IBScreen.isScreenSized, by: { ($0.width, $0.height) < ($1.width, $1.height) })
        }
        return (screen, mostCommon(statusBars, where: { _ in true }, by: <))
    }

    /// The screen a unit is laid out on: the device's size and unsafe edges as the app sees
    /// them, or (`canvas`) as the Xcode release that saved the document draws its canvas (see
    /// `IBScreen`). Nil when the document names no device and states no screen.
    func screen(canvas: Bool) -> IBScreen? {
        IBScreen(doc: self, canvas: canvas)
    }

    /// The units: every storyboard scene with a controller, or every xib top-level object that
    /// is a view, a window or a view controller with a view.
    var units: [Unit] {
        switch kind {
        case .storyboard:
            guard let scenes = tree.child(of: root, named: "scenes") else { return [] }
            return tree.children(of: scenes, named: "scene").compactMap { scene in
                guard let controller = controller(ofScene: scene) else { return nil }
                return Unit(id: tree[scene]["sceneID"] ?? tree[controller]["id"] ?? "scene", element: controller, scene: scene)
            }
        case .xib:
            guard let objects = tree.child(of: root, named: "objects") else { return [] }
            return tree[objects].children.compactMap { e in
                let name = tree[e].name
                guard name == "window" || isView(e) || (IBVocabulary.controllers.contains(name) && tree.child(of: e, key: "view") != nil)
                else { return nil }
                return Unit(id: tree[e]["id"] ?? name, element: e, scene: nil)
            }
        }
    }

    /// The ids of the storyboard controllers whose root view is no screen but a sheet's or a
    /// column's (rule L6-sheet-roots-say-nothing-of-the-screen): those `presented` (modal
    /// segues that are not full screen, which UIKit shows as page sheets since iOS 13, and split
    /// view columns), those a `show` segue reaches from a controller no navigation controller
    /// holds (`UIViewController.show(_:sender:)` then presents modally), and every controller
    /// shown inside one of them (a presented navigation or tab bar controller's children, what
    /// they push), up to a full-screen presentation. Xcode draws such roots at the sheet's
    /// height (the screen less the status bar, and 10 pt in some releases), so counting them as
    /// evidence of the screen took a storyboard of sheets for a shorter screen (the eighteenth
    /// round's Bitwarden AutoFill: 14 roots 852 pt tall against one of 896).
    static func sheetControllers(_ tree: XMLTree, presented: Set<String>) -> Set<String> {
        var edges: [String: [(to: String, kind: String, fullScreen: Bool)]] = [:]
        var navigationRoots: [String] = []
        for (index, element) in tree.elements.enumerated() where element.name == "segue" {
            guard let to = element["destination"], let source = enclosingController(of: index, in: tree), let from = tree[source]["id"] else { continue }
            let kind = element["kind"] ?? ""
            if kind == "relationship", element["relationship"] == "rootViewController", tree[source].name == "navigationController" {
                navigationRoots.append(to)
            }
            edges[from, default: []].append((to, kind, ["fullScreen", "overFullScreen"].contains(element["modalPresentationStyle"] ?? "")))
        }
        // Breadth first from `start`, following the edges `follow` keeps: each controller once.
        func reached(from start: [String], follow: (String, String, Bool) -> Bool) -> Set<String> {
            var seen = Set(start), queue = start, next = 0
            while next < queue.count {
                let from = queue[next]
                next += 1
                for edge in edges[from] ?? [] where follow(from, edge.kind, edge.fullScreen) && seen.insert(edge.to).inserted {
                    queue.append(edge.to)
                }
            }
            return seen
        }
        // The controllers a navigation controller holds: its root, and what show and push
        // segues reach from them.
        let held = reached(from: navigationRoots) { _, kind, _ in kind == "show" || kind == "push" }
        let shownModally = edges.filter { !held.contains($0.key) }.flatMap { $0.value.filter { $0.kind == "show" }.map(\.to) }
        return reached(from: Array(presented) + shownModally) { _, kind, fullScreen in
            switch kind {
            case "relationship", "push", "show": true
            case "presentation", "modal", "popoverPresentation": !fullScreen
            default: false
            }
        }
    }

    /// The view controller of a storyboard scene (its `objects` member with
    /// `sceneMemberID="viewController"`, else the first controller element).
    func controller(ofScene scene: Int) -> Int? {
        guard let objects = tree.child(of: scene, named: "objects") else { return nil }
        let members = tree[objects].children
        return members.first { tree[$0]["sceneMemberID"] == "viewController" }
            ?? members.first { IBVocabulary.controllers.contains(tree[$0].name) }
    }

    /// The UIKit class a view element becomes: its element's class, or `UIControl` for a view
    /// element with no control class of its own that is the source of an `<action>` (T1). Xcode
    /// connects actions only from controls, and loading the nib registers each one with
    /// `addTarget(_:action:for:)`, which only `UIControl` has: such a `<view customClass=…>` is a
    /// control subclass the document cannot name (CleverTap's `CTDismissButton`, GoogleSignIn's
    /// `GIDSignInButton`, a `UIButton` set on a plain view in pocket-casts and iNaturalist).
    func viewClass(of e: Int) -> ViewClass {
        let modelled = IBVocabulary.viewClasses[tree[e].name] ?? .UIView
        guard modelled == .UIView, let connections = tree.child(of: e, named: "connections"),
            tree.child(of: connections, named: "action") != nil
        else { return modelled }
        return .UIControl
    }

    /// Whether an element is a view (it has a frame, or it is a known view element).
    func isView(_ e: Int) -> Bool {
        let name = tree[e].name
        if name == "window" || IBVocabulary.viewClasses[name] != nil { return true }
        return tree.child(of: e, named: "rect", key: "frame") != nil && !IBVocabulary.controllers.contains(name)
    }

    /// The frame of a view element (`<rect key="frame">`).
    func frame(of e: Int) -> Rect? {
        guard let r = tree.child(of: e, named: "rect", key: "frame") else { return nil }
        let el = tree[r]
        func n(_ k: String) -> Double? { el[k].flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } }
        guard let w = n("width"), let h = n("height") else { return nil }
        return Rect(x: n("x") ?? 0, y: n("y") ?? 0, width: max(0, w), height: max(0, h))
    }

    /// The root view of a controller element (`<view key="view">`, `<tableView key="view">`, …).
    func rootView(of controller: Int) -> Int? {
        tree.child(of: controller, key: "view").flatMap { isView($0) ? $0 : nil }
    }

    /// The scene element a (storyboard) element belongs to.
    func scene(of e: Int) -> Int? {
        var current: Int? = e
        while let c = current {
            if tree[c].name == "scene" { return c }
            current = tree[c].parent
        }
        return nil
    }

    /// The nearest controller element enclosing `e` (its view's owner).
    func enclosingController(of e: Int) -> Int? {
        Self.enclosingController(of: e, in: tree)
    }

    /// ``enclosingController(of:)`` in `tree`, for the document's own reading before it exists.
    static func enclosingController(of e: Int, in tree: XMLTree) -> Int? {
        var current = tree[e].parent
        while let c = current {
            if IBVocabulary.controllers.contains(tree[c].name) { return c }
            current = tree[c].parent
        }
        return nil
    }

    /// The placeholder of a kind (`IBFirstResponder`, `IBFilesOwner`) in the objects list that
    /// holds `e` (its storyboard scene, or a xib's top level).
    func placeholder(_ identifier: String, near e: Int) -> Int? {
        let objects: Int?
        if kind == .storyboard, let scene = scene(of: e) {
            objects = tree.child(of: scene, named: "objects")
        } else {
            objects = tree.child(of: root, named: "objects")
        }
        guard let objects else { return nil }
        return tree[objects].children.first { tree[$0].name == "placeholder" && tree[$0]["placeholderIdentifier"] == identifier }
    }

    /// The scene's display name: the comment Xcode writes before it, else the controller's title.
    func name(ofScene scene: Int?, controller: Int) -> String? {
        if let scene, let comment = tree[scene].comment?.trimmingCharacters() , !comment.isEmpty { return comment }
        if let item = tree.child(of: controller, named: "navigationItem"), let title = tree[item]["title"] { return title }
        return tree[controller]["userLabel"] ?? tree[controller]["customClass"]
    }
}

extension String {
    /// The string without leading and trailing spaces and newlines.
    func trimmingCharacters() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
