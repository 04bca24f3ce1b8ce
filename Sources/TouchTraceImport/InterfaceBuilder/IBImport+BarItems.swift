import TouchTraceEngine

extension IBImport {
    /// The bars' items (rules B1–B3), after every view and controller is imported:
    /// - a navigation bar shows the navigation item of the controller on top of its stack (a
    ///   navigation controller's bar: its root controller's; a storyboard scene shown in a
    ///   navigation controller gets a navigation bar of its own, `<controller>.navigationBar`,
    ///   where the stored or simulated bar is), with a back item that pops the controller when it
    ///   was pushed (show or push segue);
    /// - a toolbar its `items` (a navigation controller's toolbar: the root controller's
    ///   `toolbarItems`);
    /// - a tab bar controller's tab bar one item per tab (`tabBarItem` of each child controller);
    ///   the tabs that are not selected get their controller without its view (UIKit loads a
    ///   tab's view when it is first selected), so that the item can name it (B2).
    /// A bar button item's action goes to its destination (First Responder: a nil target, T4); a
    /// segue it triggers is an action naming the destination (`segueAction`).
    mutating func importBarItems() {
        for (view, e) in viewElements where document.views[view].viewClass.isBar {
            let el = tree[e]
            let owner = el.parent.map { tree[$0].name }
            switch el.name {
            case "navigationBar":
                if owner == "navigationController", let nav = el.parent {
                    let top = relationships(of: nav, "rootViewController").first
                    document.views[view].bar = navigationBar(for: top)
                } else if let items = tree.child(of: e, named: "items") {
                    // A navigation bar placed in a view: its last navigation item is on top.
                    let navItems = tree.children(of: items, named: "navigationItem")
                    document.views[view].bar = navigationBar(item: navItems.last, controller: nil)
                }
            case "toolbar":
                var bar = BarDraft()
                if owner == "navigationController", let nav = el.parent, let top = relationships(of: nav, "rootViewController").first {
                    if let list = tree.child(of: top, key: "toolbarItems") ?? tree.child(of: top, named: "toolbarItems") {
                        bar.items = tree.children(of: list, named: "barButtonItem").compactMap { barItem($0) }
                    }
                } else if let items = tree.child(of: e, named: "items") {
                    bar.items = tree.children(of: items, named: "barButtonItem").compactMap { barItem($0) }
                }
                document.views[view].bar = bar
            case "tabBar":
                if owner == "tabBarController", let tabs = el.parent {
                    document.views[view].bar = tabBar(of: tabs, barView: view)
                } else if let items = tree.child(of: e, named: "items") {
                    var bar = BarDraft()
                    bar.items = tree.children(of: items, named: "tabBarItem").compactMap { barItem($0) }
                    document.views[view].bar = bar
                }
            default:
                continue
            }
        }
    }

    /// The navigation bar of a controller on top of a navigation stack: its navigation item's
    /// items, and a back item when it was pushed.
    mutating func navigationBar(for controller: Int?) -> BarDraft {
        guard let controller else { return BarDraft() }
        let item = tree.child(of: controller, key: "navigationItem")
        return navigationBar(item: item, controller: controller)
    }

    mutating func navigationBar(item: Int?, controller: Int?) -> BarDraft {
        var bar = BarDraft()
        if let item {
            for key in ["leftBarButtonItem", "rightBarButtonItem"] {
                guard let b = tree.child(of: item, key: key), let draft = barItem(b) else { continue }
                if key == "leftBarButtonItem" { bar.leftItems.append(draft) } else { bar.rightItems.append(draft) }
            }
            for (arrayName, left) in [("leftBarButtonItems", true), ("rightBarButtonItems", false)] {
                for list in tree.children(of: item, named: arrayName) {
                    for b in tree.children(of: list, named: "barButtonItem") {
                        guard let draft = barItem(b) else { continue }
                        if left { bar.leftItems.append(draft) } else { bar.rightItems.append(draft) }
                    }
                }
            }
        }
        // A controller reached by a show or push segue has a back button that pops it (B1),
        // titled with the previous controller's back item or title, unless a left item hides it.
        if let controller, bar.leftItems.isEmpty, let previous = pushingController(of: controller),
            case let .controller(id, _)? = tree[controller]["id"].flatMap({ objects[$0] })
        {
            var back = BarDraft.Item(id: ids.make([id + ".back"], fallback: "back"), sourceID: nil)
            let previousItem = tree.child(of: previous, key: "navigationItem")
            back.title = previousItem.flatMap { tree.child(of: $0, key: "backBarButtonItem") }.flatMap { tree[$0]["title"] }
                ?? previousItem.flatMap { tree[$0]["title"] } ?? "Back"
            back.viewController = id
            bar.backItem = back
        }
        return bar
    }

    /// The controller that pushed `controller` (the source of a show or push segue to it).
    func pushingController(of controller: Int) -> Int? {
        guard let id = tree[controller]["id"] else { return nil }
        for (index, element) in tree.elements.enumerated() where element.name == "segue" {
            guard ["show", "push"].contains(element["kind"] ?? ""), element["destination"] == id else { continue }
            return doc.enclosingController(of: index)
        }
        return nil
    }

    /// A tab bar controller's bar: one item per tab, the first selected, the controller and its
    /// delegate named (B2).
    mutating func tabBar(of tabs: Int, barView: Int) -> BarDraft {
        var bar = BarDraft()
        bar.selectedIndex = 0
        if case let .controller(id, _)? = tree[tabs]["id"].flatMap({ objects[$0] }) { bar.tabBarController = id }
        if let connections = tree.child(of: tabs, named: "connections"),
            let outlet = tree.children(of: connections, named: "outlet").first(where: { tree[$0]["property"] == "delegate" }),
            case let .object(id) = actionTarget(tree[outlet]["destination"])
        {
            bar.delegate = id
        }
        let container = tree[tabs]["id"].flatMap { source -> Int? in
            if case let .controller(_, v)? = objects[source] { return v }
            return nil
        }
        for child in relationships(of: tabs, "viewControllers") {
            let itemElement = tree.child(of: child, key: "tabBarItem")
            var item = itemElement.flatMap { barItem($0) } ?? BarDraft.Item(id: ids.make(["tab"], fallback: "tab"), sourceID: nil)
            if item.title == nil { item.title = tree[child]["title"] }
            item.action = nil
            item.target = nil
            if let controller = tabController(child, container: container) { item.viewController = controller }
            bar.items.append(item)
        }
        return bar
    }

    /// The scene id of a tab's controller: the imported one, or (a tab not selected) a controller
    /// without its view, carried by an empty hidden view in the tab bar controller's view.
    mutating func tabController(_ child: Int, container: Int?) -> String? {
        if let source = tree[child]["id"], case let .controller(id, _)? = objects[source] { return id }
        guard let container, tree[child].name != "viewControllerPlaceholder" else { return nil }
        let custom = tree[child]["customClass"]
        let name = tree[child].name
        let id = ids.make([tree[child]["userLabel"], tree[child]["storyboardIdentifier"], custom], fallback: name)
        var holder = ViewDraft(id: ids.make([id + ".view"], fallback: "view"), sourceID: nil, viewClass: .UIView)
        holder.frame = document.views[container].frame.map { Rect(origin: .zero, size: $0.size) }
        holder.hidden = true
        holder.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        holder.viewController = ControllerDraft(id: id, sourceID: tree[child]["id"], customClass: custom ?? Self.uikitControllerClass[name])
        // Behind the selected tab's view and the bar: the first subview.
        let index = document.views.count
        document.views.append(holder)
        document.views[container].subviews.insert(index, at: 0)
        if let source = tree[child]["id"] { objects[source] = .controller(id: id, view: index) }
        return id
    }

    /// A bar button item or tab bar item: its id (accessibility identifier, user label, title,
    /// system item, image), title, enabled state and action (B1, B3, T2, T4).
    mutating func barItem(_ b: Int) -> BarDraft.Item? {
        let el = tree[b]
        let accessibility = tree.child(of: b, named: "accessibility", key: "accessibilityConfiguration").flatMap { tree[$0]["identifier"] }
        let title = el["title"].flatMap { $0.isEmpty ? nil : $0 } ?? el["systemItem"]
        let name = title.map { "item:" + String($0.prefix(32)) } ?? el["image"].map { "item:" + String($0.prefix(32)) }
        var item = BarDraft.Item(id: ids.make([accessibility, el["userLabel"], name], fallback: "item"), sourceID: el["id"])
        item.title = title
        if let enabled = flag(b, "enabled") { item.enabled = enabled }
        if let id = el["id"] { objects[id] = .barItem(item.id) }
        guard let connections = tree.child(of: b, named: "connections") else { return item }
        for c in tree[connections].children {
            switch tree[c].name {
            case "action":
                guard item.action == nil, let selector = tree[c]["selector"], !selector.isEmpty else { continue }
                switch actionTarget(tree[c]["destination"]) {
                case .responderChain:
                    item.action = selector
                case let .object(target):
                    item.action = selector
                    item.target = target
                    declare(selector, on: target)
                case let .missing(reason):
                    warn(.actionDropped, c, "action \(selector) of \(describe(b)): \(reason)", lost: "this action")
                }
            case "segue":
                guard item.action == nil, let kind = tree[c]["kind"], kind != "embed", kind != "relationship" else { continue }
                let (action, controller) = segueAction(c)
                guard let controller else {
                    warn(.actionDropped, c, "a \(kind) segue from \(describe(b)) outside an imported controller", lost: "the segue")
                    continue
                }
                item.action = action
                item.target = controller
                declare(action, on: controller)
            default:
                continue
            }
        }
        return item
    }
}

extension IBImport {
    /// A storyboard scene shown below a navigation bar that is not in the scene (the navigation
    /// controller is another scene, or the bar is simulated or inferred, or on the canvas read off
    /// the stored frames: `navigationBarReadOffFrames`, which this says): a `UINavigationBar`,
    /// `<controller>.navigationBar`, in front of the controller's view where the canvas shows the
    /// bar (below the status bar, or at the top of a sheet), with the controller's navigation
    /// item and, when it was pushed, a back item (B1). It carries the navigation controller's bar
    /// id in `origin.ids` when the document has one. `controller` is the unit's (`unitContext`).
    mutating func addNavigationBar(for controller: Int, window: Int, root: Int?) {
        guard unitBars.top > 0, !IBVocabulary.containerControllers.contains(tree[controller].name),
            case let .controller(id, _)? = tree[controller]["id"].flatMap({ objects[$0] }),
            tree.child(of: controller, key: "simulatedTopBarMetrics").map({ tree[$0].name == "simulatedNavigationBarMetrics" }) ?? true
        else {
            // Bar button items with nowhere to show: the controller is in no navigation
            // controller of this file (code may push it onto one).
            if !IBVocabulary.containerControllers.contains(tree[controller].name), let item = tree.child(of: controller, key: "navigationItem"),
                tree.subtree(of: item).contains(where: { tree[$0].name == "barButtonItem" && tree[$0]["key"] != "backBarButtonItem" })
            {
                warn(
                    .behaviourNotModelled, item,
                    "the navigation item of \(describe(controller)) has bar button items, but the controller is shown in no navigation bar in this document: they are not in the scene",
                    lost: "the bar button items and their actions (they appear when code pushes the controller onto a navigation controller)")
            }
            warnTopBarNotStated(for: controller)
            return
        }
        let width = document.views[window].frame?.size.width ?? 0
        var frame = Rect(x: 0, y: max(0, windowInsets.top - unitBars.top), width: width, height: unitBars.top)
        if let root, let safe = document.views[root].safeAreaInsets, let rootFrame = document.views[root].frame, rootFrame.minY > 0 {
            // A sheet: its bar at the top of the sheet.
            let bar = unitNavigationBar ?? Rect(x: 0, y: 0, width: width, height: IBBars.sheetNavigationBar)
            frame = Rect(x: 0, y: rootFrame.minY + bar.minY, width: width, height: max(0, safe.top - bar.minY))
        }
        let storedBar = unitContext?.navigation.flatMap { tree.child(of: $0, key: "navigationBar") }
        var draft = ViewDraft(id: ids.make([id + ".navigationBar"], fallback: "navigationBar"), sourceID: nil, viewClass: .UINavigationBar)
        draft.customClass = storedBar.flatMap { tree[$0]["customClass"] }
        draft.frame = frame
        draft.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
        draft.bar = navigationBar(for: controller)
        document.add(draft, to: window)
        if let bar = unitBarReadOffFrames, let item = tree.child(of: controller, key: "navigationItem") {
            warn(
                .layoutApproximated, item,
                "\(describe(controller)) has a navigation item, but no navigation controller of this document shows it: the views pinned to the top of its safe area (or its top layout guide) are stored below a \(JSONWriter.format(bar)) pt navigation bar, so on the canvas it is laid out below one showing its navigation item, as Xcode drew it (read off the stored frames; Xcode's canvas draws a bar for some such controllers and not for others); as the app runs, what shows it (code, or a segue of another storyboard) decides whether a bar covers its top",
                lost: "whether a navigation bar covers the top of the controller's view as the app runs (imported without one there)")
        }
    }

    /// A controller with a navigation item, shown below no bar of this document and with no
    /// simulated top bar of its own (Xcode's "Inferred"): a navigation item is what a navigation
    /// controller's bar shows for the controller on top of its stack, so what shows it (code, or
    /// a segue of another storyboard) may push it onto one, and then its top and safe area start
    /// below that bar; Xcode's canvas too draws a bar for some such controllers and not for
    /// others (Provenance's details, sentry's metrics: a bar; GoMap's quest builder, seafile,
    /// IQKeyboardManager: none). Imported without a bar, and `layoutApproximated` says the top
    /// bar is not stated (a controller embedded in a container view of the document is laid out
    /// by that container: not said).
    mutating func warnTopBarNotStated(for controller: Int) {
        guard let item = navigationItemShownInNoBar(controller, top: unitBars.top) else { return }
        warn(
            .layoutApproximated, item,
            "\(describe(controller)) has a navigation item, but no navigation controller of this document shows it: it is laid out without a navigation bar, though what shows it (code, or a segue of another storyboard) may push it onto one (its top and safe area then start below the bar; Xcode's canvas draws one for some such controllers and not for others)",
            lost: "a navigation bar over the top of the controller's view, when it is shown in a navigation controller")
    }

    /// The navigation item of a unit's controller that nothing in the document shows in a
    /// navigation bar: no bar above it (`top`), no navigation controller holds it, no show or
    /// push segue reaches it, no simulated top bar of its own (Xcode's "Inferred"), not embedded
    /// in a container view of the document, not a container itself. Needs `unitContext` and
    /// `unitContainer`.
    func navigationItemShownInNoBar(_ controller: Int, top: Double) -> Int? {
        guard top == 0, unitContainer == nil, !IBVocabulary.containerControllers.contains(tree[controller].name),
            let item = tree.child(of: controller, key: "navigationItem"),
            tree.child(of: controller, key: "simulatedTopBarMetrics") == nil,
            unitContext.map({ $0.navigation == nil && !$0.pushed }) ?? true
        else { return nil }
        return item
    }
}
