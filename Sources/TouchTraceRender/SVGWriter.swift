import TouchTraceEngine

/// A byte buffer for SVG (XML) text: elements, escaped attribute values and text, and numbers
/// in one format, so that the same picture is always the same bytes.
///
/// Numbers are rounded to 0.01 (a hundredth of a point, the audit's tolerance) and written
/// without trailing zeros or a negative zero: `12`, `-3.5`, `0.25`. Values beyond ±10¹² are
/// clamped (nothing that large can be seen in a picture, and the integer arithmetic stays exact).
struct SVGWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 16_384) {
        bytes.reserveCapacity(capacity)
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func line(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// `<name a="v" …>` (or `<name … />` when `close`), attribute values escaped.
    mutating func open(_ name: String, _ attributes: [(String, String)] = [], close: Bool = false) {
        raw("<" + name)
        for (key, value) in attributes {
            raw(" " + key + "=\"")
            escape(value, attribute: true)
            raw("\"")
        }
        raw(close ? "/>\n" : ">")
    }

    /// `</name>` and a line break.
    mutating func close(_ name: String) {
        line("</" + name + ">")
    }

    /// `<name …>text</name>` on one line.
    mutating func element(_ name: String, _ attributes: [(String, String)] = [], text: String) {
        open(name, attributes)
        escape(text, attribute: false)
        close(name)
    }

    /// Text with `&`, `<`, `>` (and in attributes `"`) escaped; control characters other than
    /// tab become spaces (XML 1.0 does not allow them at all).
    mutating func escape(_ text: String, attribute: Bool) {
        for unit in text.utf8 {
            switch unit {
            case UInt8(ascii: "&"): raw("&amp;")
            case UInt8(ascii: "<"): raw("&lt;")
            case UInt8(ascii: ">"): raw("&gt;")
            case UInt8(ascii: "\"") where attribute: raw("&quot;")
            case 0x09 where !attribute: bytes.append(unit)
            case 0..<0x20, 0x7F: bytes.append(UInt8(ascii: " "))
            default: bytes.append(unit)
            }
        }
    }

    /// A number in the picture's one format (see the type's comment).
    static func number(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        let limit = 1e12
        return decimal(min(max(x, -limit), limit), digits: 2)
    }

    /// `x,y x,y …` for a `points` attribute.
    static func points(_ list: [Point]) -> String {
        list.map { number($0.x) + "," + number($0.y) }.joined(separator: " ")
    }

    /// An SVG path of closed polygons (`M x,y L … Z` each), for shapes with several pieces.
    static func path(_ polygons: [[Point]]) -> String {
        var parts: [String] = []
        for polygon in polygons where polygon.count >= 2 {
            parts.append("M" + polygon.map { number($0.x) + "," + number($0.y) }.joined(separator: "L") + "Z")
        }
        return parts.joined(separator: " ")
    }

    /// `matrix(a b c d tx ty)`.
    static func matrix(_ t: Transform2D) -> String {
        "matrix(" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(numberFine).joined(separator: " ") + ")"
    }

    /// The linear part of a transform needs more digits than coordinates (a cosine rounded to
    /// 0.01 would misplace text by points on a large view): rounded to 10⁻⁶.
    static func numberFine(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        if abs(x) >= 1e6 { return number(x) }
        return decimal(x, digits: 6)
    }

    /// `x` rounded to `digits` decimals, without trailing zeros (`0`, `-1.5`, `0.05`); `x` finite
    /// and small enough that `x × 10^digits` fits in an `Int64`.
    static func decimal(_ x: Double, digits: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int64(exactly: (x * Double(scale)).rounded()) ?? 0
        if scaled == 0 { return "0" }
        let sign = scaled < 0 ? "-" : ""
        let whole = scaled.magnitude / scale.magnitude
        var fraction = scaled.magnitude % scale.magnitude
        if fraction == 0 { return sign + String(whole) }
        var shown = digits
        while fraction % 10 == 0 {
            fraction /= 10
            shown -= 1
        }
        let text = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: shown - text.count) + text
    }
}
