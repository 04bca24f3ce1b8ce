import TouchTraceEngine

/// Readable, unique scene ids made from what a design file calls things (a label, a class name,
/// a layer name): characters outside the scene format's `A-Z a-z 0-9 _ . : -` become `-`, runs
/// of them collapse, and a name already taken gets `-2`, `-3`, … (`Cell`, `Cell-2`).
public struct UniqueIDs: Sendable {
    private var taken: Set<String> = []
    /// The next suffix to try per base name, so that the k-th "Cell" costs one lookup, not k.
    private var nextSuffix: [String: Int] = [:]
    /// The longest base name kept, leaving room for a suffix within the format's 128 characters.
    static let maxBase = 100

    public init(reserved: [String] = []) {
        taken = Set(reserved)
    }

    /// Whether `id` is already used.
    public func contains(_ id: String) -> Bool { taken.contains(id) }

    /// Marks `id` as used (it must already be a valid id).
    public mutating func reserve(_ id: String) { taken.insert(id) }

    /// The first candidate that sanitizes to a non-empty name (else `fallback`), made unique
    /// and reserved.
    public mutating func make(_ candidates: [String?], fallback: String) -> String {
        var base = fallback
        for candidate in candidates {
            guard let candidate, let clean = Self.sanitize(candidate) else { continue }
            base = clean
            break
        }
        if !taken.contains(base) {
            taken.insert(base)
            return base
        }
        var n = nextSuffix[base] ?? 2
        while taken.contains(base + "-\(n)") { n += 1 }
        let id = base + "-\(n)"
        taken.insert(id)
        nextSuffix[base] = n + 1
        return id
    }

    /// `name` with every character outside `A-Z a-z 0-9 _ . : -` replaced by `-` (runs
    /// collapsed, leading and trailing `-` trimmed), cut to `maxBase` characters; nil when
    /// nothing is left.
    public static func sanitize(_ name: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(min(name.utf8.count, maxBase))
        for scalar in name.unicodeScalars {
            if out.count >= maxBase { break }
            let allowed: Bool
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", "_", ".", ":", "-": allowed = true
            default: allowed = false
            }
            if allowed {
                out.append(UInt8(scalar.value))
            } else if out.last != UInt8(ascii: "-") {
                out.append(UInt8(ascii: "-"))
            }
        }
        while out.first == UInt8(ascii: "-") { out.removeFirst() }
        while out.last == UInt8(ascii: "-") { out.removeLast() }
        guard !out.isEmpty else { return nil }
        let result = String(decoding: out, as: UTF8.self)
        return DecodeContext.isValidIdentifier(result) ? result : nil
    }
}
