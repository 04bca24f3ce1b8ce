import TouchTraceEngine

extension ImportFormat {
    /// Whether the format is a runtime hierarchy dump (read by `DumpImporter`).
    public var isDump: Bool {
        switch self {
        case .recursiveDescription, .xcuitest, .printHierarchy, .autolayoutTrace, .sentryViewHierarchy: return true
        default: return false
        }
    }

    /// The format of a document named `fileName` (nil: no name) with these bytes: the name's
    /// extension decides, except that a `.json` name says little (Figma's JSON, a Sketch page,
    /// Penpot's Transit, Sentry's view hierarchy and a dump envelope all are JSON): the bytes do;
    /// with no name or another extension, the bytes (`sniff`: archives, JSON's shape, Interface
    /// Builder's XML, a hierarchy dump's text).
    public static func detect(fileName: String?, bytes: [UInt8]) -> ImportFormat? {
        var format = fileName.flatMap(ImportFormat.init(fileName:)) ?? sniff(bytes)
        if format == .figma, let sniffed = sniff(bytes), sniffed != .figma { format = sniffed }
        return format
    }

    /// The dump format a text holds, from its first 64 KB, or nil: a line with a view
    /// description (`<UIView: 0x…; frame = (…); …>`) makes it a `recursiveDescription` (a
    /// `_printHierarchy` may be in it too); else a controller line (`<UINavigationController
    /// 0x…>, state: appeared, view: <…>`) makes it a `_printHierarchy`; else an `Element
    /// subtree:` header or an element line (`Button, 0x…, {{x, y}, {w, h}}, …`) makes it
    /// XCUITest's; else two lines of Auto Layout's trace (`*<UILabel:0x…>`, one is enough when it
    /// is marked `AMBIGUOUS LAYOUT`) make it an `_autolayoutTrace`. An escaped one-line string
    /// is looked into as well.
    public static func sniffDump(_ bytes: [UInt8]) -> ImportFormat? {
        let head = Array(bytes.prefix(65_536))
        var lines: [DumpLine] = []
        var n = 1
        for physical in head.split(separator: 0x0A, maxSplits: 400, omittingEmptySubsequences: false).prefix(400) {
            var b = Array(physical)
            if b.last == 0x0D { b.removeLast() }
            if let expanded = DumpText.unescapedLines(b, line: n) { lines += expanded } else { lines.append(DumpLine(bytes: b, line: n, column: 1)) }
            n += 1
        }
        let parser = RecursiveDescriptionParser(lines: [], limits: ImportLimits(), warnings: ImportWarnings(limit: 0))
        var controllers = false
        var elements = 0
        for line in lines {
            switch parser.classify(line.bytes) {
            case .view: return .recursiveDescription
            case .controller: controllers = true
            default:
                if line.bytes.text.trimmingSpaces.hasSuffix("Element subtree:") { elements += 2 }
                if let e = XCUITestParser.element(line), e.frame != nil || e.address != nil { elements += 1 }
            }
        }
        if controllers { return .printHierarchy }
        if elements >= 2 { return .xcuitest }
        // `_autolayoutTrace`: two view lines (`*<UILabel:0x…>`, `*UILabel:0x…'text'`), or one
        // marked AMBIGUOUS LAYOUT (UIKit logs a one-view trace when a view is ambiguous).
        var traceLines = 0
        var ambiguous = false
        for line in lines {
            guard let e = AutolayoutTraceParser.entry(line.bytes) else { continue }
            traceLines += 1
            ambiguous = ambiguous || e.ambiguous
            if traceLines >= 2 || ambiguous { return .autolayoutTrace }
        }
        return nil
    }

    /// For a JSON document: a WebDriver response whose `value` is a dump (`webDriverValue`: the
    /// dump's own format), Sentry's view hierarchy (a `rendering_system` member, or `windows`
    /// first), or a dump envelope (`{"dump": …}`: the dump's own format); nil for anything else.
    public static func sniffJSONDump(_ bytes: [UInt8]) -> ImportFormat? {
        if let text = webDriverValue(bytes), let format = sniffDump(text) { return format }
        let head = Array(bytes.prefix(4_096)).text
        if isDumpEnvelope(bytes) {
            guard let value = try? JSONParser(maxNesting: 600).parse(bytes), let dump = value["dump"] else { return nil }
            switch dump {
            case let .string(s): return sniffDump(Array(s.utf8))
            case .object, .array: return .sentryViewHierarchy
            default: return nil
            }
        }
        if head.contains("\"rendering_system\"") { return .sentryViewHierarchy }
        if let first = firstKey(head), first == "windows" { return .sentryViewHierarchy }
        return nil
    }

    /// A WebDriver response holding a dump: W3C WebDriver answers every command with
    /// `{"value": …}` (JSON Wire Protocol servers add `sessionId` and `status`), and Appium's
    /// `mobile: source` with `format: description` (WebDriverAgent's `GET
    /// /source?format=description`) answers XCUITest's `debugDescription` as that string. The
    /// text with the string kept where it is on its line (everything before its opening quote
    /// blanked, so the escaped one-line string is read as any other, columns kept) and every
    /// other line emptied (line numbers kept); nil when the document is not such a response. A
    /// response cut off inside the string (a pasted excerpt) is read up to where it stops.
    static func webDriverValue(_ bytes: [UInt8]) -> [UInt8]? {
        guard looksLikeJSONObject(bytes), let key = firstKey(Array(bytes.prefix(4_096)).text), ["value", "sessionId", "status"].contains(key) else {
            return nil
        }
        let name = Array("\"value\"".utf8)
        let limit = min(bytes.count, 4_096)
        var at = 0
        var quote: Int?
        while at + name.count <= limit {
            if bytes[at] == name[0], Array(bytes[at..<(at + name.count)]) == name {
                var j = at + name.count
                while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: ":") {
                    j += 1
                    while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
                    if j < bytes.count, bytes[j] == UInt8(ascii: "\"") { quote = j }
                    break
                }
            }
            at += 1
        }
        guard let quote else { return nil }
        var lineStart = quote
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var lineEnd = quote
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
        var out: [UInt8] = []
        out.reserveCapacity(lineEnd - lineStart + 64)
        for b in bytes[..<lineStart] where b == 0x0A { out.append(0x0A) }
        out += repeatElement(0x20, count: quote - lineStart)
        out += bytes[quote..<lineEnd]
        for b in bytes[lineEnd...] where b == 0x0A { out.append(0x0A) }
        return out
    }

    /// Whether the bytes start (after white space) with `{`.
    static func looksLikeJSONObject(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.prefix(4_096).first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) else { return false }
        return first == UInt8(ascii: "{")
    }

    /// Whether a JSON object's first member is `dump`, `controllers` or `overlay` (an envelope).
    static func isDumpEnvelope(_ bytes: [UInt8]) -> Bool {
        guard looksLikeJSONObject(bytes), let key = firstKey(Array(bytes.prefix(4_096)).text) else { return false }
        return key == "dump" || key == "controllers" || key == "overlay"
    }

    /// The first member name of the JSON object the text starts with.
    static func firstKey(_ text: String) -> String? {
        guard let brace = text.firstIndex(of: "{") else { return nil }
        let rest = text[text.index(after: brace)...].drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        guard rest.first == "\"" else { return nil }
        let name = rest.dropFirst().prefix { $0 != "\"" }
        return String(name)
    }
}
