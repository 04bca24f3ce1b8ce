/// Deterministic hierarchy dumps of at least `minimumBytes` bytes, shaped like a real app's
/// screen: a window, a navigation container, a navigation bar with its private views, and a
/// table whose cells each hold a content view, a title and a subtitle label, an image view and
/// a button with its label — the classes, properties (`autoresize`, `gestureRecognizers`,
/// `userInteractionEnabled = NO`, text with quotes) and nesting `recursiveDescription` prints.
/// The same tree as XCUITest's `debugDescription` and as Sentry's `view-hierarchy.json`. Each
/// is the smallest such tree of at least `minimumBytes` (about 200 bytes a view for
/// recursiveDescription, as real dumps have: a 1 MB dump is about 5,000 views). Nothing random:
/// the same bytes every run.
public enum GeneratedDumps {
    struct Node {
        var cls: String
        var frame: (Double, Double, Double, Double)
        var extra: String
        var text: String?
        var children: [Node] = []
    }

    static func tree(minimumViews: Int) -> Node {
        var cells: [Node] = []
        var i = 0
        var views = 8
        while views < minimumViews {
            let y = Double(i) * 88
            var cell = Node(cls: "MyApp.ProductCell", frame: (0, y, 390, 88), extra: "baseClass = UITableViewCell; autoresize = W; ", text: nil)
            var content = Node(cls: "UITableViewCellContentView", frame: (0, 0, 390, 87.6667), extra: "gestureRecognizers = <NSArray: 0x6000031\(String(i, radix: 16))>; ", text: nil)
            content.children = [
                Node(cls: "UIImageView", frame: (16, 12, 64, 64), extra: "clipsToBounds = YES; userInteractionEnabled = NO; ", text: nil),
                Node(cls: "UILabel", frame: (92, 14, 220, 20.3333), extra: "userInteractionEnabled = NO; ", text: "Product \(i): 'Espresso' beans"),
                Node(cls: "UILabel", frame: (92, 40, 220, 18), extra: "alpha = 0.6; userInteractionEnabled = NO; ", text: "$\(12 + i % 30).00"),
                Node(cls: "UIButton", frame: (322, 22, 52, 44), extra: "opaque = NO; ", text: nil, children: [
                    Node(cls: "UIButtonLabel", frame: (8, 12, 36, 20.3333), extra: "opaque = NO; userInteractionEnabled = NO; ", text: "Add"),
                ]),
            ]
            cell.children = [content, Node(cls: "_UITableViewCellSeparatorView", frame: (16, 87.6667, 374, 0.333333), extra: "", text: nil)]
            cells.append(cell)
            views += 7
            i += 1
        }
        let table = Node(
            cls: "UITableView", frame: (0, 0, 390, 844),
            extra: "clipsToBounds = YES; autoresize = W+H; gestureRecognizers = <NSArray: 0x600003a00000>; ", text: nil, children: cells)
        let bar = Node(cls: "UINavigationBar", frame: (0, 47, 390, 44), extra: "opaque = NO; autoresize = W; ", text: nil, children: [
            Node(cls: "_UIBarBackground", frame: (0, -47, 390, 91), extra: "userInteractionEnabled = NO; ", text: nil),
            Node(cls: "_UINavigationBarContentView", frame: (0, 0, 390, 44), extra: "", text: nil, children: [
                Node(cls: "_UIButtonBarButton", frame: (0, 0, 44, 44), extra: "", text: nil),
                Node(cls: "UILabel", frame: (150, 11.6667, 90, 20.3333), extra: "userInteractionEnabled = NO; ", text: "Products"),
            ]),
        ])
        // The nesting a navigation controller gives its top controller's view, as real dumps have it.
        let root = Node(cls: "MyApp.ProductListView", frame: (0, 0, 390, 844), extra: "autoresize = W+H; ", text: nil, children: [table])
        let wrapper = Node(cls: "UIViewControllerWrapperView", frame: (0, 0, 390, 844), extra: "autoresize = W+H; ", text: nil, children: [root])
        let transition = Node(cls: "UINavigationTransitionView", frame: (0, 0, 390, 844), extra: "clipsToBounds = YES; autoresize = W+H; ", text: nil, children: [wrapper])
        let container = Node(cls: "UILayoutContainerView", frame: (0, 0, 390, 844), extra: "autoresize = W+H; ", text: nil, children: [transition, bar])
        return Node(cls: "UIWindow", frame: (0, 0, 390, 844), extra: "gestureRecognizers = <NSArray: 0x600003b00000>; ", text: nil, children: [container])
    }

    static func fmt(_ x: Double) -> String {
        x == x.rounded() ? String(Int(x)) : String(x)
    }

    /// `recursiveDescription` of at least `minimumBytes` bytes.
    public static func recursiveDescription(minimumBytes: Int) -> [UInt8] {
        var views = minimumBytes / 220
        while true {
            let bytes = recursiveDescription(tree(minimumViews: views))
            if bytes.count >= minimumBytes { return bytes }
            views += max(1, views / 50)
        }
    }

    static func recursiveDescription(_ root: Node) -> [UInt8] {
        var out = ""
        var address = 0x7f_a0_00_00_00
        var stack: [(Node, Int)] = [(root, 0)]
        while let (node, depth) = stack.popLast() {
            address += 0x110
            let indent = depth == 0 ? "" : "   |" + String(repeating: "    |", count: depth - 1) + " "
            let (x, y, w, h) = node.frame
            var line = "\(indent)<\(node.cls): 0x\(String(address, radix: 16)); "
            if node.extra.hasPrefix("baseClass") {
                line += "baseClass = UITableViewCell; frame = (\(fmt(x)) \(fmt(y)); \(fmt(w)) \(fmt(h))); " + node.extra.dropFirst("baseClass = UITableViewCell; ".count)
            } else {
                line += "frame = (\(fmt(x)) \(fmt(y)); \(fmt(w)) \(fmt(h))); "
                if let text = node.text { line += "text = '\(text)'; " }
                line += node.extra
            }
            line += "layer = <CALayer: 0x6000\(String(address & 0xFFFFFF, radix: 16))>"
            if node.cls == "UITableView" { line += "; contentOffset: {0, -91}; contentSize: {390, \(fmt(Double(node.children.count) * 88))}; adjustedContentInset: {91, 0, 34, 0}" }
            out += line + ">\n"
            for child in node.children.reversed() { stack.append((child, depth + 1)) }
        }
        return Array(out.utf8)
    }

    /// XCUITest's `debugDescription` of the same kind of tree (screen frames, two spaces a level).
    public static func xcuitest(minimumBytes: Int) -> [UInt8] {
        var views = minimumBytes / 120
        while true {
            let bytes = xcuitest(tree(minimumViews: views))
            if bytes.count >= minimumBytes { return bytes }
            views += max(1, views / 50)
        }
    }

    static func xcuitest(_ root: Node) -> [UInt8] {
        var out = "Attributes: Application, 0x600000c40000, pid: 4242, label: 'Shop'\nElement subtree:\n →Application, 0x600000c40000, pid: 4242, label: 'Shop'\n"
        var address = 0x6000_00c4_0000
        var stack: [(Node, Int, Double, Double)] = [(root, 0, 0, 0)]
        while let (node, depth, ox, oy) = stack.popLast() {
            address += 0x1c0
            let (x, y, w, h) = node.frame
            let type: String
            switch node.cls {
            case "UIWindow": type = "Window (Main)"
            case "UILabel", "UIButtonLabel": type = "StaticText"
            case "UIButton", "_UIButtonBarButton": type = "Button"
            case "UIImageView": type = "Image"
            case "UITableView": type = "Table"
            case "MyApp.ProductCell": type = "Cell"
            case "UINavigationBar": type = "NavigationBar"
            default: type = "Other"
            }
            var line = String(repeating: "  ", count: depth + 2) + "\(type), 0x\(String(address, radix: 16)), {{\(ox + x), \(oy + y)}, {\(w), \(h)}}"
            if let text = node.text { line += ", label: '\(text)'" }
            if type == "Cell" { line += ", identifier: 'product-\(address)'" }
            out += line + "\n"
            for child in node.children.reversed() { stack.append((child, depth + 1, ox + x, oy + y)) }
        }
        out += "Path to element:\n →Application, 0x600000c40000, pid: 4242, label: 'Shop'\n"
        return Array(out.utf8)
    }

    /// Sentry's `view-hierarchy.json` of the same kind of tree.
    public static func sentry(minimumBytes: Int) -> [UInt8] {
        var views = minimumBytes / 160
        while true {
            let bytes = sentry(tree(minimumViews: views))
            if bytes.count >= minimumBytes { return bytes }
            views += max(1, views / 50)
        }
    }

    static func sentry(_ root: Node) -> [UInt8] {
        func json(_ node: Node) -> String {
            let (x, y, w, h) = node.frame
            let type = node.cls.split(separator: ".").last.map(String.init) ?? node.cls
            var s = "{\"type\":\"\(type)\",\"width\":\(w),\"height\":\(h),\"x\":\(x),\"y\":\(y),\"alpha\":1,\"visible\":true"
            if node.cls == "MyApp.ProductCell" { s += ",\"identifier\":\"product-\(Int(y))\"" }
            s += ",\"children\":[" + node.children.map(json).joined(separator: ",") + "]}"
            return s
        }
        return Array(("{\"rendering_system\":\"UIKIT\",\"windows\":[" + json(root) + "]}").utf8)
    }
}
