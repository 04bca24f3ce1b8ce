import Foundation
import TouchTraceEngine

/// A scene document (docs/scene-format.md) assembled from drafts, with its `origin`: the source
/// format, file and the map from every scene id to the source element it came from. Importers
/// fill `views` and `windows`; `json` writes the document, subviews nested, without recursion.
public struct SceneDocument: Sendable {
    public var name: String?
    public var format: ImportFormat
    public var file: String?
    /// All views, windows included; `windows` and `ViewDraft.subviews` index into it.
    public var views: [ViewDraft] = []
    public var windows: [Int] = []

    public init(format: ImportFormat, file: String?, name: String?) {
        self.format = format
        self.file = file
        self.name = name
    }

    /// Adds a view and returns its index; with `parent`, as its front-most subview.
    @discardableResult
    public mutating func add(_ view: ViewDraft, to parent: Int?) -> Int {
        let index = views.count
        views.append(view)
        if let parent { views[parent].subviews.append(index) } else { windows.append(index) }
        return index
    }

    /// Scene id → source id, for every object that came from a source element: views, view
    /// controllers, gesture recognizers and layout guides of the windows' trees.
    public var ids: [String: String] {
        let order = reachable
        var map: [String: String] = [:]
        map.reserveCapacity(order.count)
        // Each view's fields read in place: a view draft is large, and a copy of it retains
        // every string and array it holds.
        views.withUnsafeBufferPointer { views in
            for index in order {
                if let s = views[index].sourceID { map[views[index].id] = s }
                if let c = views[index].viewController, let s = c.sourceID { map[c.id] = s }
                for r in views[index].gestureRecognizers { if let s = r.sourceID { map[r.id] = s } }
                for g in views[index].layoutGuides { if let s = g.sourceID { map[g.id] = s } }
                if let bar = views[index].bar {
                    for item in [bar.backItem].compactMap({ $0 }) + bar.leftItems + bar.rightItems + bar.items {
                        if let s = item.sourceID { map[item.id] = s }
                    }
                }
            }
        }
        return map
    }

    /// The views in the windows' trees, in document order (pre-order).
    public var reachable: [Int] {
        var result: [Int] = []
        var stack = Array(windows.reversed())
        while let v = stack.popLast() {
            result.append(v)
            stack.append(contentsOf: views[v].subviews.reversed())
        }
        return result
    }

    /// The JSON pointer of every view in the document `json` writes, by index.
    public var pointers: [Int: String] {
        var result: [Int: String] = [:]
        var stack: [(Int, String)] = windows.count == 1
            ? [(windows[0], "/window")] : windows.enumerated().map { ($0.element, "/windows/\($0.offset)") }.reversed()
        while let (v, pointer) = stack.popLast() {
            result[v] = pointer
            for (i, s) in views[v].subviews.enumerated().reversed() { stack.append((s, pointer + "/subviews/\(i)")) }
        }
        return result
    }

    /// The scene document: `format`, `name`, `origin` and `window` (or `windows`).
    public var json: JSONValue { json(ids: ids) }

    /// The scene document with `origin.ids` given (``ids``, when the caller needs the map too:
    /// it walks every view). The ids are members in the map's order; writers sort keys.
    public func json(ids: [String: String]) -> JSONValue {
        // Post-order without recursion: every view's JSON is built after its subviews'.
        let order = reachable
        var built = [JSONValue?](repeating: nil, count: views.count)
        views.withUnsafeBufferPointer { views in
            for v in order.reversed() {
                var subviews: [JSONValue] = []
                subviews.reserveCapacity(views[v].subviews.count)
                for s in views[v].subviews {
                    if let json = built[s] {
                        subviews.append(json)
                        built[s] = nil
                    }
                }
                built[v] = Self.viewJSON(views[v], subviews: subviews)
            }
        }
        var members: [(key: String, value: JSONValue)] = [("format", .string(SceneDecoder.format))]
        if let name { members.append(("name", .string(name))) }
        var origin: [(key: String, value: JSONValue)] = [("format", .string(format.rawValue))]
        if let file { origin.append(("file", .string(file))) }
        origin.append(("ids", .object(ids.map { ($0.key, .string($0.value)) })))
        members.append(("origin", .object(origin)))
        if windows.count == 1 {
            members.append(("window", built[windows[0]] ?? .null))
        } else {
            members.append(("windows", .array(windows.compactMap { built[$0] })))
        }
        return .object(members)
    }

    static func viewJSON(_ v: ViewDraft, subviews: [JSONValue]) -> JSONValue {
        var m: [(key: String, value: JSONValue)] = []
        m.reserveCapacity(8)
        m.append(("id", .string(v.id)))
        m.append(("class", .string(v.viewClass.rawValue)))
        func add(_ key: String, _ value: JSONValue?) { if let value { m.append((key, value)) } }
        add("customClass", v.customClass.map(JSONValue.string))
        add("frame", v.frame.map(Self.rect))
        add("transform", v.transform.map(Self.transform))
        add("hidden", v.hidden.map(JSONValue.bool))
        add("alpha", v.alpha.map(JSONValue.number))
        add("userInteractionEnabled", v.userInteractionEnabled.map(JSONValue.bool))
        add("clipsToBounds", v.clipsToBounds.map(JSONValue.bool))
        add("multipleTouchEnabled", v.multipleTouchEnabled.map(JSONValue.bool))
        add("exclusiveTouch", v.exclusiveTouch.map(JSONValue.bool))
        if !v.autoresizingMask.isEmpty {
            add("autoresizingMask", .array(AutoresizingMask.named.filter { v.autoresizingMask.contains($0.mask) }.map { .string($0.name) }))
        }
        if !v.translatesAutoresizingMaskIntoConstraints { add("translatesAutoresizingMaskIntoConstraints", .bool(false)) }
        add("intrinsicContentSize", v.intrinsicContentSize.map { .obj(["width": .number($0.width), "height": .number($0.height)]) })
        add("contentHugging", v.contentHugging.map(Self.priorities))
        add("compressionResistance", v.compressionResistance.map(Self.priorities))
        add("layoutMargins", v.layoutMargins.map(Self.insets))
        add("directionalLayoutMargins", v.directionalLayoutMargins.map {
            .obj(["top": .number($0.top), "leading": .number($0.leading), "bottom": .number($0.bottom), "trailing": .number($0.trailing)])
        })
        add("safeAreaInsets", v.safeAreaInsets.map(Self.insets))
        add("alignmentRectInsets", v.alignmentRectInsets.map(Self.insets))
        add("semanticContentAttribute", v.semanticContentAttribute.map { .string($0.rawValue) })
        add("stack", v.stack.map(Self.stack))
        add("control", v.control.map(Self.control))
        add("scroll", v.scroll.flatMap(Self.scroll))
        if !v.gestureRecognizers.isEmpty { add("gestureRecognizers", .array(v.gestureRecognizers.map(Self.recognizer))) }
        if !v.layoutGuides.isEmpty { add("layoutGuides", .array(v.layoutGuides.map { .obj(["id": .string($0.id)]) })) }
        if !v.constraints.isEmpty { add("constraints", .array(v.constraints.map(Self.constraint))) }
        if !v.actions.isEmpty { add("actions", .array(v.actions.map(JSONValue.string))) }
        if let c = v.viewController {
            var vc: [(key: String, value: JSONValue)] = [("id", .string(c.id))]
            if let customClass = c.customClass { vc.append(("customClass", .string(customClass))) }
            if !c.actions.isEmpty { vc.append(("actions", .array(c.actions.map(JSONValue.string)))) }
            if let p = c.presentingViewController { vc.append(("presentingViewController", .string(p))) }
            add("viewController", .object(vc))
        }
        add("selection", v.selection.map(Self.selection))
        add("cell", v.cell.map(Self.cell))
        add("bar", v.bar.map(Self.bar))
        add("text", v.text.map(JSONValue.string))
        add("accessibilityIdentifier", v.accessibilityIdentifier.map(JSONValue.string))
        add("font", v.font.map(JSONValue.number))
        if !subviews.isEmpty { add("subviews", .array(subviews)) }
        return .object(m)
    }

    static func selection(_ l: ListDraft) -> JSONValue {
        var m: [(key: String, value: JSONValue)] = []
        if let v = l.allowsSelection { m.append(("allowsSelection", .bool(v))) }
        if let v = l.allowsMultipleSelection { m.append(("allowsMultipleSelection", .bool(v))) }
        if let v = l.delegate { m.append(("delegate", .string(v))) }
        return .object(m)
    }

    static func cell(_ c: CellDraft) -> JSONValue {
        var m: [(key: String, value: JSONValue)] = [
            ("indexPath", .obj(["section": .number(Double(c.section)), (c.table ? "row" : "item"): .number(Double(c.item))]))
        ]
        if let v = c.selected { m.append(("selected", .bool(v))) }
        if !c.selectionActions.isEmpty {
            m.append(("selectionActions", .array(c.selectionActions.map { .obj(["target": .string(orNull: $0.target), "action": .string($0.action)]) })))
        }
        return .object(m)
    }

    static func bar(_ b: BarDraft) -> JSONValue {
        func item(_ i: BarDraft.Item) -> JSONValue {
            var m: [(key: String, value: JSONValue)] = [("id", .string(i.id))]
            if let v = i.title { m.append(("title", .string(v))) }
            if let v = i.enabled { m.append(("enabled", .bool(v))) }
            if let v = i.action {
                m.append(("action", .string(v)))
                m.append(("target", .string(orNull: i.target)))
            }
            if let v = i.viewController { m.append(("viewController", .string(v))) }
            return .object(m)
        }
        var m: [(key: String, value: JSONValue)] = []
        if let v = b.backItem { m.append(("backItem", item(v))) }
        if !b.leftItems.isEmpty { m.append(("leftItems", .array(b.leftItems.map(item)))) }
        if !b.rightItems.isEmpty { m.append(("rightItems", .array(b.rightItems.map(item)))) }
        if !b.items.isEmpty { m.append(("items", .array(b.items.map(item)))) }
        if let v = b.selectedIndex { m.append(("selectedIndex", .number(Double(v)))) }
        if let v = b.tabBarController { m.append(("tabBarController", .string(v))) }
        if let v = b.delegate { m.append(("delegate", .string(v))) }
        return .object(m)
    }

    static func rect(_ r: Rect) -> JSONValue {
        .obj(["x": .number(r.minX), "y": .number(r.minY), "width": .number(r.size.width), "height": .number(r.size.height)])
    }

    /// A rotation (within 1e-6: design tools store matrices in single precision) as
    /// `{"rotation": degrees}`, clockwise on screen, to a millionth of a degree (2e-5 pt over
    /// 1,000 pt); any other transform as its matrix.
    static func transform(_ t: Transform2D) -> JSONValue {
        let det = t.a * t.d - t.b * t.c
        if abs(t.a - t.d) < 1e-6, abs(t.b + t.c) < 1e-6, abs(det - 1) < 1e-5, t.tx == 0, t.ty == 0 {
            let degrees = (atan2(t.b, t.a) * 180 / Double.pi * 1e6).rounded() / 1e6
            return .obj(["rotation": .number(degrees == 0 ? 0 : degrees)])
        }
        return .obj(["a": .number(t.a), "b": .number(t.b), "c": .number(t.c), "d": .number(t.d), "tx": .number(t.tx), "ty": .number(t.ty)])
    }

    static func insets(_ e: EdgeInsets) -> JSONValue {
        .obj(["top": .number(e.top), "left": .number(e.left), "bottom": .number(e.bottom), "right": .number(e.right)])
    }

    static func priorities(_ p: AxisPriorities) -> JSONValue {
        .obj(["horizontal": .number(p.horizontal), "vertical": .number(p.vertical)])
    }

    static func stack(_ s: StackDraft) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("axis", .string(s.axis.rawValue)), ("distribution", .string(s.distribution.rawValue)),
            ("alignment", .string(s.alignment.rawValue)), ("spacing", .number(s.spacing)),
            ("layoutMarginsRelativeArrangement", .bool(s.layoutMarginsRelativeArrangement)),
        ]
        if s.baselineRelativeArrangement { members.append(("baselineRelativeArrangement", .bool(true))) }
        return .object(members)
    }

    static func control(_ c: ControlDraft) -> JSONValue {
        var m: [(key: String, value: JSONValue)] = []
        if let v = c.enabled { m.append(("enabled", .bool(v))) }
        if let v = c.selected { m.append(("selected", .bool(v))) }
        if let v = c.highlighted { m.append(("highlighted", .bool(v))) }
        if let v = c.on { m.append(("on", .bool(v))) }
        for (key, value) in c.values.sorted(by: { $0.key < $1.key }) { m.append((key, .number(value))) }
        for (key, value) in c.flags.sorted(by: { $0.key < $1.key }) { m.append((key, .bool(value))) }
        if !c.targets.isEmpty {
            m.append(("targets", .array(c.targets.map {
                .obj(["target": .string(orNull: $0.target), "action": .string($0.action), "events": .array($0.events.names.map(JSONValue.string))])
            })))
        }
        return .object(m)
    }

    static func scroll(_ s: ScrollDraft) -> JSONValue? {
        var m: [(key: String, value: JSONValue)] = []
        if let v = s.contentSize { m.append(("contentSize", .obj(["width": .number(v.width), "height": .number(v.height)]))) }
        if let v = s.contentOffset { m.append(("contentOffset", .obj(["x": .number(v.x), "y": .number(v.y)]))) }
        if let v = s.contentInset { m.append(("contentInset", insets(v))) }
        if let v = s.delaysContentTouches { m.append(("delaysContentTouches", .bool(v))) }
        if let v = s.canCancelContentTouches { m.append(("canCancelContentTouches", .bool(v))) }
        return m.isEmpty ? nil : .object(m)
    }

    static func recognizer(_ r: RecognizerDraft) -> JSONValue {
        var m: [(key: String, value: JSONValue)] = [("id", .string(r.id)), ("type", .string(r.kind.rawValue))]
        if let v = r.enabled { m.append(("enabled", .bool(v))) }
        if let v = r.numberOfTapsRequired { m.append(("numberOfTapsRequired", .number(Double(v)))) }
        if let v = r.numberOfTouchesRequired { m.append(("numberOfTouchesRequired", .number(Double(v)))) }
        if let v = r.minimumPressDuration { m.append(("minimumPressDuration", .number(v))) }
        if let v = r.cancelsTouchesInView { m.append(("cancelsTouchesInView", .bool(v))) }
        if let v = r.delaysTouchesBegan { m.append(("delaysTouchesBegan", .bool(v))) }
        if let v = r.delaysTouchesEnded { m.append(("delaysTouchesEnded", .bool(v))) }
        if !r.targets.isEmpty {
            m.append(("targets", .array(r.targets.map { .obj(["target": .string(orNull: $0.target), "action": .string($0.action)]) })))
        }
        return .object(m)
    }

    static func constraint(_ c: ConstraintDraft) -> JSONValue {
        var m: [(key: String, value: JSONValue)] = [
            ("firstItem", .string(c.firstItem)), ("firstAttribute", .string(c.firstAttribute)),
        ]
        if c.relation != .equal { m.append(("relation", .string(c.relation.rawValue))) }
        if let s = c.secondItem { m.append(("secondItem", .string(s))) }
        if let a = c.secondAttribute, c.secondItem != nil { m.append(("secondAttribute", .string(a))) }
        if c.multiplier != 1 { m.append(("multiplier", .number(c.multiplier))) }
        if c.constant != 0 { m.append(("constant", .number(c.constant))) }
        if c.priority != 1000 { m.append(("priority", .number(c.priority))) }
        if let identifier = c.identifier { m.append(("identifier", .string(identifier))) }
        return .object(m)
    }
}
