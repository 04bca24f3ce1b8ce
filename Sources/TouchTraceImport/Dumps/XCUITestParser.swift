import TouchTraceEngine

/// XCUITest's `debugDescription` of an application or element → a `DumpTree`.
///
/// The text has sections: `Attributes:` (the element itself), `Element subtree:` (one line per
/// accessibility element, indented by nesting, `→` marking the element described), then `Path to
/// element:` and `Query chain:`. Only the subtree is read; without an `Element subtree:` header
/// (an element's own dump, as swift-snapshot-testing records it) every line is. An element line is
/// `Type[ (title)], [0xADDRESS, ][{{x, y}, {width, height}}, ]attributes`, where attributes are
/// `identifier: '…'`, `label: '…'`, `value: …`, `title: '…'`, `placeholderValue: '…'`, `pid: N`
/// and flags (`Disabled`, `Selected`, `Focused`). Frames are screen coordinates; the tree stores
/// them relative to the parent element, as a scene wants. `Application` elements are not views:
/// their children are the roots.
struct XCUITestParser {
    let lines: [DumpLine]
    let limits: ImportLimits
    var warnings: ImportWarnings
    var tree = DumpTree()
    /// Screen frames, by node.
    var absolute: [Rect?] = []
    var noise = NoiseRun(notA: "an element of the subtree")
    var unknownFlags: [String: (count: Int, line: Int)] = [:]
    var unknownFlagOrder: [String] = []

    init(lines: [DumpLine], limits: ImportLimits, warnings: ImportWarnings) {
        self.lines = lines
        self.limits = limits
        self.warnings = warnings
    }

    enum Section { case before, subtree, after }

    /// The flags XCUITest prints after the attributes, and what they mean here.
    static let flags: Set<String> = ["Disabled", "Selected", "Focused", "Keyboard Focused", "Enabled", "Hittable", "Not Hittable"]

    static let subtreeHeader = Array("Element subtree:".utf8)
    static let pathHeader = Array("Path to element:".utf8)
    static let queryHeader = Array("Query chain:".utf8)
    static let attributesHeader = Array("Attributes:".utf8)

    mutating func parse() throws(ImportError) -> DumpTree {
        let hasHeader = lines.contains { Self.find(Self.subtreeHeader, in: $0.bytes[...]) != nil }
        var section: Section = hasHeader ? .before : .subtree
        var stack: [(node: Int?, indent: Int)] = []
        var next = 0
        while next < lines.count {
            var line = lines[next]
            next += 1
            // The line without its surrounding spaces, as bytes (no String per line).
            let b = line.bytes
            var lo = 0
            var hi = b.count
            while lo < hi, b[lo] == UInt8(ascii: " ") || b[lo] == UInt8(ascii: "\t") { lo += 1 }
            while hi > lo, b[hi - 1] == UInt8(ascii: " ") || b[hi - 1] == UInt8(ascii: "\t") { hi -= 1 }
            let trimmed = b[lo..<hi]
            if trimmed.isEmpty { continue }
            if section != .subtree || tree.nodes.isEmpty, trimmed.count >= Self.subtreeHeader.count,
                trimmed.suffix(Self.subtreeHeader.count).elementsEqual(Self.subtreeHeader)
            {
                flushNoise()
                section = .subtree
                continue
            }
            if trimmed.starts(with: Self.pathHeader) || trimmed.starts(with: Self.queryHeader) {
                flushNoise()
                section = .after
                continue
            }
            if section == .after { continue }
            if section == .before, Self.find(Self.attributesHeader, in: trimmed) != nil {
                flushNoise()
                continue
            }
            guard section == .subtree else {
                noise.add(line)
                continue
            }
            var unclosed = false
            var parsed = Self.element(line.bytes, unclosed: &unclosed)
            if parsed == nil, unclosed, let joined = joinedElement(from: next - 1) {
                // A label or value holding line breaks: XCUITest prints the string as it is, so
                // the element goes on over the next lines, to the quote that ends it.
                parsed = joined.element
                line.bytes = joined.bytes
                next += joined.extra
            }
            guard let element = parsed else {
                noise.add(line)
                continue
            }
            flushNoise()
            while let top = stack.last, top.indent >= element.indent { stack.removeLast() }
            let parent = stack.last?.node
            if element.type == "Application" {
                stack.append((nil, element.indent))
                continue
            }
            guard tree.nodes.count < min(limits.maxElements, SceneLimits().maxViews - 16) else {
                throw ImportError(.limitExceeded, "the dump has more than \(min(limits.maxElements, SceneLimits().maxViews - 16)) elements", line: line.line, column: line.column)
            }
            guard stack.count < limits.maxDepth else {
                throw ImportError(.limitExceeded, "the dump nests elements deeper than \(limits.maxDepth) levels", line: line.line, column: line.column)
            }
            var node = DumpNode(className: element.type)
            node.elementType = element.type
            node.address = element.address
            node.line = line.line
            node.column = line.column + element.indent
            node.identifier = element.identifier
            node.label = element.label ?? element.titleAttribute
            // `value` is a text field's or text view's text, a switch's state; other values (a
            // slider's percentage, a cell's) are not a property the scene has.
            if let value = element.value, !value.isEmpty {
                switch element.type {
                case "TextField", "SecureTextField", "SearchField", "TextView", "StaticText": node.text = value
                case "Switch", "Toggle": node.on = DumpValues.flag(value)
                default: break
                }
            }
            if element.flags.contains("Disabled") { node.enabled = false }
            if element.flags.contains("Selected") { node.selected = true }
            for flag in element.flags where !Self.flags.contains(flag) {
                if let u = unknownFlags[flag] { unknownFlags[flag] = (u.count + 1, u.line) } else {
                    unknownFlags[flag] = (1, line.line)
                    unknownFlagOrder.append(flag)
                }
            }
            if let frameText = element.frame {
                if let r = DumpValues.rect(frameText), r.size.width >= 0, r.size.height >= 0 {
                    absoluteFrame(r, for: tree.nodes.count)
                } else {
                    warnings.add(
                        ImportWarning(
                            .invalidValue, "the frame \(frameText.prefix(80)) of \(element.type) on line \(line.line) is not a finite rectangle: placed at its parent's origin with no size",
                            at: node, line: line.line, lost: "its frame"))
                    absoluteFrame(nil, for: tree.nodes.count)
                }
            } else {
                absoluteFrame(nil, for: tree.nodes.count)
            }
            let index = tree.add(node, parent: parent)
            stack.append((index, element.indent))
        }
        flushNoise()
        for flag in unknownFlagOrder {
            guard let u = unknownFlags[flag] else { continue }
            warnings.add(
                ImportWarning(
                    .unsupportedAttribute, "\"\(flag.prefix(60))\" is not an element attribute TouchTrace reads (\(u.count) element\(u.count == 1 ? "" : "s"), the first on line \(u.line)): ignored",
                    line: u.line, column: nil, lost: "that attribute"))
        }
        relativeFrames()
        return tree
    }

    mutating func absoluteFrame(_ r: Rect?, for index: Int) {
        absolute.append(r)
    }

    /// Screen frames → frames in the parent element's coordinates (an element without a frame
    /// sits at its parent's origin with no size).
    ///
    /// An accessibility element's parent is not always its view's superview (a container's
    /// frame may not hold its elements): elements that stick out of their parent's frame are
    /// counted in one `layoutApproximated` warning, since hit testing (H4) takes the parent as
    /// their superview and cannot reach them there.
    mutating func relativeFrames() {
        var origin: [Point] = Array(repeating: .zero, count: tree.nodes.count)
        var outside: (first: Int, count: Int)?
        for i in tree.nodes.indices {
            let parent = tree.nodes[i].parent
            let parentOrigin = parent.map { origin[$0] } ?? .zero
            guard let r = absolute[i] else {
                origin[i] = parentOrigin
                tree.nodes[i].frame = Rect(x: 0, y: 0, width: 0, height: 0)
                continue
            }
            origin[i] = Point(x: r.minX, y: r.minY)
            tree.nodes[i].frame = Rect(x: r.minX - parentOrigin.x, y: r.minY - parentOrigin.y, width: r.size.width, height: r.size.height)
            if let p = parent, let pr = absolute[p], r.size.width > 0, r.size.height > 0,
                r.minX < pr.minX - 0.5 || r.minY < pr.minY - 0.5 || r.maxX > pr.maxX + 0.5 || r.maxY > pr.maxY + 0.5
            {
                outside = outside.map { ($0.first, $0.count + 1) } ?? (i, 1)
            }
        }
        overlappingSiblings()
        if let outside {
            let node = tree.nodes[outside.first]
            warnings.add(
                ImportWarning(
                    .layoutApproximated,
                    "\(outside.count) element\(outside.count == 1 ? "" : "s") stick out of their parent element's frame (the first, \(node.className) on line \(node.line ?? 0)): an accessibility parent is not always the superview, but hit testing takes it as one, so those parts are unreachable here",
                    at: node, lost: "where those elements' views really are in the view tree"))
        }
    }

    /// XCUITest lists a container's elements in accessibility order (VoiceOver's reading order,
    /// top-left to bottom-right unless the app sets `accessibilityElements`), not in the order of
    /// the superview's `subviews`: of two siblings whose frames overlap, the dump does not say
    /// which is in front, and the scene puts the later one there (H3) — a navigation bar listed
    /// before the full-screen content view it is really in front of seems covered by it. One
    /// `layoutApproximated` warning counts the elements that overlap an earlier sibling (each
    /// checked against the 64 siblings before it, so the cost stays linear).
    mutating func overlappingSiblings() {
        var first: (later: Int, earlier: Int)?
        var count = 0
        func area(_ r: Rect?) -> Rect? { r.flatMap { $0.size.width > 0 && $0.size.height > 0 ? $0 : nil } }
        for parent in [nil] + tree.nodes.indices.map(Optional.some) {
            let children = parent.map { tree.nodes[$0].children } ?? tree.roots
            guard children.count > 1 else { continue }
            for j in 1..<children.count {
                guard let b = area(absolute[children[j]]) else { continue }
                for i in max(0, j - 64)..<j {
                    guard let a = area(absolute[children[i]]) else { continue }
                    if min(a.maxX, b.maxX) - max(a.minX, b.minX) > 0.5, min(a.maxY, b.maxY) - max(a.minY, b.minY) > 0.5 {
                        count += 1
                        if first == nil { first = (children[j], children[i]) }
                        break
                    }
                }
            }
        }
        guard let first else { return }
        let later = tree.nodes[first.later]
        let earlier = tree.nodes[first.earlier]
        warnings.add(
            ImportWarning(
                .layoutApproximated,
                "\(count) element\(count == 1 ? "" : "s") overlap an earlier sibling (the first, \(later.className) on line \(later.line ?? 0) over \(earlier.className) on line \(earlier.line ?? 0)): XCUITest lists elements in accessibility order, not in the order of subviews, so which is in front is not known; the scene puts the later one in front (H3) for hit testing, and why-not says such a cover is not known (orderUnknown)",
                at: later, lost: "which of the overlapping siblings is in front"))
    }

    mutating func flushNoise() {
        noise.flush(into: &warnings)
    }

    // MARK: One element line

    struct Element {
        var indent: Int
        var type: String
        var title: String?
        var address: String?
        var frame: String?
        /// The `key: value` attributes read (the last of a repeated key counts); the others
        /// (`pid`, `placeholderValue`, …) are skipped unread.
        var identifier: String?
        var label: String?
        var titleAttribute: String?
        var value: String?
        var flags: [String] = []

        /// Keeps an attribute's value if it is one that is read; `text` makes it on demand.
        mutating func set(_ key: ArraySlice<UInt8>, _ text: () -> String) {
            switch key.count {
            case 5 where key.elementsEqual("label".utf8): label = text()
            case 5 where key.elementsEqual("title".utf8): titleAttribute = text()
            case 5 where key.elementsEqual("value".utf8): value = text()
            case 10 where key.elementsEqual("identifier".utf8): identifier = text()
            default: break
            }
        }
    }

    /// An element whose quoted label or value holds line breaks (XCUITest prints a string as it
    /// is): the line at `index` joined with the lines after it, up to the one where the quote
    /// ends; nil when no such line comes within ``RecursiveDescriptionParser/maxContinuationLines``
    /// lines and ``RecursiveDescriptionParser/maxDescriptionBytes`` bytes (the bound keeps a
    /// hostile dump's cost linear), or when a line on the way is an element or a section of its own.
    func joinedElement(from index: Int) -> (element: Element, bytes: [UInt8], extra: Int)? {
        var bytes = lines[index].bytes
        var k = index + 1
        while k < lines.count, k - index <= RecursiveDescriptionParser.maxContinuationLines {
            let b = lines[k].bytes
            var unclosed = false
            if Self.element(b, unclosed: &unclosed) != nil || Self.find(Self.pathHeader, in: b[...]) != nil || Self.find(Self.queryHeader, in: b[...]) != nil {
                return nil
            }
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: b)
            guard bytes.count <= RecursiveDescriptionParser.maxDescriptionBytes else { return nil }
            unclosed = false
            if let element = Self.element(bytes, unclosed: &unclosed) { return (element, bytes, k - index) }
            if !unclosed { return nil }
            k += 1
        }
        return nil
    }

    /// The element on the line, or nil when the line is not one.
    static func element(_ line: DumpLine) -> Element? {
        var unclosed = false
        return element(line.bytes, unclosed: &unclosed)
    }

    /// The element in `b`, or nil when it is not one; `unclosed` is set when it is one but for a
    /// quoted value that does not end on the line.
    static func element(_ b: [UInt8], unclosed: inout Bool) -> Element? {
        var i = 0
        var indent = 0
        // Indent: spaces, tabs and the `→` marker (E2 86 92).
        while i < b.count {
            if b[i] == UInt8(ascii: " ") {
                indent += 1
                i += 1
            } else if b[i] == UInt8(ascii: "\t") {
                indent += 4
                i += 1
            } else if i + 2 < b.count, b[i] == 0xE2, b[i + 1] == 0x86, b[i + 2] == 0x92 {
                indent += 1
                i += 3
            } else {
                break
            }
        }
        // The type: capitalized letters, an optional ` (title)`, then a comma or the end.
        let typeStart = i
        while i < b.count, Self.isLetter(b[i]) { i += 1 }
        guard i > typeStart, b[typeStart] >= 0x41, b[typeStart] <= 0x5A else { return nil }
        var element = Element(indent: indent, type: b[typeStart..<i].text)
        if i + 1 < b.count, b[i] == UInt8(ascii: " "), b[i + 1] == UInt8(ascii: "(") {
            var j = i + 2
            var depth = 1
            while j < b.count, depth > 0 {
                if b[j] == UInt8(ascii: "(") { depth += 1 }
                if b[j] == UInt8(ascii: ")") { depth -= 1 }
                j += 1
            }
            guard depth == 0 else { return nil }
            element.title = b[(i + 2)..<(j - 1)].text
            i = j
        }
        guard i == b.count || b[i] == UInt8(ascii: ",") else { return nil }
        // The rest: `, `-separated parts; quoted values may hold `, `.
        var parts = 0
        while i < b.count {
            guard b[i] == UInt8(ascii: ",") else { return nil }
            i += 1
            while i < b.count, b[i] == UInt8(ascii: " ") { i += 1 }
            guard i < b.count else { break }
            parts += 1
            if b[i] == UInt8(ascii: "{") {
                // {{x, y}, {w, h}}
                var depth = 0
                let s = i
                while i < b.count {
                    if b[i] == UInt8(ascii: "{") { depth += 1 }
                    if b[i] == UInt8(ascii: "}") {
                        depth -= 1
                        if depth == 0 {
                            i += 1
                            break
                        }
                    }
                    i += 1
                }
                guard depth == 0 else { return nil }
                element.frame = b[s..<i].text
                continue
            }
            if b[i] == UInt8(ascii: "0"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "x") {
                let s = i
                i += 2
                while i < b.count, DumpText.hexDigit(b[i]) != nil { i += 1 }
                element.address = b[s..<i].text.lowercased()
                continue
            }
            // `key: value` or a flag.
            let s = i
            while i < b.count, Self.isLetter(b[i]) { i += 1 }
            if i < b.count, b[i] == UInt8(ascii: ":"), i > s {
                let key = b[s..<i]
                i += 1
                while i < b.count, b[i] == UInt8(ascii: " ") { i += 1 }
                if i < b.count, b[i] == UInt8(ascii: "'") {
                    let v = i + 1
                    var j = v
                    var end: Int?
                    while j < b.count {
                        if b[j] == UInt8(ascii: "'"), endsQuoted(b, at: j + 1) {
                            end = j
                            break
                        }
                        j += 1
                    }
                    guard let end else {
                        unclosed = true
                        return nil
                    }
                    element.set(key) { b[v..<end].text }
                    i = end + 1
                } else {
                    let v = i
                    while i < b.count, b[i] != UInt8(ascii: ",") { i += 1 }
                    element.set(key) { b[v..<i].text.trimmingSpaces }
                }
                continue
            }
            // A flag: up to the next comma.
            i = s
            while i < b.count, b[i] != UInt8(ascii: ",") { i += 1 }
            let flag = b[s..<i].text.trimmingSpaces
            if !flag.isEmpty { element.flags.append(flag) }
        }
        return element
    }

    /// Whether a quote before `i` ends a quoted value: the end of the line, or `, ` followed by
    /// another attribute (`key:`), a flag, or a frame.
    static func endsQuoted(_ b: [UInt8], at i: Int) -> Bool {
        guard i < b.count else { return true }
        guard b[i] == UInt8(ascii: ","), i + 1 < b.count, b[i + 1] == UInt8(ascii: " ") else { return false }
        var j = i + 2
        if j < b.count, b[j] == UInt8(ascii: "{") { return true }
        let s = j
        while j < b.count, isLetter(b[j]) || b[j] == UInt8(ascii: " ") { j += 1 }
        if j < b.count, b[j] == UInt8(ascii: ":"), j > s { return true }
        let word = b[s..<j].text.trimmingSpaces
        return flags.contains(word) && (j == b.count || b[j] == UInt8(ascii: ","))
    }

    /// The index of `needle` in `haystack`, or nil.
    static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var i = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while i <= last {
            if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    static func isLetter(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
    }
}
