/// Why a document could not be parsed.
public struct JSONParseError: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Not JSON (RFC 8259): a syntax error, a duplicate key, bad UTF-8, an out-of-range number.
        case syntax
        /// Arrays and objects nested deeper than the parser's limit.
        case tooDeep
    }
    public var kind: Kind
    public var message: String
    /// Byte offset of the problem (0-based), and its 1-based line and column.
    public var offset: Int
    public var line: Int
    public var column: Int
    /// JSON pointer of the container being parsed when the problem was found.
    public var pointer: String
}

/// A strict, iterative JSON parser (RFC 8259).
///
/// Iterative so that no input, however deeply nested, can overflow the stack; nesting beyond
/// `maxNesting` is an error of its own kind. Duplicate object keys are rejected, since a scene
/// with two `frame` members is ambiguous. Numbers are parsed as `Double`; a number that overflows
/// to infinity is rejected.
public struct JSONParser: Sendable {
    public var maxNesting: Int

    public init(maxNesting: Int = 4096) {
        self.maxNesting = maxNesting
    }

    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in try parse(bytes: buffer) }
    }

    public func parse(bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        var state = ParserState(bytes: bytes, maxNesting: maxNesting)
        defer { state.releaseScratch() }
        return try state.parseDocument()
    }
}

/// One open array or object on the parser's explicit stack. Its elements are kept on the
/// parser's scratch stack of their kind (`ParserState.items` or `.members`) from `start` on, and
/// moved into an array of their exact number when the container closes: appended one by one to
/// an array of its own, a container of n elements was allocated and copied about log2(n) + 1
/// times as it grew (~2% of a new card request's instructions; issue 27), and a capacity reserved
/// up front would make every container of one element take room for several (a hostile body of
/// `{"":0},…` parsed into twice the memory).
private struct Frame {
    var isObject: Bool
    /// Where the container's elements begin on their scratch stack.
    var start: Int
    /// Elements read so far.
    var count = 0
    var pendingKey = ""
    /// The keys seen, kept only once an object has `Frame.keySetThreshold` members: below that
    /// a scan of its members is cheaper than hashing every key (most objects have a few keys).
    var keys: Set<String>?

    init(isObject: Bool, start: Int) {
        self.isObject = isObject
        self.start = start
    }

    static let keySetThreshold = 16
}

/// A stack of values in one allocation, from which a closed container's elements are moved (not
/// copied) into an array of their exact size. Freed with `release()` (the parser's `defer`).
private struct ScratchStack<Element> {
    private var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private var capacity = 0

    @inline(__always)
    mutating func append(_ element: __owned Element) {
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    private mutating func grow() {
        let newCapacity = Swift.max(16, capacity * 2)
        let new = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let base {
            new.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = new
        capacity = newCapacity
    }

    /// The element at `i` (`i < count`), read in place.
    @inline(__always)
    subscript(i: Int) -> Element {
        unsafeAddress { UnsafePointer(base.unsafelyUnwrapped + i) }
    }

    /// Moves the elements from `start` on into an array of exactly their number. (Reserved and
    /// appended to, not `Array(unsafeUninitializedCapacity:)`: that initializer allocates through
    /// the standard library's unspecialised path, which looks the storage class's metadata up in
    /// the runtime's cache on every call, ~400 instructions, more than the copies it saves.)
    mutating func take(from start: Int) -> [Element] {
        let n = count - start
        guard n > 0, let base else { return [] }
        var taken: [Element] = []
        taken.reserveCapacity(n)
        for i in start..<count { taken.append((base + i).move()) }
        count = start
        return taken
    }

    /// Destroys what is left (a document that failed to parse) and frees the storage.
    mutating func release() {
        if let base {
            base.deinitialize(count: count)
            base.deallocate()
        }
        base = nil
        count = 0
        capacity = 0
    }
}

private struct ParserState {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxNesting: Int
    var index = 0
    var stack: [Frame] = []
    /// The elements of the open arrays, and the members of the open objects (see `Frame`).
    var items = ScratchStack<JSONValue>()
    var members = ScratchStack<(key: String, value: JSONValue)>()

    init(bytes: UnsafeBufferPointer<UInt8>, maxNesting: Int) {
        self.bytes = bytes
        self.maxNesting = maxNesting
    }

    mutating func releaseScratch() {
        items.release()
        members.release()
    }

    /// Records `key` for the innermost open object; false when the object already has it.
    mutating func insertKey(_ key: String) -> Bool {
        let top = stack.count - 1
        if stack[top].keys == nil {
            let start = stack[top].start
            if stack[top].count < Frame.keySetThreshold {
                for i in start..<members.count where members[i].key == key { return false }
                return true
            }
            var keys = Set<String>(minimumCapacity: members.count - start)
            for i in start..<members.count { keys.insert(members[i].key) }
            stack[top].keys = keys
        }
        return stack[top].keys?.insert(key).inserted ?? false
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        // Skip a UTF-8 byte order mark.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard index < bytes.count else { throw error("the document is empty") }
        var pending = try parseValueOrOpen()
        var root: JSONValue
        while true {
            if let value = pending {
                if stack.isEmpty {
                    root = value
                    break
                }
                let top = stack.count - 1
                if stack[top].isObject {
                    members.append((key: stack[top].pendingKey, value: value))
                } else {
                    items.append(value)
                }
                stack[top].count += 1
            }
            pending = try continueContainer()
        }
        skipWhitespace()
        if index < bytes.count { throw error("unexpected content after the JSON value") }
        return root
    }

    /// Reads a separator, a closing bracket (returning the finished container), or the next
    /// member (returning a scalar, or nil after opening a new container).
    mutating func continueContainer() throws(JSONParseError) -> JSONValue? {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input") }
        let top = stack.count - 1
        let byte = bytes[index]
        if !stack[top].isObject {
            if byte == UInt8(ascii: "]") {
                index += 1
                return .array(items.take(from: stack.removeLast().start))
            }
            if stack[top].count > 0 {
                guard byte == UInt8(ascii: ",") else { throw error("expected ',' or ']' in array") }
                index += 1
                skipWhitespace()
            }
            return try parseValueOrOpen()
        }
        if byte == UInt8(ascii: "}") {
            index += 1
            return .object(members.take(from: stack.removeLast().start))
        }
        if stack[top].count > 0 {
            guard byte == UInt8(ascii: ",") else { throw error("expected ',' or '}' in object") }
            index += 1
            skipWhitespace()
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw error("expected a string key in object")
        }
        let keyStart = index
        let key = try parseString()
        if !insertKey(key) {
            index = keyStart
            throw error("duplicate key \"\(key)\"")
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("expected ':' after object key")
        }
        index += 1
        skipWhitespace()
        stack[top].pendingKey = key
        return try parseValueOrOpen()
    }

    /// Parses a scalar, or opens a container and returns nil.
    mutating func parseValueOrOpen() throws(JSONParseError) -> JSONValue? {
        guard index < bytes.count else { throw error("unexpected end of input") }
        let value: JSONValue
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if stack.count >= maxNesting {
                throw JSONParseError(
                    kind: .tooDeep,
                    message: "arrays and objects are nested deeper than \(maxNesting) levels",
                    offset: index, line: position.line, column: position.column, pointer: pointer)
            }
            let isObject = bytes[index] == UInt8(ascii: "{")
            stack.append(Frame(isObject: isObject, start: isObject ? members.count : items.count))
            index += 1
            return nil
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); value = .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); value = .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try parseNumber())
        default: throw error("unexpected character '\(printable(bytes[index]))'")
        }
        return value
    }

    mutating func expectLiteral(_ literal: String) throws(JSONParseError) {
        let start = index
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else {
                index = start
                throw error("invalid literal (expected \(literal))")
            }
            index += 1
        }
    }

    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("numbers may not have leading zeros") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        var isInteger = true
        var fractionStart = -1
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            fractionStart = index
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: digits expected after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        var hasExponent = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            hasExponent = true
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: digits expected in exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let length = index - start
        // Fast path: short integers.
        if isInteger, length <= 15 {
            var negative = false
            var position = start
            if bytes[position] == UInt8(ascii: "-") { negative = true; position += 1 }
            var result = 0
            while position < index {
                result = result * 10 + Int(bytes[position] &- UInt8(ascii: "0"))
                position += 1
            }
            return negative ? -Double(result) : Double(result)
        }
        // Fast path: a decimal fraction of at most 15 digits and no exponent. Its digits as an
        // integer and the power of ten are both exact doubles (below 2^53 and 10^22), so their
        // quotient is the correctly rounded value, as a full conversion gives (Clinger's fast path).
        if !hasExponent, fractionStart > 0, length <= 16 {
            var negative = false
            var position = start
            if bytes[position] == UInt8(ascii: "-") { negative = true; position += 1 }
            var mantissa = 0
            while position < index {
                if bytes[position] != UInt8(ascii: ".") { mantissa = mantissa * 10 + Int(bytes[position] &- UInt8(ascii: "0")) }
                position += 1
            }
            let value = Double(mantissa) / Self.powersOfTen[index - fractionStart]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("number \(text) is out of range")
        }
        return value
    }

    /// 10^0 … 10^15, exact.
    static let powersOfTen: [Double] = (0...15).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

    mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes.
        var high: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                // ASCII (nearly every key and id) is valid UTF-8 as it is: `String(decoding:)`,
                // whose path for a buffer of bytes is not generic, gives the same string as
                // `String(validating:)` without its validation.
                if high < 0x80 {
                    index += 1
                    return String(decoding: slice, as: UTF8.self)
                }
                guard let string = String(validating: slice, as: UTF8.self) else {
                    index = start
                    throw error("string is not valid UTF-8")
                }
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in string") }
            high |= byte
            index += 1
        }
        var scalars: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard let string = String(validating: scalars, as: UTF8.self) else {
                    throw error("string is not valid UTF-8")
                }
                return string
            }
            if byte < 0x20 { throw error("control character in string") }
            if byte != UInt8(ascii: "\\") {
                scalars.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): scalars.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): scalars.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw error("unpaired surrogate in \\u escape")
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                index -= 1
                throw error("invalid escape '\\\(printable(escape))'")
            }
        }
        throw error("unterminated string")
    }

    mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("invalid \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }

    var position: (line: Int, column: Int) {
        var line = 1
        var column = 1
        for offset in 0..<min(index, bytes.count) {
            if bytes[offset] == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }

    /// The JSON pointer of the innermost open container's current member.
    var pointer: String {
        var result = ""
        for frame in stack {
            result += frame.isObject ? "/" + JSONPointer.escape(frame.pendingKey) : "/\(frame.count)"
        }
        return result
    }

    func error(_ message: String) -> JSONParseError {
        let (line, column) = position
        return JSONParseError(kind: .syntax, message: message, offset: index, line: line, column: column, pointer: pointer)
    }
}
