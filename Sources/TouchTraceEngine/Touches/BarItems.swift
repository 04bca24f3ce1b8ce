/// Bars (rules B1–B3) as a value type that knows no scene: UIKit's bars show each item in a
/// control view of its own and act on its `touchUpInside`. A bar button item (navigation bar,
/// toolbar) sends its action through `UIApplication.sendAction(_:to:from:for:)`, which the item
/// view's target-action registration already does (T2, T4); the back item pops the navigation
/// controller's top view controller (B1); a tab bar item selects its tab (B2). BarItemsTests run
/// it alone.
struct BarItems: Sendable {
    /// Tab bars' selected indices (B2) once a tap changed them, by bar.
    private(set) var tabSelections: [Int: Int?] = [:]

    /// The tab bar's `selectedIndex`: as a tap left it, else as the scene gave it.
    func selectedIndex(of bar: Int, initially initial: Int?) -> Int? { tabSelections[bar] ?? initial }

    /// `itemView` (item `item` of `bar`, −1 for a navigation bar's back item) got its
    /// `touchUpInside`. `controller` gives a view controller id's index.
    mutating func tapped(
        _ itemView: Int, bar: Int, barClass: ViewClass, config: BarConfig, item: Int, touch: Int?, controller: (String) -> Int?
    ) -> [SessionEffect] {
        switch barClass {
        case .UINavigationBar where item < 0:
            let popped = config.backItem?.viewController.flatMap(controller)
            return [.record(.B1, .popViewController(bar: bar, item: itemView, viewController: popped))]
        case .UITabBar:
            guard item >= 0, item < config.items.count else { return [] }
            let previous = selectedIndex(of: bar, initially: config.selectedIndex)
            tabSelections[bar] = .some(item)
            var effects: [SessionEffect] = [.record(.B2, .selectTab(
                bar: bar, item: itemView, index: item, previous: previous, tabBarController: config.tabBarController.flatMap(controller),
                viewController: config.items[item].viewController.flatMap(controller)))]
            if config.tabBarController != nil {
                effects.append(.record(.B2, .delegateCall(TouchesTrace.DelegateCall(sender: bar, method: "tabBarController(_:didSelect:)", receiver: config.delegate))))
            }
            return effects
        default:
            return []
        }
    }
}
