import TouchTraceEngine

/// One import of a Figma frame into a scene document (``LayerImport``, shared with the Penpot
/// and Sketch importers). The steps live in `FigmaImport+*.swift`: views and their attributes,
/// geometry and constraints, auto layout, prototype interactions.
typealias FigmaImport = LayerImport<FigmaDocument>

/// What only the Figma import keeps.
struct FigmaImportState: LayerImportState {
    /// Where each view sits in canvas coordinates (for its children's frames).
    var placements: [Int: Placement] = [:]
    /// Properties read on no node, by name: how many nodes have them and the first one.
    var unknownProperties: [String: (count: Int, node: Int)] = [:]
    var unknownPropertyOrder: [String] = []
}

extension FigmaImport {
    // MARK: Typed reads (a value of the wrong type is warned about and treated as absent)

    mutating func number(_ n: Int, _ key: String) -> Double? {
        guard let value = doc[n].value[key], value != .null else { return nil }
        guard case let .number(x) = value, x.isFinite else {
            warn(.invalidValue, n, "\(key) of \(describe(n)) is not a number: \(value.typeName)", lost: "the \(key) value (its default used)")
            return nil
        }
        return x
    }

    mutating func string(_ n: Int, _ key: String) -> String? {
        guard let value = doc[n].value[key], value != .null else { return nil }
        guard case let .string(s) = value else {
            warn(.invalidValue, n, "\(key) of \(describe(n)) is not a string: \(value.typeName)", lost: "the \(key) value (its default used)")
            return nil
        }
        return s
    }

    mutating func bool(_ n: Int, _ key: String) -> Bool? {
        guard let value = doc[n].value[key], value != .null else { return nil }
        guard case let .bool(b) = value else {
            warn(.invalidValue, n, "\(key) of \(describe(n)) is not true or false: \(value.typeName)", lost: "the \(key) value (its default used)")
            return nil
        }
        return b
    }

    /// A `{x, y, width, height}` member (`absoluteBoundingBox`), with finite numbers and sizes ≥ 0.
    mutating func rect(_ n: Int, _ key: String) -> Rect? {
        guard let value = doc[n].value[key], value != .null else { return nil }
        guard case let .number(x)? = value["x"], case let .number(y)? = value["y"], case let .number(w)? = value["width"],
            case let .number(h)? = value["height"], x.isFinite, y.isFinite, w.isFinite, h.isFinite, w >= 0, h >= 0
        else {
            warn(.invalidValue, n, "\(key) of \(describe(n)) is not {x, y, width, height} with finite numbers and sizes of at least 0", lost: "its position and size")
            return nil
        }
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// A `{x, y}` member (`size`), finite and ≥ 0.
    mutating func vector(_ n: Int, _ key: String) -> Size? {
        guard let value = doc[n].value[key], value != .null else { return nil }
        guard case let .number(x)? = value["x"], case let .number(y)? = value["y"], x.isFinite, y.isFinite, x >= 0, y >= 0 else {
            warn(.invalidValue, n, "\(key) of \(describe(n)) is not {x, y} with finite sizes of at least 0", lost: "the \(key) value")
            return nil
        }
        return Size(width: x, height: y)
    }

    /// `relativeTransform` (`[[a, c, tx], [b, d, ty]]`, Figma's two rows) as a transform.
    mutating func relativeTransform(_ n: Int) -> Transform2D? {
        guard let value = doc[n].value["relativeTransform"], value != .null else { return nil }
        guard case let .array(rows) = value, rows.count == 2, case let .array(r0) = rows[0], case let .array(r1) = rows[1],
            r0.count == 3, r1.count == 3
        else {
            warn(.invalidValue, n, "relativeTransform of \(describe(n)) is not two rows of three numbers", lost: "its rotation")
            return nil
        }
        var m: [Double] = []
        for v in r0 + r1 {
            guard case let .number(x) = v, x.isFinite else {
                warn(.invalidValue, n, "relativeTransform of \(describe(n)) holds a value that is not a finite number", lost: "its rotation")
                return nil
            }
            m.append(x)
        }
        return Transform2D(a: m[0], b: m[3], c: m[1], d: m[4], tx: m[2], ty: m[5])
    }

    /// Notes the properties of node `n` that the importer neither reads nor knows to be drawing
    /// or bookkeeping only (reported once per property name, with a count, by `reportUnknownProperties`).
    mutating func noteProperties(of n: Int) {
        guard case let .object(members) = doc[n].value else { return }
        for (key, _) in members where !FigmaVocabulary.knownProperties.contains(key) {
            if let seen = formatState.unknownProperties[key] {
                formatState.unknownProperties[key] = (seen.count + 1, seen.node)
            } else {
                formatState.unknownProperties[key] = (1, n)
                formatState.unknownPropertyOrder.append(key)
            }
        }
    }

    mutating func reportUnknownProperties() {
        for key in formatState.unknownPropertyOrder {
            guard let (count, n) = formatState.unknownProperties[key] else { continue }
            let others = count > 1 ? " and \(count - 1) more node\(count == 2 ? "" : "s")" : ""
            warn(.unsupportedAttribute, n, "property \"\(key.prefix(60))\" of \(describe(n))\(others) is not read", lost: "whatever \(key.prefix(60)) changes")
        }
    }
}

/// Where a view sits: the transform from its bounds coordinates (origin at its top-left corner)
/// to the canvas, and its untransformed size.
struct Placement {
    var absolute: Transform2D
    var size: Size
}

extension FigmaDocument: LayerDocument {
    typealias ImportState = FigmaImportState
    var sceneFormat: ImportFormat { .figma }
    func sourceID(_ n: Int) -> String? { self[n].id }

    /// `"Name" (FRAME 12:34)` for messages.
    func describe(_ n: Int) -> String {
        let node = self[n]
        let name = node.name.count > 60 ? String(node.name.prefix(57)) + "…" : node.name
        return "\"\(name)\" (\(node.type.isEmpty ? "node" : node.type) \(node.id ?? "without id"))"
    }

    func warningSubject(_ n: Int) -> (id: String?, pointer: String, name: String) { (self[n].id, self[n].pointer, self[n].name) }
    func parentLayer(_ n: Int) -> Int? { self[n].parent }
    func isHiddenLayer(_ n: Int) -> Bool { self[n].value["visible"] == .bool(false) }
    func clipsLayer(_ n: Int) -> Bool { self[n].value["clipsContent"] == .bool(true) }
    func storedBox(_ n: Int) -> Rect? { FigmaImport.box(self[n].value) }
}
