/// JSON pointers (RFC 6901) as used in error documents: `/window/subviews/2/frame/width`.
public enum JSONPointer {
    /// Escapes one reference token (`~` → `~0`, `/` → `~1`).
    public static func escape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Appends a member name or index to a pointer.
    public static func join(_ base: String, _ token: String) -> String { base + "/" + escape(token) }
    public static func join(_ base: String, _ index: Int) -> String { base + "/" + String(index) }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        var result = ""
        var remainder = Substring(self)
        while let range = remainder.range(of: target) {
            result += remainder[..<range.lowerBound]
            result += replacement
            remainder = remainder[range.upperBound...]
        }
        return result + remainder
    }
}

extension Substring {
    fileprivate func range(of target: String) -> Range<Index>? {
        guard !target.isEmpty else { return nil }
        var start = startIndex
        while start < endIndex {
            if self[start...].hasPrefix(target) {
                return start..<index(start, offsetBy: target.count)
            }
            start = index(after: start)
        }
        return nil
    }
}
