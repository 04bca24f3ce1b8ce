import TouchTraceEngine

/// The line and column of every member and item of a JSON document (already checked by
/// `JSONParser`), by JSON pointer: the key's position for a member, the value's for an item.
/// One pass over the text with an explicit stack.
enum JSONLocator {
    static func locate(_ source: SourceText) -> (locations: [String: SourceLocation], values: [String: SourceLocation]) {
        let s = source.scalars
        var locations: [String: SourceLocation] = [:]
        var values: [String: SourceLocation] = [:]
        struct Container {
            var isObject: Bool
            var pointer: String
            var index = 0
            var pendingKey: String?
        }
        var stack: [Container] = []
        var i = 0
        func skipSpace() {
            while i < s.count, s[i] == " " || s[i] == "\t" || s[i] == "\n" || s[i] == "\r" || s[i] == "\u{FEFF}" { i += 1 }
        }
        /// Reads a string starting at the quote; returns its value.
        func readString() -> String {
            var out = String.UnicodeScalarView()
            i += 1
            while i < s.count, s[i] != "\"" {
                if s[i] == "\\", i + 1 < s.count {
                    let e = s[i + 1]
                    i += 2
                    switch e {
                    case "n": out.append("\n")
                    case "t": out.append("\t")
                    case "r": out.append("\r")
                    case "b": out.append("\u{08}")
                    case "f": out.append("\u{0C}")
                    case "u":
                        var code: UInt32 = 0
                        for _ in 0..<4 where i < s.count {
                            code = code * 16 + UInt32(Int(String(s[i]), radix: 16) ?? 0)
                            i += 1
                        }
                        if (0xD800..<0xDC00).contains(code), i + 5 < s.count, s[i] == "\\", s[i + 1] == "u" {
                            var low: UInt32 = 0
                            i += 2
                            for _ in 0..<4 {
                                low = low * 16 + UInt32(Int(String(s[i]), radix: 16) ?? 0)
                                i += 1
                            }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        out.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default: out.append(e)
                    }
                    continue
                }
                out.append(s[i])
                i += 1
            }
            i += 1
            return String(out)
        }
        /// Records the value starting at `i` under the current container's next slot.
        func childPointer() -> String? {
            guard var top = stack.popLast() else { return "" }
            defer { stack.append(top) }
            if top.isObject {
                guard let key = top.pendingKey else { return nil }
                top.pendingKey = nil
                return JSONPointer.join(top.pointer, key)
            }
            let p = JSONPointer.join(top.pointer, top.index)
            top.index += 1
            locations[p] = source.location(ofOffset: i)
            return p
        }
        skipSpace()
        while i < s.count {
            skipSpace()
            guard i < s.count else { break }
            let c = s[i]
            if c == "}" || c == "]" {
                stack.removeLast()
                i += 1
                continue
            }
            if c == "," {
                i += 1
                continue
            }
            // A key?
            if let top = stack.last, top.isObject, top.pendingKey == nil, c == "\"" {
                let at = source.location(ofOffset: i)
                let key = readString()
                stack[stack.count - 1].pendingKey = key
                locations[JSONPointer.join(top.pointer, key)] = at
                skipSpace()
                if i < s.count, s[i] == ":" { i += 1 }
                continue
            }
            guard let pointer = childPointer() else {
                i += 1
                continue
            }
            values[pointer] = source.location(ofOffset: i)
            if pointer.isEmpty { locations[""] = source.location(ofOffset: i) }
            switch c {
            case "{":
                stack.append(Container(isObject: true, pointer: pointer))
                i += 1
            case "[":
                stack.append(Container(isObject: false, pointer: pointer))
                i += 1
            case "\"":
                _ = readString()
            default:
                while i < s.count, !",]} \t\r\n".unicodeScalars.contains(s[i]) { i += 1 }
            }
        }
        return (locations, values)
    }
}
