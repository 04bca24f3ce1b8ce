/// A byte buffer for writing JSON directly, without building a `JSONValue` first. Produces the
/// same bytes as `JSONWriter` (compact form) when keys are written in sorted order; used on hot
/// paths such as hit-test traces.
package struct JSONOutput: Sendable {
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

    /// A string known to need no escaping (scene ids: `A-Z a-z 0-9 _ . : -`), quoted.
    @inline(__always) public mutating func plainString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: s.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A number in `JSONWriter.format`'s one format, with a fast path for integers.
    public mutating func number(_ n: Double) {
        if n == n.rounded(.towardZero), abs(n) < 1e15, let value = Int64(exactly: n) {
            if value == 0 {
                bytes.append(UInt8(ascii: "0"))
                return
            }
            var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
            withUnsafeMutableBytes(of: &digits) { raw in
                var i = raw.count
                var v = value.magnitude
                while v > 0 {
                    i -= 1
                    raw[i] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: v % 10)
                    v /= 10
                }
                if value < 0 {
                    i -= 1
                    raw[i] = UInt8(ascii: "-")
                }
                bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[i...]))
            }
            return
        }
        bytes.append(contentsOf: JSONWriter.format(n).utf8)
    }
}
