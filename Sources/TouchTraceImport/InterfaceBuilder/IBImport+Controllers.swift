import TouchTraceEngine

extension IBImport {
    /// Imports a storyboard scene's controller into a window of the device's size (R1: the
    /// controller owns its root view; containers hold their child's view and their bars).
    mutating func importStoryboardUnit(_ unit: IBDocument.Unit) {
        let controller = unit.element
        let rootFrame = doc.rootView(of: controller).flatMap { doc.frame(of: $0) }
        // Without a device, the screen is what the root view's frame spans from the top (its
        // origin is below the bars when they are opaque).
        let size = doc.device?.size ?? rootFrame.map { Size(width: $0.maxX, height: $0.maxY) } ?? Size(width: 375, height: 667)
        let bars = IBBars(doc: doc).bars(of: controller)
        var insets = doc.screenInsets(canvas: options.canvas) ?? EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        if doc.device == nil, hasHiddenStatusBar(controller) { insets.top = 0 }
        insets.top += bars.top
        insets.bottom += bars.bottom
        let window = addWindow(size: size, insets: insets, sourceElement: nil)
        _ = importController(controller, into: window, frame: Rect(origin: .zero, size: size))
    }

    /// Imports a xib's top-level objects (or the one `options.scene` names), each view in a window
    /// of its own size, back to front in document order.
    mutating func importXibUnits(_ units: [IBDocument.Unit]) {
        for unit in units {
            let e = unit.element
            let name = tree[e].name
            if name == "window" {
                let frame = doc.frame(of: e) ?? Rect(origin: .zero, size: doc.device?.size ?? Size(width: 320, height: 480))
                let window = addWindow(size: frame.size, insets: doc.screenInsets(canvas: options.canvas) ?? .zero, sourceElement: e)
                applyViewAttributes(e, to: window, isWindow: true)
                importWindowContents(e, window: window)
                continue
            }
            let view = IBDocument.Unit(id: unit.id, element: IBVocabulary.controllers.contains(name) ? (doc.rootView(of: e) ?? e) : e, scene: nil)
            let frame = doc.frame(of: view.element) ?? Rect(origin: .zero, size: doc.device?.size ?? .zero)
            // A view the size of the device's screen is a screen (Xcode gives it the device's safe area).
            let fullScreen = doc.device.map { $0.size == frame.size } ?? false
            let hidesStatusBar = tree.child(of: view.element, named: "nil", key: "simulatedStatusBarMetrics") != nil
            let insets = fullScreen && doc.useSafeAreas && !hidesStatusBar ? (doc.screenInsets(canvas: options.canvas) ?? .zero) : .zero
            let window = addWindow(size: frame.size, insets: insets, sourceElement: nil)
            if IBVocabulary.controllers.contains(name) {
                _ = importController(e, into: window, frame: frame)
            } else {
                let root = importViewTree(view.element, into: window)
                attachFilesOwner(to: root, element: view.element)
            }
        }
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

    /// In a xib, File's Owner whose `view` outlet is this top-level view is that view's
    /// controller (a `UIViewController` subclass loading the nib), so actions sent to File's
    /// Owner reach it (R1, T2).
    mutating func attachFilesOwner(to view: Int, element: Int) {
        guard let owner = doc.placeholder("IBFilesOwner", near: element), let viewID = tree[element]["id"],
            let connections = tree.child(of: owner, named: "connections"),
            tree.children(of: connections, named: "outlet").contains(where: {
                tree[$0]["property"] == "view" && tree[$0]["destination"] == viewID
            })
        else { return }
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
                placeAtBottom(index, in: frame.size)
            }
        case "tabBarController":
            let children = relationships(of: c, "viewControllers")
            if let first = children.first {
                _ = importController(first, into: view, frame: bounds)
            }
            if children.count > 1 {
                warn(.behaviourNotModelled, c, "a tab bar controller with \(children.count) tabs: the first tab's controller is imported", lost: "the other tabs' controllers (switching tabs is not modelled yet)")
            }
            if let bar = tree.child(of: c, key: "tabBar") {
                let index = importViewTree(bar, into: view)
                placeAtBottom(index, in: frame.size)
            }
        default:
            let children = relationships(of: c, nil)
            if let nib = tree[c]["nibName"] {
                warn(.externalReference, c, "\(describe(c)) loads its view from the nib \"\(nib)\"", lost: "the controller's views (they are in that nib)")
            } else {
                let what = children.isEmpty ? "has no view in this file" : "arranges \(children.count) children in a way TouchTrace does not model"
                warn(.controllerNotModelled, c, "\(describe(c)) \(what)\(children.isEmpty ? "" : "; its first child fills the container")", lost: children.isEmpty ? "the controller's own views" : "the container's arrangement and its other children")
            }
            if let first = children.first {
                _ = importController(first, into: view, frame: bounds)
            }
        }
        return view
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
    /// the home indicator, and keeps there when the container resizes (UIKit places it at run
    /// time; Xcode stores it at y = 0).
    mutating func placeAtBottom(_ view: Int, in size: Size) {
        let height = document.views[view].frame?.size.height ?? 49
        let bottom = doc.device?.insets.bottom ?? 0
        document.views[view].frame = Rect(x: 0, y: size.height - height - bottom, width: size.width, height: height + bottom)
        document.views[view].autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        document.views[view].translatesAutoresizingMaskIntoConstraints = true
    }

    /// Whether the controller's simulated metrics hide the status bar.
    func hasHiddenStatusBar(_ c: Int) -> Bool {
        tree.child(of: c, named: "nil", key: "simulatedStatusBarMetrics") != nil
    }
}
