import TouchTraceEngine

/// One line of a text dump as the parsers read it: its bytes (no line break), the line of the
/// document it is on (1-based) and the column its first byte had there. A dump that arrived as an
/// escaped one-line string (`p` of a String in lldb, Cycript's quoted results) is unescaped into
/// several of these, all on that one line, each with the column where it started.
struct DumpLine: Sendable {
    var bytes: [UInt8]
    var line: Int
    var column: Int
}

/// The first stage of every text dump: bytes → lines, with the limits checked and the wrappings
/// people paste dumps in undone. Liberal in what it accepts: a byte-order mark, CRLF line ends, a
/// dump escaped into one string literal (`"<UIWindow: …>\n   | <UIView: …>"`, with `\n`, `\t`,
/// `\"`, `\\`, `\u{…}` and `\uXXXX`), prompts and quotes around it (the parsers skip what comes
/// before a description). Strict in what it refuses: bytes that are not UTF-8 (with the line),
/// more bytes than `maxBytes`, a line longer than `maxTagBytes` after unescaping.
enum DumpText {
    /// The dump's lines, or the error that stops the import.
    static func lines(_ bytes: [UInt8], limits: ImportLimits) throws(ImportError) -> [DumpLine] {
        guard bytes.count <= limits.maxBytes else {
            throw ImportError(.documentTooLarge, "the dump has \(bytes.count) bytes; the limit is \(limits.maxBytes)")
        }
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        if let bad = firstInvalidUTF8(bytes, from: start) {
            let (line, column) = position(of: bad, in: bytes)
            throw ImportError(.invalidEncoding, "the dump is not UTF-8 text (byte 0x\(String(bytes[bad], radix: 16)))", line: line, column: column)
        }
        var result: [DumpLine] = []
        var lineNumber = 1
        var i = start
        while i <= bytes.count {
            var end = i
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var stop = end
            if stop > i, bytes[stop - 1] == 0x0D { stop -= 1 }
            let physical = Array(bytes[i..<stop])
            if let expanded = unescapedLines(physical, line: lineNumber) {
                result.append(contentsOf: expanded)
            } else {
                result.append(DumpLine(bytes: physical, line: lineNumber, column: 1))
            }
            lineNumber += 1
            i = end + 1
        }
        for line in result where line.bytes.count > limits.maxTagBytes {
            throw ImportError(
                .limitExceeded, "a line of the dump has \(line.bytes.count) bytes; the limit is \(limits.maxTagBytes)", line: line.line,
                column: line.column)
        }
        return result
    }

    // MARK: Escaped one-line strings

    /// The lines of a dump escaped into a string literal on this line, or nil when the line is
    /// not one: the literal (quoted with `"`, `'` or a backtick) must start before any
    /// description or element on the line (or be the `value` of a WebDriver response the line
    /// logs, `{"value":"…`) and contain at least one `\n` escape.
    /// Where the string of `{"value":"…` starts (its opening quote) when `b` at `brace` opens a
    /// WebDriver response (`{"value": …}`, docs/import-dumps.md), or nil.
    static func webDriverValueQuote(_ b: [UInt8], at brace: Int) -> Int? {
        let name = Array("\"value\"".utf8)
        var j = brace + 1
        while j < b.count, b[j] == 0x20 || b[j] == 0x09 { j += 1 }
        guard j + name.count <= b.count, Array(b[j..<(j + name.count)]) == name else { return nil }
        j += name.count
        while j < b.count, b[j] == 0x20 || b[j] == 0x09 { j += 1 }
        guard j < b.count, b[j] == UInt8(ascii: ":") else { return nil }
        j += 1
        while j < b.count, b[j] == 0x20 || b[j] == 0x09 { j += 1 }
        return j < b.count && b[j] == UInt8(ascii: "\"") ? j : nil
    }

    static func unescapedLines(_ b: [UInt8], line: Int) -> [DumpLine]? {
        guard b.count >= 4, containsEscapedNewline(b) else { return nil }
        // The opening quote: the first quote character, with only a prompt or a result prefix
        // (`(String) $R0 = `, `cy# `, `- some : `, `@`) before it: no description, no comma-separated
        // element (an XCUITest label may hold a `\n` of its own).
        var q = 0
        while q < b.count {
            let c = b[q]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "`") || c == UInt8(ascii: "'") { break }
            if c == UInt8(ascii: "{"), let value = webDriverValueQuote(b, at: q) {
                // A WebDriver response logged on this line (`{"value":"…`): its string.
                q = value
                break
            }
            if c == UInt8(ascii: "<") || c == UInt8(ascii: ",") || c == UInt8(ascii: "{") { return nil }
            q += 1
        }
        guard q < b.count else { return nil }
        let quote = b[q]
        var out: [DumpLine] = []
        var current: [UInt8] = []
        var currentColumn = q + 2
        var i = q + 1
        var closed = false
        while i < b.count {
            let c = b[i]
            if c == quote {
                closed = true
                break
            }
            guard c == UInt8(ascii: "\\"), i + 1 < b.count else {
                current.append(c)
                i += 1
                continue
            }
            let e = b[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "n"):
                out.append(DumpLine(bytes: current, line: line, column: currentColumn))
                current = []
                currentColumn = i + 1
            case UInt8(ascii: "r"): break
            case UInt8(ascii: "t"): current.append(0x09)
            case UInt8(ascii: "0"): break
            case UInt8(ascii: "u"):
                if let (scalar, next) = unicodeEscape(b, at: i) {
                    current.append(contentsOf: Array(String(Character(scalar)).utf8))
                    i = next
                } else {
                    current.append(contentsOf: [UInt8(ascii: "\\"), e])
                }
            default:
                // \" \' \` \\ \/ and anything else: the character itself.
                current.append(e)
            }
        }
        _ = closed
        out.append(DumpLine(bytes: current, line: line, column: currentColumn))
        return out.count >= 2 ? out : nil
    }

    /// Whether the line has a backslash-n escape (`\n`, not `\\n`) followed by an indent or a
    /// description: what an escaped dump has between its lines.
    static func containsEscapedNewline(_ b: [UInt8]) -> Bool {
        var i = 0
        while i + 1 < b.count {
            if b[i] == UInt8(ascii: "\\") {
                if b[i + 1] == UInt8(ascii: "n") { return true }
                i += 2
                continue
            }
            i += 1
        }
        return false
    }

    /// `\u{1F600}` (Swift) or `\u2192` / a surrogate pair `\uD83D\uDE00` (JSON, JavaScript), the
    /// `u` already consumed: the scalar and the index after the escape.
    static func unicodeEscape(_ b: [UInt8], at start: Int) -> (Unicode.Scalar, Int)? {
        if start < b.count, b[start] == UInt8(ascii: "{") {
            var j = start + 1
            var value: UInt32 = 0
            while j < b.count, b[j] != UInt8(ascii: "}"), j - start <= 9 {
                guard let d = hexDigit(b[j]) else { return nil }
                value = value &* 16 &+ d
                j += 1
            }
            guard j < b.count, b[j] == UInt8(ascii: "}"), let scalar = Unicode.Scalar(value) else { return nil }
            return (scalar, j + 1)
        }
        func four(_ at: Int) -> UInt32? {
            guard at + 4 <= b.count else { return nil }
            var v: UInt32 = 0
            for k in at..<(at + 4) {
                guard let d = hexDigit(b[k]) else { return nil }
                v = v * 16 + d
            }
            return v
        }
        guard let high = four(start) else { return nil }
        if (0xD800..<0xDC00).contains(high), start + 10 <= b.count, b[start + 4] == UInt8(ascii: "\\"), b[start + 5] == UInt8(ascii: "u"),
            let low = four(start + 6), (0xDC00..<0xE000).contains(low)
        {
            let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            return Unicode.Scalar(value).map { ($0, start + 10) }
        }
        return Unicode.Scalar(high).map { ($0, start + 4) }
    }

    static func hexDigit(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(truncatingIfNeeded: c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(truncatingIfNeeded: c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(truncatingIfNeeded: c - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    // MARK: Encoding

    /// The offset of the first byte that breaks UTF-8 (overlong forms, surrogates and values
    /// past U+10FFFF included), or nil for valid UTF-8.
    static func firstInvalidUTF8(_ b: [UInt8], from start: Int) -> Int? {
        var i = start
        let n = b.count
        while i < n {
            let c = b[i]
            if c < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var minimum: UInt32
            var value: UInt32
            switch c {
            case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(truncatingIfNeeded: c & 0x1F))
            case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(truncatingIfNeeded: c & 0x0F))
            case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(truncatingIfNeeded: c & 0x07))
            default: return i
            }
            guard i + length <= n else { return i }
            for k in 1..<length {
                let d = b[i + k]
                guard d & 0xC0 == 0x80 else { return i }
                value = (value << 6) | UInt32(truncatingIfNeeded: d & 0x3F)
            }
            if value < minimum || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return i }
            i += length
        }
        return nil
    }

    /// The 1-based line and column (in bytes) of `offset`.
    static func position(of offset: Int, in b: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var i = 0
        while i < offset, i < b.count {
            if b[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        return (line, offset - lineStart + 1)
    }
}

extension ArraySlice where Element == UInt8 {
    /// The bytes as a String (they are valid UTF-8: `DumpText` checked the document).
    var text: String { String(decoding: self, as: UTF8.self) }
}

extension Array where Element == UInt8 {
    var text: String { String(decoding: self, as: UTF8.self) }
}

/// Consecutive lines that are not part of a dump, reported as one `noiseSkipped` warning.
struct NoiseRun: Sendable {
    private var run: (first: DumpLine, last: Int, count: Int)?
    /// What the lines are not ("part of the dump", "an element of the subtree").
    let notA: String

    init(notA: String) {
        self.notA = notA
    }

    mutating func add(_ line: DumpLine) {
        if let r = run {
            run = (r.first, line.line, r.count + 1)
        } else {
            run = (line, line.line, 1)
        }
    }

    /// Ends the run, adding its warning.
    mutating func flush(into warnings: inout ImportWarnings) {
        guard let n = run else { return }
        run = nil
        let sample = String(n.first.bytes.text.trimmingSpaces.prefix(80))
        let range = n.count == 1 ? "line \(n.first.line) is" : "lines \(n.first.line)–\(n.last) are"
        warnings.add(
            ImportWarning(
                .noiseSkipped, "\(range) not \(notA) (\"\(sample)\"): skipped", line: n.first.line, column: n.first.column,
                lost: "nothing, unless the line was a view whose form is not recognized"))
    }
}
