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
        var result: [Double] = []
        var token: [UInt8] = []
        func flush() -> Bool {
            guard !token.isEmpty else { return true }
            defer { token.removeAll(keepingCapacity: true) }
            guard token.count <= 64, let x = Double(token.text), x.isFinite else { return false }
            result.append(x == 0 ? 0 : x)
            return true
        }
        for c in s.utf8 {
            switch c {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "("), UInt8(ascii: ")"),
                UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), 0x0A:
                if !flush() { return nil }
            default:
                token.append(c)
            }
        }
        if !flush() { return nil }
        return result
    }

    /// `(x y; w h)` or `{{x, y}, {w, h}}`.
    static func rect(_ s: String) -> Rect? {
        guard let n = numbers(s), n.count == 4 else { return nil }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

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
