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
        // Each name hashed once per set or dictionary it is looked up in: an insert that finds
        // the name taken leaves the set as it was.
        if taken.insert(base).inserted { return base }
        return Self.suffixed(base, next: &nextSuffix[base, default: 2], taken: &taken)
    }

    /// `base-n` for the first `n` from `next` not taken, reserved; `next` moved past it.
    private static func suffixed(_ base: String, next: inout Int, taken: inout Set<String>) -> String {
        while true {
            let id = base + "-\(next)"
            next += 1
            if taken.insert(id).inserted { return id }
        }
    }

    /// Room for `count` more ids without growing (an importer that knows how many it makes).
    public mutating func reserveCapacity(_ count: Int) {
        taken.reserveCapacity(taken.count + count)
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
