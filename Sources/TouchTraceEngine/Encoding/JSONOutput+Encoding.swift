/// The writers' shared pieces: the engine's values as JSON bytes, as `JSONWriter` writes them.
extension JSONOutput {
    /// `{"x":…,"y":…}`
    mutating func point(_ p: Point) {
        raw("{\"x\":")
        number(p.x)
        raw(",\"y\":")
        number(p.y)
        byte(UInt8(ascii: "}"))
    }

    /// `{"height":…,"width":…,"x":…,"y":…}`
    mutating func rect(_ r: Rect) {
        raw("{\"height\":")
        number(r.size.height)
        raw(",\"width\":")
        number(r.size.width)
        raw(",\"x\":")
        number(r.origin.x)
        raw(",\"y\":")
        number(r.origin.y)
        byte(UInt8(ascii: "}"))
    }

    /// A view's id, or null.
    mutating func id(_ view: Int?, in scene: Scene) {
        if let view { plainString(scene.views[view].id) } else { raw("null") }
    }

    /// A string, or null.
    mutating func string(orNull s: String?) {
        if let s { string(s) } else { raw("null") }
    }

    @inline(__always) mutating func bool(_ b: Bool) {
        raw(b ? "true" : "false")
    }

    /// An integer (a touch id, a count, an index), or null.
    mutating func integer(_ n: Int?) {
        if let n { number(Double(n)) } else { raw("null") }
    }

    /// `[…]` of strings.
    mutating func strings(_ list: [String]) {
        byte(UInt8(ascii: "["))
        for (i, s) in list.enumerated() {
            if i > 0 { byte(UInt8(ascii: ",")) }
            string(s)
        }
        byte(UInt8(ascii: "]"))
    }

    /// `[…]`: one element per item.
    @inline(__always) mutating func array<S: Sequence>(_ items: S, _ write: (inout JSONOutput, S.Element) -> Void) {
        byte(UInt8(ascii: "["))
        var first = true
        for item in items {
            if !first { byte(UInt8(ascii: ",")) }
            first = false
            write(&self, item)
        }
        byte(UInt8(ascii: "]"))
    }

    /// `{"id":…,…}`: one member per item, keyed by `id` (a scene id, which needs no escaping), in
    /// the items' order (the caller sorts them by their ids' bytes, as `JSONWriter` sorts keys:
    /// ``Scene/sortedByID(_:)``).
    @inline(__always) mutating func object<T>(_ items: [T], id: (T) -> String, _ write: (inout JSONOutput, T) -> Void) {
        byte(UInt8(ascii: "{"))
        for (i, item) in items.enumerated() {
            if i > 0 { byte(UInt8(ascii: ",")) }
            plainString(id(item))
            byte(UInt8(ascii: ":"))
            write(&self, item)
        }
        byte(UInt8(ascii: "}"))
    }

    /// A value already made as a `JSONValue` (a constraint's description, a region), written by
    /// `JSONWriter`, which sorts its keys.
    mutating func value(_ v: JSONValue) {
        append(JSONWriter().bytes(v))
    }
}

extension Scene {
    /// Items in the byte order of their views' ids: the order of the keys of an object keyed by id.
    @inline(__always) func sortedByID<T>(_ items: [T], view: (T) -> Int) -> [T] {
        items.sorted { Self.precedes(views[view($0)].id, views[view($1)].id) }
    }

    /// View indices in the byte order of their ids (written out, not through the generic form:
    /// a layout answer sorts every view of the scene, and the closure's indirection per
    /// comparison cost 1% of the layout workload's instructions).
    func sortedByID(_ list: [Int]) -> [Int] {
        list.sorted { Self.precedes(views[$0].id, views[$1].id) }
    }

    /// Whether `a`'s UTF-8 bytes come before `b`'s (`utf8.lexicographicallyPrecedes`), compared
    /// over the strings' contiguous bytes instead of through two `UTF8View` iterators, which made
    /// most of the sort's cost in a card layout answer (issue 27); the iterators stay for a string
    /// without contiguous storage.
    @inline(__always) static func precedes(_ a: String, _ b: String) -> Bool {
        let answer = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y -> Bool in
                let n = Swift.min(x.count, y.count)
                var i = 0
                while i < n {
                    if x[i] != y[i] { return x[i] < y[i] }
                    i &+= 1
                }
                return x.count < y.count
            }
        }
        if let known = answer ?? nil { return known }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }
}

extension JSONValue {
    /// The pointer of the first object whose keys are not in strictly increasing byte order (a
    /// writer that wrote them out of order, or twice), or nil: every document the encoder makes
    /// is checked with it in debug builds (``ResponseEncoder``).
    public var firstUnsortedObject: String? {
        var stack: [(value: JSONValue, pointer: String)] = [(self, "")]
        while let (value, pointer) = stack.popLast() {
            switch value {
            case let .object(members):
                for i in members.indices {
                    if i > 0, !members[i - 1].key.utf8.lexicographicallyPrecedes(members[i].key.utf8) {
                        return pointer + " (\"\(members[i - 1].key)\" before \"\(members[i].key)\")"
                    }
                    stack.append((members[i].value, JSONPointer.join(pointer, members[i].key)))
                }
            case let .array(items):
                for (i, item) in items.enumerated() { stack.append((item, pointer + "/\(i)")) }
            default:
                break
            }
        }
        return nil
    }
}

/// Members: a raw key fragment (`"phase":`, `,"phase":`) and its value, one line each in the
/// writers (the fragment carries the comma, so the writers keep their keys in visible order).
extension JSONOutput {
    @inline(__always) mutating func member(_ key: StaticString, plain value: String) {
        raw(key)
        plainString(value)
    }

    @inline(__always) mutating func member(_ key: StaticString, string value: String) {
        raw(key)
        string(value)
    }

    @inline(__always) mutating func member(_ key: StaticString, stringOrNull value: String?) {
        raw(key)
        string(orNull: value)
    }

    @inline(__always) mutating func member(_ key: StaticString, number value: Double) {
        raw(key)
        number(value)
    }

    @inline(__always) mutating func member(_ key: StaticString, integer value: Int?) {
        raw(key)
        integer(value)
    }

    @inline(__always) mutating func member(_ key: StaticString, id view: Int?, in scene: Scene) {
        raw(key)
        id(view, in: scene)
    }

    @inline(__always) mutating func member(_ key: StaticString, point value: Point) {
        raw(key)
        point(value)
    }
}
