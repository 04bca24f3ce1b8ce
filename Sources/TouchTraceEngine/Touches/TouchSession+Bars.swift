/// Bars (rules B1–B3): UIKit's bars show each item in a control view of their own and act on
/// its `touchUpInside`. A bar button item (navigation bar, toolbar) sends its action through
/// `UIApplication.sendAction(_:to:from:for:)`, which the item view's target-action registration
/// already does (T2, T4: a nil target starts at the first responder); the back item pops the
/// navigation controller's top view controller (B1); a tab bar item selects its tab (B2).
extension TouchSession {
    mutating func barItemTapped(_ itemView: Int, bar: Int, item: Int, touch: Int?) {
        guard case let .bar(config)? = scene.views[bar].role else { return }
        switch scene.views[bar].viewClass {
        case .UINavigationBar where item < 0:
            let popped = config.backItem?.viewController.flatMap(controllerIndex)
            record(.B1, .popViewController(bar: bar, item: itemView, viewController: popped))
        case .UITabBar:
            guard item >= 0, item < config.items.count else { return }
            let previous = tabSelections[bar] ?? config.selectedIndex
            tabSelections[bar] = .some(item)
            record(.B2, .selectTab(
                bar: bar, item: itemView, index: item, previous: previous, tabBarController: config.tabBarController.flatMap(controllerIndex),
                viewController: config.items[item].viewController.flatMap(controllerIndex)))
            if config.tabBarController != nil {
                record(.B2, .delegateCall(TouchesTrace.DelegateCall(
                    sender: bar, method: "tabBarController(_:didSelect:)", receiver: config.delegate)))
            }
        default:
            return
        }
    }

    /// The index of a view controller id.
    func controllerIndex(_ id: String) -> Int? {
        if case let .viewController(index)? = scene.ids[id] { return index }
        return nil
    }

    /// The final state of the scene's scroll views (`contentOffset`, S3), lists (their selected
    /// index paths, V2, V3) and tab bars (`selectedIndex`, B2), in scene order, and the first
    /// responder (F1) when the scene names one or a touch changed it.
    mutating func recordViewStates(initialFirstResponder: ResponderRef?) {
        trace.views = []
        // Fields are read in place: copying each view node would cost more than the rest of a
        // small request (the touches benchmark's 1,000-view scene).
        for index in scene.views.indices where !scene.views[index].detached {
            if case .some = scene.views[index].scroll {
                var snapshot = TouchesTrace.ViewSnapshot(view: index)
                snapshot.contentOffset = scene.views[index].geometry.bounds.origin
                if case .list? = scene.views[index].role { snapshot.selected = selected(in: index) }
                trace.views.append(snapshot)
            } else if scene.views[index].viewClass == .UITabBar, case let .bar(config)? = scene.views[index].role {
                var snapshot = TouchesTrace.ViewSnapshot(view: index)
                snapshot.selectedIndex = .some(tabSelections[index] ?? config.selectedIndex)
                trace.views.append(snapshot)
            }
        }
        trace.reportsFirstResponder = initialFirstResponder != nil || !focusedBy.isEmpty
        trace.firstResponder = scene.firstResponder
    }
}
