/// One object description as UIKit prints them — `<UIButton: 0x7f8e…; frame = (0 0; 60 30);
/// opaque = NO; layer = <CALayer: 0x6000…>>` — read from a line (or from lines joined when a
/// description is wrapped): the class, the address (`: 0x…`, or ` 0x…` as `_printHierarchy` and
/// nested references write it; absent when swift-snapshot-testing stripped it), and the members
/// in order. A member is `key = value`, `key: value` (scroll views' `contentOffset: {0, 0}`,
/// React Native's `reactTag: 4`), or a bare token (SpringBoard's window names). Values nest:
/// `<…>`, `{…}`, `(…)` and `[…]` may hold `;`, `=` and `>`; a quoted text (`text = 'a; b>'`)
/// ends at the quote that is followed by the next member or by the end of the description.
struct DescriptionRecord: Sendable {
    struct Member: Sendable {
        /// Empty for a bare token.
        var key: String
        var value: String
        /// The member's byte offset in the parsed buffer.
        var offset: Int
        /// Whether the value was a quoted text (its quotes removed).
        var quoted: Bool
    }

    var className: String
    var address: String?
    var members: [Member] = []
    /// The index just past the closing `>`, nil when the buffer ended first.
    var end: Int?
    /// When unclosed: whether the buffer ended inside a quoted text (a line break of the text
    /// itself) rather than between members (a hard-wrapped line).
    var endedInQuote = false

    var isClosed: Bool { end != nil }

    /// The first member with this key.
    func value(_ key: String) -> String? {
        members.first { $0.key == key }?.value
    }

    func member(_ key: String) -> Member? {
        members.first { $0.key == key }
    }
}

enum DescriptionParser {
    static let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), semicolon = UInt8(ascii: ";"), colon = UInt8(ascii: ":")
    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), quote = UInt8(ascii: "'"), equals = UInt8(ascii: "=")

    /// Whether `c` can start a class name (`_UIButtonBarButton`, `MyApp.PayButton`, a markdown
    /// `\_`-escaped name).
    static func isNameStart(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_") || c == UInt8(ascii: "$") || c >= 0x80
    }

    /// Whether `c` belongs to a class name: anything but white space and the description's
    /// punctuation, so module-qualified, mangled and non-ASCII names all read.
    static func isNameByte(_ c: UInt8) -> Bool {
        !(c == space || c == tab || c == colon || c == semicolon || c == gt || c == lt || c == UInt8(ascii: ",") || c == 0x0A)
    }

    static func isKeyByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_") || c == UInt8(ascii: ".")
    }

    /// The index of the first description start at or after `from`: a `<` followed by a class
    /// name (or by `\_`, markdown's escape of a leading underscore).
    static func start(in b: [UInt8], from: Int = 0) -> Int? {
        var i = from
        while i + 1 < b.count {
            if b[i] == lt {
                let c = b[i + 1]
                if isNameStart(c) { return i }
                if c == UInt8(ascii: "\\"), i + 2 < b.count, b[i + 2] == UInt8(ascii: "_") { return i }
            }
            i += 1
        }
        return nil
    }

    /// Parses the description whose `<` is at `start`.
    static func parse(_ b: [UInt8], at start: Int) -> DescriptionRecord {
        var i = start + 1
        var name: [UInt8] = []
        while i < b.count, isNameByte(b[i]) {
            if b[i] == UInt8(ascii: "\\"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "_") {
                i += 1
                continue
            }
            name.append(b[i])
            i += 1
        }
        var record = DescriptionRecord(className: name.text)
        // `: 0xADDR` or ` 0xADDR` (a token that is not an address is the first member).
        if i < b.count, b[i] == colon || b[i] == space {
            var j = i + 1
            while j < b.count, b[j] == space { j += 1 }
            if j + 2 < b.count, b[j] == UInt8(ascii: "0"), b[j + 1] == UInt8(ascii: "x") || b[j + 1] == UInt8(ascii: "X") {
                var k = j + 2
                while k < b.count, DumpText.hexDigit(b[k]) != nil { k += 1 }
                if k > j + 2 {
                    record.address = b[j..<k].text.lowercased()
                    i = k
                }
            } else if b[i] == colon {
                i = j
            }
        }
        while i < b.count {
            let c = b[i]
            if c == space || c == tab || c == semicolon || c == 0x0A {
                i += 1
                continue
            }
            if c == gt {
                record.end = i + 1
                return record
            }
            // A member: `key = value`, `key: value`, or a bare token.
            let memberStart = i
            var k = i
            while k < b.count, isKeyByte(b[k]) { k += 1 }
            var key = ""
            var v = memberStart
            if k > memberStart {
                var s = k
                while s < b.count, b[s] == space { s += 1 }
                if s < b.count, b[s] == equals {
                    key = b[memberStart..<k].text
                    v = s + 1
                } else if s < b.count, b[s] == colon, s + 1 >= b.count || b[s + 1] == space || b[s + 1] == UInt8(ascii: "{") {
                    key = b[memberStart..<k].text
                    v = s + 1
                }
            }
            while v < b.count, b[v] == space { v += 1 }
            let read = readValue(b, from: v)
            switch read {
            case let .member(valueEnd, next, quoted):
                let raw = quoted ? b[(v + 1)..<valueEnd] : b[v..<valueEnd]
                record.members.append(.init(key: key, value: quoted ? raw.text : trimmed(raw), offset: memberStart, quoted: quoted))
                i = next
            case let .end(valueEnd, next, quoted):
                let raw = quoted ? b[(v + 1)..<valueEnd] : b[v..<valueEnd]
                record.members.append(.init(key: key, value: quoted ? raw.text : trimmed(raw), offset: memberStart, quoted: quoted))
                record.end = next
                return record
            case let .unclosed(inQuote):
                record.endedInQuote = inQuote
                return record
            }
        }
        return record
    }

    enum ValueRead {
        /// The value ends before `valueEnd`; the next member starts at or after `next`.
        case member(valueEnd: Int, next: Int, quoted: Bool)
        /// The value ends the description; `next` is just past its `>`.
        case end(valueEnd: Int, next: Int, quoted: Bool)
        /// The buffer ended inside the value.
        case unclosed(inQuote: Bool)
    }

    static func readValue(_ b: [UInt8], from v: Int) -> ValueRead {
        if v < b.count, b[v] == quote {
            var j = v + 1
            while j < b.count {
                if b[j] == quote {
                    let after = j + 1
                    if after >= b.count { return .unclosed(inQuote: true) }
                    if b[after] == semicolon, startsMember(b, at: after + 1) { return .member(valueEnd: j, next: after + 1, quoted: true) }
                    if b[after] == gt, endsDescription(b, at: after + 1) { return .end(valueEnd: j, next: after + 1, quoted: true) }
                }
                j += 1
            }
            return .unclosed(inQuote: true)
        }
        var depth = 0
        var j = v
        while j < b.count {
            let c = b[j]
            switch c {
            case lt:
                if j + 1 < b.count, isNameStart(b[j + 1]) || b[j + 1] == UInt8(ascii: "(") { depth += 1 }
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                if depth > 0 { depth -= 1 }
            case gt:
                if depth > 0 {
                    depth -= 1
                } else {
                    return .end(valueEnd: j, next: j + 1, quoted: false)
                }
            case semicolon:
                if depth == 0 { return .member(valueEnd: j, next: j + 1, quoted: false) }
            default:
                break
            }
            j += 1
        }
        return .unclosed(inQuote: false)
    }

    /// Whether a member starts at `i` (after spaces): a key followed by `=` or `:`.
    static func startsMember(_ b: [UInt8], at i: Int) -> Bool {
        var j = i
        while j < b.count, b[j] == space { j += 1 }
        let keyStart = j
        while j < b.count, isKeyByte(b[j]) { j += 1 }
        guard j > keyStart else { return false }
        while j < b.count, b[j] == space { j += 1 }
        return j < b.count && (b[j] == equals || b[j] == colon)
    }

    /// Whether a `>` at `i - 1` can close the description: what follows is the end, white space,
    /// another `>` (a nested description's close), or the punctuation dumps are wrapped in.
    static func endsDescription(_ b: [UInt8], at i: Int) -> Bool {
        guard i < b.count else { return true }
        switch b[i] {
        case space, tab, gt, 0x0A, 0x0D, UInt8(ascii: "`"), UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: ")"), semicolon: return true
        default: return false
        }
    }

    static func trimmed(_ s: ArraySlice<UInt8>) -> String {
        var lo = s.startIndex
        var hi = s.endIndex
        while lo < hi, s[lo] == space || s[lo] == tab || s[lo] == 0x0A { lo += 1 }
        while hi > lo, s[hi - 1] == space || s[hi - 1] == tab || s[hi - 1] == 0x0A { hi -= 1 }
        return s[lo..<hi].text
    }
}
