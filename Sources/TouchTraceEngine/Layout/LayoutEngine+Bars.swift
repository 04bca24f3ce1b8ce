/// A bar's `layoutSubviews` places its items' views (rules B1–B3). UIKit's bars lay their item
/// views out privately; TouchTrace's decisions, so that a tap can be aimed at an item:
/// - `UITabBar` and `UIToolbar`: the items share the bar's width equally, full height (a
///   toolbar's items as if flexible spaces separated them);
/// - `UINavigationBar`: the back item, then the left items, from the leading (left) edge; the
///   right items from the trailing (right) edge inwards; each as wide as its title's estimate
///   (`TextMetrics`) plus 16 points of padding, at least 44 (Apple's minimum hit target).
/// An item with a `frame` in the scene keeps it.
extension LayoutEngine {
    /// The minimum width of a navigation bar item, in points (Apple's Human Interface
    /// Guidelines' 44 × 44 pt hit target).
    static let barItemMinimumWidth = 44.0
    /// Padding around a navigation bar item's title, in points (approximation).
    static let barItemPadding = 16.0

    mutating func layOutBarItems(of bar: Int) {
        guard case let .bar(config)? = scene.views[bar].role else { return }
        let bounds = scene.views[bar].geometry.bounds
        var itemViews: [(view: Int, item: BarItem)] = []
        for sub in scene.views[bar].subviews {
            guard case let .barItem(owner, position)? = scene.views[sub].role, owner == bar else { continue }
            guard let item = position < 0 ? config.backItem : config.items[position] else { continue }
            itemViews.append((sub, item))
        }
        guard !itemViews.isEmpty else { return }
        var frames: [Rect] = []
        if scene.views[bar].viewClass == .UINavigationBar {
            func width(_ item: BarItem) -> Double {
                max(Self.barItemMinimumWidth, TextMetrics.estimatedSize(of: item.title ?? "", fontSize: 17).width + Self.barItemPadding)
            }
            var left = bounds.minX
            var right = bounds.maxX
            for (_, item) in itemViews {
                let w = width(item)
                if item.placement == .right {
                    right -= w
                    frames.append(Rect(x: right, y: bounds.minY, width: w, height: bounds.size.height))
                } else {
                    frames.append(Rect(x: left, y: bounds.minY, width: w, height: bounds.size.height))
                    left += w
                }
            }
        } else {
            let w = bounds.size.width / Double(itemViews.count)
            for k in itemViews.indices {
                frames.append(Rect(x: bounds.minX + w * Double(k), y: bounds.minY, width: w, height: bounds.size.height))
            }
        }
        for (k, entry) in itemViews.enumerated() where entry.item.frame == nil {
            let frame = frames[k]
            setCenter(Point(x: frame.midX, y: frame.midY), of: entry.view)
            setBoundsSize(frame.size, of: entry.view, reason: .boundsSizeChanged, marksSuperview: false)
        }
    }
}
