/// Reads typed fields out of a `JSONValue` and collects every problem with its pointer, so
/// that one pass reports all of them. Used by the scene decoder and the request decoders.
package struct DecodeContext: Sendable {
    public private(set) var problems: [SceneProblem] = []

    public init() {}

    public mutating func fail(_ pointer: String, _ message: String) {
        problems.append(SceneProblem(pointer: pointer, message: message))
    }

    /// Past this many problems, messages are short (no suggestions, no lists of names): a
    /// problem document lists the first ``InputError/maxListedProblems`` only, and a document
    /// with a million unknown fields must not cost a million suggestions.
    public static let detailedProblems = 1_000

    /// Whether the next problem still gets a detailed message.
    public var detailsProblems: Bool { problems.count < Self.detailedProblems }

    /// The members of an object, by key, after checking that every key is allowed.
    /// Unknown keys are problems (with a suggestion when one is close), so typos do not pass
    /// silently.
    public mutating func object(
        _ value: JSONValue, at pointer: @autoclosure () -> String, allowed: [String], what: @autoclosure () -> String
    ) -> JSONFields? {
        guard case let .object(members) = value else {
            fail(pointer(), "\(what()) must be an object, not \(value.typeName)")
            return nil
        }
        // Is a key allowed: a scan of the allowed names for the usual object, a set of them for
        // an object past JSONFields' index threshold (a hostile document's 700,000 unknown
        // members cost members × allowed comparisons, twice, before this: seconds of CPU in a
        // debug build). `Set<String>` compares as `==` does, and `same` is `==`, so the answer is
        // the same either way.
        let allowedSet = members.count > JSONFields.indexThreshold ? Set(allowed) : nil
        func isAllowed(_ key: String) -> Bool {
            if let allowedSet { return allowedSet.contains(key) }
            return allowed.contains { JSONFields.same($0, key) }
        }
        var unknown = false
        for member in members where !isAllowed(member.key) {
            unknown = true
            failUnknown(member.key, at: pointer(), allowed: allowed, what: what())
        }
        // The unknown members were reported; the fields are the allowed ones.
        return JSONFields(unknown ? members.filter { isAllowed($0.key) } : members)
    }

    /// The members of an object, as ``object(_:at:allowed:what:)`` reads them with `K`'s names
    /// allowed (the same problems, in the same order), each member's key looked up once among
    /// the names so that the reader asks by ``JSONFieldKey`` (`f[ViewField.frame]`) without
    /// comparing strings: a view's reader asks for forty-odd fields of an object with a few.
    public mutating func object<K: JSONFieldKey>(
        _ value: JSONValue, at pointer: @autoclosure () -> String, fields: K.Type, what: @autoclosure () -> String
    ) -> JSONFields? {
        guard case let .object(members) = value else {
            fail(pointer(), "\(what()) must be an object, not \(value.typeName)")
            return nil
        }
        let names = K.names
        var places = JSONFieldPlaces()
        var unknown = false
        for member in members {
            if let place = names.place(of: member.key) {
                places.append(place)
            } else {
                unknown = true
                failUnknown(member.key, at: pointer(), allowed: names.names, what: what())
            }
        }
        guard unknown else { return JSONFields(members, keys: K.self, places: places) }
        // The unknown members were reported; the fields are the allowed ones.
        return JSONFields(members.filter { names.place(of: $0.key) != nil }, keys: K.self, places: places)
    }

    /// Reports a member that `allowed` does not name, at its pointer under `pointer`.
    private mutating func failUnknown(_ key: String, at pointer: String, allowed: [String], what: @autoclosure () -> String) {
        guard detailsProblems else {
            fail(JSONPointer.join(pointer, key), "unknown field")
            return
        }
        var message = "unknown field \"\(key)\" in \(what())"
        if let close = Self.closest(to: key, in: allowed) {
            message += " (did you mean \"\(close)\"?)"
        } else {
            message += "; known fields: " + allowed.joined(separator: ", ")
        }
        fail(JSONPointer.join(pointer, key), message)
    }

    /// A finite number, optionally bounded.
    public mutating func number(
        _ value: JSONValue, at pointer: @autoclosure () -> String, min: Double? = nil, max: Double? = nil, what: @autoclosure () -> String? = nil
    ) -> Double? {
        guard case let .number(n) = value else {
            fail(pointer(), "\(what() ?? "value") must be a number, not \(value.typeName)")
            return nil
        }
        guard n.isFinite else {
            fail(pointer(), "\(what() ?? "value") must be a finite number")
            return nil
        }
        if let min, n < min {
            fail(pointer(), "\(what() ?? "value") must be at least \(JSONWriter.format(min)), not \(JSONWriter.format(n))")
            return nil
        }
        if let max, n > max {
            fail(pointer(), "\(what() ?? "value") must be at most \(JSONWriter.format(max)), not \(JSONWriter.format(n))")
            return nil
        }
        return n
    }

    /// A whole number within bounds (the only way a document's number becomes an `Int`: see
    /// ``Checked``). Out of range, fractional or non-finite numbers are problems at `pointer`.
    public mutating func integer(_ value: JSONValue, at pointer: @autoclosure () -> String, min: Int, max: Int, what: @autoclosure () -> String) -> Int? {
        guard let n = number(value, at: pointer(), min: Double(min), max: Double(max), what: what()) else { return nil }
        guard n == n.rounded() else {
            fail(pointer(), "\(what()) must be a whole number")
            return nil
        }
        // `Double(max)` rounds up for bounds near `Int.max`, so the range is checked again exactly.
        guard let whole = Checked.int(exactly: n, in: min...max) else {
            fail(pointer(), "\(what()) must be between \(min) and \(max), not \(JSONWriter.format(n))")
            return nil
        }
        return whole
    }

    /// An index into a list of `count` items (`0..<count`); a problem at `pointer` otherwise.
    /// `count` may be 0 (every index is then a problem).
    public mutating func index(_ value: JSONValue, at pointer: @autoclosure () -> String, count: Int, what: @autoclosure () -> String) -> Int? {
        guard count > 0 else {
            if number(value, at: pointer(), what: what()) != nil { fail(pointer(), "\(what()): there is nothing to index (the list is empty)") }
            return nil
        }
        return integer(value, at: pointer(), min: 0, max: count - 1, what: what())
    }

    public mutating func bool(_ value: JSONValue, at pointer: @autoclosure () -> String, what: @autoclosure () -> String? = nil) -> Bool? {
        guard case let .bool(b) = value else {
            fail(pointer(), "\(what() ?? "value") must be true or false, not \(value.typeName)")
            return nil
        }
        return b
    }

    public mutating func string(_ value: JSONValue, at pointer: @autoclosure () -> String, what: @autoclosure () -> String? = nil) -> String? {
        guard case let .string(s) = value else {
            fail(pointer(), "\(what() ?? "value") must be a string, not \(value.typeName)")
            return nil
        }
        return s
    }

    public mutating func array(_ value: JSONValue, at pointer: @autoclosure () -> String, what: @autoclosure () -> String) -> [JSONValue]? {
        guard case let .array(items) = value else {
            fail(pointer(), "\(what()) must be an array, not \(value.typeName)")
            return nil
        }
        return items
    }

    /// One of a fixed set of names; an unknown name is a problem that lists them, with a
    /// suggestion when one is close (`"rightToLft"` → did you mean `"rightToLeft"`?).
    public mutating func choice<E: RawRepresentable & CaseIterable>(
        _ value: JSONValue, at pointer: @autoclosure () -> String, as type: E.Type, what: @autoclosure () -> String
    ) -> E? where E.RawValue == String {
        guard let s = string(value, at: pointer(), what: what()) else { return nil }
        guard let result = E(rawValue: s) else {
            guard detailsProblems else {
                fail(pointer(), "unknown \(what())")
                return nil
            }
            let names = E.allCases.map(\.rawValue)
            var message = "unknown \(what()) \"\(s)\""
            if let close = Self.closest(to: s, in: names) { message += " (did you mean \"\(close)\"?)" }
            fail(pointer(), message + "; expected one of: " + names.joined(separator: ", "))
            return nil
        }
        return result
    }

    /// A scene id: 1–128 characters of `A-Z a-z 0-9 _ . : -`.
    public mutating func identifier(_ value: JSONValue, at pointer: @autoclosure () -> String) -> String? {
        guard let s = string(value, at: pointer(), what: "id") else { return nil }
        guard Self.isValidIdentifier(s) else {
            fail(pointer(), "id \"\(s.prefix(140))\" must be 1 to 128 characters of A-Z a-z 0-9 _ . : -")
            return nil
        }
        return s
    }

    public static func isValidIdentifier(_ s: String) -> Bool {
        let utf8 = s.utf8
        guard !utf8.isEmpty, utf8.count <= 128 else { return false }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"),
                UInt8(ascii: "-"):
                continue
            default: return false
            }
        }
        return true
    }

    /// A rectangle `{x, y, width, height}`; missing members take `defaults`' values. Sizes may
    /// not be negative.
    public mutating func rect(_ value: JSONValue, at pointer: @autoclosure () -> String, what: @autoclosure () -> String, defaults: Rect = .zero) -> Rect? {
        guard let fields = object(value, at: pointer(), allowed: ["x", "y", "width", "height"], what: what()) else {
            return nil
        }
        var r = defaults
        var ok = true
        func read(_ key: String, min: Double?, _ apply: (inout Rect, Double) -> Void) {
            guard let v = fields[key] else { return }
            if let n = number(v, at: JSONPointer.join(pointer(), key), min: min, what: "\(what()).\(key)") {
                apply(&r, n)
            } else {
                ok = false
            }
        }
        read("x", min: nil) { $0.origin.x = $1 }
        read("y", min: nil) { $0.origin.y = $1 }
        read("width", min: 0) { $0.size.width = $1 }
        read("height", min: 0) { $0.size.height = $1 }
        return ok ? r : nil
    }

    /// A point `{x, y}`; both required.
    public mutating func point(_ value: JSONValue, at pointer: @autoclosure () -> String, what: @autoclosure () -> String) -> Point? {
        guard let fields = object(value, at: pointer(), allowed: ["x", "y"], what: what()) else { return nil }
        var p = Point.zero
        var ok = true
        for key in ["x", "y"] {
            guard let v = fields[key] else {
                fail(JSONPointer.join(pointer(), key), "\(what()) needs \"\(key)\"")
                ok = false
                continue
            }
            guard let n = number(v, at: JSONPointer.join(pointer(), key), what: "\(what()).\(key)") else {
                ok = false
                continue
            }
            if key == "x" { p.x = n } else { p.y = n }
        }
        return ok ? p : nil
    }

    /// Edge insets `{top, left, bottom, right}`, missing members 0 (or `defaults`').
    public mutating func insets(
        _ value: JSONValue, at pointer: @autoclosure () -> String, what: @autoclosure () -> String, allowedExtra: [String] = [], defaults: EdgeInsets = .zero
    ) -> EdgeInsets? {
        numberObject(
            value, at: pointer(), keys: ["top", "left", "bottom", "right"], what: what(), allowedExtra: allowedExtra,
            defaults: [defaults.top, defaults.left, defaults.bottom, defaults.right]
        ).map { EdgeInsets(top: $0[0], left: $0[1], bottom: $0[2], right: $0[3]) }
    }

    /// An object of named numbers: the value of each of `keys` (in order), `defaults` for the
    /// missing ones; nil, with every problem recorded, when a member is not a finite number.
    public mutating func numberObject(
        _ value: JSONValue, at pointer: @autoclosure () -> String, keys: [String], what: @autoclosure () -> String, allowedExtra: [String] = [], defaults: [Double]
    ) -> [Double]? {
        guard let fields = object(value, at: pointer(), allowed: keys + allowedExtra, what: what()) else { return nil }
        var result = defaults
        var ok = true
        for (i, key) in keys.enumerated() {
            guard let v = fields[key] else { continue }
            guard let n = number(v, at: JSONPointer.join(pointer(), key), what: "\(what()).\(key)") else {
                ok = false
                continue
            }
            result[i] = n
        }
        return ok ? result : nil
    }

    /// The allowed name closest to `name` within an edit distance of 2, if any.
    static func closest(to name: String, in candidates: [String]) -> String? {
        let a = Array(name.lowercased().utf8)
        var best: (String, Int)?
        for candidate in candidates {
            let b = Array(candidate.lowercased().utf8)
            guard abs(a.count - b.count) <= 2 else { continue }
            var previous = Array(0...b.count)
            for i in 1...max(a.count, 1) where !a.isEmpty {
                var current = [i] + Array(repeating: 0, count: b.count)
                for j in 1..<(b.count + 1) {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                }
                previous = current
            }
            let distance = previous[b.count]
            if distance <= 2, distance < best?.1 ?? Int.max { best = (candidate, distance) }
        }
        return best?.0
    }
}
