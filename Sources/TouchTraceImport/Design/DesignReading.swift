import TouchTraceEngine

/// Typed reads of a layer's JSON for the Penpot and Sketch readers: a value of the wrong type is
/// warned about (`invalidValue`, with the layer's pointer) and treated as absent.
struct DesignReading {
    var warnings: ImportWarnings
    let limits: ImportLimits

    init(limits: ImportLimits) {
        self.limits = limits
        warnings = ImportWarnings(limit: limits.maxWarnings)
    }

    mutating func warn(_ kind: ImportWarning.Kind, _ message: String, id: String?, name: String?, pointer: String?, lost: String) {
        warnings.add(ImportWarning(kind, message, sourceID: id, lost: lost, pointer: pointer, sourceName: name))
    }

    mutating func invalid(_ key: String, _ value: JSONValue, expected: String, at: Where, lost: String) {
        warn(.invalidValue, "\(key) of \(at.described) is not \(expected): \(value.typeName)", id: at.id, name: at.name, pointer: at.pointer, lost: lost)
    }

    /// Which layer a read is about, for messages.
    struct Where {
        var id: String
        var name: String
        var type: String
        var pointer: String
        var described: String { "\"\(name.count > 60 ? String(name.prefix(57)) + "…" : name)\" (\(type) \(id.prefix(40)))" }
    }

    mutating func number(_ v: JSONValue, _ key: String, at: Where) -> Double? {
        guard let value = v[key], value != .null else { return nil }
        guard case let .number(x) = value, x.isFinite else {
            invalid(key, value, expected: "a finite number", at: at, lost: "the \(key) value (its default used)")
            return nil
        }
        return x
    }

    /// Penpot writes some numbers as strings (`"font-size": "14"`).
    static func lenientNumber(_ value: JSONValue?) -> Double? {
        switch value {
        case let .number(x)? where x.isFinite: return x
        case let .string(s)?: if let x = Double(s), x.isFinite { return x } else { return nil }
        default: return nil
        }
    }

    mutating func string(_ v: JSONValue, _ key: String, at: Where) -> String? {
        guard let value = v[key], value != .null else { return nil }
        guard case let .string(s) = value else {
            invalid(key, value, expected: "a string", at: at, lost: "the \(key) value (its default used)")
            return nil
        }
        return s
    }

    mutating func bool(_ v: JSONValue, _ key: String, at: Where) -> Bool? {
        guard let value = v[key], value != .null else { return nil }
        guard case let .bool(b) = value else {
            invalid(key, value, expected: "true or false", at: at, lost: "the \(key) value (its default used)")
            return nil
        }
        return b
    }

    /// A linear part within 1e-5 of the identity is the identity (design tools store matrices in
    /// single precision).
    static func linear(_ t: Transform2D) -> Transform2D? {
        if abs(t.a - 1) <= 1e-5, abs(t.b) <= 1e-5, abs(t.c) <= 1e-5, abs(t.d - 1) <= 1e-5 { return nil }
        return Transform2D(a: t.a, b: t.b, c: t.c, d: t.d, tx: 0, ty: 0)
    }

    /// An object's members as a dictionary (first of duplicate keys wins).
    static func members(_ value: JSONValue?) -> [String: JSONValue] {
        guard case let .object(list)? = value else { return [:] }
        var out: [String: JSONValue] = [:]
        out.reserveCapacity(list.count)
        for (k, v) in list where out[k] == nil { out[k] = v }
        return out
    }
}

/// Where a layer sits on its page: the map from its bounds coordinates (origin at its top-left
/// corner, untransformed) to the page, and its size.
struct PagePlacement {
    var absolute: Transform2D
    var size: Size

    /// A layer of this size whose center is at `center` on the page, with the linear part
    /// `linear` (nil: none) on the page.
    static func centered(_ center: Point, size: Size, linear: Transform2D?) -> PagePlacement {
        let l = linear ?? .identity
        return PagePlacement(
            absolute: Transform2D.translation(x: -size.width / 2, y: -size.height / 2).concatenating(l).concatenating(.translation(x: center.x, y: center.y)),
            size: size)
    }

    /// The page's linear part (nil within 1e-5 of the identity).
    var linear: Transform2D? { DesignReading.linear(absolute) }

    /// The child's frame and transform relative to this layer, from the child's placement on
    /// the page.
    func relative(_ child: PagePlacement) -> (frame: Rect, transform: Transform2D?) {
        let childCenter = child.absolute.apply(Point(x: child.size.width / 2, y: child.size.height / 2))
        guard let inverse = absolute.inverted else { return (Rect(origin: .zero, size: child.size), nil) }
        let center = inverse.apply(childCenter)
        let frame = Rect(x: center.x - child.size.width / 2, y: center.y - child.size.height / 2, width: child.size.width, height: child.size.height)
        guard let childLinear = child.linear else {
            guard let parentLinear = linear, let inverseLinear = parentLinear.inverted else { return (frame, nil) }
            return (frame, DesignReading.linear(inverseLinear))
        }
        let parentInverse = linear.flatMap(\.inverted) ?? .identity
        return (frame, DesignReading.linear(childLinear.concatenating(parentInverse)))
    }

    /// The bounding box on the page.
    var boundingBox: Rect {
        let corners = [Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: size.width, y: size.height), Point(x: 0, y: size.height)].map(absolute.apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }
}

/// A Penpot or Sketch reader: the document in its neutral form and what reading it said.
protocol DesignFileReader {
    var doc: DesignDocument { get }
    var reading: DesignReading { get }
}

extension PenpotReader: DesignFileReader {}
extension SketchReader: DesignFileReader {}
