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

    mutating func bool(_ b: Bool) {
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

    /// A value already made as a `JSONValue` (a constraint's description, a region), written by
    /// `JSONWriter`, which sorts its keys.
    mutating func value(_ v: JSONValue) {
        bytes.append(contentsOf: JSONWriter().bytes(v))
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
