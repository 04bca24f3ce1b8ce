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
    let useSafeAreas: Bool
    let useAutolayout: Bool
    /// The element of every id (`id` attributes; the first one wins).
    let elementsByID: [String: Int]
    /// Resource images by name (`<resources><image name width height>`), their sizes in points.
    let imageSizes: [String: Size]
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
        toolsVersion = tree[root]["toolsVersion"].flatMap(Double.init) ?? 0

        var byID: [String: Int] = [:]
        var images: [String: Size] = [:]
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
                if let name = element["name"], let w = element["width"].flatMap(Double.init), let h = element["height"].flatMap(Double.init) {
                    images[name] = Size(width: w, height: h)
                }
            default: break
            }
        }
        elementsByID = byID
        imageSizes = images
        device = deviceID.flatMap { IBDevice(id: $0, landscape: landscape) }
    }

    var root: Int { 0 }

    /// The safe-area insets of the device's screen, as the app sees them, or (`canvas`) as the
    /// Xcode release that saved the document draws its canvas: Xcode 26 (tools version 24000
    /// and later) counts the device's unsafe top and bottom edges twice (an iPhone 11's canvas
    /// has 96 pt above its safe area and 68 pt below it instead of 48 and 34: the navigation bars
    /// of NetNewsWire's and IQKeyboardManager's storyboards start at y = 96, and their views
    /// pinned to the safe area sit accordingly).
    func screenInsets(canvas: Bool) -> EdgeInsets? {
        guard var insets = device?.insets else { return nil }
        // Before safe areas (tvOS 11), a tvOS view controller's top and bottom layout guides
        // had no length: a document that does not use safe areas lays out against the whole screen.
        if device?.id == "appleTV", !useSafeAreas { return .zero }
        if canvas, toolsVersion >= 24000 {
            insets.top *= 2
            insets.bottom *= 2
        }
        return insets
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

    /// The view controller of a storyboard scene (its `objects` member with
    /// `sceneMemberID="viewController"`, else the first controller element).
    func controller(ofScene scene: Int) -> Int? {
        guard let objects = tree.child(of: scene, named: "objects") else { return nil }
        let members = tree[objects].children
        return members.first { tree[$0]["sceneMemberID"] == "viewController" }
            ?? members.first { IBVocabulary.controllers.contains(tree[$0].name) }
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
