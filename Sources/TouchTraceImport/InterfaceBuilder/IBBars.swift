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

    /// UIKit's bar heights on iPhone: navigation bar 44 pt (74 with a prompt), 54 in documents
    /// of Xcode 26 (iOS 26's bars: every navigation bar Xcode 26 stored in the corpus is 54 pt
    /// tall, five files of three projects), 56 in a sheet (iOS 13's page sheets); tab bar 49 pt,
    /// toolbar 44 pt (HIG: "Navigation bars", "Tab bars", "Toolbars"). A navigation controller's
    /// stored bar gives its own height (large titles, Xcode's era).
    static let navigationBar = 44.0
    static let navigationBarXcode26 = 54.0
    static let promptHeight = 30.0
    static let sheetNavigationBar = 56.0
    static let tabBar = 49.0
    static let toolbar = 44.0
    /// A toolbar above a home indicator is as tall as a tab bar (UIKit's toolbars on iPhones
    /// without a home button: the Google Ads examples' eight scenes with a simulated toolbar on
    /// an iPhone X sit 83 pt above the bottom, 49 and the indicator's 34).
    static let toolbarAboveHomeIndicator = 49.0
    static let xcode26Tools = 24000.0
    /// Xcode 16.0 saves tools version 23504 (Xcode 15.3 saved 23094): the first Xcode for
    /// iOS and iPadOS 18.
    static let xcode16Tools = 23500.0

    /// The heights of the bars above and below a unit's content.
    struct Heights: Equatable {
        var top = 0.0
        var bottom = 0.0
        /// The document says the top (bottom) bar is opaque (`translucent="NO"`): UIKit lays the
        /// controller's view out below (above) it (`extendedLayoutIncludesOpaqueBars` is false).
        var opaqueTop = false
        var opaqueBottom = false
        /// The top bar is only inferred from a show or push segue.
        var pushedOnly = false
    }

    /// Whether the document is an iPad's, saved by Xcode 16 or later (made for iPadOS 18), where
    /// a tab bar controller in regular width shows its bar at the top ("Elevating your iPad app
    /// with a tab bar and sidebar"), which the import does not model. Stamps of unreleased builds
    /// (`32700.99.1234`, written by Xcode 15 builds) are not counted.
    var tabBarAtTheTopOnPad: Bool {
        let pad = (doc.device?.id ?? doc.deviceID)?.hasPrefix("ipad") ?? false
        return pad && doc.toolsVersion >= Self.xcode16Tools && doc.toolsVersion < IBScreen.unreleasedTools
    }

    /// The navigation bar height of the document's era.
    var defaultNavigationBar: Double {
        doc.toolsVersion >= Self.xcode26Tools && doc.toolsVersion < IBScreen.unreleasedTools ? Self.navigationBarXcode26 : Self.navigationBar
    }

    /// Heights to add at the top and bottom of the safe area of a unit whose controller is
    /// `controller`: the tallest bars along the chain of controllers it shows (a container, its
    /// first child, that child's first child…); `context` is `inferredContext()`.
    func bars(of controller: Int, context: [Int: Context]) -> Heights {
        var result = Heights()
        var current: Int? = controller
        var seen: Set<Int> = []
        while let c = current, seen.insert(c).inserted {
            let own = ownBars(of: c, inferred: context[c] ?? Context())
            result = Heights(
                top: max(result.top, own.top), bottom: max(result.bottom, own.bottom), opaqueTop: result.opaqueTop || own.opaqueTop,
                opaqueBottom: result.opaqueBottom || own.opaqueBottom,
                pushedOnly: own.top > 0 ? (result.top > 0 ? result.pushedOnly && own.pushedOnly : own.pushedOnly) : result.pushedOnly)
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

    /// The height of a navigation controller's bar: its stored frame's (Xcode's canvas gives
    /// large titles and its era's height), else the era's; 0 when the bar is hidden.
    func navigationBarHeight(of navigationController: Int) -> Double {
        if tree[navigationController]["navigationBarHidden"] == "YES" { return 0 }
        if let bar = tree.child(of: navigationController, key: "navigationBar"), let frame = doc.frame(of: bar), frame.size.height > 0,
            frame.size.height < 200
        {
            return frame.size.height
        }
        return defaultNavigationBar
    }

    func ownBars(of controller: Int, inferred: Context) -> Heights {
        var top = 0.0
        var bottom = 0.0
        var opaqueTop = false, opaqueBottom = false, pushedOnly = false
        let name = tree[controller].name
        func opaque(_ e: Int?) -> Bool { e.map { tree[$0]["translucent"] == "NO" } ?? false }
        // A container draws its own bars (imported as views): its children's safe area still
        // starts below them.
        if let metrics = tree.child(of: controller, key: "simulatedTopBarMetrics") {
            if tree[metrics].name == "simulatedNavigationBarMetrics" {
                top = inferred.navigation.map(navigationBarHeight) ?? defaultNavigationBar
                if tree[metrics]["prompted"] == "YES" { top += Self.promptHeight }
                opaqueTop = opaque(metrics)
            }
        } else if name == "navigationController" {
            top = navigationBarHeight(of: controller)
            opaqueTop = opaque(tree.child(of: controller, key: "navigationBar"))
        } else if let navigation = inferred.navigation {
            top = navigationBarHeight(of: navigation)
            opaqueTop = opaque(tree.child(of: navigation, key: "navigationBar"))
        } else if inferred.pushed || inferred.splitColumn {
            top = defaultNavigationBar
            pushedOnly = !inferred.splitColumn
        }
        if let metrics = tree.child(of: controller, key: "simulatedBottomBarMetrics") {
            switch tree[metrics].name {
            case "simulatedTabBarMetrics": bottom = Self.tabBar
            case "simulatedToolbarMetrics": bottom = (doc.device?.notched ?? false) ? Self.toolbarAboveHomeIndicator : Self.toolbar
            default: break
            }
            opaqueBottom = bottom > 0 && opaque(metrics)
        } else if (inferred.tab && !inferred.hidesBottomBar) || name == "tabBarController" {
            bottom = Self.tabBar
        }
        return Heights(top: top, bottom: bottom, opaqueTop: opaqueTop && top > 0, opaqueBottom: opaqueBottom, pushedOnly: pushedOnly)
    }

    /// Where a controller is shown: the navigation controller it is in (if any), whether it is
    /// in a tab bar controller.
    struct Context: Equatable {
        var navigation: Int?
        var tab = false
        /// Reached by a show or push segue, which pushes onto a navigation controller: Xcode
        /// infers a navigation bar even when no navigation controller in this file shows the
        /// source (it may be in another storyboard).
        var pushed = false
        /// Pushed with `hidesBottomBarWhenPushed`, or pushed after a controller that was:
        /// UIKit hides the tab bar ("the bottom bar remains hidden until the view controller is
        /// popped from the stack"), and Xcode's canvas shows no tab bar.
        var hidesBottomBar = false
        /// The tab bar controller this controller is in sits inside the navigation controller
        /// (a navigation controller whose root is a tab bar controller): a push from here goes
        /// onto that outer stack, whose top controller replaces the whole tab bar interface on
        /// screen, tab bar included (UINavigationController shows only the top of its stack;
        /// the tab bar is the tab bar controller's view). Rule B2 in docs/uikit-rules.md.
        var tabInsideNavigation = false
        /// A column of a column-style split view controller (iOS 14's double- and triple-column
        /// styles) that is not a navigation controller, or a child of such a container: "If you
        /// set a child view controller that's not a navigation controller, the split view
        /// controller creates a navigation controller for it" (UISplitViewController), so the
        /// column shows a navigation bar of the standard height that no element of the document
        /// stores. Rule L6-split-view-columns-get-a-navigation-controller.
        var splitColumn = false
    }

    /// The relationships of a split view controller that name its primary, supplementary and
    /// secondary columns (Xcode's names for them); the compact and inspector columns are left out
    /// (no document shows how Xcode writes them).
    static let splitColumns: Set<String> = ["masterViewController", "supplementaryViewController", "detailViewController"]

    /// Whether a split view controller element has the column style (iOS 14 and later):
    /// Xcode's "Style: Double Column" writes `allowDoubleColumnStyle="YES"`, and a supplementary
    /// column exists only in the triple-column style. Without either it is a classic split view
    /// controller (style `unspecified`), whose children are shown as they are.
    func isColumnStyleSplit(_ c: Int) -> Bool {
        guard tree[c].name == "splitViewController" else { return false }
        if tree[c]["allowDoubleColumnStyle"] == "YES" { return true }
        guard let connections = tree.child(of: c, named: "connections") else { return false }
        return tree.children(of: connections, named: "segue").contains { tree[$0]["relationship"] == "supplementaryViewController" }
    }

    /// For every controller element, the navigation controller and the tab bar controller it is
    /// shown in: relationships pass the container to the child, show and push segues pass the
    /// source's context on. A fixed point over the storyboard's segues.
    func inferredContext() -> [Int: Context] {
        var edges: [(from: Int, to: Int, navigation: Int?, tab: Bool, pushed: Bool, hides: Bool, container: String?, column: Bool)] = []
        for (index, element) in tree.elements.enumerated() where element.name == "segue" {
            guard let source = doc.enclosingController(of: index),
                let destination = element["destination"].flatMap({ doc.elementsByID[$0] })
            else { continue }
            switch element["kind"] {
            case "relationship":
                let sourceName = tree[source].name
                let column = Self.splitColumns.contains(element["relationship"] ?? "") && isColumnStyleSplit(source)
                    && tree[destination].name != "navigationController"
                edges.append(
                    (source, destination, sourceName == "navigationController" ? source : nil, sourceName == "tabBarController", false, false, sourceName,
                     column))
            case "show", "push":
                edges.append((source, destination, nil, false, true, tree[destination]["hidesBottomBarWhenPushed"] == "YES", nil, false))
            default: continue
            }
        }
        var context: [Int: Context] = [:]
        for _ in 0..<(edges.count + 1) {
            var changed = false
            for edge in edges {
                let from = context[edge.from] ?? Context()
                let old = context[edge.to] ?? Context()
                // A push from a tab that the navigation controller holds (B4) leaves the tab bar behind.
                let tab = edge.pushed ? from.tab && !from.tabInsideNavigation : from.tab || edge.tab
                let inside: Bool
                switch edge.container {
                case "tabBarController": inside = from.navigation != nil
                case "navigationController": inside = false
                default: inside = from.tabInsideNavigation
                }
                let new = Context(
                    navigation: old.navigation ?? edge.navigation ?? from.navigation, tab: old.tab || tab,
                    pushed: old.pushed || edge.pushed || from.pushed,
                    hidesBottomBar: old.hidesBottomBar || edge.hides || (edge.pushed && from.hidesBottomBar),
                    tabInsideNavigation: old.tabInsideNavigation || (tab && inside),
                    // The navigation controller the split view creates holds a container column's
                    // children too (its relationships), not what a navigation controller shows.
                    splitColumn: old.splitColumn || edge.column
                        || (from.splitColumn && edge.container != nil && edge.container != "navigationController"))
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
