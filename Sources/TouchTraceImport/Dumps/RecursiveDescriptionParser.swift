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
                    } else if p.lines > 256 || p.buffer.count > limits.maxTagBytes {
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
    /// how wide (a tab counts 4).
    static func indent(_ b: [UInt8], before start: Int) -> (bars: Int, width: Int, plus: Bool) {
        var j = start - 1
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
                    line: p.line.line, column: node.column, sourceID: node.sourceID,
                    lost: kept ? "the properties after the cut" : "this view"))
            guard kept else { return }
        }
        // The parent: the nearest open view less deep than this one.
        while let top = stack.last, top.depth >= p.depth { stack.removeLast() }
        if barMode, let top = stack.last, p.depth > top.depth + 1 {
            warnings.add(
                ImportWarning(
                    .indentationRepaired,
                    "line \(p.line.line) is \(p.depth - top.depth) levels below line \(tree.nodes[top.node].line ?? 0), not one: made a subview of that line's \(tree.nodes[top.node].className.prefix(80))",
                    line: p.line.line, column: node.column, sourceID: node.sourceID, lost: "the levels in between (none were in the dump)"))
        } else if barMode, stack.isEmpty, p.depth > 0 {
            warnings.add(
                ImportWarning(
                    .indentationRepaired,
                    "line \(p.line.line) is indented \(p.depth) level\(p.depth == 1 ? "" : "s") with no view above it: read as a root",
                    line: p.line.line, column: node.column, sourceID: node.sourceID, lost: "its superviews (not in the dump)"))
        }
        let parent = stack.last?.node
        guard tree.nodes.count < min(limits.maxElements, SceneLimits().maxViews - 16) else {
            throw ImportError(.limitExceeded, "the dump has more than \(min(limits.maxElements, SceneLimits().maxViews - 16)) views", line: p.line.line, column: node.column)
        }
        guard stack.count < limits.maxDepth else {
            throw ImportError(.limitExceeded, "the dump nests views deeper than \(limits.maxDepth) levels", line: p.line.line, column: node.column)
        }
        let index = tree.add(node, parent: parent)
        stack.append((index, p.depth))
    }

    /// The properties of a view description that hit testing and layout read.
    mutating func read(_ record: DescriptionRecord, into node: inout DumpNode) {
        let line = node.line ?? 0
        for member in record.members {
            let value = member.value
            func invalid(_ what: String) {
                warnings.add(
                    ImportWarning(
                        .invalidValue, "\(member.key) = \(value.prefix(80)) of \(record.className.prefix(80)) on line \(line) is not \(what): UIKit's default used",
                        line: line, column: node.column, sourceID: node.sourceID, lost: "the \(member.key) value"))
            }
            switch member.key {
            case "frame":
                if let r = DumpValues.rect(value) { node.frame = r } else { invalid("a frame (x y; width height)") }
            case "hidden":
                if let f = DumpValues.flag(value) { node.hidden = f } else { invalid("YES or NO") }
            case "alpha":
                if let a = DumpValues.number(value), a >= 0, a <= 1 { node.alpha = a } else { invalid("a number from 0 to 1") }
            case "userInteractionEnabled":
                if let f = DumpValues.flag(value) { node.userInteractionEnabled = f } else { invalid("YES or NO") }
            case "clipsToBounds":
                if let f = DumpValues.flag(value) { node.clipsToBounds = f } else { invalid("YES or NO") }
            case "enabled":
                if let f = DumpValues.flag(value) { node.enabled = f } else { invalid("YES or NO") }
            case "selected":
                if let f = DumpValues.flag(value) { node.selected = f } else { invalid("YES or NO") }
            case "autoresize":
                if let m = DumpValues.autoresizing(value) { node.autoresizingMask = m } else { invalid("a mask of LM, W, RM, TM, H and BM") }
            case "transform":
                if let t = DumpValues.transform(value) { node.transform = t } else { invalid("a transform [a, b, c, d, tx, ty]") }
            case "contentOffset":
                if let o = DumpValues.point(value) { node.contentOffset = o } else { invalid("a point {x, y}") }
            case "contentSize":
                if let s = DumpValues.size(value) { node.contentSize = s } else { invalid("a size {width, height}") }
            case "adjustedContentInset":
                if let e = DumpValues.insets(value) { node.contentInset = e } else { invalid("insets {top, left, bottom, right}") }
            case "contentInset":
                if record.member("adjustedContentInset") == nil {
                    if let e = DumpValues.insets(value) { node.contentInset = e } else { invalid("insets {top, left, bottom, right}") }
                }
            case "text":
                // Older releases print non-ASCII text as `\u8bf7` escapes.
                node.text = value.contains("\\u") ? Self.unescapingUnicode(value) : value
            case "baseClass":
                node.baseClass = value
            case "accessibilityIdentifier", "identifier":
                node.identifier = value
            case "accessibilityLabel", "label":
                node.label = value
            case "gestureRecognizers":
                let v = value.lowercased()
                node.hasGestureRecognizers = !(v.isEmpty || v == "(null)" || v == "nil" || v == "()" || v.hasPrefix("<__nsarray0"))
            case "animations":
                node.animating = !(value.isEmpty || value == "{ }" || value == "{}")
            case "":
                break
            default:
                if !Self.ignoredKeys.contains(member.key) {
                    if let u = unknownKeys[member.key] {
                        unknownKeys[member.key] = (u.count + 1, u.line, u.column)
                    } else {
                        unknownKeys[member.key] = (1, line, node.column ?? 1)
                        unknownKeyOrder.append(member.key)
                    }
                }
            }
        }
        if let f = node.frame, f.size.width < 0 || f.size.height < 0 {
            warnings.add(
                ImportWarning(
                    .invalidValue, "the frame of \(record.className.prefix(80)) on line \(line) has a negative size: read as the rectangle it covers",
                    line: line, column: node.column, sourceID: node.sourceID, lost: "nothing (UIKit's frame is that rectangle too)"))
            node.frame = Rect(
                x: min(f.minX, f.minX + f.size.width), y: min(f.minY, f.minY + f.size.height), width: abs(f.size.width),
                height: abs(f.size.height))
        }
    }

    /// `\uXXXX` escapes (surrogate pairs included) replaced by their characters.
    static func unescapingUnicode(_ s: String) -> String {
        let b = Array(s.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "\\"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "u"), let (scalar, next) = DumpText.unicodeEscape(b, at: i + 2) {
                out += Array(String(Character(scalar)).utf8)
                i = next
                continue
            }
            out.append(b[i])
            i += 1
        }
        return out.text
    }

    /// Properties UIKit prints that have no bearing on touches or layout: read past without a warning.
    static let ignoredKeys: Set<String> = [
        "opaque", "layer", "tag", "backgroundColor", "tintColor", "dataSource", "delegate", "layout", "reactTag", "collectionViewLayout",
        "image", "highlighted", "tintAdjustmentMode", "layoutMargins", "preservesSuperviewLayoutMargins", "clearsContextBeforeDrawing",
        "contentMode", "semanticContentAttribute", "overrideUserInterfaceStyle", "traitCollection", "name", "font", "textColor",
        "title", "state", "view", "target", "target=", "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded",
        "numberOfTapsRequired", "numberOfTouchesRequired", "must-fail", "must-fail-for", "allowsSelection", "rowHeight",
        "estimatedRowHeight", "style", "separatorStyle", "editing", "effect", "contentView", "bounds", "position", "zPosition",
        "anchorPoint", "cornerRadius", "masksToBounds", "shadowOpacity", "borderWidth", "borderColor", "identifier.accessibility",
    ]

    // MARK: Gesture recognizers

    /// A description of a gesture recognizer attached to a view: its class (or base class) is a
    /// `…GestureRecognizer` and it names its `view`.
    static func isRecognizer(_ r: DescriptionRecord) -> Bool {
        let name = DumpClasses.shortName(r.className)
        let base = r.value("baseClass").map(DumpClasses.shortName) ?? ""
        return (name.hasSuffix("GestureRecognizer") || base.hasSuffix("GestureRecognizer") || name.hasSuffix("Recognizer"))
            && r.member("view") != nil
    }

    mutating func addRecognizer(_ record: DescriptionRecord, start: Int, line: DumpLine) {
        var g = DumpRecognizer(className: record.className, address: record.address, line: line.line, column: line.column + start)
        g.baseClass = record.value("baseClass")
        for member in record.members {
            let v = member.value
            switch member.key {
            case "view":
                let b = Array(v.utf8)
                if let s = DescriptionParser.start(in: b) { g.viewAddress = DescriptionParser.parse(b, at: s).address }
            case "enabled": g.enabled = DumpValues.flag(v)
            case "cancelsTouchesInView": g.cancelsTouchesInView = DumpValues.flag(v)
            case "delaysTouchesBegan": g.delaysTouchesBegan = DumpValues.flag(v)
            case "delaysTouchesEnded": g.delaysTouchesEnded = DumpValues.flag(v)
            case "numberOfTapsRequired": g.numberOfTapsRequired = DumpValues.number(v).flatMap { $0 >= 1 && $0 <= 10 ? Int($0) : nil }
            case "numberOfTouchesRequired": g.numberOfTouchesRequired = DumpValues.number(v).flatMap { $0 >= 1 && $0 <= 10 ? Int($0) : nil }
            case "minimumPressDuration": g.minimumPressDuration = DumpValues.number(v).flatMap { $0 >= 0 && $0 <= 3_600 ? $0 : nil }
            case "target", "targets":
                // `<(action=handleTap:, target=<MyVC 0x…>)>`, possibly several `(…)` in one.
                var rest = Substring(v)
                while let a = rest.range(of: "action=") {
                    let after = rest[a.upperBound...]
                    let action = String(after.prefix { $0 != "," && $0 != ")" }).trimmingSpaces
                    var targetClass: String?
                    var targetAddress: String?
                    if let t = after.range(of: "target=") {
                        let tb = Array(after[t.upperBound...].utf8)
                        if let s = DescriptionParser.start(in: tb) {
                            let target = DescriptionParser.parse(tb, at: s)
                            targetClass = target.className
                            targetAddress = target.address
                        }
                    }
                    if !action.isEmpty { g.targets.append((action, targetClass, targetAddress)) }
                    guard let close = after.range(of: ")") else { break }
                    rest = after[close.upperBound...]
                }
            default: break
            }
        }
        tree.recognizers.append(g)
    }

    // MARK: Controllers

    mutating func addController(_ record: DescriptionRecord, start: Int, line: DumpLine) {
        let b = line.bytes
        let indent = Self.indent(b, before: start)
        let depth = indent.bars
        var controller = DumpController(
            className: record.className, address: record.address, depth: depth, line: line.line, column: line.column + start)
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
        tree.controllers.append(controller)
        controllerStack.append((tree.controllers.count - 1, depth))
    }
}
