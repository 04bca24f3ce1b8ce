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
package struct JSONFieldNames: Sendable {
    package let names: [String]
    let places: [String: UInt8]

    package init(_ names: [String]) {
        precondition(names.count < 255 && Set(names).count == names.count, "at most 254 names, each once")
        self.names = names
        var places: [String: UInt8] = [:]
        for (i, name) in names.enumerated() { places[name] = UInt8(truncatingIfNeeded: i) }
        self.places = places
    }

    /// The place of `key` among the names, or nil.
    @inline(__always)
    func place(of key: String) -> UInt8? { places[key] }
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
