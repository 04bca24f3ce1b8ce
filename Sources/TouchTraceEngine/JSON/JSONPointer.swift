/// JSON pointers (RFC 6901) as used in error documents: `/window/subviews/2/frame/width`.
package enum JSONPointer {
    /// Escapes one reference token (`~` → `~0`, `/` → `~1`). RFC 6901 escapes code points, so the
    /// token is scanned as bytes (both are ASCII, never part of a longer UTF-8 sequence): the
    /// decoders build a pointer for every member they read, and most tokens need nothing.
    public static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        var escaped = String.UnicodeScalarView()
        for scalar in token.unicodeScalars {
            switch scalar {
            case "~": escaped.append(contentsOf: "~0".unicodeScalars)
            case "/": escaped.append(contentsOf: "~1".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// Appends a member name or index to a pointer.
    public static func join(_ base: String, _ token: String) -> String { base + "/" + escape(token) }
    public static func join(_ base: String, _ index: Int) -> String { base + "/" + String(index) }
}
