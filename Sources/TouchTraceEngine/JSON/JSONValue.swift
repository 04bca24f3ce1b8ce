/// A parsed JSON document.
///
/// The engine works on this tree instead of `Codable` so that validation can name every bad field
/// by its JSON pointer, report all problems at once, keep member order, and reject duplicate keys.
/// Objects keep their members in document order.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            // Member order does not matter for equality.
            guard a.count == b.count else { return false }
            let sortedA = a.sorted { $0.key < $1.key }
            let sortedB = b.sorted { $0.key < $1.key }
            for (x, y) in zip(sortedA, sortedB) where x.key != y.key || x.value != y.value {
                return false
            }
            return true
        default: return false
        }
    }

    /// The member named `key` of an object, or nil.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        for member in members where member.key == key { return member.value }
        return nil
    }

    /// A short name of the value's JSON type, for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// Builds an object from members; later duplicates are kept as given (the writer sorts keys).
    public static func obj(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(members.map { (key: $0.key, value: $0.value) })
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
    /// `.string(s)` or `.null` when `s` is nil.
    public static func string(orNull s: String?) -> JSONValue {
        s.map(JSONValue.string) ?? .null
    }
}
