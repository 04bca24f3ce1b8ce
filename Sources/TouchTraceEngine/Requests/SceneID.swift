/// Scene ids: 1–128 of `A-Z a-z 0-9 _ . -`, not starting with a dot (so never `.`, `..`, or
/// a hidden temp file) — nothing that can name another directory. The store enforces it; the
/// server and the operations check it early to answer a clear 400.
package enum SceneID {
    public static func isValid(_ id: String) -> Bool {
        let utf8 = id.utf8
        guard let first = utf8.first, first != UInt8(ascii: "."), utf8.count <= 128 else { return false }
        return utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
                return true
            default: return false
            }
        }
    }
}
