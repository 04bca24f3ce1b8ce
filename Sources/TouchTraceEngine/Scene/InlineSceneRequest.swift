/// A request body whose `"scene"` member holds a scene document (the inline routes: `POST
/// /v1/layout`, `/v1/hit-test`, …), read without building the scene's JSON tree: the request's
/// other members are parsed (they are small: changes, points, options), and the scene is kept as
/// the span of bytes it was sent as. A transport that has prepared the same bytes before can then
/// reuse that preparation (``SceneDocumentKey``) and never parse the scene again.
///
/// ``read(_:limits:)`` accepts only what it can prove is the same as the full parse would read:
/// one JSON object with plain keys (no escapes), no duplicate key, no byte order mark, each
/// member value a complete JSON value within the nesting limit. Anything else gives nil, and the
/// caller parses the body as before (``JSONParser``), so a bad body gets exactly the error —
/// message, line, column and JSON pointer — it always got. The scene's span is found by matching
/// brackets outside strings, not validated: ``sceneJSON()`` parses it, and, when it is not
/// valid, parses the whole body to report the problem where the full parse reports it.
public struct InlineSceneRequest: Sendable {
    /// The body as sent.
    public let body: [UInt8]
    /// The bytes of the `"scene"` member's value (nil when the body has no `"scene"`).
    public let sceneRange: Range<Int>?
    /// The request object without its `"scene"` member, members in document order.
    public let request: JSONValue
    /// The nesting limit the body is read under (``SceneLimits/maxJSONNesting``).
    let maxNesting: Int

    /// The body's members other than `"scene"`, parsed, and the scene's span; nil when the body
    /// is not a plain JSON object this reader accepts (see the type's documentation).
    public static func read(_ body: [UInt8], limits: SceneLimits) -> InlineSceneRequest? {
        let maxNesting = limits.maxJSONNesting
        // A member's value is one level inside the body's object.
        guard maxNesting >= 2 else { return nil }
        return body.withUnsafeBufferPointer { bytes -> InlineSceneRequest? in
            var reader = SpanReader(bytes: bytes)
            reader.skipWhitespace()
            guard reader.take(UInt8(ascii: "{")) else { return nil }
            var members: [(key: String, value: JSONValue)] = []
            var scene: Range<Int>?
            reader.skipWhitespace()
            if !reader.take(UInt8(ascii: "}")) {
                while true {
                    reader.skipWhitespace()
                    guard let key = reader.plainKey() else { return nil }
                    // A duplicate key is the full parse's error to report.
                    if key == "scene" {
                        guard scene == nil else { return nil }
                    } else {
                        guard !members.contains(where: { $0.key == key }) else { return nil }
                    }
                    reader.skipWhitespace()
                    guard reader.take(UInt8(ascii: ":")) else { return nil }
                    reader.skipWhitespace()
                    guard let span = reader.valueSpan() else { return nil }
                    if key == "scene" {
                        // Parsed (and so validated) only when it is not reused.
                        scene = span
                    } else {
                        guard let value = try? JSONParser(maxNesting: maxNesting - 1).parse(bytes: UnsafeBufferPointer(rebasing: bytes[span]))
                        else { return nil }
                        members.append((key: key, value: value))
                    }
                    reader.skipWhitespace()
                    if reader.take(UInt8(ascii: ",")) { continue }
                    guard reader.take(UInt8(ascii: "}")) else { return nil }
                    break
                }
            }
            reader.skipWhitespace()
            guard reader.atEnd else { return nil }
            return InlineSceneRequest(body: body, sceneRange: scene, request: .object(members), maxNesting: maxNesting)
        }
    }

    /// The scene document's bytes.
    public var sceneBytes: ArraySlice<UInt8>? { sceneRange.map { body[$0] } }

    /// The `"scene"` member as the full parse of the body reads it. When its bytes are not valid
    /// JSON within the nesting limit, the body is parsed whole and its error thrown, so the
    /// message, offset, line, column and pointer are those of the body.
    public func sceneJSON() throws(JSONParseError) -> JSONValue? {
        guard let sceneRange else { return nil }
        do {
            return try body.withUnsafeBufferPointer { bytes throws(JSONParseError) in
                try JSONParser(maxNesting: maxNesting - 1).parse(bytes: UnsafeBufferPointer(rebasing: bytes[sceneRange]))
            }
        } catch {
            _ = try JSONParser(maxNesting: maxNesting).parse(body)
            // Not reached: a body whose scene member is not valid JSON is not valid JSON.
            throw error
        }
    }

    /// The scene decoded as the inline routes decode it: problems under `/scene`.
    public func decodeScene(limits: SceneLimits) throws(InputError) -> Scene? {
        let json: JSONValue?
        do {
            json = try sceneJSON()
        } catch {
            throw .malformed(error)
        }
        guard let json else { return nil }
        return try SceneDecoder(limits: limits).decode(json, at: "/scene")
    }
}

/// Finds the spans of JSON values by matching brackets and quotes, without building anything.
private struct SpanReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var atEnd: Bool { index >= bytes.count }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// A key of printable ASCII without escapes (every key of the request types); nil otherwise.
    mutating func plainKey() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return key
            }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    /// Skips a string (the opening quote at `index`); false when it does not end.
    mutating func skipString() -> Bool {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return true
            }
            index += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        return false
    }

    /// The span of the value starting at `index` (its brackets matched outside strings; scalars
    /// up to the next delimiter); nil when it does not end.
    mutating func valueSpan() -> Range<Int>? {
        let start = index
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            guard skipString() else { return nil }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard let end = containerEnd() else { return nil }
            index = end
        default:
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
                    return start < index ? start..<index : nil
                default: index += 1
                }
            }
            return nil
        }
        return start..<index
    }

    /// The end of the array or object whose opening bracket is at `index` (just past the bracket
    /// that brings the depth back to zero, brackets counted outside strings, any kind closing any
    /// kind), or nil when it does not end. The same span as a byte-by-byte scan, found eight bytes
    /// at a time: a 1,000-view card scene is 107 kB, one quote or bracket in about five bytes,
    /// and the byte loop this replaces cost 22 instructions a byte (issue 27, branch cardprep7).
    func containerEnd() -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var i = index, depth = 0
        while true {
            i = Self.nextStructural(base, count, from: i)
            guard i < count else { return nil }
            switch base[i] {
            case UInt8(ascii: "\""):
                // Inside the string: the next quote not escaped; a backslash skips the byte after it.
                i += 1
                while true {
                    i = Self.nextQuoteOrBackslash(base, count, from: i)
                    guard i < count else { return nil }
                    if base[i] == UInt8(ascii: "\"") { break }
                    i += 2
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return i + 1 }
            default:
                break  // 0x02, which `nextStructural`'s test also stops at
            }
            i += 1
        }
    }

    /// Bytes equal to zero in `word` flagged by their high bit; the lowest flag is exact (a
    /// borrow only flags bytes above a zero one).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// The index of the first byte from `start` that is a quote or a bracket (or 0x02: the test is
    /// `byte | 0x20` against `"`, `{` and `}`), or `count` (or more) when there is none.
    @inline(__always)
    private static func nextStructural(_ base: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int {
        var i = start
        while i + 8 <= count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self).littleEndian | 0x2020_2020_2020_2020
            let found = zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x7B7B_7B7B_7B7B_7B7B)
                | zeroBytes(word ^ 0x7D7D_7D7D_7D7D_7D7D)
            if found != 0 { return i + found.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < count {
            switch base[i] | 0x20 {
            case 0x22, 0x7B, 0x7D: return i
            default: i += 1
            }
        }
        return i
    }

    /// The index of the first quote or backslash from `start`, or `count` (or more) when there is none.
    @inline(__always)
    private static func nextQuoteOrBackslash(_ base: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int {
        var i = start
        while i + 8 <= count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self).littleEndian
            let found = zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
            if found != 0 { return i + found.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < count {
            switch base[i] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): return i
            default: i += 1
            }
        }
        return i
    }
}
