import TouchTraceEngine

/// Reading the values UIKit prints in descriptions: numbers as `%g` writes them (`161.333`,
/// `-0`, `1e-05`), frames as `(x y; w h)` or `{{x, y}, {w, h}}`, points and sizes as `{x, y}`,
/// insets as `{top, left, bottom, right}`, transforms as `[a, b, c, d, tx, ty]`, flags as
/// `YES`/`NO`, autoresizing masks as `LM+W+RM+TM+H+BM`. Nil for anything else (the caller warns
/// and keeps UIKit's default): no NaN or infinity gets into a scene.
enum DumpValues {
    /// Every number in `s`, in order; nil when a token between the separators
    /// (white space, `,`, `;`, brackets) is not a finite number.
    static func numbers(_ s: String) -> [Double]? {
        if let result = s.utf8.withContiguousStorageIfAvailable({ numbers($0) }) { return result }
        return Array(s.utf8).withUnsafeBufferPointer { numbers($0) }
    }

    /// The same on the text's bytes, each token read where it lies (no copy of it).
    static func numbers(_ b: UnsafeBufferPointer<UInt8>) -> [Double]? {
        var result: [Double] = []
        result.reserveCapacity(6)
        var start = 0
        var i = 0
        func flush() -> Bool {
            guard i > start else { return true }
            let token = UnsafeBufferPointer(rebasing: b[start..<i])
            guard token.count <= 64, let x = Self.shortDecimal(token) ?? Double(String(decoding: token, as: UTF8.self)), x.isFinite else { return false }
            result.append(x == 0 ? 0 : x)
            return true
        }
        while i < b.count {
            switch b[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "("), UInt8(ascii: ")"),
                UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), 0x0A:
                if !flush() { return nil }
                start = i + 1
            default:
                break
            }
            i += 1
        }
        if !flush() { return nil }
        return result
    }

    /// `(x y; w h)` or `{{x, y}, {w, h}}`.
    static func rect(_ s: String) -> Rect? {
        guard let n = numbers(s), n.count == 4 else { return nil }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// `-?digits(.digits)?` with at most 15 digits in all (what `%g` prints for frames: `161.333`,
    /// `-0`, `390`), read without making a `String`: the digits as an integer and the power of
    /// ten are exact doubles, so their quotient is the correctly rounded value `Double(String)`
    /// gives (Clinger's fast path, as ``JSONParser`` reads numbers). Nil for any other token
    /// (exponents, signs, long mantissas), which `Double(String)` then reads.
    static func shortDecimal(_ token: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let negative = token.first == UInt8(ascii: "-")
        if negative { i = 1 }
        var mantissa = 0
        var digits = 0
        var fraction = -1
        while i < token.count {
            let c = token[i]
            if c == UInt8(ascii: ".") {
                guard fraction < 0 else { return nil }
                fraction = 0
            } else if c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
                mantissa = mantissa * 10 + Int(truncatingIfNeeded: c &- UInt8(ascii: "0"))
                digits += 1
                if fraction >= 0 { fraction += 1 }
                guard digits <= 15 else { return nil }
            } else {
                return nil
            }
            i += 1
        }
        // At least one digit before and, with a point, after it.
        guard digits > 0, fraction != 0, token.count > (negative ? 1 : 0), token[negative ? 1 : 0] != UInt8(ascii: ".") else { return nil }
        let value = Double(mantissa) / Self.powersOfTen[max(fraction, 0)]
        return negative ? -value : value
    }

    static func shortDecimal(_ token: [UInt8]) -> Double? {
        token.withUnsafeBufferPointer { shortDecimal($0) }
    }

    /// 10^0 … 10^15, exact.
    static let powersOfTen: [Double] = (0...15).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

    /// `{x, y}`.
    static func point(_ s: String) -> Point? {
        guard let n = numbers(s), n.count == 2 else { return nil }
        return Point(x: n[0], y: n[1])
    }

    /// `{width, height}` (not negative).
    static func size(_ s: String) -> Size? {
        guard let n = numbers(s), n.count == 2, n[0] >= 0, n[1] >= 0 else { return nil }
        return Size(width: n[0], height: n[1])
    }

    /// `{top, left, bottom, right}` (UIEdgeInsets' order, as `NSStringFromUIEdgeInsets` prints them).
    static func insets(_ s: String) -> EdgeInsets? {
        guard let n = numbers(s), n.count == 4 else { return nil }
        return EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3])
    }

    /// `[a, b, c, d, tx, ty]`.
    static func transform(_ s: String) -> Transform2D? {
        guard let n = numbers(s), n.count == 6 else { return nil }
        return Transform2D(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
    }

    /// A finite number.
    static func number(_ s: String) -> Double? {
        guard let n = numbers(s), n.count == 1 else { return nil }
        return n[0]
    }

    /// `YES`/`NO` (and `true`/`false`, `1`/`0`).
    static func flag(_ s: String) -> Bool? {
        switch s.lowercased() {
        case "yes", "true", "1": return true
        case "no", "false", "0": return false
        default: return nil
        }
    }

    /// recursiveDescription's `autoresize = LM+W+RM+TM+H+BM` (`UIViewAutoresizing`'s flags; UIKit
    /// prints nothing when the mask is empty, `none` on some releases); nil when a part is unknown.
    static func autoresizing(_ s: String) -> AutoresizingMask? {
        var mask: AutoresizingMask = []
        let trimmed = s.trimmingSpaces
        if trimmed.isEmpty || trimmed.lowercased() == "none" { return [] }
        for part in trimmed.split(separator: "+") {
            switch part.trimmingSpaces {
            case "LM": mask.insert(.flexibleLeftMargin)
            case "W": mask.insert(.flexibleWidth)
            case "RM": mask.insert(.flexibleRightMargin)
            case "TM": mask.insert(.flexibleTopMargin)
            case "H": mask.insert(.flexibleHeight)
            case "BM": mask.insert(.flexibleBottomMargin)
            default: return nil
            }
        }
        return mask
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
