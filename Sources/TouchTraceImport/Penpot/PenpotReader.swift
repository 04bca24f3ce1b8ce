import TouchTraceEngine

/// A Penpot page as read from any of the accepted forms: its objects (shape id → shape, keys
/// in Penpot's kebab case), and where each came from.
struct PenpotPage {
    var id: String
    var name: String
    var objects: [String: JSONValue]
    /// The pointer prefix of a shape: `/data/pages-index/<page>/objects/` (Transit documents,
    /// decoded) or the archive entry's folder (`files/<file>/pages/<page>/`).
    var shapePointer: (String) -> String
    /// The boards the page's prototype flows start at.
    var flowStarts: Set<String>
}

/// Penpot shapes → a `DesignDocument` (docs/import-design.md says what maps).
///
/// Geometry: Penpot stores every shape on the page (`selrect`, the untransformed box, and
/// `transform`, the linear part applied about its center); a view's frame is that box taken into
/// its parent's coordinates, so an unrotated shape sits exactly where Penpot has it.
struct PenpotReader {
    static let rootID = "00000000-0000-0000-0000-000000000000"
    var reading: DesignReading
    var doc = DesignDocument(format: .penpot)
    /// Component id → its name (a library's path and name), for the class mapping.
    var componentNames: [String: String] = [:]

    init(limits: ImportLimits) {
        reading = DesignReading(limits: limits)
    }

    /// Figma's names for Penpot's types (the class mapping's `types`), and the class of each.
    static let types: [String: (String, ViewClass)] = [
        "frame": ("FRAME", .UIView), "group": ("GROUP", .UIView), "rect": ("RECTANGLE", .UIView), "circle": ("ELLIPSE", .UIView),
        "path": ("VECTOR", .UIView), "bool": ("BOOLEAN_OPERATION", .UIView), "svg-raw": ("VECTOR", .UIView), "image": ("RECTANGLE", .UIImageView),
        "text": ("TEXT", .UILabel),
    ]

    mutating func read(_ pages: [PenpotPage]) throws(ImportError) {
        for page in pages { try read(page) }
    }

    mutating func read(_ page: PenpotPage) throws(ImportError) {
        guard let (rootKey, root) = Self.root(of: page) else {
            reading.warn(
                .invalidValue, "page \"\(page.name.prefix(60))\" has no root shape (\(Self.rootID), or a shape that is its own parent): its shapes are not imported", id: page.id, name: page.name,
                pointer: page.shapePointer(Self.rootID), lost: "the page's shapes")
            return
        }
        var visited: Set<String> = [rootKey]
        var stack: [(id: String, parent: Int?, parentPlacement: PagePlacement, parentType: String, depth: Int)] = []
        // Boards on the page are screens; shapes outside any board make one more screen, the
        // page itself (the size of their bounding box, named after the page).
        let rootChildren = Self.childIDs(root)
        let loose = rootChildren.filter { page.objects[$0]?["type"] != .string("frame") && page.objects[$0] != nil }
        var pageNode: Int?
        var pagePlacement = PagePlacement(absolute: .identity, size: .zero)
        if !loose.isEmpty {
            var box: Rect?
            for id in loose {
                guard let shape = page.objects[id], let r = Self.pointsBox(shape) else { continue }
                box = box.map { b in
                    let x0 = min(b.minX, r.minX), y0 = min(b.minY, r.minY)
                    return Rect(x: x0, y: y0, width: max(b.maxX, r.maxX) - x0, height: max(b.maxY, r.maxY) - y0)
                } ?? r
            }
            let area = box ?? .zero
            var node = DesignNode(
                id: page.id, name: page.name, type: "page", mappingType: "FRAME", pointer: page.shapePointer(rootKey), parent: nil,
                frame: Rect(origin: .zero, size: area.size), viewClass: .UIView)
            node.storedBox = area
            pageNode = doc.add(node)
            pagePlacement = PagePlacement(absolute: .translation(x: area.minX, y: area.minY), size: area.size)
        }
        for child in rootChildren.reversed() {
            if let pageNode, page.objects[child]?["type"] != .string("frame") {
                stack.append((child, pageNode, pagePlacement, "page", 1))
            } else {
                stack.append((child, nil, PagePlacement(absolute: .identity, size: .zero), "root", 1))
            }
        }
        while let (id, parent, parentPlacement, parentType, depth) = stack.popLast() {
            guard visited.insert(id).inserted else {
                reading.warn(.invalidValue, "shape \(id.prefix(40)) is listed twice (a cycle or a duplicate in shapes)", id: id, name: nil, pointer: page.shapePointer(id), lost: "the second listing")
                continue
            }
            guard let shape = page.objects[id] else {
                reading.warn(.invalidValue, "shape \(id.prefix(40)) is listed as a child but is not in the page's objects", id: id, name: nil, pointer: page.shapePointer(id), lost: "that shape")
                continue
            }
            guard depth <= reading.limits.maxDepth else {
                throw ImportError(.limitExceeded, "shapes nest deeper than \(reading.limits.maxDepth) levels (at \(page.shapePointer(id)))")
            }
            guard doc.nodes.count < reading.limits.maxElements else {
                throw ImportError(.limitExceeded, "the document has more than \(reading.limits.maxElements) shapes")
            }
            let (index, placement) = makeNode(shape, id: id, parent: parent, parentPlacement: parentPlacement, parentType: parentType, page: page)
            if parent == nil, doc[index].type == "frame" {
                doc.units.append(DesignUnit(node: index, page: page.name, initial: page.flowStarts.contains(id)))
            }
            if doc[index].type == "frame" { doc.destinations.insert(id) }
            for child in Self.childIDs(shape).reversed() {
                stack.append((child, index, placement, doc[index].type, depth + 1))
            }
        }
        if let pageNode { doc.units.append(DesignUnit(node: pageNode, page: page.name, initial: false)) }
    }

    /// A page's root shape: Penpot's root frame (id \(rootID)), else the one shape that is its own
    /// parent (`parent-id` its own id), as Penpot's root frame is; tools that write a page with
    /// ids of their own name it so.
    static func root(of page: PenpotPage) -> (String, JSONValue)? {
        if let root = page.objects[rootID] { return (rootID, root) }
        let own = page.objects.filter { PenpotImporter.string($0.value["parent-id"]) == $0.key }.map(\.key).sorted()
        guard own.count == 1, let key = own.first, let root = page.objects[key] else { return nil }
        return (key, root)
    }

    /// The bounding box of a shape's `points` (its corners on the page), else its `selrect`.
    static func pointsBox(_ shape: JSONValue) -> Rect? {
        if case let .array(points)? = shape["points"], !points.isEmpty {
            var xs: [Double] = [], ys: [Double] = []
            for p in points {
                guard case let .number(x)? = p["x"], case let .number(y)? = p["y"], x.isFinite, y.isFinite else { return nil }
                xs.append(x)
                ys.append(y)
            }
            let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
            return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
        }
        let source = shape["selrect"] ?? shape
        guard case let .number(x)? = source["x"], case let .number(y)? = source["y"], case let .number(w)? = source["width"],
            case let .number(h)? = source["height"], x.isFinite, y.isFinite, w.isFinite, h.isFinite, w >= 0, h >= 0
        else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }

    static func childIDs(_ shape: JSONValue) -> [String] {
        guard case let .array(list)? = shape["shapes"] else { return [] }
        return list.compactMap { if case let .string(s) = $0 { s } else { nil } }
    }

    mutating func makeNode(_ shape: JSONValue, id: String, parent: Int?, parentPlacement: PagePlacement, parentType: String, page: PenpotPage) -> (Int, PagePlacement) {
        let name: String = if case let .string(s)? = shape["name"] { s } else { "" }
        let type: String = if case let .string(s)? = shape["type"] { s } else { "" }
        let pointer = page.shapePointer(id)
        let at = DesignReading.Where(id: id, name: name, type: type.isEmpty ? "shape" : type, pointer: pointer)
        var (mappingType, viewClass) = Self.types[type] ?? ("", .UIView)
        if Self.types[type] == nil {
            reading.warn(.unsupportedElement, "shape type \(type.isEmpty ? "(none)" : String(type.prefix(40))) of \(at.described) is not modelled: imported as a UIView", id: id, name: name, pointer: pointer, lost: "what the shape does beyond its frame")
        }
        // Geometry: the untransformed box on the page and the linear part about its center.
        let box = rect(shape, at: at)
        let matrix = self.matrix(shape["transform"], at: at)
        let placement = PagePlacement.centered(Point(x: box.midX, y: box.midY), size: box.size, linear: matrix.flatMap(DesignReading.linear))
        let relative = parentPlacement.relative(placement)
        let isComponentRoot = shape["component-root"] == .bool(true) || (shape["component-id"] != nil && shape["shape-ref"] == nil)
        if isComponentRoot, type == "frame" || type == "group" {
            mappingType = shape["main-instance"] == .bool(true) ? "COMPONENT" : "INSTANCE"
        }
        if type == "rect" || type == "circle" || type == "path", hasImageFill(shape) { viewClass = .UIImageView }
        var node = DesignNode(id: id, name: name, type: at.type, mappingType: mappingType, pointer: pointer, parent: parent, frame: relative.frame, viewClass: viewClass)
        node.transform = relative.transform
        node.storedBox = placement.boundingBox
        if case let .string(component)? = shape["component-id"], let componentName = componentNames[component] { node.mappingNames.append(componentName) }
        if reading.bool(shape, "hidden", at: at) == true { node.hidden = true }
        if let opacity = reading.number(shape, "opacity", at: at) {
            if opacity < 0 || opacity > 1 {
                reading.warn(.invalidValue, "opacity \(opacity) of \(at.described) is outside 0…1: clamped", id: id, name: name, pointer: pointer, lost: "nothing (UIKit clamps alpha too)")
            }
            node.alpha = opacity
        }
        // Boards clip their content unless "Show content" is on; groups never clip.
        if type == "frame" { node.clips = shape["show-content"] != .bool(true) }
        if type == "text" {
            let (text, size) = Self.text(shape["content"])
            node.text = text
            node.fontSize = size
        }
        node.horizontal = resizing(shape, "constraints-h", parentType: parentType, at: at, horizontal: true)
        node.vertical = resizing(shape, "constraints-v", parentType: parentType, at: at, horizontal: false)
        node.item = item(shape, at: at)
        node.taps = taps(shape, at: at)
        let index = doc.add(node)
        if type == "frame" { doc[index].layout = layout(shape, node: index, at: at) }
        return (index, placement)
    }

    /// `selrect` (else `x`, `y`, `width`, `height`): finite, sizes ≥ 0.
    mutating func rect(_ shape: JSONValue, at: DesignReading.Where) -> Rect {
        let source = shape["selrect"] ?? shape
        if case let .number(x)? = source["x"], case let .number(y)? = source["y"], case let .number(w)? = source["width"],
            case let .number(h)? = source["height"], x.isFinite, y.isFinite, w.isFinite, h.isFinite, w >= 0, h >= 0
        {
            return Rect(x: x, y: y, width: w, height: h)
        }
        reading.warn(
            .invalidValue, "\(at.described) has no readable selrect or x, y, width, height: imported with a zero size at the page's origin",
            id: at.id, name: at.name, pointer: at.pointer, lost: "its position and size")
        return .zero
    }

    /// A `{a, b, c, d, e, f}` matrix (Penpot's transform); nil when absent.
    mutating func matrix(_ value: JSONValue?, at: DesignReading.Where) -> Transform2D? {
        guard let value, value != .null else { return nil }
        var m: [Double] = []
        for key in ["a", "b", "c", "d", "e", "f"] {
            guard case let .number(x)? = value[key], x.isFinite else {
                reading.warn(.invalidValue, "transform of \(at.described) is not {a, b, c, d, e, f} with finite numbers", id: at.id, name: at.name, pointer: at.pointer, lost: "its rotation")
                return nil
            }
            m.append(x)
        }
        return Transform2D(a: m[0], b: m[1], c: m[2], d: m[3], tx: 0, ty: 0)
    }

    func hasImageFill(_ shape: JSONValue) -> Bool {
        guard case let .array(fills)? = shape["fills"] else { return false }
        return fills.contains { $0["fill-image"] != nil && $0["fill-image"] != .null }
    }

    /// The characters of a text shape's `content` (paragraphs separated by newlines) and the
    /// first leaf's font size, walked without recursion.
    static func text(_ content: JSONValue?) -> (String?, Double?) {
        guard let content else { return (nil, nil) }
        var paragraphs: [String] = []
        var fontSize: Double?
        var stack: [JSONValue] = [content]
        var steps = 0
        while let node = stack.popLast(), steps < 100_000 {
            steps += 1
            if node["type"] == .string("paragraph") {
                var line = ""
                if case let .array(leaves)? = node["children"] {
                    for leaf in leaves {
                        if case let .string(s)? = leaf["text"] { line += s }
                        if fontSize == nil { fontSize = DesignReading.lenientNumber(leaf["font-size"]) }
                    }
                }
                paragraphs.append(line)
                continue
            }
            if case let .array(children)? = node["children"] { stack.append(contentsOf: children.reversed()) }
        }
        if paragraphs.isEmpty { return (nil, fontSize) }
        return (paragraphs.joined(separator: "\n"), fontSize.flatMap { $0 > 0 ? $0 : nil })
    }

    /// `constraints-h` (`left`, `right`, `leftright`, `center`, `scale`) and `constraints-v`
    /// (`top`, `bottom`, `topbottom`, `center`, `scale`) as resizing flags; a shape in a group
    /// scales with it (Penpot resizes a group's content proportionally), else left / top.
    mutating func resizing(_ shape: JSONValue, _ key: String, parentType: String, at: DesignReading.Where, horizontal: Bool) -> Resizing {
        let fallback: Resizing = parentType == "group" || parentType == "bool" ? .scale : .start
        guard let raw = reading.string(shape, key, at: at) else { return fallback }
        switch raw {
        case "left", "top": return .start
        case "right", "bottom": return .end
        case "leftright", "topbottom": return .both
        case "center": return .centre
        case "scale": return .scale
        default:
            reading.warn(
                .invalidValue, "\(key) \"\(raw.prefix(30))\" of \(at.described) is not one of \(horizontal ? "left, right, leftright, center, scale" : "top, bottom, topbottom, center, scale")",
                id: at.id, name: at.name, pointer: at.pointer, lost: "how it follows a resize (\(horizontal ? "left" : "top") used)")
            return .start
        }
    }

    /// A child's part in a flex layout: `layout-item-h-sizing` / `-v-sizing` (`fix`, `fill`,
    /// `auto`), `layout-item-absolute`, `layout-item-margin`, `layout-item-min-w` and the others.
    mutating func item(_ shape: JSONValue, at: DesignReading.Where) -> FlexItem {
        var item = FlexItem()
        let h = reading.string(shape, "layout-item-h-sizing", at: at), v = reading.string(shape, "layout-item-v-sizing", at: at)
        item.fillWidth = h == "fill"
        item.hugWidth = h == "auto"
        item.fillHeight = v == "fill"
        item.hugHeight = v == "auto"
        item.absolute = reading.bool(shape, "layout-item-absolute", at: at) == true
        if let m = shape["layout-item-margin"], m != .null {
            item.margin = EdgeInsets(
                top: DesignReading.lenientNumber(m["m1"]) ?? 0, left: DesignReading.lenientNumber(m["m4"]) ?? 0,
                bottom: DesignReading.lenientNumber(m["m3"]) ?? 0, right: DesignReading.lenientNumber(m["m2"]) ?? 0)
        }
        item.minWidth = reading.number(shape, "layout-item-min-w", at: at)
        item.maxWidth = reading.number(shape, "layout-item-max-w", at: at)
        item.minHeight = reading.number(shape, "layout-item-min-h", at: at)
        item.maxHeight = reading.number(shape, "layout-item-max-h", at: at)
        return item
    }

    /// A board's `layout`: `flex` → a `FlexLayout` (Penpot's flow is the reverse of its layer
    /// order unless the direction is reversed, as its layout code does); `grid` → nil with
    /// `layoutApproximated` (children where the file put them); a flex layout that wraps its
    /// items onto several lines likewise.
    mutating func layout(_ shape: JSONValue, node n: Int, at: DesignReading.Where) -> FlexLayout? {
        guard let kind = reading.string(shape, "layout", at: at) else { return nil }
        guard kind == "flex" else {
            reading.warn(
                .layoutApproximated, "\(at.described) uses a \(kind.prefix(20)) layout, which UIKit has no view for: imported as a plain view, its children where Penpot put them",
                id: at.id, name: at.name, pointer: at.pointer, lost: "the layout's response to a resize")
            return nil
        }
        let direction = reading.string(shape, "layout-flex-dir", at: at) ?? "row"
        guard ["row", "row-reverse", "column", "column-reverse"].contains(direction) else {
            reading.warn(.invalidValue, "layout-flex-dir \"\(direction.prefix(30))\" of \(at.described) is not row, row-reverse, column or column-reverse", id: at.id, name: at.name, pointer: at.pointer, lost: "the flex layout (a plain view)")
            return nil
        }
        let horizontal = direction.hasPrefix("row")
        let gap = shape["layout-gap"]
        let mainGap = DesignReading.lenientNumber(gap?[horizontal ? "column-gap" : "row-gap"]) ?? 0
        let pad = shape["layout-padding"]
        let padding = EdgeInsets(
            top: DesignReading.lenientNumber(pad?["p1"]) ?? 0, left: DesignReading.lenientNumber(pad?["p4"]) ?? 0,
            bottom: DesignReading.lenientNumber(pad?["p3"]) ?? 0, right: DesignReading.lenientNumber(pad?["p2"]) ?? 0)
        var justify = FlexLayout.Justify.start
        if let raw = reading.string(shape, "layout-justify-content", at: at) {
            if let j = FlexLayout.Justify(rawValue: raw) {
                justify = j
            } else if raw != "stretch" {
                reading.warn(.invalidValue, "layout-justify-content \"\(raw.prefix(30))\" of \(at.described) is not start, center, end, space-between, space-around or space-evenly", id: at.id, name: at.name, pointer: at.pointer, lost: "how the items are spread (start used)")
            }
        }
        var align = FlexLayout.Align.start
        if let raw = reading.string(shape, "layout-align-items", at: at) {
            if let a = FlexLayout.Align(rawValue: raw) {
                align = a
            } else {
                reading.warn(.invalidValue, "layout-align-items \"\(raw.prefix(30))\" of \(at.described) is not start, center, end or stretch", id: at.id, name: at.name, pointer: at.pointer, lost: "the cross-axis alignment (start used)")
            }
        }
        // The children are not read yet (they are added after their parent), so the flow is set
        // once the page is read (`finishLayouts`).
        let layout = FlexLayout(
            horizontal: horizontal, gap: mainGap, padding: padding, justify: justify, align: align,
            hugsWidth: shape["layout-item-h-sizing"] == .string("auto"), hugsHeight: shape["layout-item-v-sizing"] == .string("auto"), flow: [])
        pendingFlows.append((n, direction.hasSuffix("-reverse"), shape["layout-wrap-type"] == .string("wrap")))
        return layout
    }

    /// Flex containers whose flow is set once their children are read: (node, reversed, wraps).
    var pendingFlows: [(node: Int, reversed: Bool, wraps: Bool)] = []

    /// Sets every flex container's flow (layer order reversed unless the direction is), and
    /// turns a wrapping layout whose items fill more than one line into a plain view.
    mutating func finishLayouts() {
        for (n, reversed, wraps) in pendingFlows {
            guard var layout = doc[n].layout else { continue }
            let arranged = doc[n].children.filter { !doc[$0].item.absolute }
            layout.flow = reversed ? arranged : arranged.reversed()
            if wraps {
                let visible = layout.flow.filter { !doc[$0].hidden }
                let lengths = visible.map { layout.horizontal ? doc[$0].frame.size.width : doc[$0].frame.size.height }
                let available = layout.horizontal
                    ? doc[n].frame.size.width - layout.padding.left - layout.padding.right
                    : doc[n].frame.size.height - layout.padding.top - layout.padding.bottom
                let needed = lengths.reduce(0, +) + layout.gap * Double(max(0, visible.count - 1))
                let hugs = layout.horizontal ? layout.hugsWidth : layout.hugsHeight
                if !hugs, needed > available + 0.5 {
                    let node = doc[n]
                    reading.warn(
                        .layoutApproximated, "\(DesignImport.describe(node)) wraps its items onto several lines, which UIStackView cannot: imported as a plain view, its children where Penpot put them",
                        id: node.id, name: node.name, pointer: node.pointer, lost: "wrapping on a resize")
                    doc[n].layout = nil
                    continue
                }
            }
            doc[n].layout = layout
        }
        pendingFlows.removeAll()
    }

    /// `interactions`: a `click` → `navigate:<board>` (`navigate`), `overlay:<board>`
    /// (`open-overlay`, `toggle-overlay`), `close:` (`close-overlay`), `back:` (`prev-screen`),
    /// `openURL:<url>` (`open-url`); other events (hover, mouse enter or leave, press, after a
    /// delay) are dropped with `interactionDropped`.
    mutating func taps(_ shape: JSONValue, at: DesignReading.Where) -> [String] {
        guard let value = shape["interactions"], value != .null else { return [] }
        guard case let .array(list) = value else {
            reading.invalid("interactions", value, expected: "a list", at: at, lost: "its prototype interactions")
            return []
        }
        var out: [String] = []
        for interaction in list {
            let event: String = if case let .string(e)? = interaction["event-type"] { e } else { "none" }
            let action: String = if case let .string(a)? = interaction["action-type"] { a } else { "none" }
            guard event == "click" else {
                reading.warn(
                    .interactionDropped, "\(at.described) has an interaction on \(event.prefix(30)): only a click has a UIKit counterpart here", id: at.id, name: at.name,
                    pointer: at.pointer, lost: "the \(event.prefix(30)) interaction (\(action.prefix(30)))")
                continue
            }
            let destination: String? = if case let .string(d)? = interaction["destination"] { d } else { nil }
            let selector: String?
            switch action {
            case "navigate": selector = destination.map { "navigate:" + $0 }
            case "open-overlay", "toggle-overlay": selector = destination.map { "overlay:" + $0 }
            case "close-overlay": selector = "close:"
            case "prev-screen": selector = "back:"
            case "open-url":
                let url: String = if case let .string(u)? = interaction["url"] { String(u.prefix(200)) } else { "" }
                selector = "openURL:" + url
            default:
                reading.warn(.interactionDropped, "a click on \(at.described) runs \(action.prefix(30)), which has no UIKit counterpart here", id: at.id, name: at.name, pointer: at.pointer, lost: "that action")
                continue
            }
            guard let selector else {
                reading.warn(.interactionDropped, "a click on \(at.described) (\(action)) has no destination", id: at.id, name: at.name, pointer: at.pointer, lost: "nothing (the link goes nowhere in Penpot either)")
                continue
            }
            if !out.contains(selector) { out.append(selector) }
        }
        return out
    }
}
