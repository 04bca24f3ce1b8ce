/// Writes JSON deterministically: object keys sorted by their UTF-8 bytes, numbers in one fixed
/// format (integers without a fraction, others as Swift's shortest round-trip form), no spaces
/// unless pretty-printed. Golden files and API responses use this, so a changed trace is a
/// readable diff.
public struct JSONWriter: Sendable {
    public var pretty: Bool

    public init(pretty: Bool = false) {
        self.pretty = pretty
    }

    public func string(_ value: JSONValue) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out, indent: 0)
        if pretty { out.append(0x0A) }
        return String(decoding: out, as: UTF8.self)
    }

    public func bytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, into: &out, indent: 0)
        if pretty { out.append(0x0A) }
        return out
    }

    private func newline(_ out: inout [UInt8], _ indent: Int) {
        guard pretty else { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: indent * 2))
    }

    private func write(_ value: JSONValue, into out: inout [UInt8], indent: Int) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case let .bool(b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case let .number(n): out.append(contentsOf: JSONWriter.format(n).utf8)
        case let .string(s): JSONWriter.writeString(s, into: &out)
        case let .array(items):
            if items.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent + 1)
                write(item, into: &out, indent: indent + 1)
            }
            newline(&out, indent)
            out.append(UInt8(ascii: "]"))
        case let .object(members):
            if members.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (i, member) in sorted.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent + 1)
                JSONWriter.writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(0x20) }
                write(member.value, into: &out, indent: indent + 1)
            }
            newline(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// The one number format: integral values below 2^53 print without a fraction; `-0` prints
    /// as `0`; everything else uses Swift's shortest representation that round-trips.
    /// Non-finite numbers never reach the writer (the engine rejects them); they print as null.
    public static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if let whole = Checked.wholeNumber(n) { return String(whole) }
        return n.description
    }

    static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
