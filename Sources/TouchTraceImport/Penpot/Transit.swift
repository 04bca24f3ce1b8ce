import TouchTraceEngine

/// Transit's JSON encodings (cognitect/transit-format), as Penpot's API writes them, read into
/// plain JSON values: keywords (`~:name`) and UUIDs (`~u…`) become strings, instants (`~m…`) and
/// integers (`~i…`) numbers, `~_` null, `~?t` true; maps written as arrays (`["^ ", k, v, …]`) and
/// composite-key maps (`~#cmap`) become objects; sets and lists arrays; tagged values
/// (`["~#shape", …]` in JSON, `{"~#shape": …}` in JSON-Verbose) their value, except the two
/// tags Penpot gives a meaning: `penpot/objects-map/v2` (every shape is itself a Transit
/// document in a string, decoded here) and `penpot/pointer` (a page kept in a fragment of its
/// own: `{"~pointer": id}`). Cache references (`^0`, `^1`, …) are resolved as the format
/// defines (strings longer than 3 characters used as map keys, and keywords, symbols and tags,
/// in document order; 44 × 44 entries, then the cache starts over).
struct TransitReader {
    struct Failure: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    static let cacheSize = 44 * 44
    /// Each nested shape document of an objects map gets a cache of its own.
    private var cache: [JSONValue] = []
    /// The tags met (for a document that is not Penpot's, the message says what was found).
    private(set) var tags: Set<String> = []
    /// Nesting bound: Penpot's documents are shallow (shapes are a flat map by id).
    let maxDepth: Int
    /// Every nested shape string is parsed with the same JSON limits.
    let parser: JSONParser

    init(maxDepth: Int, parser: JSONParser) {
        self.maxDepth = maxDepth
        self.parser = parser
    }

    /// Whether a parsed JSON document is written in Transit (a `"^ "` map array, or `~`-escaped
    /// keys): Penpot's API answers, not plain JSON.
    static func looksLikeTransit(_ value: JSONValue) -> Bool {
        switch value {
        case let .array(items):
            if case .string("^ ")? = items.first { return true }
            return false
        case let .object(members):
            return members.contains { $0.key.hasPrefix("~:") || $0.key.hasPrefix("~#") }
        default: return false
        }
    }

    mutating func read(_ value: JSONValue) throws(Failure) -> JSONValue {
        cache.removeAll(keepingCapacity: true)
        return try decode(value, key: false, depth: 0)
    }

    private mutating func decode(_ value: JSONValue, key: Bool, depth: Int) throws(Failure) -> JSONValue {
        guard depth <= maxDepth else { throw Failure("the Transit document nests deeper than \(maxDepth) levels") }
        switch value {
        case let .string(s): return try string(s, key: key)
        case let .array(items):
            if case .string("^ ")? = items.first {
                var members: [(key: String, value: JSONValue)] = []
                members.reserveCapacity(items.count / 2)
                var i = 1
                while i + 1 < items.count {
                    let k = try decode(items[i], key: true, depth: depth + 1)
                    let v = try decode(items[i + 1], key: false, depth: depth + 1)
                    members.append((Self.keyString(k), v))
                    i += 2
                }
                guard i == items.count else { throw Failure("a map written as an array has a key without a value") }
                return .object(members)
            }
            if items.count == 2, case let .string(head) = items[0], Self.isTagKey(head) || Self.isCacheCode(head) {
                let decodedHead = try string(head, key: false)
                if case let .string(h) = decodedHead, let tag = Self.tagName(h) {
                    return try tagged(tag, items[1], depth: depth)
                }
                return .array([decodedHead, try decode(items[1], key: false, depth: depth + 1)])
            }
            var out: [JSONValue] = []
            out.reserveCapacity(items.count)
            for item in items { out.append(try decode(item, key: false, depth: depth + 1)) }
            return .array(out)
        case let .object(members):
            if members.count == 1, Self.isTagKey(members[0].key) {
                _ = try string(members[0].key, key: true)
                return try tagged(String(decoding: members[0].key.utf8.dropFirst(2), as: UTF8.self), members[0].value, depth: depth)
            }
            var out: [(key: String, value: JSONValue)] = []
            out.reserveCapacity(members.count)
            for (k, v) in members {
                let decodedKey = try string(k, key: true)
                out.append((Self.keyString(decodedKey), try decode(v, key: false, depth: depth + 1)))
            }
            return .object(out)
        default: return value
        }
    }

    /// A tag's marker in the cache is kept as `\u{1}tag` so that a cached reference to it is
    /// still recognised as a tag.
    static func tagName(_ s: String) -> String? {
        s.utf8.first == 1 ? String(decoding: s.utf8.dropFirst(), as: UTF8.self) : nil
    }

    private mutating func tagged(_ tag: String, _ raw: JSONValue, depth: Int) throws(Failure) -> JSONValue {
        tags.insert(tag)
        switch tag {
        case "penpot/objects-map/v2":
            // `{id: "<transit document>"}` (verbose) or `["^ ", id, "<transit document>", …]`.
            let map = try decode(raw, key: false, depth: depth + 1)
            guard case let .object(members) = map else { throw Failure("an objects map that is not a map") }
            let saved = cache
            var out: [(key: String, value: JSONValue)] = []
            out.reserveCapacity(members.count)
            for (id, encoded) in members {
                guard case let .string(text) = encoded else {
                    out.append((id, encoded))
                    continue
                }
                let nested: JSONValue
                do {
                    nested = try parser.parse(text)
                } catch {
                    throw Failure("shape \(id.prefix(40)) of an objects map is not JSON: \(error.message)")
                }
                cache.removeAll(keepingCapacity: true)
                out.append((id, try decode(nested, key: false, depth: depth + 1)))
            }
            cache = saved
            return .object(out)
        case "penpot/pointer":
            let value = try decode(raw, key: false, depth: depth + 1)
            if case let .array(parts) = value, case let .string(id)? = parts.first { return .obj(["~pointer": .string(id)]) }
            return .obj(["~pointer": value])
        case "cmap":
            let value = try decode(raw, key: false, depth: depth + 1)
            guard case let .array(items) = value else { return value }
            var members: [(key: String, value: JSONValue)] = []
            var i = 0
            while i + 1 < items.count {
                members.append((Self.keyString(items[i]), items[i + 1]))
                i += 2
            }
            return .object(members)
        default:
            return try decode(raw, key: false, depth: depth + 1)
        }
    }

    /// `~#tag`, by its bytes.
    static func isTagKey(_ s: String) -> Bool {
        let u = s.utf8
        guard u.count > 2, u.first == UInt8(ascii: "~") else { return false }
        return u[u.index(after: u.startIndex)] == UInt8(ascii: "#")
    }

    static func isCacheCode(_ s: String) -> Bool {
        let u = s.utf8
        guard let first = u.first, first == UInt8(ascii: "^"), u.count >= 2, u.count <= 3 else { return false }
        return u.dropFirst().first != UInt8(ascii: " ")
    }

    private mutating func string(_ s: String, key: Bool) throws(Failure) -> JSONValue {
        if Self.isCacheCode(s) {
            let u = Array(s.utf8)
            let index = u.count == 2 ? Int(truncatingIfNeeded: u[1]) - 48 : (Int(truncatingIfNeeded: u[1]) - 48) * 44 + Int(truncatingIfNeeded: u[2]) - 48
            guard index >= 0, index < cache.count else { throw Failure("a cache reference \(s) to an entry that was never written") }
            return cache[index]
        }
        let value = Self.scalar(s)
        let u = s.utf8
        if u.count > 3 {
            var cacheable = key
            if !cacheable, u.first == UInt8(ascii: "~") {
                let second = u.dropFirst().first
                cacheable = second == UInt8(ascii: ":") || second == UInt8(ascii: "$") || second == UInt8(ascii: "#")
            }
            if cacheable {
                if cache.count == Self.cacheSize { cache.removeAll(keepingCapacity: true) }
                cache.append(value)
            }
        }
        return value
    }

    /// A Transit string's value (without the cache). Works on the UTF-8 bytes: a document has
    /// hundreds of thousands of these strings.
    static func scalar(_ s: String) -> JSONValue {
        let u = s.utf8
        guard u.count >= 2, u.first == UInt8(ascii: "~") else { return .string(s) }
        let second = u[u.index(after: u.startIndex)]
        func body() -> String { String(decoding: u.dropFirst(2), as: UTF8.self) }
        switch second {
        case UInt8(ascii: "~"), UInt8(ascii: "^"), UInt8(ascii: "`"): return .string(String(decoding: u.dropFirst(), as: UTF8.self))
        case UInt8(ascii: ":"), UInt8(ascii: "$"), UInt8(ascii: "u"), UInt8(ascii: "r"), UInt8(ascii: "c"), UInt8(ascii: "t"):
            return .string(body())
        case UInt8(ascii: "#"): return .string("\u{1}" + body())
        case UInt8(ascii: "_"): return .null
        case UInt8(ascii: "?"): return .bool(u.dropFirst(2).first == UInt8(ascii: "t"))
        case UInt8(ascii: "i"), UInt8(ascii: "n"), UInt8(ascii: "m"), UInt8(ascii: "d"), UInt8(ascii: "f"):
            var text = body()
            if text.hasSuffix("M") || text.hasSuffix("N") { text.removeLast() }
            if let d = Double(text), d.isFinite { return .number(d) }
            return .null
        case UInt8(ascii: "z"): return .null
        default: return .string(s)
        }
    }

    static func keyString(_ value: JSONValue) -> String {
        switch value {
        case let .string(s): return s
        case let .number(n): return JSONWriter.format(n)
        case let .bool(b): return b ? "true" : "false"
        case .null: return "null"
        default: return JSONWriter().string(value)
        }
    }
}
