import TouchTraceEngine

/// What every dump format is read into before it becomes a scene: views as the dump describes
/// them (a flat array, each with its children, roots in order), each with the line or JSON
/// pointer it came from. A property the dump does not state is nil: `DumpSceneBuilder` decides
/// what UIKit's default is and says so in a warning.
struct DumpTree: Sendable {
    var nodes: [DumpNode] = []
    var roots: [Int] = []
    /// View controllers read from a `_printHierarchy`, in order.
    var controllers: [DumpController] = []
    /// The views are not UIKit's (Sentry's `rendering_system` names another platform).
    var foreignPlatform = false
    /// Gesture recognizers described in the text (`po view.gestureRecognizers`), in order.
    var recognizers: [DumpRecognizer] = []
    /// The text holds more than one dump (`DumpRepeats`): its roots are not known to be siblings.
    var severalDumps = false

    /// Adds a node under `parent` (nil: a new root) and returns its index.
    @discardableResult
    mutating func add(_ node: consuming DumpNode, parent: Int?) -> Int {
        let index = nodes.count
        node.parent = parent
        nodes.append(node)
        if let parent { nodes[parent].children.append(index) } else { roots.append(index) }
        return index
    }

    /// Puts root `node` under `parent`, after its children: a view first printed on its own (a
    /// root says only where the printing began) and later among the subviews of `parent`, in a
    /// dump of a view above it. False when `node` is not a root, or `parent` is `node` or inside
    /// it (a loop), or `parent` is more than `maxDepth` levels deep. ``dropAdoptedRoots(maxDepth:)``
    /// takes it out of ``roots`` once the dump is read.
    mutating func adopt(_ node: Int, under parent: Int, maxDepth: Int) -> Bool {
        guard nodes[node].parent == nil else { return false }
        var up: Int? = parent
        var steps = 0
        while let u = up {
            if u == node || steps > maxDepth { return false }
            up = nodes[u].parent
            steps += 1
        }
        nodes[node].parent = parent
        nodes[parent].children.append(node)
        return true
    }

    /// The top of `node`'s superview chain.
    func top(of node: Int) -> Int {
        var n = node
        while let p = nodes[n].parent { n = p }
        return n
    }

    /// After ``adopt(_:under:maxDepth:)``: the roots that are roots still, and the nesting checked
    /// against `maxDepth` again (adopting a root puts its views deeper; one pass over the tree).
    mutating func dropAdoptedRoots(maxDepth: Int) throws(ImportError) {
        roots.removeAll { nodes[$0].parent != nil }
        var stack = roots.map { ($0, 0) }
        while let (n, depth) = stack.popLast() {
            guard depth < maxDepth else {
                throw ImportError(.limitExceeded, "the dump nests views deeper than \(maxDepth) levels", line: nodes[n].line, column: nodes[n].column)
            }
            for c in nodes[n].children { stack.append((c, depth + 1)) }
        }
    }
}

/// One view of a dump.
struct DumpNode: Sendable {
    /// The class as the dump prints it: `UIButton`, `MyApp.PayButton`, `_UIButtonBarButton`;
    /// for XCUITest, the element type (`Button`, `StaticText`); for Sentry, `type`.
    var className: String
    /// recursiveDescription's `baseClass =` (the nearest UIKit class of a class from outside UIKit).
    var baseClass: String?
    /// XCUITest element type, when the node is an accessibility element.
    var elementType: String?
    /// The object's address (`0x7f8e…`), lowercase; nil when the dump has none.
    var address: String?
    /// Where the node is: the line (1-based) and column of a text dump; a JSON pointer of Sentry's.
    var line: Int?
    var column: Int?
    var pointer: String?
    /// `frame` in the superview's coordinates (the transformed bounding box when `transform` is
    /// set, as `UIView.frame` is).
    var frame: Rect?
    var transform: Transform2D?
    var hidden: Bool?
    var alpha: Double?
    var userInteractionEnabled: Bool?
    var clipsToBounds: Bool?
    var autoresizingMask: AutoresizingMask = []
    var text: String?
    var identifier: String?
    var label: String?
    /// A control's state when the dump records it (XCUITest's `Disabled`, `Selected`).
    var enabled: Bool?
    var selected: Bool?
    /// A switch's state (XCUITest's `value: 1`).
    var on: Bool?
    var contentOffset: Point?
    var contentSize: Size?
    var contentInset: EdgeInsets?
    /// recursiveDescription printed `gestureRecognizers = <NSArray…>`.
    var hasGestureRecognizers = false
    /// recursiveDescription printed `animations = {…}`.
    var animating = false
    /// Sentry's `view_controller`: the class of the controller whose root view this is.
    var controllerClass: String?
    /// The description stopped before its end (the dump is cut off here).
    var truncated = false
    var parent: Int?
    var children: [Int] = []

    init(className: String) {
        self.className = className
    }

    /// The source id for `origin.ids`: the address, else the JSON pointer, else `line N`.
    var sourceID: String? {
        if let address { return address }
        if let pointer { return pointer }
        return line.map { "line \($0)" }
    }
}

/// A gesture recognizer's description: `<UITapGestureRecognizer: 0x…; state = Possible;
/// cancelsTouchesInView = NO; view = <UIView 0x…>; target= <(action=handleTap:, target=<MyVC
/// 0x…>)>; numberOfTapsRequired = 2>`, as `po view.gestureRecognizers` prints each.
struct DumpRecognizer: Sendable {
    var object: DumpObject
    var baseClass: String?
    var viewAddress: String?
    var enabled: Bool?
    var cancelsTouchesInView: Bool?
    var delaysTouchesBegan: Bool?
    var delaysTouchesEnded: Bool?
    var numberOfTapsRequired: Int?
    var numberOfTouchesRequired: Int?
    var minimumPressDuration: Double?
    /// Each `target=`: the action and the target's class and address.
    var targets: [(action: String, targetClass: String?, targetAddress: String?)] = []
}

/// A view controller of a `_printHierarchy` line.
struct DumpController: Sendable {
    var object: DumpObject
    /// The class and address of its view; nil when `(view not loaded)`.
    var viewClass: String?
    var viewAddress: String?
    /// `state: appeared` and the like.
    var state: String?
    /// `not in the window`.
    var notInWindow = false
    /// Presented (a `+` line), with its presentation controller.
    var presented = false
    var depth: Int
    var parent: Int?
}

/// A description of an object in a text dump that is not a view of the tree (a gesture
/// recognizer's, a `_printHierarchy` controller's): the class it printed, its address (nil when
/// the pointers are stripped) and where the description starts. What is made of it in the scene
/// and the warnings about it name it by these.
struct DumpObject: Sendable {
    var className: String
    var address: String?
    var line: Int
    var column: Int

    /// The source id for `origin.ids` and warnings: the address, else `line N`.
    var sourceID: String { address ?? "line \(line)" }

    /// How a warning names it: `UITapGestureRecognizer 0x7f8e… (line 12)`.
    var named: String { "\(className.prefix(80))\(address.map { " " + $0 } ?? "") (line \(line))" }

    /// A warning about it, at its line and column, with its source id.
    func warning(_ kind: ImportWarning.Kind, _ message: String, lost: String) -> ImportWarning {
        ImportWarning(kind, "\(named): \(message)", line: line, column: column, sourceID: sourceID, lost: lost)
    }
}

/// What a pasted text holds besides one dump, read while its lines are parsed (issue 24, third
/// round of unseen dumps):
///
/// - **A view described twice.** An address is one object, and a view has one superview at a
///   time (`addSubview(_:)` removes it from the one it had), so a second line with an address
///   already read is the same view again — a Cycript or lldb session that prints a view and then
///   its `recursiveDescription`, a Chisel `paltrace` of a cell after the window's trace. The line
///   reopens that view: the lines indented under it are its subviews, and nothing is added twice.
/// - **Several dumps.** One `recursiveDescription`, `_printHierarchy` or `_autolayoutTrace` call
///   prints one root. A root that comes after text that is not part of a dump (the next command,
///   a `== iOS 18 ==` heading) begins another dump — a second run, a second command. Their roots
///   are imported together, and a warning says that nothing tells they were on screen together.
struct DumpRepeats: Sendable {
    /// The node of every address read.
    var nodeOf: [String: Int] = [:]
    /// Lines that describe a view already read: how many, and the first (its line and column, the
    /// earlier line, the address).
    var repeated: (count: Int, line: Int, column: Int, earlier: Int, address: String)?
    /// The last line that is not part of a dump since the last item (view or controller) read.
    var noiseSinceItem: DumpLine?
    /// How many roots have been read.
    var roots = 0
    /// The roots after the first that follow text not part of a dump: their line and column, that
    /// text's first line, and the root's node (nil for a controller).
    var laterDumps: [(line: Int, column: Int, after: DumpLine, node: Int?)] = []
    /// The first root's node.
    var firstRoot: Int?
    /// Roots adopted by a later dump's view (``DumpTree/adopt(_:under:maxDepth:)``): how many, and
    /// the first (its line, the address).
    var adopted: (count: Int, line: Int, address: String)?

    /// A line that is not part of a dump.
    mutating func noise(_ line: DumpLine) {
        if noiseSinceItem == nil { noiseSinceItem = line }
    }

    /// Counts a line that describes the view at `address` again (`earlier`: the line it was first on).
    mutating func reopened(_ address: String, line: Int, column: Int, earlier: Int) {
        if let r = repeated {
            repeated = (r.count + 1, r.line, r.column, r.earlier, r.address)
        } else {
            repeated = (1, line, column, earlier, address)
        }
        noiseSinceItem = nil
    }

    /// An item read: a new node (`address`, `node`) or a controller; whether it is a root.
    mutating func item(root: Bool, line: Int, column: Int, address: String? = nil, node: Int? = nil) {
        if let address, let node, nodeOf[address] == nil { nodeOf[address] = node }
        if root {
            if roots > 0, let after = noiseSinceItem { laterDumps.append((line, column, after, node)) }
            if roots == 0 { firstRoot = node }
            roots += 1
        }
        noiseSinceItem = nil
    }

    /// Counts a root adopted by the view above it in a later dump (`line`: where it is described
    /// there).
    mutating func adopted(_ address: String, line: Int) {
        adopted = adopted.map { ($0.count + 1, $0.line, $0.address) } ?? (1, line, address)
    }

    /// The dumps after the first whose views are not in the tree of an earlier one: a dump whose
    /// root was adopted (or that adopted an earlier dump's root) is part of that dump's tree.
    func separateDumps(in tree: DumpTree) -> [(line: Int, column: Int, after: DumpLine, node: Int?)] {
        var tops: Set<Int> = []
        if let firstRoot { tops.insert(tree.top(of: firstRoot)) }
        return laterDumps.filter { d in
            guard let node = d.node else { return true }
            return tops.insert(tree.top(of: node)).inserted
        }
    }

    /// The warnings: one for the lines that describe a view again, one for the dumps after the first.
    func flush(into warnings: inout ImportWarnings, items: String, tree: DumpTree) {
        if let r = repeated {
            let moved = adopted.map { a in
                (a.count == 1
                    ? "; \(a.address), first printed on its own, is among the subviews of a view above it on line \(a.line): it is that view's subview"
                    : "; \(a.count) views first printed on their own (the first, \(a.address), on line \(a.line)) are among the subviews of a view above them later: each is that view's subview")
                    + " (a dump's first line is where the printing began, not a view without a superview)"
            } ?? ""
            warnings.add(
                ImportWarning(
                    .noiseSkipped,
                    "\(r.count == 1 ? "line \(r.line) describes" : "\(r.count) lines (the first, line \(r.line)) describe") \(items) already read (\(r.address) is on line \(r.earlier)): "
                        + "an address is one object, in one place at a time, so \(r.count == 1 ? "it is" : "each is") read as that \(items == "a view" ? "view" : "one") again — the lines under it are its subviews, and nothing is added twice" + moved,
                    line: r.line, column: r.column, sourceID: r.address,
                    lost: "what the later description says differently (the first one's properties are kept)"))
        }
        let laterDumps = separateDumps(in: tree)
        if let first = laterDumps.first {
            let sample = String(first.after.bytes.text.trimmingSpaces.prefix(80))
            warnings.add(
                ImportWarning(
                    .layoutApproximated,
                    "the text holds \(laterDumps.count + 1) dumps: line \(first.line) begins another, after text that is not part of a dump (\"\(sample)\", line \(first.after.line))"
                        + (laterDumps.count > 1 ? ", and \(laterDumps.count - 1) more follow" : "")
                        + ". Their roots are imported together (windows back to front, or siblings in one window), though nothing says they were on screen together — they may be two runs, or one view dumped apart from its window: import each dump on its own to ask about one",
                    line: first.line, column: first.column, lost: "which dump the question is about, and how the dumps' views stand to one another"))
        }
    }
}

extension ImportWarning {
    /// A warning about `node`: at its column and source id, on its line unless the dump's line
    /// for what is warned about is another (`line`).
    init(_ kind: Kind, _ message: String, at node: DumpNode, line: Int? = nil, lost: String) {
        self.init(kind, message, line: line ?? node.line, column: node.column, sourceID: node.sourceID, lost: lost)
    }
}
