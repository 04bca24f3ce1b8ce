import TouchTraceEngine

/// `recursiveDescription` (and `_printHierarchy`, alone or in the same text) → a `DumpTree`.
///
/// A line is classified by what it holds, not by where it is: a description with a `frame` is a
/// view; a description followed by `, state:` is a view controller; one followed by `(layer)` is
/// a layer (older iOS listed sublayers); anything else is noise (prompts, commands, log text),
/// skipped with one warning per run of such lines. What comes before a description on its line
/// (a prompt, a quote, a backtick, `@"`, a log prefix) is ignored; the run of spaces, tabs and `|`
/// (and `+`, a presented controller) just before it is its indent: the depth is the number of
/// `|` when the dump has any (`   |    |`, `||`, `| | |` all read), else the width of that run.
/// A description that does not end on its line continues on the next (a wrapped line; a text
/// with a line break) unless the next line starts a description of its own: then the first was
/// cut off, and is imported with what it has.
struct RecursiveDescriptionParser {
    let lines: [DumpLine]
    let limits: ImportLimits
    var warnings: ImportWarnings
    var tree = DumpTree()

    /// A view open for children: its node and its depth.
    var stack: [(node: Int, depth: Int)] = []
    var controllerStack: [(index: Int, depth: Int)] = []
    /// Whether depths count `|` (else the width of the indent).
    var barMode = false
    /// Consecutive noise lines not yet reported.
    var noise = NoiseRun(notA: "part of the dump")
    var layerLines: (first: DumpLine, count: Int)?
    /// Properties no reader knows, by key: how many views have them and the first line.
    var unknownKeys: [String: (count: Int, line: Int, column: Int)] = [:]
    var unknownKeyOrder: [String] = []
    /// Views described twice, and the dumps after the first (views' and controllers').
    var views = DumpRepeats()
    var controllerDumps = DumpRepeats()

    init(lines: [DumpLine], limits: ImportLimits, warnings: ImportWarnings) {
        self.lines = lines
        self.limits = limits
        self.warnings = warnings
    }

    enum LineKind {
        case blank, noise
        case view(start: Int, record: DescriptionRecord)
        case controller(start: Int, record: DescriptionRecord)
        /// Gesture recognizers' descriptions (one or several on the line).
        case recognizers([(start: Int, record: DescriptionRecord)])
        case layer
    }

    /// A view description that has not ended yet.
    struct Pending {
        var buffer: [UInt8]
        var start: Int
        var line: DumpLine
        var depth: Int
        var lines: Int
        var record: DescriptionRecord
    }

    /// A description continues on at most this many lines, and this many bytes: UIKit truncates
    /// the text it prints, so a real description ends far sooner, and each line added parses the
    /// description again (the bound keeps a hostile dump's cost linear).
    static let maxContinuationLines = 64
    static let maxDescriptionBytes = 65_536

    mutating func parse() throws(ImportError) -> DumpTree {
        barMode = lines.contains { line in
            guard let s = DescriptionParser.start(in: line.bytes) else { return false }
            return Self.indent(line.bytes, before: s).bars > 0
        }
        var pending: Pending?
        for line in lines {
            if var p = pending {
                let kind = classify(line.bytes)
                switch kind {
                case .view, .controller, .layer, .recognizers:
                    try finish(p, cutOff: true)
                    pending = nil
                default:
                    // A text with a line break of its own keeps it; a hard-wrapped line is joined
                    // as it was before the wrap (its indent dropped).
                    if p.record.endedInQuote { p.buffer.append(0x0A) }
                    p.buffer.append(contentsOf: Self.trimmedLeft(line.bytes, keepSpaces: p.record.endedInQuote))
                    p.lines += 1
                    p.record = DescriptionParser.parse(p.buffer, at: p.start)
                    if p.record.isClosed {
                        try finish(p, cutOff: false)
                        pending = nil
                    } else if p.lines >= Self.maxContinuationLines || p.buffer.count > Self.maxDescriptionBytes {
                        try finish(p, cutOff: true)
                        pending = nil
                    } else {
                        pending = p
                    }
                    continue
                }
            }
            switch classify(line.bytes) {
            case .blank:
                flushNoise()
            case .noise:
                noise.add(line)
                views.noise(line)
                controllerDumps.noise(line)
            case .layer:
                flushNoise()
                if let l = layerLines { layerLines = (l.first, l.count + 1) } else { layerLines = (line, 1) }
            case let .controller(start, record):
                flushNoise()
                addController(record, start: start, line: line)
            case let .recognizers(records):
                flushNoise()
                for (start, record) in records { addRecognizer(record, start: start, line: line) }
            case let .view(start, record):
                flushNoise()
                let depth = depthOf(line.bytes, before: start)
                let p = Pending(buffer: line.bytes, start: start, line: line, depth: depth, lines: 1, record: record)
                if record.isClosed {
                    try finish(p, cutOff: false)
                    pending = try moreViews(on: line, after: record.end ?? line.bytes.count)
                } else {
                    pending = p
                }
            }
        }
        if let p = pending { try finish(p, cutOff: true) }
        flushNoise()
        if let l = layerLines {
            warnings.add(
                ImportWarning(
                    .noiseSkipped,
                    "\(l.count) layer line\(l.count == 1 ? "" : "s") (a description followed by \"(layer)\", as older iOS listed sublayers) skipped: layers are not views",
                    line: l.first.line, column: l.first.column, lost: "nothing (a layer does not take touches)"))
        }
        if views.adopted != nil { try tree.dropAdoptedRoots(maxDepth: limits.maxDepth) }
        views.flush(into: &warnings, items: "a view", tree: tree)
        controllerDumps.flush(into: &warnings, items: "a view controller", tree: tree)
        tree.severalDumps = !views.separateDumps(in: tree).isEmpty || !controllerDumps.laterDumps.isEmpty
        for key in unknownKeyOrder {
            guard let u = unknownKeys[key] else { continue }
            warnings.add(
                ImportWarning(
                    .unsupportedAttribute,
                    "\"\(key.prefix(60))\" is not a property TouchTrace reads (\(u.count) view\(u.count == 1 ? "" : "s"), the first on line \(u.line)): ignored",
                    line: u.line, column: u.column, lost: "that property"))
        }
        return tree
    }

    /// The view descriptions after the first on a line, each at the depth of the bars just
    /// before it: a dump whose line breaks were lost (a web page or a chat that folds lines
    /// prints `<UIWebView: 0x…; frame = …> | <UIScrollView: 0x…; frame = …> | | <UIImageView: …>`
    /// on one line). Only descriptions that follow the first one's end count; those inside it (a
    /// layer's `delegate = <UIView: …>`, a guide's `owningView`) are its values. Returns the last
    /// one when its description goes on past the line.
    mutating func moreViews(on line: DumpLine, after end: Int) throws(ImportError) -> Pending? {
        let b = line.bytes
        var from = end
        while let s = DescriptionParser.start(in: b, from: from) {
            let record = DescriptionParser.parse(b, at: s)
            let isView = record.member("frame") != nil
            let p = Pending(buffer: b, start: s, line: line, depth: depthOf(b, before: s), lines: 1, record: record)
            guard let e = record.end else { return isView ? p : nil }
            if isView { try finish(p, cutOff: false) }
            from = e
        }
        return nil
    }

    // MARK: Lines

    func classify(_ b: [UInt8]) -> LineKind {
        var from = 0
        while let s = DescriptionParser.start(in: b, from: from) {
            let record = DescriptionParser.parse(b, at: s)
            guard let end = record.end else {
                // Unclosed: a view whose description goes on, when it has begun like one.
                if record.address != nil || !record.members.isEmpty { return .view(start: s, record: record) }
                return .noise
            }
            let trailing = Self.trimmedLeft(Array(b[end...]), keepSpaces: false)
            if trailing.starts(with: Array(", state:".utf8)) || trailing.starts(with: Array(",state:".utf8)) {
                return .controller(start: s, record: record)
            }
            if record.member("frame") != nil { return .view(start: s, record: record) }
            if trailing.starts(with: Array("(layer)".utf8)) { return .layer }
            if Self.isRecognizer(record) {
                // A recognizer, and any others on the same line (`po` of an array of them).
                var found = [(start: s, record: record)]
                var next = end
                while let s2 = DescriptionParser.start(in: b, from: next) {
                    let r2 = DescriptionParser.parse(b, at: s2)
                    guard let e2 = r2.end else { break }
                    if Self.isRecognizer(r2) { found.append((s2, r2)) }
                    next = e2
                }
                return .recognizers(found)
            }
            from = end
        }
        return firstNonSpace(b) == nil ? .blank : .noise
    }

    func firstNonSpace(_ b: [UInt8]) -> Int? {
        b.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
    }

    /// The run of spaces, tabs, `|` and `+` just before `start`: how many bars (and pluses) and
    /// how wide (a tab counts 4). A `<` just before the description is not part of it: a view
    /// whose `description` wraps its superclass's prints `<<Class: 0x…; frame = …; layer = …>
    /// more…>` (UITextView's `_UITextContainerView`: `<<_UITextContainerView: 0x…; …> minSize =
    /// {0, 0}, …>`), and its indent is the run before both.
    static func indent(_ b: [UInt8], before start: Int) -> (bars: Int, width: Int, plus: Bool) {
        var j = start - 1
        while j >= 0, b[j] == UInt8(ascii: "<") { j -= 1 }
        // EarlGrey's hierarchy draws a branch: `  |  |--<UIButton:0x…; …>`.
        if j >= 2, b[j] == UInt8(ascii: "-"), b[j - 1] == UInt8(ascii: "-"), b[j - 2] == UInt8(ascii: "|") { j -= 2 }
        var bars = 0
        var width = 0
        var plus = false
        while j >= 0 {
            switch b[j] {
            case UInt8(ascii: " "): width += 1
            case UInt8(ascii: "\t"): width += 4
            case UInt8(ascii: "|"):
                bars += 1
                width += 1
            case UInt8(ascii: "+"):
                bars += 1
                width += 1
                plus = true
            default:
                return (bars, width, plus)
            }
            j -= 1
        }
        return (bars, width, plus)
    }

    func depthOf(_ b: [UInt8], before start: Int) -> Int {
        let i = Self.indent(b, before: start)
        return barMode ? i.bars : i.width
    }

    static func trimmedLeft(_ b: [UInt8], keepSpaces: Bool) -> [UInt8] {
        if keepSpaces { return b }
        var i = 0
        while i < b.count, b[i] == UInt8(ascii: " ") || b[i] == UInt8(ascii: "\t") { i += 1 }
        return Array(b[i...])
    }

    mutating func flushNoise() {
        noise.flush(into: &warnings)
    }

    // MARK: Views

    mutating func finish(_ p: Pending, cutOff: Bool) throws(ImportError) {
        var node = DumpNode(className: p.record.className)
        node.address = p.record.address
        node.line = p.line.line
        node.column = p.line.column + p.start
        node.truncated = cutOff
        read(p.record, into: &node)
        if cutOff {
            let kept = node.frame != nil
            warnings.add(
                ImportWarning(
                    .dumpTruncated,
                    "the description of \(p.record.className.prefix(80)) on line \(p.line.line) stops before its end: "
                        + (kept ? "imported with the properties before the cut" : "it has no frame, so it is left out"),
                    at: node, line: p.line.line,
                    lost: kept ? "the properties after the cut" : "this view"))
            guard kept else { return }
        }
        // The parent: the nearest open view less deep than this one.
        while let top = stack.last, top.depth >= p.depth { stack.removeLast() }
        if let address = node.address, let earlier = views.nodeOf[address] {
            // The same view again (DumpRepeats): the lines under this one are its subviews.
            guard stack.count < limits.maxDepth else {
                throw ImportError(.limitExceeded, "the dump nests views deeper than \(limits.maxDepth) levels", line: p.line.line, column: node.column)
            }
            views.reopened(address, line: p.line.line, column: node.column ?? 0, earlier: tree.nodes[earlier].line ?? 0)
            if let parent = stack.last?.node, tree.adopt(earlier, under: parent, maxDepth: limits.maxDepth) {
                views.adopted(address, line: p.line.line)
            }
            stack.append((earlier, p.depth))
            return
        }
        if barMode, let top = stack.last, p.depth > top.depth + 1 {
            warnings.add(
                ImportWarning(
                    .indentationRepaired,
                    "line \(p.line.line) is \(p.depth - top.depth) levels below line \(tree.nodes[top.node].line ?? 0), not one: made a subview of that line's \(tree.nodes[top.node].className.prefix(80))",
                    at: node, line: p.line.line, lost: "the levels in between (none were in the dump)"))
        } else if barMode, stack.isEmpty, p.depth > 0 {
            warnings.add(
                ImportWarning(
                    .indentationRepaired,
                    "line \(p.line.line) is indented \(p.depth) level\(p.depth == 1 ? "" : "s") with no view above it: read as a root",
                    at: node, line: p.line.line, lost: "its superviews (not in the dump)"))
        }
        let parent = stack.last?.node
        guard tree.nodes.count < min(limits.maxElements, SceneLimits().maxViews - 16) else {
            throw ImportError(.limitExceeded, "the dump has more than \(min(limits.maxElements, SceneLimits().maxViews - 16)) views", line: p.line.line, column: node.column)
        }
        guard stack.count < limits.maxDepth else {
            throw ImportError(.limitExceeded, "the dump nests views deeper than \(limits.maxDepth) levels", line: p.line.line, column: node.column)
        }
        let address = node.address
        let line = p.line.line
        let column = node.column
        let index = tree.add(node, parent: parent)
        views.item(root: parent == nil, line: line, column: column ?? 0, address: address, node: index)
        stack.append((index, p.depth))
    }

    // MARK: Controllers

    mutating func addController(_ record: DescriptionRecord, start: Int, line: DumpLine) {
        let b = line.bytes
        let indent = Self.indent(b, before: start)
        let depth = indent.bars
        var controller = DumpController(
            object: DumpObject(className: record.className, address: record.address, line: line.line, column: line.column + start), depth: depth)
        controller.presented = indent.plus
        let rest = Array(b[(record.end ?? b.count)...]).text
        if let s = rest.range(of: "state:") {
            let after = rest[s.upperBound...]
            controller.state = String(after.prefix { $0 != "," }).trimmingSpaces
        }
        if let v = rest.range(of: "view:") {
            let after = Array(rest[v.upperBound...].utf8)
            if let s = DescriptionParser.start(in: after) {
                let view = DescriptionParser.parse(after, at: s)
                controller.viewClass = view.className
                controller.viewAddress = view.address
                controller.notInWindow = Array(after[(view.end ?? after.count)...]).text.contains("not in the window")
            }
        }
        while let top = controllerStack.last, top.depth >= depth { controllerStack.removeLast() }
        controller.parent = controllerStack.last?.index
        controllerDumps.item(root: controller.parent == nil, line: line.line, column: line.column + start)
        tree.controllers.append(controller)
        controllerStack.append((tree.controllers.count - 1, depth))
    }
}
