import TouchTraceEngine

/// `--update`: rewrites expected values in an expectation file's text, in place, keeping its
/// comments, order and layout. Each value is found by its JSON pointer's location; its extent is
/// read off the text (a scalar to the end of its token, a quoted string to its closing quote, a
/// flow collection to its closing bracket, a block collection to the end of its indented
/// lines), then replaced by the new value in the file's own style (YAML plain or quoted
/// scalars, flow or block sequences; JSON for a JSON file). The new text is read again and every
/// rewritten value checked; if any is not what was meant, nothing is written.
public enum ExpectationUpdater {
    public struct Outcome: Sendable {
        /// The new text, or nil when nothing changed or it could not be made safely.
        public var text: String?
        /// Why an update was not made.
        public var problems: [String]
    }

    public static func apply(_ updates: [ValueUpdate], to document: LocatedDocument) -> Outcome {
        let text = document.text
        var edits: [(start: Int, end: Int, replacement: String, pointer: String)] = []
        var problems: [String] = []
        var seen = Set<String>()
        for update in updates where seen.insert(update.pointer).inserted {
            guard let location = document.valueLocations[update.pointer], let start = text.offset(of: location) else {
                problems.append("\(update.pointer): not found in the file")
                continue
            }
            let inFlow = isInFlow(update.pointer, document: document)
            guard let end = ValueExtent.end(of: text.scalars, from: start, inFlow: inFlow || document.format == .json) else {
                problems.append("\(update.pointer): cannot tell where its value ends")
                continue
            }
            let original = text.slice(start, end)
            let column = location.column
            let replacement = document.format == .json
                ? JSONWriter().string(update.value)
                : YAMLValue.render(update.value, blockSequenceAt: original.hasPrefix("- ") ? column : nil)
            edits.append((start, end, replacement, update.pointer))
        }
        // Nested edits (a list and one of its items) cannot both apply: keep the outer one.
        edits.sort { $0.start < $1.start }
        var kept: [(start: Int, end: Int, replacement: String, pointer: String)] = []
        for e in edits {
            if let last = kept.last, e.start < last.end { continue }
            kept.append(e)
        }
        guard !kept.isEmpty else { return Outcome(text: nil, problems: problems) }
        var scalars = text.scalars
        for e in kept.reversed() {
            scalars.replaceSubrange(e.start..<e.end, with: Array(e.replacement.unicodeScalars))
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        let newText = String(view)
        // Read it again: every rewritten value must be the new one.
        guard case let .success(reread) = ExpectationReader.read(Array(newText.utf8), file: document.format == .json ? "x.json" : "x.yaml") else {
            return Outcome(text: nil, problems: problems + ["the rewritten file would not read back; nothing was written"])
        }
        for e in kept {
            let wanted = updates.first { $0.pointer == e.pointer }?.value
            if Self.value(at: e.pointer, in: reread.value) != wanted {
                return Outcome(text: nil, problems: problems + ["\(e.pointer) would not read back as written; nothing was written"])
            }
        }
        return Outcome(text: newText, problems: problems)
    }

    /// Whether the value's parent is a flow collection (`[…]` or `{…}`), where a plain scalar
    /// also ends at `,`, `]` and `}`.
    static func isInFlow(_ pointer: String, document: LocatedDocument) -> Bool {
        guard let slash = pointer.lastIndex(of: "/") else { return false }
        let parent = String(pointer[..<slash])
        guard let location = document.valueLocations[parent], let offset = document.text.offset(of: location), offset < document.text.scalars.count else { return false }
        let c = document.text.scalars[offset]
        return c == "[" || c == "{"
    }

    /// The value at a JSON pointer.
    static func value(at pointer: String, in root: JSONValue) -> JSONValue? {
        var v = root
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = token.replacingAll("~1", "/").replacingAll("~0", "~")
            switch v {
            case let .object(members):
                guard let m = members.first(where: { $0.key == key }) else { return nil }
                v = m.value
            case let .array(items):
                guard let i = Int(key), i >= 0, i < items.count else { return nil }
                v = items[i]
            default:
                return nil
            }
        }
        return v
    }
}

extension Substring {
    func replacingAll(_ target: String, _ replacement: String) -> String { String(self).replacingAll(target, replacement) }
}

/// Where a value that starts at an offset ends.
enum ValueExtent {
    static func end(of s: [Unicode.Scalar], from start: Int, inFlow: Bool) -> Int? {
        guard start < s.count else { return nil }
        var i = start
        switch s[start] {
        case "\"":
            i += 1
            while i < s.count, s[i] != "\"" { i += s[i] == "\\" ? 2 : 1 }
            return i < s.count ? i + 1 : nil
        case "'":
            i += 1
            while i < s.count {
                if s[i] == "'" {
                    if i + 1 < s.count, s[i + 1] == "'" { i += 2; continue }
                    return i + 1
                }
                i += 1
            }
            return nil
        case "[", "{":
            var depth = 0
            while i < s.count {
                let c = s[i]
                if c == "\"" || c == "'" {
                    guard let e = end(of: s, from: i, inFlow: true) else { return nil }
                    i = e
                    continue
                }
                if c == "[" || c == "{" { depth += 1 }
                if c == "]" || c == "}" {
                    depth -= 1
                    if depth == 0 { return i + 1 }
                }
                i += 1
            }
            return nil
        case "-" where start + 1 < s.count && s[start + 1] == " ":
            return blockEnd(s, from: start, sequence: true)
        default:
            // A plain scalar (or a nested block mapping, which --update never rewrites whole).
            while i < s.count {
                let c = s[i]
                if c == "\n" || c == "\r" { break }
                if c == "#", i > start, s[i - 1] == " " || s[i - 1] == "\t" { break }
                if inFlow, c == "," || c == "]" || c == "}" { break }
                i += 1
            }
            while i > start, s[i - 1] == " " || s[i - 1] == "\t" { i -= 1 }
            return i
        }
    }

    /// The end of a block sequence whose first `-` is at `start`: its lines are those indented
    /// more than the dash, or as much and starting with `- `; trailing blank and comment lines
    /// are not part of it.
    static func blockEnd(_ s: [Unicode.Scalar], from start: Int, sequence: Bool) -> Int {
        var lineStart = start
        while lineStart > 0, s[lineStart - 1] != "\n" { lineStart -= 1 }
        let indent = start - lineStart
        var end = start
        var i = start
        // End of the first line.
        while i < s.count, s[i] != "\n" { i += 1 }
        end = i
        while i < s.count {
            i += 1 // past the newline
            let lineBegin = i
            var spaces = 0
            while i < s.count, s[i] == " " { i += 1; spaces += 1 }
            if i >= s.count { break }
            if s[i] == "\n" { continue }
            if s[i] == "#" {
                while i < s.count, s[i] != "\n" { i += 1 }
                continue
            }
            let continues = spaces > indent || spaces == indent && sequence && s[i] == "-" && i + 1 < s.count && s[i + 1] == " "
            if !continues {
                _ = lineBegin
                break
            }
            while i < s.count, s[i] != "\n" { i += 1 }
            end = i
        }
        while end > start, s[end - 1] == " " || s[end - 1] == "\r" { end -= 1 }
        return end
    }
}

/// Values written into a YAML file.
enum YAMLValue {
    static func render(_ v: JSONValue, blockSequenceAt column: Int? = nil) -> String {
        if let column, case let .array(items) = v, !items.isEmpty, items.allSatisfy({ if case .object = $0 { false } else if case .array = $0 { false } else { true } }) {
            let indent = String(repeating: " ", count: column - 1)
            return items.map { "- " + scalar($0) }.joined(separator: "\n" + indent)
        }
        return flow(v)
    }

    static func flow(_ v: JSONValue) -> String {
        switch v {
        case let .array(items): return "[" + items.map(flow).joined(separator: ", ") + "]"
        case let .object(members): return "{" + members.map { scalar(.string($0.key)) + ": " + flow($0.value) }.joined(separator: ", ") + "}"
        default: return scalar(v)
        }
    }

    static func scalar(_ v: JSONValue) -> String {
        switch v {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .number(n): return JSONWriter.format(n)
        case let .string(s):
            let plainSafe = !s.isEmpty && s.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_.:-$@".unicodeScalars.contains($0) }
                && !s.hasPrefix("-") && !s.hasSuffix(":") && !s.contains(": ") && YAMLConverter.coreNumber(s) == nil
                && !["null", "Null", "NULL", "~", "true", "True", "TRUE", "false", "False", "FALSE"].contains(s)
            return plainSafe ? s : JSONWriter().string(v)
        case .array, .object: return flow(v)
        }
    }
}
