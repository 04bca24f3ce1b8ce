/// A byte buffer for writing JSON directly, without building a `JSONValue` first. Produces the
/// same bytes as `JSONWriter` (compact form) when keys are written in sorted order; used on hot
/// paths such as hit-test traces.
///
/// The bytes live in memory the writer owns (not an `Array`): a trace is hundreds of appends of a
/// few bytes each, and an `Array`'s append checks uniqueness and capacity and goes through the
/// generic sequence copy every time, which made up about a third of a traced hit test's response
/// writing (docs/benchmarks.md, issue 27). Not copyable, so the memory has one owner.
package struct JSONOutput: ~Copyable, @unchecked Sendable {  // the memory is owned by this value alone
    private var start: UnsafeMutablePointer<UInt8>
    private var count: Int
    private var capacity: Int

    public init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
        count = 0
    }

    deinit { start.deallocate() }

    /// The bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// Room for `n` more bytes.
    @inline(__always) private mutating func reserve(_ n: Int) {
        if n > capacity &- count { grow(n) }
    }

    @inline(never) private mutating func grow(_ n: Int) {
        let newCapacity = max(capacity * 2, count + n)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.initialize(from: start, count: count)
        start.deallocate()
        start = bigger
        capacity = newCapacity
    }

    @inline(__always) private mutating func append(_ source: UnsafePointer<UInt8>, _ n: Int) {
        reserve(n)
        (start + count).initialize(from: source, count: n)
        count &+= n
    }

    @inline(__always) public mutating func raw(_ text: StaticString) {
        if text.hasPointerRepresentation {
            append(text.utf8Start, text.utf8CodeUnitCount)
        } else {  // a one-scalar literal can be stored as the scalar
            text.withUTF8Buffer { if let base = $0.baseAddress { append(base, $0.count) } }
        }
    }

    @inline(__always) public mutating func byte(_ b: UInt8) {
        reserve(1)
        start[count] = b
        count &+= 1
    }

    /// Bytes as they are.
    public mutating func append(_ more: [UInt8]) {
        more.withUnsafeBufferPointer { if let base = $0.baseAddress { append(base, $0.count) } }
    }

    /// A string's UTF-8 as it is (no quotes, no escaping).
    @inline(__always) public mutating func utf8(_ s: String) {
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { buffer in
            if let base = buffer.baseAddress { append(base, buffer.count) }
        }
        if done == nil {
            for b in s.utf8 { byte(b) }
        }
    }

    /// A string, escaped as `JSONWriter` escapes it.
    public mutating func string(_ s: String) {
        byte(UInt8(ascii: "\""))
        var clean = true
        for b in s.utf8 where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
            clean = false
            break
        }
        if clean {
            utf8(s)
        } else {
            for b in s.utf8 {
                switch b {
                case UInt8(ascii: "\""): raw("\\\"")
                case UInt8(ascii: "\\"): raw("\\\\")
                case 0x0A: raw("\\n")
                case 0x0D: raw("\\r")
                case 0x09: raw("\\t")
                case 0..<0x20:
                    raw("\\u00")
                    let hex: StaticString = "0123456789abcdef"
                    byte(hex.utf8Start[Int(truncatingIfNeeded: b &>> 4)])
                    byte(hex.utf8Start[Int(truncatingIfNeeded: b & 0x0F)])
                default: byte(b)
                }
            }
        }
        byte(UInt8(ascii: "\""))
    }

    /// A string known to need no escaping (scene ids: `A-Z a-z 0-9 _ . : -`), quoted.
    @inline(__always) public mutating func plainString(_ s: String) {
        byte(UInt8(ascii: "\""))
        utf8(s)
        byte(UInt8(ascii: "\""))
    }

    /// A number in `JSONWriter.format`'s one format, with a fast path for integers.
    public mutating func number(_ n: Double) {
        if n == n.rounded(.towardZero), abs(n) < 1e15, let value = Int64(exactly: n) {
            // At most 16 characters: 15 digits and a sign.
            reserve(16)
            var v = value.magnitude
            var digits = 0
            repeat {
                digits &+= 1
                v /= 10
            } while v > 0
            let length = digits + (value < 0 ? 1 : 0)
            var i = count &+ length
            v = value.magnitude
            repeat {
                i &-= 1
                start[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
                v /= 10
            } while v > 0
            if value < 0 { start[count] = UInt8(ascii: "-") }
            count &+= length
            return
        }
        utf8(JSONWriter.format(n))
    }
}
