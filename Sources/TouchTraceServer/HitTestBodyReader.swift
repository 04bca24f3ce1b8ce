import TouchTraceEngine

/// Reads the common hit-test body, `{"point": {"x": 215, "y": 300}}` (optionally with
/// `"window": "id"`), straight from its bytes into a ``HitTestRequest``, without the
/// `JSONValue` tree, the decoder's member lists and its pointer strings: about 2 µs of a
/// stored-scene hit test's server CPU that were neither the engine's nor the transport's work.
///
/// It reads only bodies it can answer exactly as `JSONParser` followed by
/// `HitTestRequest.decode` would: one object whose members are `point` (an object of the numbers
/// `x` and `y`) and at most a `window` string, each once, names without escapes, the window id
/// printable ASCII without escapes, JSON whitespace anywhere between tokens, and numbers that
/// convert exactly (integers of at most 15 digits, or decimals of at most 15 digits without an
/// exponent: both sides of the division are exact doubles, so the quotient is the correctly
/// rounded value, Clinger's fast path, which is what `JSONParser` computes for them). Anything
/// else (`points`, `changes`, an escape, a longer number, a duplicate member, an error of any
/// kind) returns nil and the request takes the general path, which answers or explains it.
/// `HitTestBodyReaderTests` checks that both paths agree on every body it reads.
struct HitTestBodyReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The request, or nil when this reader does not take the body.
    static func read(_ body: [UInt8]) -> HitTestRequest? {
        body.withUnsafeBufferPointer { buffer in
            var reader = HitTestBodyReader(buffer)
            return reader.request()
        }
    }

    private mutating func request() -> HitTestRequest? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var point: Point?
        var window: String?
        repeat {
            guard let name = memberName() else { return nil }
            switch name {
            case .point:
                guard point == nil, let p = pointObject() else { return nil }
                point = p
            case .window:
                guard window == nil, let w = plainString() else { return nil }
                window = w
            case .x, .y:
                return nil
            }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), let point else { return nil }
        skipWhitespace()
        guard index == bytes.count else { return nil }
        return HitTestRequest(points: [point], single: true, window: window)
    }

    private mutating func pointObject() -> Point? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var x: Double?
        var y: Double?
        repeat {
            guard let name = memberName() else { return nil }
            switch name {
            case .x:
                guard x == nil, let n = number() else { return nil }
                x = n
            case .y:
                guard y == nil, let n = number() else { return nil }
                y = n
            case .point, .window:
                return nil
            }
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")), let x, let y else { return nil }
        return Point(x: x, y: y)
    }

    private enum Name { case point, window, x, y }

    /// `"name"` and the `:` after it, for the four names this reader knows.
    private mutating func memberName() -> Name? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        let name: Name
        switch UnsafeBufferPointer(rebasing: bytes[start..<end]) {
        case let n where n.elementsEqual("point".utf8): name = .point
        case let n where n.elementsEqual("window".utf8): name = .window
        case let n where n.elementsEqual("x".utf8): name = .x
        case let n where n.elementsEqual("y".utf8): name = .y
        default: return nil
        }
        index = end + 1
        guard take(UInt8(ascii: ":")) else { return nil }
        return name
    }

    /// A string of printable ASCII without escapes (every scene id is one).
    private mutating func plainString() -> String? {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var end = start
        while end < bytes.count, (0x20...0x7E).contains(bytes[end]), bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") {
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        index = end + 1
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// A JSON number this reader converts exactly (see the type's comment), or nil.
    private mutating func number() -> Double? {
        skipWhitespace()
        var position = index
        var negative = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        let digitsStart = position
        var mantissa = 0
        var digits = 0
        var fractionDigits = 0
        var inFraction = false
        while position < bytes.count {
            let b = bytes[position]
            if b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
                mantissa = mantissa &* 10 &+ Int(truncatingIfNeeded: b &- UInt8(ascii: "0"))
                digits += 1
                if inFraction { fractionDigits += 1 }
            } else if b == UInt8(ascii: "."), !inFraction, digits > 0 {
                inFraction = true
            } else {
                break
            }
            position += 1
        }
        // JSON's grammar: digits before the point, no leading zero, digits after a point; no
        // exponent here (those go the general way), and at most 15 digits in all.
        guard digits > 0, digits <= 15, !inFraction || fractionDigits > 0 else { return nil }
        if bytes[digitsStart] == UInt8(ascii: "0"), position - digitsStart > 1, bytes[digitsStart + 1] != UInt8(ascii: ".") { return nil }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") { return nil }
        index = position
        let magnitude = inFraction ? Double(mantissa) / Self.powersOfTen[fractionDigits] : Double(mantissa)
        return negative ? -magnitude : magnitude
    }

    /// 10^0 … 10^15, exact.
    private static let powersOfTen: [Double] = (0...15).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Skips whitespace, then takes `byte` if it is next.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }
}
