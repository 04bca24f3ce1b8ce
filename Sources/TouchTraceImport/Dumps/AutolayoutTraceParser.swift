import TouchTraceEngine

/// `-[UIView _autolayoutTrace]` → a `DumpTree`: the view tree as Auto Layout's debugging method
/// prints it, and as UIKit logs it on its own ("[LayoutConstraints] View has an ambiguous layout
/// … Displaying synopsis from invoking -[UIView _autolayoutTrace]").
///
/// One view a line, indented by `|` and three spaces a level, with Auto Layout's mark first (`*`
/// laid out with Auto Layout, `+` by its autoresizing mask but in the layout engine, `•` a
/// layout engine host; Cycript prints `•` as `\u2022`), in one of two forms:
///
/// - `*<UILabel:0x10e45eba0> - AMBIGUOUS LAYOUT` (iOS 7 to 10);
/// - `*UILabel:0x78f316e0'115 COLLEGE ST SW'- AMBIGUOUS LAYOUT for UILabel:0x78f316e0….minY{id: 1853}`
///   (iOS 11 and later: no angle brackets, a label's or button's text, or a cell's reuse
///   identifier, quoted after the address).
///
/// The class and address are joined by `:` with no space (`Class:0x…`), which no
/// `recursiveDescription` line has (`<Class: 0x…; …>`): that tells a trace's line from a
/// description, and from the layout guides the trace lists among the views (`*<UILayoutGuide:
/// 0x… - "UIViewLayoutMarginsGuide", layoutFrame = …>`, not views: skipped). The trace prints no
/// frame, flag or alpha: every view's frame is unknown (`propertiesUnknown`), and a view Auto
/// Layout finds ambiguous is counted in one `layoutApproximated` warning.
struct AutolayoutTraceParser {
    let lines: [DumpLine]
    let limits: ImportLimits
    var warnings: ImportWarnings
    var tree = DumpTree()
    var stack: [(node: Int, depth: Int)] = []
    var noise = NoiseRun(notA: "a view of the trace")
    /// Views marked `AMBIGUOUS LAYOUT`: how many, and the first.
    var ambiguous: (count: Int, first: Int)?
    /// Views traced twice (a `paltrace` of a cell after the window's), and traces after the first.
    var views = DumpRepeats()

    init(lines: [DumpLine], limits: ImportLimits, warnings: ImportWarnings) {
        self.lines = lines
        self.limits = limits
        self.warnings = warnings
    }

    /// One view line of a trace.
    struct Entry: Equatable {
        var depth: Int
        /// Where the class name starts (0-based, in the line's bytes).
        var start: Int
        var className: String
        var address: String
        /// The quoted text after the address (a label's or button's text, a cell's reuse id).
        var label: String?
        var ambiguous: Bool
    }

    mutating func parse() throws(ImportError) -> DumpTree {
        for line in lines {
            guard let e = Self.entry(line.bytes) else {
                if line.bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) {
                    noise.add(line)
                    views.noise(line)
                } else {
                    noise.flush(into: &warnings)
                }
                continue
            }
            noise.flush(into: &warnings)
            try add(e, line: line)
        }
        noise.flush(into: &warnings)
        if views.adopted != nil { try tree.dropAdoptedRoots(maxDepth: limits.maxDepth) }
        views.flush(into: &warnings, items: "a view", tree: tree)
        tree.severalDumps = !views.separateDumps(in: tree).isEmpty
        if let a = ambiguous {
            let n = tree.nodes[a.first]
            warnings.add(
                ImportWarning(
                    .layoutApproximated,
                    "\(a.count) view\(a.count == 1 ? "" : "s") (the first \(n.className.prefix(80)) \(n.address ?? "") on line \(n.line ?? 0)) "
                        + "\(a.count == 1 ? "is" : "are") marked AMBIGUOUS LAYOUT: Auto Layout's constraints allow more than one frame, so where \(a.count == 1 ? "it is" : "they are") on screen can change from one layout pass to the next",
                    at: n, lost: "which of the frames the constraints allow"))
        }
        return tree
    }

    mutating func add(_ e: Entry, line: DumpLine) throws(ImportError) {
        var node = DumpNode(className: e.className)
        node.address = e.address
        node.line = line.line
        node.column = line.column + e.start
        node.label = e.label
        while let top = stack.last, top.depth >= e.depth { stack.removeLast() }
        if let earlier = views.nodeOf[e.address] {
            // The same view again (DumpRepeats): the lines under this one are its subviews.
            guard stack.count < limits.maxDepth else {
                throw ImportError(.limitExceeded, "the trace nests views deeper than \(limits.maxDepth) levels", line: line.line, column: node.column)
            }
            views.reopened(e.address, line: line.line, column: node.column ?? 0, earlier: tree.nodes[earlier].line ?? 0)
            if let parent = stack.last?.node, tree.adopt(earlier, under: parent, maxDepth: limits.maxDepth) {
                views.adopted(e.address, line: line.line)
            }
            stack.append((earlier, e.depth))
            return
        }
        if let top = stack.last, e.depth > top.depth + 1 {
            warnings.add(
                ImportWarning(
                    .indentationRepaired,
                    "line \(line.line) is \(e.depth - top.depth) levels below line \(tree.nodes[top.node].line ?? 0), not one: made a subview of that line's \(tree.nodes[top.node].className.prefix(80))",
                    at: node, line: line.line, lost: "the levels in between (none were in the trace)"))
        } else if stack.isEmpty, e.depth > 0 {
            warnings.add(
                ImportWarning(
                    .indentationRepaired,
                    "line \(line.line) is indented \(e.depth) level\(e.depth == 1 ? "" : "s") with no view above it: read as a root",
                    at: node, line: line.line, lost: "its superviews (not in the trace)"))
        }
        let maxViews = min(limits.maxElements, SceneLimits().maxViews - 16)
        guard tree.nodes.count < maxViews else {
            throw ImportError(.limitExceeded, "the trace has more than \(maxViews) views", line: line.line, column: node.column)
        }
        guard stack.count < limits.maxDepth else {
            throw ImportError(.limitExceeded, "the trace nests views deeper than \(limits.maxDepth) levels", line: line.line, column: node.column)
        }
        let root = stack.isEmpty
        let index = tree.add(node, parent: stack.last?.node)
        views.item(root: root, line: line.line, column: line.column + e.start, address: e.address, node: index)
        stack.append((index, e.depth))
        if e.ambiguous {
            if let a = ambiguous { ambiguous = (a.count + 1, a.first) } else { ambiguous = (1, index) }
        }
    }

    /// The view line `b` holds, or nil. What may come before it: spaces, tabs, the quote or
    /// backtick a Cycript or JavaScript string opens with, a comment's `//`, `/*` or ` * `; then the indent (`|`, spaces, tabs);
    /// then the mark; then `<Class:0xADDR>` or `Class:0xADDR`; then, optionally, `'text'` and
    /// `- AMBIGUOUS LAYOUT…`, and nothing else.
    static func entry(_ b: [UInt8]) -> Entry? {
        var i = 0
        let n = b.count
        // Wrappings, repeated: white space, an opening quote or backtick, and a comment's marks
        // (`//`, `/*`, a block comment's ` * `) — a trace pasted into source code, as
        // recursiveDescription's lines are read behind them (docs/import-dumps.md). A `*` followed
        // by white space is a comment's: the layout engine's mark is followed by the class name.
        while i < n {
            let c = b[i]
            if c == 0x20 || c == 0x09 || c == UInt8(ascii: "`") || c == UInt8(ascii: "\"") {
                i += 1
            } else if c == UInt8(ascii: "/"), i + 1 < n, b[i + 1] == UInt8(ascii: "/") {
                while i < n, b[i] == UInt8(ascii: "/") { i += 1 }
            } else if c == UInt8(ascii: "/"), i + 1 < n, b[i + 1] == UInt8(ascii: "*") {
                i += 2
            } else if c == UInt8(ascii: "*"), i + 1 < n, b[i + 1] == 0x20 || b[i + 1] == 0x09 {
                i += 1
            } else {
                break
            }
        }
        var depth = 0
        while i < n, b[i] == UInt8(ascii: "|") || b[i] == 0x20 || b[i] == 0x09 {
            if b[i] == UInt8(ascii: "|") { depth += 1 }
            i += 1
        }
        // The mark: `*`, `+`, `•` (UTF-8 E2 80 A2) or its `\u2022` escape.
        if i < n, b[i] == UInt8(ascii: "*") || b[i] == UInt8(ascii: "+") {
            i += 1
        } else if i + 2 < n, b[i] == 0xE2, b[i + 1] == 0x80, b[i + 2] == 0xA2 {
            i += 3
        } else if i + 5 < n, Array(b[i..<(i + 6)]) == Array("\\u2022".utf8) {
            i += 6
        }
        var bracketed = false
        if i < n, b[i] == UInt8(ascii: "<") {
            bracketed = true
            i += 1
        }
        let nameStart = i
        guard i < n, DescriptionParser.isNameStart(b[i]) else { return nil }
        while i < n, isTraceNameByte(b[i]) { i += 1 }
        let name = Array(b[nameStart..<i]).text
        guard i + 3 < n, b[i] == UInt8(ascii: ":"), b[i + 1] == UInt8(ascii: "0"), b[i + 2] == UInt8(ascii: "x") else { return nil }
        i += 3
        let hexStart = i
        while i < n, DumpText.hexDigit(b[i]) != nil { i += 1 }
        guard i > hexStart, i - hexStart <= 16 else { return nil }
        let address = "0x" + Array(b[hexStart..<i]).text.lowercased()
        if bracketed {
            guard i < n, b[i] == UInt8(ascii: ">") else { return nil }
            i += 1
        }
        // What may follow: nothing, a quoted text, an ambiguity mark.
        var rest = Array(b[i...]).text
        while rest.last == " " || rest.last == "\t" || rest.last == "`" || rest.last == "\"" || rest.last == "\r" { rest.removeLast() }
        var label: String?
        var ambiguousMark = false
        if let r = rest.range(of: "- AMBIGUOUS LAYOUT") {
            ambiguousMark = true
            rest = String(rest[..<r.lowerBound])
            while rest.last == " " { rest.removeLast() }
        }
        if rest.hasPrefix("'"), rest.count >= 2, rest.hasSuffix("'") {
            let inner = String(rest.dropFirst().dropLast())
            label = inner.contains("\\u") ? RecursiveDescriptionParser.unescapingUnicode(inner) : inner
        } else if !rest.isEmpty {
            return nil
        }
        guard name != "UILayoutGuide" else { return nil }
        return Entry(depth: depth, start: nameStart, className: name, address: address, label: label, ambiguous: ambiguousMark)
    }

    /// A class name's bytes in a trace: letters, digits, `_`, `.` (a Swift module), `$`, and
    /// any non-ASCII byte.
    static func isTraceNameByte(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "$"):
            return true
        default:
            return c >= 0x80
        }
    }
}
