import TouchTraceEngine

/// A pull scanner over a JSON document's UTF-8 bytes, for the Sentry byte reader
/// (`SentryViewHierarchyParser.readBytes`): the reader asks for the next key, value or separator
/// where it expects one, and nothing is built that it does not ask for.
///
/// It accepts only what the engine's strict `JSONParser` accepts, and gives up (`Bail`) on
/// anything it is not sure of — a syntax error, a key that is not plain ASCII (two keys may be
/// equal once escapes are read or Unicode-normalized), an object of more than 16 members outside
/// the nodes, nesting at the parser's limit — so that the tree reader, which does not give up,
/// decides. Scalars it reads (strings with escapes or non-ASCII bytes, numbers) are handed to
/// `JSONParser` itself, one value at a time, so their values and their validation are the
/// parser's own.
struct SentryByteScanner {
    /// The document is left to the tree reader.
    struct Bail: Error {}

    let bytes: UnsafeBufferPointer<UInt8>
    /// `JSONParser.maxNesting`: a container may be opened while fewer than this many are open.
    let maxNesting: Int
    var index = 0
    /// Arrays and objects open.
    var open = 0

    static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), comma = UInt8(ascii: ","), colon = UInt8(ascii: ":")
    static let openObject = UInt8(ascii: "{"), closeObject = UInt8(ascii: "}"), openArray = UInt8(ascii: "["), closeArray = UInt8(ascii: "]")
    /// Objects skipped with more members than this are left to the tree reader (its parser
    /// switches to a set of keys there; the scanner compares keys pairwise).
    static let maxSkippedMembers = 16

    init(bytes: UnsafeBufferPointer<UInt8>, maxNesting: Int) {
        self.bytes = bytes
        self.maxNesting = maxNesting
        // A UTF-8 byte order mark, as the parser skips it.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    var atEnd: Bool { index >= bytes.count }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The next byte after white space (not consumed).
    mutating func peek() throws(Bail) -> UInt8 {
        skipSpace()
        guard index < bytes.count else { throw Bail() }
        return bytes[index]
    }

    /// Consumes `[` or `{`.
    mutating func openContainer() throws(Bail) {
        guard open < maxNesting, index < bytes.count else { throw Bail() }
        open += 1
        index += 1
    }

    /// Right after a container was opened: consumes its closer if it is empty.
    mutating func closesAtOnce(_ closer: UInt8) throws(Bail) -> Bool {
        guard try peek() == closer else { return false }
        index += 1
        open -= 1
        return true
    }

    /// After a member or an element: true when a `,` follows (consumed), false at `closer`
    /// (consumed: the container is closed).
    mutating func next(closer: UInt8) throws(Bail) -> Bool {
        let byte = try peek()
        index += 1
        if byte == Self.comma { return true }
        guard byte == closer else { throw Bail() }
        open -= 1
        return false
    }

    /// A member's key and its `:`: the key's bytes (between the quotes), plain ASCII without
    /// escapes.
    mutating func key() throws(Bail) -> Range<Int> {
        guard try peek() == Self.quote else { throw Bail() }
        let start = index + 1
        var i = start
        while i < bytes.count {
            let byte = bytes[i]
            if byte == Self.quote { break }
            guard byte >= 0x20, byte < 0x80, byte != Self.backslash else { throw Bail() }
            i += 1
        }
        guard i < bytes.count else { throw Bail() }
        index = i + 1
        guard try peek() == Self.colon else { throw Bail() }
        index += 1
        return start..<i
    }

    /// Whether the key's bytes are `name`'s.
    func key(_ key: Range<Int>, is name: [UInt8]) -> Bool {
        guard key.count == name.count else { return false }
        var i = key.lowerBound
        for byte in name {
            guard bytes[i] == byte else { return false }
            i += 1
        }
        return true
    }

    func keyText(_ key: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[key]), as: UTF8.self)
    }

    /// Whether two keys' bytes are equal.
    func sameKey(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        var j = b.lowerBound
        for i in a {
            guard bytes[i] == bytes[j] else { return false }
            j += 1
        }
        return true
    }

    /// A value: a scalar as `JSONParser` reads it; a container skipped, and an empty one of its
    /// kind in its place (what is read of it is its type).
    mutating func value() throws(Bail) -> JSONValue {
        switch try peek() {
        case Self.openObject:
            try skipValue()
            return .object([])
        case Self.openArray:
            try skipValue()
            return .array([])
        case Self.quote:
            return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default:
            return .number(try number())
        }
    }

    mutating func literal(_ word: StaticString) throws(Bail) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw Bail() }
        let text = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for k in 0..<count where bytes[index + k] != text[k] { throw Bail() }
        index += count
    }

    /// A string's end: the index of its closing quote, and whether it is plain ASCII without
    /// escapes (or control characters, which make it no string: `Bail`).
    func stringEnd() throws(Bail) -> (end: Int, plain: Bool) {
        var i = index + 1
        var plain = true
        while i < bytes.count {
            let byte = bytes[i]
            if byte == Self.quote { return (i, plain) }
            guard byte >= 0x20 else { throw Bail() }
            if byte == Self.backslash {
                plain = false
                i += 2
                continue
            }
            if byte >= 0x80 { plain = false }
            i += 1
        }
        throw Bail()
    }

    /// A string value: plain ASCII made at once, anything else parsed by `JSONParser`.
    mutating func string() throws(Bail) -> String {
        let (end, plain) = try stringEnd()
        let start = index
        index = end + 1
        if plain { return String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self) }
        guard case let .string(s) = try parsed(start..<(end + 1)) else { throw Bail() }
        return s
    }

    /// A number, parsed by `JSONParser` (which checks its form and its range).
    mutating func number() throws(Bail) -> Double {
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): index += 1
            default:
                guard case let .number(n) = try parsed(start..<index) else { throw Bail() }
                return n
            }
        }
        guard case let .number(n) = try parsed(start..<index) else { throw Bail() }
        return n
    }

    /// One scalar's bytes parsed by the engine's parser.
    func parsed(_ range: Range<Int>) throws(Bail) -> JSONValue {
        guard !range.isEmpty else { throw Bail() }
        do {
            return try JSONParser(maxNesting: 0).parse(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
        } catch {
            throw Bail()
        }
    }

    /// Skips a scalar, checking it as the parser does.
    mutating func skipScalar() throws(Bail) {
        let byte = try peek()
        guard byte == Self.quote else {
            _ = try value()
            return
        }
        let (end, plain) = try stringEnd()
        if !plain { _ = try parsed(index..<(end + 1)) }
        index = end + 1
    }

    /// Skips any value, checked as the parser checks it (syntax, strings, numbers' range, no
    /// repeated key, nesting), without recursion.
    mutating func skipValue() throws(Bail) {
        // The containers open in the value: each object's keys so far, nil for an array.
        var stack: [[Range<Int>]?] = []
        while true {
            let byte = try peek()
            if byte == Self.openObject || byte == Self.openArray {
                try openContainer()
                if try !closesAtOnce(byte == Self.openObject ? Self.closeObject : Self.closeArray) {
                    if byte == Self.openObject {
                        stack.append([try key()])
                    } else {
                        stack.append(nil)
                    }
                    continue
                }
            } else {
                try skipScalar()
            }
            // After a value: the containers it ends, then the next member or element.
            while true {
                guard let top = stack.last else { return }
                let more = try next(closer: top == nil ? Self.closeArray : Self.closeObject)
                if !more {
                    stack.removeLast()
                    continue
                }
                if top != nil {
                    let key = try key()
                    let last = stack.count - 1
                    guard let keys = stack[last], keys.count < Self.maxSkippedMembers, !keys.contains(where: { sameKey($0, key) }) else { throw Bail() }
                    stack[last]?.append(key)
                }
                break
            }
        }
    }
}
