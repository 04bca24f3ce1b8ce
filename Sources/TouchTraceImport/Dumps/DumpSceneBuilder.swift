import Foundation
import TouchTraceEngine

/// A `DumpTree` → a scene document: classes (`DumpClasses`), readable unique ids, frames (a
/// transformed view's printed frame turned back into its untransformed frame), the flags the
/// dump states, scroll offsets, controllers attached to their views, and a warning for every
/// assumption: a control's enabled state and targets, unknown gesture recognizers, views caught
/// mid-animation, a class taken from a name, a window made for a root that is not one.
struct DumpSceneBuilder {
    var tree: DumpTree
    let format: ImportFormat
    let options: ImportOptions
    var warnings: ImportWarnings
    var document: SceneDocument
    var ids = UniqueIDs(reserved: ["application"])
    /// The scene id of every node, and the draft it became.
    var nodeIDs: [String] = []
    var draftOfNode = NodeDrafts()
    var resolutions: [DumpClasses.Resolution] = []
    /// What the overlay supplies per node (so that no warning claims it is unknown).
    var overlaid: [Int: Set<String>] = [:]
    /// The addresses of views the text describes gesture recognizers of.
    var recognizerViews: Set<String> = []
    /// `classGuessed` warnings, one per distinct class: its count and first node.
    var guessed: [String: (count: Int, node: Int, why: String)] = [:]
    var guessedOrder: [String] = []

    init(tree: DumpTree, format: ImportFormat, options: ImportOptions, warnings: ImportWarnings) {
        self.tree = tree
        self.format = format
        self.options = options
        self.warnings = warnings
        document = SceneDocument(format: format, file: options.fileName, name: options.fileName)
    }

    /// Where a node is, for warnings.
    func at(_ n: Int) -> (line: Int?, column: Int?, pointer: String?, source: String?) {
        let node = tree.nodes[n]
        return (node.line, node.column, node.pointer, node.sourceID)
    }

    mutating func warn(_ kind: ImportWarning.Kind, _ n: Int?, _ message: String, lost: String) {
        guard let n else {
            warnings.add(ImportWarning(kind, message, lost: lost))
            return
        }
        let where_ = at(n)
        warnings.add(ImportWarning(kind, message, line: where_.line, column: where_.column, sourceID: where_.source, lost: lost, pointer: where_.pointer))
    }

    /// Whether the warning limit is reached: a warning is then only counted, and the per-view
    /// ones (a large dump has one for most of its controls) are not even written.
    var warningsFull: Bool { warnings.list.count >= warnings.limit }

    /// Counts a warning past the limit.
    mutating func countWarning() {
        warnings.add(ImportWarning(.tooManyWarnings, "", lost: ""))
    }

    /// `UIButton 0x7f8e… (line 12)` for messages.
    func describe(_ n: Int) -> String {
        // The fields read in place: a large dump describes up to a thousand controls in warnings.
        var s = String(tree.nodes[n].className.prefix(80))
        if let a = tree.nodes[n].address { s += " " + a }
        if let id = tree.nodes[n].identifier ?? tree.nodes[n].label { s += " '\(id.prefix(40))'" }
        if let line = tree.nodes[n].line { s += " (line \(line))" } else if let p = tree.nodes[n].pointer { s += " (\(p.prefix(120)))" }
        return s
    }

    // MARK: Classes and ids

    /// What a node's class resolves from: its printed class and base class, and where it is.
    /// A dump repeats a few classes thousands of times: each key is resolved once.
    struct ClassKey: Hashable {
        var className: String
        var baseClass: String?
        var insideCollection: Bool
        var root: Bool
        var scrolls: Bool
        var element: Bool
    }

    /// Pass 1: every node's class and scene id, in document order (so ids are stable).
    mutating func resolveClassesAndIDs() {
        let count = tree.nodes.count
        resolutions = Array(repeating: DumpClasses.Resolution(viewClass: .UIView), count: count)
        nodeIDs = Array(repeating: "", count: count)
        ids.reserveCapacity(count)
        var insideCollection = Array(repeating: false, count: count)
        // Each key's resolution, the short class name ids fall back to, and that name as an id.
        var cache: [ClassKey: (resolution: DumpClasses.Resolution, short: String, shortID: String?)] = [:]
        let nodes = tree.nodes
        nodes.withUnsafeBufferPointer { nodes in
            for n in preorder() {
                let parent = nodes[n].parent
                let parentInside = parent.map { insideCollection[$0] || resolutions[$0].viewClass == .UICollectionView } ?? false
                let scrolls = nodes[n].contentOffset != nil || nodes[n].contentSize != nil
                let key = ClassKey(
                    className: nodes[n].className, baseClass: nodes[n].baseClass, insideCollection: parentInside, root: parent == nil,
                    scrolls: scrolls, element: nodes[n].elementType != nil)
                let r: DumpClasses.Resolution
                let short: String
                let shortID: String?
                if let cached = cache[key] {
                    (r, short, shortID) = cached
                } else {
                    var resolved = DumpClasses.resolve(
                        nodes[n], format: format, context: .init(insideCollectionView: parentInside, isRoot: parent == nil, foreignPlatform: tree.foreignPlatform))
                    if !resolved.viewClass.isScrollView, scrolls, nodes[n].elementType == nil {
                        resolved = DumpClasses.Resolution(
                            viewClass: .UIScrollView, customClass: nodes[n].className,
                            guess: "it prints contentOffset, which only UIScrollView's description does: imported as UIScrollView")
                    }
                    if resolved.viewClass == .UIWindow, parent != nil {
                        resolved = DumpClasses.Resolution(viewClass: .UIView, customClass: nodes[n].className, guess: "a window inside a view: imported as a UIView")
                    }
                    short = DumpClasses.shortName(nodes[n].className)
                    shortID = UniqueIDs.sanitize(short)
                    cache[key] = (resolved, short, shortID)
                    r = resolved
                }
                resolutions[n] = r
                insideCollection[n] = parentInside
                if let why = r.guess {
                    let guessKey = nodes[n].className + "\u{0}" + r.viewClass.rawValue
                    if let g = guessed[guessKey] { guessed[guessKey] = (g.count + 1, g.node, g.why) } else {
                        guessed[guessKey] = (1, n, why)
                        guessedOrder.append(guessKey)
                    }
                }
                // The id: the first of the identifier, label, text, a control's title (the text
                // its label shows, as a button's UIButtonLabel) and class-address that makes a
                // name, else "view"; the fallback is only spelt out when it is needed.
                var base: String?
                if let s = nodes[n].identifier { base = Self.idBase(s) }
                if base == nil, let s = nodes[n].label { base = Self.idBase(s) }
                if base == nil, let s = nodes[n].text { base = Self.idBase(s) }
                if base == nil, r.viewClass.isControl, nodes[n].identifier == nil, nodes[n].label == nil, let title = titleInside(n) {
                    base = Self.idBase(title)
                }
                if base == nil {
                    base = nodes[n].address.map { UniqueIDs.sanitize("\(short)-\($0)") } ?? shortID
                }
                nodeIDs[n] = ids.make([], fallback: base ?? "view")
            }
        }
    }

    /// The text of the first label inside a control (its title), within two levels.
    func titleInside(_ n: Int) -> String? {
        for child in tree.nodes[n].children {
            if let t = tree.nodes[child].text, !t.isEmpty { return t }
            for grandchild in tree.nodes[child].children {
                if let t = tree.nodes[grandchild].text, !t.isEmpty { return t }
            }
        }
        return nil
    }

    /// An id made of a text, or nil when nothing of it is left to name the view by: a text in a
    /// script ids do not keep (`请阅读我们的隐私政策…`, `同意并继续`) leaves punctuation at most —
    /// UIKit's own `...` of a truncated text becomes the id `...` — and the class and address name
    /// the view better.
    static func idBase(_ s: String) -> String? {
        guard let base = UniqueIDs.sanitize(folded(s)),
            base.utf8.contains(where: { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) })
        else { return nil }
        return base
    }

    /// Latin letters without their accents (`Café` → `Cafe`), so that an id keeps them.
    static func folded(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 >= 0x80 }) else { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.decomposedStringWithCanonicalMapping.unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
            out.append(scalar)
        }
        return String(out)
    }

    /// The nodes in document order (roots first to last, each before its subviews).
    func preorder() -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(tree.nodes.count)
        var stack = Array(tree.roots.reversed())
        while let n = stack.popLast() {
            result.append(n)
            stack.append(contentsOf: tree.nodes[n].children.reversed())
        }
        return result
    }

    // MARK: Building

    /// Pass 2: the drafts, windows first.
    mutating func build() {
        // Several roots, none a window: `po` of an array of views (`view.subviews`, Chisel's
        // `pcells`: `<__NSArrayM 0x…>( <UITableViewCell: …>, … )`) — siblings, back to front as
        // `subviews` lists them, of a superview the dump does not show. They share one window.
        let siblings = tree.roots.count > 1 && tree.roots.allSatisfy { resolutions[$0].viewClass != .UIWindow }
        if tree.roots.count > 1, !siblings {
            warn(
                .layoutApproximated, tree.roots[1],
                "the dump has \(tree.roots.count) root views: each is a window, back to front in the dump's order (a dump does not print window levels)",
                lost: "the windows' levels")
        }
        draftOfNode = NodeDrafts(count: tree.nodes.count)
        document.views.reserveCapacity(tree.nodes.count + tree.roots.count)
        var shared: Int?
        if siblings {
            var size = Size(width: 0, height: 0)
            for root in tree.roots {
                let extent = subtreeExtent(root)
                size = Size(width: max(size.width, extent.width), height: max(size.height, extent.height))
            }
            var window = ViewDraft(id: ids.make([], fallback: "window"), sourceID: nil, viewClass: .UIWindow)
            window.frame = Rect(origin: .zero, size: size)
            shared = document.add(window, to: nil)
            warn(
                .windowSynthesized, tree.roots[0],
                "the dump's \(tree.roots.count) roots (the first \(describe(tree.roots[0]))) are not windows: "
                    + (tree.severalDumps ? "they are put side by side as siblings" : "as an array of subviews is, they are siblings")
                    + ", back to front in the dump's order, put in one window of \(fmt(size.width)) × \(fmt(size.height)) at the screen's origin",
                lost: "their superview and where their window really is")
        }
        for root in tree.roots {
            let r = resolutions[root]
            var parent: Int? = shared
            if r.viewClass != .UIWindow, shared == nil {
                var window = ViewDraft(id: ids.make([], fallback: "window"), sourceID: nil, viewClass: .UIWindow)
                let size = subtreeExtent(root)
                window.frame = Rect(origin: .zero, size: size)
                parent = document.add(window, to: nil)
                warn(
                    .windowSynthesized, root,
                    "the dump's root \(describe(root)) is not a window: it is put in a window of \(fmt(size.width)) × \(fmt(size.height)) at the screen's origin",
                    lost: "where its window really is (the dump is of a view, not of a window)")
            }
            var stack: [(node: Int, parent: Int?)] = [(root, parent)]
            let nodes = tree.nodes
            nodes.withUnsafeBufferPointer { nodes in
                while let (n, p) = stack.popLast() {
                    let index = document.add(makeDraft(n, nodes), to: p)
                    draftOfNode[n] = index
                    for child in nodes[n].children.reversed() { stack.append((child, index)) }
                }
            }
        }
        for key in guessedOrder {
            guard let g = guessed[key] else { continue }
            let name = String(key.prefix { $0 != "\u{0}" })
            warn(
                .classGuessed, g.node,
                "\(name.prefix(80)) (\(g.count) view\(g.count == 1 ? "" : "s"), the first at \(describe(g.node))): \(g.why)",
                lost: "its real class's behaviour, if it differs (an overlay's \"class\" sets it)")
        }
    }

    /// The size of the window synthesized for a root that is not a window: the root's frame
    /// from the screen's origin (its size when its origin is negative). Along an axis where the
    /// root is 0 pt long (a cell printed before its height was set), its frame says nothing of the
    /// window's length, which then holds every frame printed below the root (each frame's origin
    /// added to its superview's, less a scroll view's content offset). A window only as long as
    /// such a root made the window itself a reason a tap on a view inside the root fails
    /// (`outsideSuperviewBounds` at the window, before the root's own zero size: a zero-height
    /// root cell in two projects, the first and fourth rounds of dumps). A root with a length keeps
    /// it: what it holds beyond its bounds (a dimming view larger than the screen) says nothing
    /// of the window either.
    func subtreeExtent(_ root: Int) -> Size {
        let f = tree.nodes[root].frame ?? Rect(x: 0, y: 0, width: 0, height: 0)
        var width = max(f.maxX, f.size.width, 0), height = max(f.maxY, f.size.height, 0)
        let open = (width: f.size.width <= 0, height: f.size.height <= 0)
        guard open.width || open.height else { return Size(width: width, height: height) }
        var stack: [(node: Int, origin: Point)] = [(root, f.origin)]
        while let (n, origin) = stack.popLast() {
            let node = tree.nodes[n]
            let offset = node.contentOffset ?? Point(x: 0, y: 0)
            for child in node.children {
                guard let c = tree.nodes[child].frame, c.maxX.isFinite, c.maxY.isFinite else { continue }
                let at = Point(x: origin.x - offset.x + c.minX, y: origin.y - offset.y + c.minY)
                if open.width { width = max(width, at.x + c.size.width) }
                if open.height { height = max(height, at.y + c.size.height) }
                stack.append((child, at))
            }
        }
        return Size(width: width, height: height)
    }

    static func fmt(_ x: Double) -> String {
        if abs(x) < 1e15, let i = Int64(exactly: x) { return String(i) }
        return String(x)
    }
    func fmt(_ x: Double) -> String { Self.fmt(x) }

    /// The draft of node `n` (of `nodes`, the tree's nodes, read in place).
    mutating func makeDraft(_ n: Int, _ nodes: UnsafeBufferPointer<DumpNode>) -> ViewDraft {
        let r = resolutions[n]
        var v = ViewDraft(id: nodeIDs[n], sourceID: nodes[n].sourceID, viewClass: r.viewClass)
        v.customClass = r.customClass
        let overlay = overlaid[n] ?? []
        // Geometry: a printed frame is the transformed bounding box.
        var frame = nodes[n].frame ?? Rect(x: 0, y: 0, width: 0, height: 0)
        if let t = nodes[n].transform, t != .identity {
            if let untransformed = untransformedFrame(n, box: frame, t) {
                frame = untransformed
                v.transform = t
            } else {
                warn(
                    .invalidValue, n,
                    "\(describe(n)) has the transform [\(fmt(t.a)), \(fmt(t.b)), \(fmt(t.c)), \(fmt(t.d)), \(fmt(t.tx)), \(fmt(t.ty))], whose numbers are too large to turn its printed frame back into a finite one: the transform is left out and the printed frame kept",
                    lost: "its transform")
            }
        }
        v.frame = frame
        if r.stackView {
            warn(
                .layoutApproximated, n,
                "\(describe(n)) is a stack view: imported as a plain UIView with its subviews where the dump shows them (the dump does not print its axis, alignment or spacing)",
                lost: "its arrangement if the layout changes")
        }
        // Flags the dump states. recursiveDescription prints userInteractionEnabled, hidden,
        // alpha and clipsToBounds only when they differ from UIView's defaults, so not printed
        // means UIView's value, whatever the class's own default (H6).
        let statesFlags = format == .recursiveDescription
        if nodes[n].hidden == true { v.hidden = true }
        if let a = nodes[n].alpha, a != 1 { v.alpha = a }
        let interaction = nodes[n].userInteractionEnabled ?? (statesFlags ? true : nil)
        if let interaction, interaction != r.viewClass.defaultUserInteractionEnabled { v.userInteractionEnabled = interaction }
        if nodes[n].clipsToBounds == true { v.clipsToBounds = true }
        if format == .recursiveDescription { v.autoresizingMask = nodes[n].autoresizingMask }
        if let text = nodes[n].text { v.text = text }
        if r.viewClass.isControl {
            if nodes[n].enabled != nil || nodes[n].selected != nil || nodes[n].on != nil {
                var c = ControlDraft()
                c.enabled = nodes[n].enabled
                c.selected = nodes[n].selected
                c.on = r.viewClass == .UISwitch ? nodes[n].on : nil
                v.control = c
            }
            let enabledKnown = nodes[n].enabled != nil || format == .xcuitest || overlay.contains("enabled")
            let targetsKnown = overlay.contains("targets")
            if !enabledKnown || !targetsKnown {
                let what: String
                switch (enabledKnown, targetsKnown) {
                case (false, false): what = "whether it is enabled or what its targets are: assumed enabled, with no targets"
                case (false, true): what = "whether it is enabled: assumed enabled"
                default: what = "its targets: assumed none"
                }
                if warningsFull {
                    countWarning()
                } else {
                    warn(
                        .controlAssumed, n,
                        "\(describe(n)) is a control and the dump does not record \(what) (a tap tracks it and sends its control events; no action is sent without a target)",
                        lost: targetsKnown ? "its enabled state if it is disabled" : "its actions (give \"enabled\" and \"targets\" in an overlay)")
                }
            }
        } else if nodes[n].enabled == false {
            warn(
                .unsupportedAttribute, n, "\(describe(n)) is marked disabled, but it is not a control: UIKit hit-tests it all the same",
                lost: "nothing for hit testing (accessibility's disabled state)")
        }
        if r.viewClass.isScrollView, nodes[n].contentOffset != nil || nodes[n].contentSize != nil || nodes[n].contentInset != nil {
            var s = ScrollDraft()
            s.contentOffset = nodes[n].contentOffset
            s.contentSize = nodes[n].contentSize
            s.contentInset = nodes[n].contentInset
            v.scroll = s
        }
        if nodes[n].hasGestureRecognizers, !overlay.contains("gestureRecognizers"), !nodes[n].address.map(recognizerViews.contains).orFalse {
            if warningsFull {
                countWarning()
            } else {
                warn(
                    .gestureRecognizersUnknown, n,
                    "\(describe(n)) has gesture recognizers (gestureRecognizers = <NSArray>), and the dump does not say which: none imported",
                    lost: "its gesture recognizers (give them in an overlay: \"gestureRecognizers\")")
            }
        }
        if nodes[n].animating {
            if warningsFull {
                countWarning()
            } else {
                warn(
                    .animationInFlight, n,
                    "\(describe(n)) was in a UIView animation when dumped: UIKit ignores touches on it until the animation ends unless it allows user interaction; TouchTrace hit-tests it where the dump puts it",
                    lost: "the animation (the frame shown is where it is going; the dump does not say how it was started or whether it allows user interaction: give it in an overlay, \"animation\": {\"kind\": \"uiViewAnimate\"})")
            }
        }
        if let c = nodes[n].controllerClass {
            v.viewController = ControllerDraft(
                id: ids.make([DumpClasses.shortName(c)], fallback: "viewController"), sourceID: (nodes[n].pointer ?? nodes[n].sourceID ?? "") + "/view_controller",
                customClass: c)
        }
        return v
    }

    /// The untransformed frame of a view whose printed frame `box` is the bounding box of its
    /// bounds under `t` about its center: the center is the box's center less the translation;
    /// the bounds size solves |a|w + |c|h = W, |b|w + |d|h = H (the box's size).
    /// Nil when the numbers overflow (a transform of 1e308s): no finite frame comes back.
    mutating func untransformedFrame(_ n: Int, box: Rect, _ t: Transform2D) -> Rect? {
        let center = Point(x: box.midX - t.tx, y: box.midY - t.ty)
        let (a, b, c, d) = (abs(t.a), abs(t.b), abs(t.c), abs(t.d))
        let det = a * d - c * b
        var w = 0.0
        var h = 0.0
        if abs(det) > 1e-9 {
            w = (box.size.width * d - box.size.height * c) / det
            h = (box.size.height * a - box.size.width * b) / det
        }
        let solvable = abs(det) > 1e-9 && w >= -1e-6 && h >= -1e-6 && w.isFinite && h.isFinite
        if !solvable {
            // A 45° rotation (or a singular transform) maps many sizes to one box: take a square.
            let k = a + c
            w = k > 1e-9 ? box.size.width / k : 0
            h = w
        }
        // UIKit prints six significant digits: the solution is only that exact, so it is given to
        // that quantum of the printed numbers (99.9998 from a printed 130.656 is 100).
        let largest = max(abs(box.minX), abs(box.minY), box.size.width, box.size.height, 1)
        var quantum = 1.0
        while quantum * 1e5 > largest { quantum /= 10 }
        while quantum * 1e5 <= largest / 10 { quantum *= 10 }
        func q(_ x: Double) -> Double { ((x / quantum).rounded() * quantum * 1e9).rounded() / 1e9 }
        w = q(max(0, w))
        h = q(max(0, h))
        let x = q(center.x - w / 2)
        let y = q(center.y - h / 2)
        guard x.isFinite, y.isFinite, w.isFinite, h.isFinite else { return nil }
        if !solvable {
            warn(
                .layoutApproximated, n,
                "\(describe(n)) has the transform [\(fmt(t.a)), \(fmt(t.b)), \(fmt(t.c)), \(fmt(t.d)), \(fmt(t.tx)), \(fmt(t.ty))], from which its printed frame does not give its size: taken as a \(fmt(w)) × \(fmt(h)) square",
                lost: "its real bounds size")
        }
        return Rect(x: x == 0 ? 0 : x, y: y == 0 ? 0 : y, width: w, height: h)
    }
}

/// The draft each node became (nil: not imported), by node index.
struct NodeDrafts: Sendable {
    private var drafts: [Int] = []

    init(count: Int = 0) {
        drafts = Array(repeating: -1, count: count)
    }

    subscript(n: Int) -> Int? {
        get { drafts.indices.contains(n) && drafts[n] >= 0 ? drafts[n] : nil }
        set {
            guard drafts.indices.contains(n) else { return }
            drafts[n] = newValue ?? -1
        }
    }

    /// Every (node, draft) pair, in node order.
    var pairs: [(node: Int, draft: Int)] {
        drafts.enumerated().compactMap { $0.element >= 0 ? ($0.offset, $0.element) : nil }
    }
}

extension Optional where Wrapped == Bool {
    /// False for nil.
    var orFalse: Bool { self ?? false }
}
