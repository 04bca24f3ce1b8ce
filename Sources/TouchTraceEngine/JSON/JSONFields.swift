/// The members of a JSON object, by key, as the decoders read them (``DecodeContext/object(_:at:allowed:what:)``).
///
/// A decoder asks for every field it knows (a view has more than forty) of objects that have a
/// handful of members, so a lookup is a scan of the members, comparing keys, instead of a
/// `Dictionary` that hashes every key it stores and every key it is asked for: hashing was a
/// quarter of the scene decoder's time. Objects with many members (a hostile document's) get an
/// index by key once, so a lookup stays cheap. The first member with a key wins, as before.
package struct JSONFields: Sendable, Sequence {
    package typealias Element = (key: String, value: JSONValue)
    let members: [Element]
    /// The index of each key's first member, for objects past ``indexThreshold`` members.
    let index: [String: Int]?
    /// The first bytes of the members' keys that start with an ASCII byte (bit `b` of the pair
    /// for byte `b`), and whether some key does not (or is empty). A view's reader asks for
    /// forty-odd fields of an object that has a few: a field whose first byte starts no key is
    /// answered from these bits, without a comparison (see ``same(_:_:)`` for why that holds).
    let firstBytes: (low: UInt64, high: UInt64)
    let otherFirstBytes: Bool

    /// Objects with more members than this get an index by key.
    static let indexThreshold = 24

    package init(_ members: [Element]) {
        self.members = members
        if members.count > Self.indexThreshold {
            var index: [String: Int] = [:]
            index.reserveCapacity(members.count)
            for (i, member) in members.enumerated() where index[member.key] == nil { index[member.key] = i }
            self.index = index
        } else {
            self.index = nil
        }
        var low: UInt64 = 0, high: UInt64 = 0, other = false
        for member in members {
            guard let b = member.key.utf8.first, b < 0x80 else {
                other = true
                continue
            }
            if b < 64 { low |= 1 << UInt64(truncatingIfNeeded: b) } else { high |= 1 << UInt64(truncatingIfNeeded: b - 64) }
        }
        firstBytes = (low, high)
        otherFirstBytes = other
    }

    package subscript(key: String) -> JSONValue? {
        if let index { return index[key].map { members[$0].value } }
        if !otherFirstBytes, let b = key.utf8.first, b < 0x80 {
            let bit = b < 64 ? firstBytes.low & (1 << UInt64(truncatingIfNeeded: b)) : firstBytes.high & (1 << UInt64(truncatingIfNeeded: b - 64))
            if bit == 0 { return nil }
        }
        for member in members where Self.same(member.key, key) { return member.value }
        return nil
    }

    /// `a == b`, rejecting most different keys without a call into the standard library's
    /// Unicode comparison: two strings whose first (or last) UTF-8 bytes are different ASCII
    /// characters are not canonically equivalent (an ASCII character decomposes to itself and
    /// nothing reorders around it), so they are not equal. Anything else is compared in full.
    @inline(__always)
    package static func same(_ a: String, _ b: String) -> Bool {
        let x = a.utf8, y = b.utf8
        if let p = x.first, let q = y.first, p != q, p < 0x80, q < 0x80 { return false }
        if let p = x.last, let q = y.last, p != q, p < 0x80, q < 0x80 { return false }
        return a == b
    }

    package var isEmpty: Bool { members.isEmpty }
    package var count: Int { members.count }
    /// The keys, in document order.
    package var keys: [String] { members.map(\.key) }

    package func makeIterator() -> IndexingIterator<[Element]> { members.makeIterator() }
}
