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
    /// For an object read against a ``JSONFieldKey`` type (``DecodeContext/object(_:at:fields:what:)``):
    /// that type, and each member's place among its names, so that a reader's question by key
    /// (`f[ViewField.frame]`) is answered without comparing a string. `present` has bit `p` for
    /// each place `p` below 64 that some member has; `places` packs the first eight members'
    /// places (plus one, a byte each); `morePlaces` holds every member's place for a larger object.
    let keyType: ObjectIdentifier?
    let present: UInt64
    let places: UInt64
    let morePlaces: [UInt8]?

    /// Objects with more members than this get an index by key.
    static let indexThreshold = 24

    package init(_ members: [Element]) {
        self.init(members, keyType: nil, places: JSONFieldPlaces())
    }

    /// `members` read against `K`'s names, `places` recording each member's place among them.
    init<K: JSONFieldKey>(_ members: [Element], keys: K.Type, places: JSONFieldPlaces) {
        self.init(members, keyType: ObjectIdentifier(K.self), places: places)
    }

    private init(_ members: [Element], keyType: ObjectIdentifier?, places: JSONFieldPlaces) {
        self.members = members
        self.keyType = keyType
        present = places.present
        self.places = places.packed
        morePlaces = places.count > 8 ? places.all : nil
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

    /// The first member whose key is `key`'s name: the same answer as `self[name]` (which an
    /// object read without `K`'s names gets), by the members' places instead of their keys.
    @inline(__always)
    package subscript<K: JSONFieldKey>(key: K) -> JSONValue? {
        guard keyType == ObjectIdentifier(K.self) else { return self[K.names.names[key.rawValue]] }
        let place = key.rawValue
        if place < 64, present & (1 << UInt64(truncatingIfNeeded: place)) == 0 { return nil }
        if let morePlaces {
            for (i, p) in morePlaces.enumerated() where Int(truncatingIfNeeded: p) == place { return members[i].value }
            return nil
        }
        var packed = places, i = 0
        while packed != 0 {
            if Int(truncatingIfNeeded: packed & 0xFF) == place + 1 { return members[i].value }
            packed >>= 8
            i += 1
        }
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

/// The fields an object of one kind may have, as an enumeration whose raw values are the places
/// of its cases' names in ``names`` (0, 1, 2, …): a reader that asks for forty-odd fields of an
/// object with a few members looks each member up once, by hashing, when the object is read
/// (``DecodeContext/object(_:at:fields:what:)``), and then asks by place.
package protocol JSONFieldKey: RawRepresentable, CaseIterable, Sendable where RawValue == Int {
    /// The names, in the order of the cases (and of the messages that list them).
    static var names: JSONFieldNames { get }
}

extension JSONFieldKey {
    /// The field's name in a document.
    package var name: String { Self.names.names[rawValue] }
}

/// The names of a ``JSONFieldKey`` type, and each name's place, found as `==` finds strings
/// (a `Dictionary` of `String`: canonical equivalence, as every other lookup of a key).
///
/// When every name is ASCII, an ASCII key is looked up by its bytes instead (a table of the names
/// by a multiplicative hash of their bytes, then a byte comparison): hashing every member's key
/// with the `Dictionary`'s SipHash was ~2.5% of a new card request (issue 27). The answer is the
/// same: an ASCII string is canonically equivalent to another ASCII string only when their bytes
/// are equal (every ASCII character is its own decomposition, and none combines or reorders).
/// A key with a non-ASCII byte may still equal an ASCII name (U+212A KELVIN SIGN is canonically
/// equivalent to `K`), so it is looked up in the `Dictionary`, as is every key when a name is not
/// ASCII.
package struct JSONFieldNames: Sendable {
    package let names: [String]
    let places: [String: UInt8]
    /// Every name's bytes, one after another; `starts[p] ..< starts[p + 1]` are place `p`'s.
    /// Empty when some name is not ASCII (the `Dictionary` answers then).
    private let bytes: [UInt8]
    private let starts: [Int]
    /// Open addressing by ``hash(_:)``: each bucket holds a place, or −1.
    private let buckets: [Int16]
    private let shift: UInt32

    package init(_ names: [String]) {
        precondition(names.count < 255 && Set(names).count == names.count, "at most 254 names, each once")
        self.names = names
        var places: [String: UInt8] = [:]
        for (i, name) in names.enumerated() { places[name] = UInt8(truncatingIfNeeded: i) }
        self.places = places
        guard names.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else {
            (bytes, starts, buckets, shift) = ([], [], [], 0)
            return
        }
        var bytes: [UInt8] = [], starts: [Int] = []
        for name in names {
            starts.append(bytes.count)
            bytes.append(contentsOf: name.utf8)
        }
        starts.append(bytes.count)
        var bits: UInt32 = 3
        while (1 << bits) < 4 * names.count { bits += 1 }
        var buckets = [Int16](repeating: -1, count: 1 << Int(truncatingIfNeeded: bits))
        let shift = 32 &- bits
        for (p, name) in names.enumerated() {
            let h = Self.hash(Array(name.utf8)[...], shift: shift)
            var i = h
            while buckets[i] >= 0 { i = (i + 1) & (buckets.count - 1) }
            buckets[i] = Int16(truncatingIfNeeded: p)
        }
        (self.bytes, self.starts, self.buckets, self.shift) = (bytes, starts, buckets, shift)
    }

    /// A bucket for `key`'s bytes.
    @inline(__always)
    private static func hash<C: Collection>(_ key: C, shift: UInt32) -> Int where C.Element == UInt8 {
        var h = UInt32(truncatingIfNeeded: key.count)
        for b in key { h = h &* 31 &+ UInt32(truncatingIfNeeded: b) }
        return Int(truncatingIfNeeded: (h &* 2_654_435_769) >> shift)
    }

    /// The place of `key` among the names, or nil.
    @inline(__always)
    func place(of key: String) -> UInt8? {
        if !buckets.isEmpty, let found = key.utf8.withContiguousStorageIfAvailable({ asciiPlace(of: $0) }), found != -2 {
            return found < 0 ? nil : UInt8(truncatingIfNeeded: found)
        }
        return places[key]
    }

    /// The place of an ASCII key among the (ASCII) names by its bytes, −1 for none, or −2 when
    /// the key has a non-ASCII byte (for the `Dictionary` to answer).
    private func asciiPlace(of key: UnsafeBufferPointer<UInt8>) -> Int {
        var h = UInt32(truncatingIfNeeded: key.count)
        var high: UInt8 = 0
        for b in key {
            h = h &* 31 &+ UInt32(truncatingIfNeeded: b)
            high |= b
        }
        if high >= 0x80 { return -2 }
        let mask = buckets.count - 1
        var i = Int(truncatingIfNeeded: (h &* 2_654_435_769) >> shift)
        while true {
            let p = Int(truncatingIfNeeded: buckets[i])
            if p < 0 { return -1 }
            let start = starts[p], end = starts[p + 1]
            if end - start == key.count {
                var k = 0
                while k < key.count, bytes[start + k] == key[k] { k += 1 }
                if k == key.count { return p }
            }
            i = (i + 1) & mask
        }
    }
}

/// The places of an object's members among a ``JSONFieldKey`` type's names, recorded member by
/// member without an allocation for the usual object (eight members or fewer).
struct JSONFieldPlaces {
    var present: UInt64 = 0
    /// The first eight places, plus one, a byte each.
    var packed: UInt64 = 0
    /// Every place, once there are more than eight.
    var all: [UInt8] = []
    var count = 0

    mutating func append(_ place: UInt8) {
        if place < 64 { present |= 1 << UInt64(truncatingIfNeeded: place) }
        if count < 8 {
            packed |= (UInt64(truncatingIfNeeded: place) + 1) << UInt64(truncatingIfNeeded: 8 * count)
        } else {
            if count == 8 { all = (0..<8).map { UInt8(truncatingIfNeeded: (packed >> UInt64(truncatingIfNeeded: 8 * $0)) & 0xFF) - 1 } }
            all.append(place)
        }
        count += 1
    }
}
