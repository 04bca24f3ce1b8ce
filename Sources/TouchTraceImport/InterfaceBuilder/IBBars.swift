import TouchTraceEngine

/// The bars a storyboard controller is shown with, as Xcode simulates them: a navigation bar
/// when the controller says so (`simulatedTopBarMetrics`) or sits in a navigation controller
/// (its root, or reached from it by a show/push segue: Xcode's "Inferred" metrics), a tab bar
/// when it sits in a tab bar controller, a toolbar when its simulated metrics show one. Their
/// heights add to the device's unsafe edges in the window's safe-area insets (UIKit's
/// navigation and tab bar controllers extend their children's safe area by their bars).
struct IBBars {
    let doc: IBDocument
    var tree: XMLTree { doc.tree }

    /// UIKit's bar heights on iPhone: navigation bar 44 pt (74 with a prompt, 96 with a large
    /// title), tab bar 49 pt, toolbar 44 pt (HIG: "Navigation bars", "Tab bars", "Toolbars").
    static let navigationBar = 44.0
    static let navigationBarWithPrompt = 74.0
    static let tabBar = 49.0
    static let toolbar = 44.0

    /// Heights to add at the top and bottom of the safe area of a unit whose controller is
    /// `controller`: the tallest bars along the chain of controllers it shows (a container, its
    /// first child, that child's first child…).
    func bars(of controller: Int) -> (top: Double, bottom: Double) {
        let context = inferredContext()
        var result = (top: 0.0, bottom: 0.0)
        var current: Int? = controller
        var seen: Set<Int> = []
        while let c = current, seen.insert(c).inserted {
            let own = ownBars(of: c, inferred: context[c] ?? (false, false))
            result = (max(result.top, own.top), max(result.bottom, own.bottom))
            current = firstChild(of: c)
        }
        return result
    }

    /// A container's first relationship destination (the child it shows).
    func firstChild(of c: Int) -> Int? {
        guard let connections = tree.child(of: c, named: "connections") else { return nil }
        for s in tree.children(of: connections, named: "segue") where tree[s]["kind"] == "relationship" {
            if let d = tree[s]["destination"].flatMap({ doc.elementsByID[$0] }) { return d }
        }
        return nil
    }

    func ownBars(of controller: Int, inferred: (navigation: Bool, tab: Bool)) -> (top: Double, bottom: Double) {
        var top = 0.0
        var bottom = 0.0
        let name = tree[controller].name
        // A container draws its own bars (imported as views): its children's safe area still
        // starts below them.
        if let metrics = tree.child(of: controller, key: "simulatedTopBarMetrics") {
            if tree[metrics].name == "simulatedNavigationBarMetrics" {
                top = tree[metrics]["prompted"] == "YES" ? Self.navigationBarWithPrompt : Self.navigationBar
            }
        } else if inferred.navigation || name == "navigationController" {
            top = Self.navigationBar
        }
        if let metrics = tree.child(of: controller, key: "simulatedBottomBarMetrics") {
            switch tree[metrics].name {
            case "simulatedTabBarMetrics": bottom = Self.tabBar
            case "simulatedToolbarMetrics": bottom = Self.toolbar
            default: break
            }
        } else if inferred.tab || name == "tabBarController" {
            bottom = Self.tabBar
        }
        if name == "navigationController", tree[controller]["navigationBarHidden"] == "YES" { top = 0 }
        return (top, bottom)
    }

    /// For every controller element, whether it is shown inside a navigation controller and a
    /// tab bar controller: relationships pass the container's bar to the child, show and push
    /// segues pass the source's context on. A fixed point over the storyboard's segues.
    func inferredContext() -> [Int: (navigation: Bool, tab: Bool)] {
        var edges: [(from: Int, to: Int, navigation: Bool, tab: Bool)] = []
        for (index, element) in tree.elements.enumerated() where element.name == "segue" {
            guard let source = doc.enclosingController(of: index),
                let destination = element["destination"].flatMap({ doc.elementsByID[$0] })
            else { continue }
            switch element["kind"] {
            case "relationship":
                let sourceName = tree[source].name
                edges.append((source, destination, sourceName == "navigationController", sourceName == "tabBarController"))
            case "show", "push":
                edges.append((source, destination, false, false))
            default: continue
            }
        }
        var context: [Int: (navigation: Bool, tab: Bool)] = [:]
        for _ in 0..<(edges.count + 1) {
            var changed = false
            for edge in edges {
                let from = context[edge.from] ?? (false, false)
                let old = context[edge.to] ?? (false, false)
                let new = (old.navigation || from.navigation || edge.navigation, old.tab || from.tab || edge.tab)
                if new != old {
                    context[edge.to] = new
                    changed = true
                }
            }
            if !changed { break }
        }
        return context
    }
}
