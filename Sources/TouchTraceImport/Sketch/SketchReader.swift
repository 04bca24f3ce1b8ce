import TouchTraceEngine

/// Sketch layers → a `DesignDocument` (docs/import-design.md says what maps), symbols resolved:
/// an instance (`symbolInstance`) is expanded from its master (`symbolMaster`, on any page or
/// among the document's `foreignSymbols`), its layers resized to the instance's size by their
/// own `resizingConstraint`, its overrides applied (`<path>_stringValue`, `<path>_symbolID`,
/// nested instances by their path of object ids), nested instances expanded the same way.
struct SketchReader {
    var reading: DesignReading
    var doc = DesignDocument(format: .sketch)
    /// Masters by `symbolID`: the layer and where it is.
    var masters: [String: (value: JSONValue, pointer: String)] = [:]
    /// Node → the map from its bounds (origin at its top-left corner, unrotated) to its screen's
    /// coordinates, through its own and every ancestor's rotation and flips about their centers:
    /// its stored box (the oracle's) is the bounding box of its bounds there, as Sketch's canvas
    /// shows a rotated group's layers.
    var placements: [Int: Transform2D] = [:]
    /// Nested symbols deeper than this are imported as plain views (a master that contains an
    /// instance of itself would never end).
    static let maxSymbolDepth = 32

    init(limits: ImportLimits) {
        reading = DesignReading(limits: limits)
    }

    /// Figma's names for Sketch's classes (the class mapping's `types`), and the class of each.
    static let classes: [String: (String, ViewClass)] = [
        "artboard": ("FRAME", .UIView), "symbolMaster": ("COMPONENT", .UIView), "group": ("GROUP", .UIView),
        "symbolInstance": ("INSTANCE", .UIView), "shapeGroup": ("VECTOR", .UIView), "rectangle": ("RECTANGLE", .UIView),
        "oval": ("ELLIPSE", .UIView), "shapePath": ("VECTOR", .UIView), "star": ("STAR", .UIView), "polygon": ("REGULAR_POLYGON", .UIView),
        "triangle": ("REGULAR_POLYGON", .UIView), "text": ("TEXT", .UILabel), "bitmap": ("RECTANGLE", .UIImageView),
        "MSImmutableHotspotLayer": ("HOTSPOT", .UIButton),
    ]
    /// Layers with nothing on screen: left out without a warning.
    static let skipped: Set<String> = ["slice"]

    /// Records every symbol master in `root` (a page, or a foreign symbol's copy), without recursion.
    mutating func collectMasters(_ root: JSONValue, pointer: String) {
        var stack: [(JSONValue, String, Int)] = [(root, pointer, 0)]
        while let (value, at, depth) = stack.popLast() {
            guard depth < 512 else { continue }
            if value["_class"] == .string("symbolMaster"), case let .string(symbolID)? = value["symbolID"], masters[symbolID] == nil {
                masters[symbolID] = (value, at)
            }
            if case let .array(layers)? = value["layers"] {
                for (i, layer) in layers.enumerated() { stack.append((layer, at + "/layers/\(i)", depth + 1)) }
            }
        }
    }

    /// The document's `foreignSymbols` (library symbols used here): each carries the local copy
    /// of its master.
    mutating func collectForeignSymbols(_ document: JSONValue, pointer: String) {
        guard case let .array(list)? = document["foreignSymbols"] else { return }
        for (i, foreign) in list.enumerated() {
            if let master = foreign["symbolMaster"] { collectMasters(master, pointer: pointer + "/foreignSymbols/\(i)/symbolMaster") }
        }
    }

    /// A layer being read: its JSON, where it is, its parent, and the symbol it was expanded from.
    struct Work {
        var layer: JSONValue
        var pointer: String
        var parent: Int?
        /// The size the file gives the parent, and the size it has here (they differ inside a
        /// resized instance): the layer's frame is resized by its `resizingConstraint`.
        var parentStored: Size
        var parentActual: Size
        var context: SymbolContext
        var depth: Int
        /// Subtracted from the stored frame's origin (a page's loose layers, placed in the page's box).
        var offset = Point(x: 0, y: 0)
    }

    /// Inside an expanded instance: the prefix of the expanded layers' ids and the overrides
    /// that apply, by path below the instance.
    struct SymbolContext {
        var prefix = ""
        var overrides: [String: JSONValue] = [:]
        var symbolDepth = 0
    }

    /// Reads a page into the document: each artboard is a screen, then each symbol master (a
    /// screen one can name), then, when the page has layers outside any artboard, the page
    /// itself (a screen the size of those layers' bounding box, named after the page).
    mutating func readPage(_ page: JSONValue, pointer: String, name: String) throws(ImportError) {
        guard case let .array(layers)? = page["layers"] else { return }
        var roots: [Work] = []
        var masterRoots: [Work] = []
        var loose: [(Int, JSONValue)] = []
        for (i, layer) in layers.enumerated() {
            let cls: String = if case let .string(c)? = layer["_class"] { c } else { "" }
            let item = Work(layer: layer, pointer: pointer + "/layers/\(i)", parent: nil, parentStored: .zero, parentActual: .zero, context: SymbolContext(), depth: 0)
            if cls == "artboard" { roots.append(item) } else if cls == "symbolMaster" { masterRoots.append(item) } else if !Self.skipped.contains(cls) { loose.append((i, layer)) }
        }
        for item in roots + masterRoots { try read(item, page: name) }
        guard !loose.isEmpty else { return }
        var box: Rect?
        for (_, layer) in loose {
            guard let f = layer["frame"], case let .number(x)? = f["x"], case let .number(y)? = f["y"], case let .number(w)? = f["width"],
                case let .number(h)? = f["height"], x.isFinite, y.isFinite, w.isFinite, h.isFinite, w >= 0, h >= 0
            else { continue }
            let r = Rect(x: x, y: y, width: w, height: h)
            box = box.map { b in
                let x0 = min(b.minX, r.minX), y0 = min(b.minY, r.minY)
                return Rect(x: x0, y: y0, width: max(b.maxX, r.maxX) - x0, height: max(b.maxY, r.maxY) - y0)
            } ?? r
        }
        let area = box ?? .zero
        let pageID: String = if case let .string(s)? = page["do_objectID"] { s } else { "page" }
        var node = DesignNode(
            id: pageID, name: name, type: "page", mappingType: "FRAME", pointer: pointer.isEmpty ? "/" : pointer, parent: nil,
            frame: Rect(origin: .zero, size: area.size), viewClass: .UIView)
        node.storedBox = area
        let index = doc.add(node)
        placements[index] = .translation(x: area.minX, y: area.minY)
        doc.units.append(DesignUnit(node: index, page: name, initial: false))
        for (i, layer) in loose {
            var item = Work(
                layer: layer, pointer: pointer + "/layers/\(i)", parent: index, parentStored: area.size, parentActual: area.size, context: SymbolContext(), depth: 1)
            item.offset = area.origin
            try read(item, page: name)
        }
    }

    /// A layer and everything under it, depth first, without recursion.
    mutating func read(_ root: Work, page: String) throws(ImportError) {
        var work = [root]
        while let item = work.popLast() {
            guard item.depth <= reading.limits.maxDepth else {
                throw ImportError(.limitExceeded, "layers nest deeper than \(reading.limits.maxDepth) levels (at \(item.pointer))")
            }
            guard doc.nodes.count < reading.limits.maxElements else {
                throw ImportError(.limitExceeded, "the document has more than \(reading.limits.maxElements) layers (symbols expanded)")
            }
            guard let (_, children) = makeNode(item, page: page) else { continue }
            work.append(contentsOf: children.reversed())
        }
    }

    /// One layer → a node, and the work for its children (a master's layers for an instance).
    mutating func makeNode(_ item: Work, page: String) -> (Int, [Work])? {
        let layer = item.layer
        let cls: String = if case let .string(c)? = layer["_class"] { c } else { "" }
        if Self.skipped.contains(cls) { return nil }
        let objectID: String = if case let .string(s)? = layer["do_objectID"] { s } else { "" }
        let id = item.context.prefix + objectID
        let name: String = if case let .string(s)? = layer["name"] { s } else { "" }
        let at = DesignReading.Where(id: id, name: name, type: cls.isEmpty ? "layer" : cls, pointer: item.pointer)
        var (mappingType, viewClass) = Self.classes[cls] ?? ("", .UIView)
        if Self.classes[cls] == nil {
            reading.warn(.unsupportedElement, "layer class \(cls.isEmpty ? "(none)" : String(cls.prefix(40))) of \(at.described) is not modelled: imported as a UIView", id: id, name: name, pointer: item.pointer, lost: "what the layer does beyond its frame")
            mappingType = cls.uppercased()
        }
        // Overrides that hide a nested symbol (an empty symbolID) leave it out.
        var master: (value: JSONValue, pointer: String)?
        if cls == "symbolInstance" {
            var symbolID: String = if case let .string(s)? = layer["symbolID"] { s } else { "" }
            if case let .string(swapped)? = item.context.overrides[objectID + "_symbolID"] {
                if swapped.isEmpty { return nil }
                symbolID = swapped
            }
            master = masters[symbolID]
            if master == nil {
                reading.warn(
                    .externalReference, "\(at.described) is an instance of symbol \(symbolID.prefix(40)), whose master is not in what was sent (send the whole .sketch file, or a library's symbols as foreignSymbols)",
                    id: id, name: name, pointer: item.pointer, lost: "the symbol's layers (the instance is a plain view of its size)")
            }
        }
        var stored = frame(layer, at: at)
        stored.origin = Point(x: stored.minX - item.offset.x, y: stored.minY - item.offset.y)
        let constraint: Int = if case let .number(c)? = layer["resizingConstraint"], c >= 0, c <= 63, let bits = Int(exactly: c) { bits } else { 63 }
        let (horizontal, vertical) = Self.resizing(constraint)
        var actual = stored
        if item.parent != nil, item.parentStored != item.parentActual {
            actual = Self.resize(stored, from: item.parentStored, to: item.parentActual, horizontal: horizontal, vertical: vertical)
        }
        if item.parent == nil { actual.origin = .zero }
        var node = DesignNode(id: id, name: name, type: at.type, mappingType: mappingType, pointer: item.pointer, parent: item.parent, frame: actual, viewClass: viewClass)
        if item.parent == nil { node.frame = Rect(origin: .zero, size: stored.size) }
        node.transform = transform(layer, at: at)
        // The frame, then the rotation and flips about its center, then the parent's placement.
        let size = node.frame.size
        var placement = Transform2D.identity
        if let parent = item.parent {
            placement = Transform2D.translation(x: -size.width / 2, y: -size.height / 2).concatenating(node.transform ?? .identity)
                .concatenating(.translation(x: node.frame.midX, y: node.frame.midY)).concatenating(placements[parent] ?? .identity)
        }
        node.storedBox = Self.boundingBox(Rect(origin: .zero, size: size), placement)
        node.horizontal = horizontal
        node.vertical = vertical
        if let master, case let .string(masterName)? = master.value["name"] { node.mappingNames.append(masterName) }
        if layer["isVisible"] == .bool(false) { node.hidden = true }
        if case let .number(opacity)? = layer["style"]?["contextSettings"]?["opacity"], opacity.isFinite, opacity != 1 {
            node.alpha = min(1, max(0, opacity))
        }
        if cls == "artboard" || cls == "symbolMaster" { node.clips = true }
        if cls == "text" {
            var text: String? = if case let .string(s)? = layer["attributedString"]?["string"] { s } else { nil }
            if case let .string(s)? = item.context.overrides[objectID + "_stringValue"] { text = s }
            // Older files keep the text in a keyed archive (a binary property list in base64,
            // `attributedString.archivedAttributedString._archive`) where the published file
            // format has `string` and `attributes`: not decoded, and said so.
            if text == nil, layer["attributedString"]?["archivedAttributedString"] != nil {
                reading.warn(
                    .unsupportedElement,
                    "the text of \(at.described) is stored as an archived attributed string (a keyed archive in a binary property list, as older Sketch versions wrote it), which is not decoded: the label has no text",
                    id: id, name: name, pointer: item.pointer + "/attributedString", lost: "the label's text (its frame and font size are kept)")
            }
            node.text = text
            if case let .number(size)? = layer["style"]?["textStyle"]?["encodedAttributes"]?["MSAttributedStringFontAttribute"]?["attributes"]?["size"],
                size.isFinite, size > 0
            {
                node.fontSize = size
            }
        }
        if let flow = layer["flow"], flow != .null {
            if case let .string(destination)? = flow["destinationArtboardID"] {
                node.taps = [destination == "back" ? "back:" : "navigate:" + destination]
            } else if cls == "MSImmutableHotspotLayer" {
                reading.warn(.interactionDropped, "the hotspot \(at.described) links to no artboard", id: id, name: name, pointer: item.pointer, lost: "nothing (the link goes nowhere in Sketch either)")
            }
        }
        let index = doc.add(node)
        placements[index] = placement
        if item.parent == nil, cls == "artboard" || cls == "symbolMaster" {
            doc.units.append(DesignUnit(node: index, page: page, initial: layer["isFlowHome"] == .bool(true)))
        }
        if cls == "artboard" || cls == "symbolMaster" { doc.destinations.insert(objectID) }
        // Smart layout (Sketch 58+) reflows a group or a master's layers as its content grows; an
        // instance of such a master at another size gets its layers resized by their constraints.
        let smart = (master?.value ?? layer)["groupLayout"]?["_class"] == .string("MSImmutableInferredGroupLayout")
        let reference = master.map { frame($0.value, at: at).size } ?? stored.size
        if smart, reference != actual.size {
            reading.warn(
                .layoutApproximated, "\(at.described) uses smart layout and is shown at another size than its \(master == nil ? "stored frame" : "master")'s: its layers follow their resizing constraints instead",
                id: id, name: name, pointer: item.pointer, lost: "smart layout's reflow of the layers")
        }
        // Children: the layer's own, or the master's for an instance.
        var children: [Work] = []
        if let master {
            guard item.context.symbolDepth < Self.maxSymbolDepth else {
                reading.warn(.layoutApproximated, "\(at.described) nests symbols more than \(Self.maxSymbolDepth) deep (a master containing itself?): imported as a plain view", id: id, name: name, pointer: item.pointer, lost: "the symbol's layers")
                return (index, [])
            }
            var context = SymbolContext(prefix: id + "/", overrides: [:], symbolDepth: item.context.symbolDepth + 1)
            // The instance's own overrides, then the enclosing instances' (which win) for paths through it.
            if case let .array(values)? = layer["overrideValues"] {
                for value in values {
                    if case let .string(key)? = value["overrideName"], let v = value["value"] { context.overrides[key] = v }
                }
            }
            for (key, value) in item.context.overrides where key.hasPrefix(objectID + "/") {
                context.overrides[String(key.dropFirst(objectID.count + 1))] = value
            }
            let masterSize = frame(master.value, at: at).size
            if case let .array(layers)? = master.value["layers"] {
                for (i, child) in layers.enumerated() {
                    children.append(
                        Work(layer: child, pointer: master.pointer + "/layers/\(i)", parent: index, parentStored: masterSize, parentActual: actual.size, context: context, depth: item.depth + 1))
                }
            }
        } else if case let .array(layers)? = layer["layers"] {
            for (i, child) in layers.enumerated() {
                children.append(Work(layer: child, pointer: item.pointer + "/layers/\(i)", parent: index, parentStored: stored.size, parentActual: actual.size, context: item.context, depth: item.depth + 1))
            }
        }
        return (index, children)
    }

    /// `frame` (`{x, y, width, height}`, in the parent's coordinates): finite, sizes ≥ 0.
    mutating func frame(_ layer: JSONValue, at: DesignReading.Where) -> Rect {
        if let f = layer["frame"], case let .number(x)? = f["x"], case let .number(y)? = f["y"], case let .number(w)? = f["width"],
            case let .number(h)? = f["height"], x.isFinite, y.isFinite, w.isFinite, h.isFinite, w >= 0, h >= 0
        {
            return Rect(x: x, y: y, width: w, height: h)
        }
        reading.warn(.invalidValue, "\(at.described) has no readable frame {x, y, width, height}: imported with a zero size at its parent's origin", id: at.id, name: at.name, pointer: at.pointer, lost: "its position and size")
        return .zero
    }

    /// `rotation` (degrees, counter-clockwise on screen in Sketch) and the flips as a transform
    /// about the center (UIKit's rotation is clockwise on screen, so the angle changes sign).
    mutating func transform(_ layer: JSONValue, at: DesignReading.Where) -> Transform2D? {
        var t = Transform2D.identity
        if layer["isFlippedHorizontal"] == .bool(true) { t = t.concatenating(.scale(x: -1, y: 1)) }
        if layer["isFlippedVertical"] == .bool(true) { t = t.concatenating(.scale(x: 1, y: -1)) }
        if let degrees = reading.number(layer, "rotation", at: at), degrees != 0 {
            t = t.concatenating(.rotation(degrees: -degrees))
        }
        return DesignReading.linear(t)
    }

    /// The axis-aligned box of a rectangle's corners under a transform.
    static func boundingBox(_ r: Rect, _ t: Transform2D) -> Rect {
        let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)].map { t.apply($0) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }

    /// Sketch's `resizingConstraint`: six bits, each CLEARED when that part is fixed — right 1,
    /// width 2, left 4, bottom 8, height 16, top 32 (63: nothing fixed, the layer scales with its
    /// parent). A part that is not fixed is flexible, which is UIKit's autoresizing mask; both
    /// edges and the length fixed cannot all hold, and the edges win (Sketch's pins).
    static func resizing(_ c: Int) -> (Resizing, Resizing) {
        func fixed(_ bit: Int) -> Bool { c & bit == 0 }
        var h = Resizing(flexibleStart: !fixed(4), flexibleLength: !fixed(2), flexibleEnd: !fixed(1))
        var v = Resizing(flexibleStart: !fixed(32), flexibleLength: !fixed(16), flexibleEnd: !fixed(8))
        if !h.flexibleStart, !h.flexibleLength, !h.flexibleEnd { h.flexibleLength = true }
        if !v.flexibleStart, !v.flexibleLength, !v.flexibleEnd { v.flexibleLength = true }
        return (h, v)
    }

    /// A frame in a parent resized from `old` to `new`, as UIKit's autoresizing shares a size
    /// change between the flexible parts in proportion to their lengths (L5).
    static func resize(_ f: Rect, from old: Size, to new: Size, horizontal: Resizing, vertical: Resizing) -> Rect {
        func axis(_ start: Double, _ length: Double, _ oldTotal: Double, _ newTotal: Double, _ r: Resizing) -> (Double, Double) {
            let delta = newTotal - oldTotal
            guard delta != 0 else { return (start, length) }
            let end = oldTotal - start - length
            var parts = 0.0
            if r.flexibleStart { parts += start }
            if r.flexibleLength { parts += length }
            if r.flexibleEnd { parts += end }
            let flexibleCount = [r.flexibleStart, r.flexibleLength, r.flexibleEnd].filter { $0 }.count
            guard flexibleCount > 0 else { return (start, length) }
            func share(_ part: Double, _ flexible: Bool) -> Double {
                guard flexible else { return 0 }
                return parts > 0 ? delta * part / parts : delta / Double(flexibleCount)
            }
            return (start + share(start, r.flexibleStart), max(0, length + share(length, r.flexibleLength)))
        }
        let (x, w) = axis(f.minX, f.size.width, old.width, new.width, horizontal)
        let (y, h) = axis(f.minY, f.size.height, old.height, new.height, vertical)
        return Rect(x: x, y: y, width: w, height: h)
    }
}
