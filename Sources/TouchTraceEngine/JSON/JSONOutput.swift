/// A byte buffer for writing JSON directly, without building a `JSONValue` first. Produces the
/// same bytes as `JSONWriter` (compact form) when keys are written in sorted order; used on hot
/// paths such as hit-test traces.
public struct JSONOutput: Sendable {
    public var bytes: [UInt8]

    public init(capacity: Int = 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    @inline(__always) public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always) public mutating func byte(_ b: UInt8) { bytes.append(b) }

    /// A string, escaped as `JSONWriter` escapes it.
    public mutating func string(_ s: String) {
        JSONWriter.writeString(s, into: &bytes)
    }

    /// A number in `JSONWriter.format`'s one format, with a fast path for integers.
    public mutating func number(_ n: Double) {
        if n == n.rounded(.towardZero), abs(n) < 1e15 {
            var value = Int64(n)
            if value == 0 {
                bytes.append(UInt8(ascii: "0"))
                return
            }
            if value < 0 {
                bytes.append(UInt8(ascii: "-"))
                value = -value
            }
            var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            var count = 0
            withUnsafeMutableBytes(of: &digits) { buffer in
                while value > 0 {
                    buffer[count] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                    count += 1
                }
                for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[i]) }
            }
            return
        }
        bytes.append(contentsOf: JSONWriter.format(n).utf8)
    }

    /// `{"x":…,"y":…}`
    public mutating func point(_ p: Point) {
        raw("{\"x\":")
        number(p.x)
        raw(",\"y\":")
        number(p.y)
        byte(UInt8(ascii: "}"))
    }
}
