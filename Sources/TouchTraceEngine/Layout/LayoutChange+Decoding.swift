extension LayoutChange {
    /// The most changes one request may list.
    public static let maxChanges = 10_000
    /// The largest constraint index a `setConstraint` change may give (far past any view's
    /// constraints: the view's own count is checked when the change applies).
    public static let maxConstraintIndex = 1_000_000_000

    /// The properties a `set` change may assign.
    public static let settableProperties = [
        "hidden", "alpha", "userInteractionEnabled", "clipsToBounds", "multipleTouchEnabled", "exclusiveTouch",
        "zPosition", "enabled", "selected", "highlighted", "on", "autoresizingMask", "translatesAutoresizingMaskIntoConstraints",
        "intrinsicContentSize", "contentHugging", "compressionResistance", "text", "font", "touches", "actions", "pointInside",
    ]

    /// Each operation's fields besides `op`.
    static let fields: [(op: String, fields: [String])] = [
        ("setFrame", ["view", "frame"]), ("setBounds", ["view", "bounds"]), ("setCenter", ["view", "center"]),
        ("setTransform", ["view", "transform"]), ("set", ["view"] + settableProperties),
        ("addSubview", ["view", "subview", "to", "at", "above", "below"]), ("removeFromSuperview", ["view"]),
        ("bringSubviewToFront", ["view"]), ("sendSubviewToBack", ["view"]), ("setNeedsLayout", ["view"]),
        ("layoutIfNeeded", ["view"]), ("sizeToFit", ["view"]), ("scroll", ["view", "contentOffset"]),
        ("resizeWindow", ["window", "width", "height"]),
        ("addConstraint", ["view", "constraint"]),
        ("setConstraint", ["constraint", "view", "index", "constant", "priority", "active"]),
    ]

    /// Decodes a request's `changes` list found at `pointer`, adding every problem to `context`
    /// with its JSON pointer (`/changes/3/frame/width`). Checks the shape of each change; ids
    /// are checked against the scene when the changes apply (`Scene.applying(_:)`).
    package static func decodeList(_ value: JSONValue, at pointer: String, context: inout DecodeContext) -> [LayoutChange] {
        guard let items = context.array(value, at: pointer, what: "changes") else { return [] }
        if items.count > maxChanges {
            context.fail(pointer, "at most \(maxChanges) changes per request, not \(items.count)")
            return []
        }
        // The builder lends its field readers only: views that changes add are decoded, with the
        // request's limits, when the changes apply (`LayoutEngine`, `Scene.addSubviewTree`).
        var builder = SceneBuilder(limits: SceneLimits(), base: "")
        builder.context = context
        var result: [LayoutChange] = []
        for (i, item) in items.enumerated() {
            if let change = builder.readChange(item, at: JSONPointer.join(pointer, i)) { result.append(change) }
        }
        context = builder.context
        return result
    }
}

extension SceneBuilder {
    /// One change object; nil (with problems recorded) when it is not valid.
    mutating func readChange(_ value: JSONValue, at pointer: String) -> LayoutChange? {
        let p = { (key: String) in JSONPointer.join(pointer, key) }
        guard case let .object(members) = value else {
            context.fail(pointer, "a change must be an object with an \"op\", not \(value.typeName)")
            return nil
        }
        let names = LayoutChange.fields.map(\.op)
        guard let opValue = members.first(where: { $0.key == "op" })?.value else {
            context.fail(p("op"), "a change needs an \"op\": one of " + names.joined(separator: ", "))
            return nil
        }
        guard let op = context.string(opValue, at: p("op"), what: "op") else { return nil }
        guard let allowed = LayoutChange.fields.first(where: { $0.op == op })?.fields else {
            var message = "unknown op \"\(op)\"; expected one of: " + names.joined(separator: ", ")
            if let close = DecodeContext.closest(to: op, in: names) { message = "unknown op \"\(op)\" (did you mean \"\(close)\"?)" }
            context.fail(p("op"), message)
            return nil
        }
        guard let f = context.object(value, at: pointer, allowed: ["op"] + allowed, what: "a \(op) change") else { return nil }
        let before = context.problems.count
        func id(_ key: String) -> String? {
            guard let v = f[key] else {
                context.fail(p(key), "\(op) needs \"\(key)\" (an id)")
                return nil
            }
            return context.string(v, at: p(key), what: key)
        }
        func required(_ key: String, _ what: String) -> JSONValue? {
            if let v = f[key] { return v }
            context.fail(p(key), "\(op) needs \"\(key)\" (\(what))")
            return nil
        }
        /// The view a change names and a point under `key` (`setCenter`'s center, `scroll`'s
        /// offset): both read, so a change missing both reports both.
        func viewAndPoint(_ key: String) -> (view: String, point: Point)? {
            let view = id("view")
            let point = required(key, "{x, y}").flatMap { context.point($0, at: p(key), what: key) }
            guard let view, let point else { return nil }
            return (view, point)
        }
        var result: LayoutChange.Op?
        switch op {
        case "setFrame", "setBounds":
            let key = op == "setFrame" ? "frame" : "bounds"
            let view = id("view")
            let patch = required(key, "{x, y, width, height}; missing members keep their values").flatMap { readRectPatch($0, at: p(key), what: key) }
            if let view, let patch { result = op == "setFrame" ? .setFrame(view: view, frame: patch) : .setBounds(view: view, bounds: patch) }
        case "setCenter":
            if let (view, center) = viewAndPoint("center") { result = .setCenter(view: view, center: center) }
        case "setTransform":
            let view = id("view")
            let transform = required("transform", "{a, b, c, d, tx, ty} or {rotation, scaleX, scaleY, translateX, translateY}").flatMap { readTransform($0, at: p("transform")) }
            if let view, let transform { result = .setTransform(view: view, transform: transform) }
        case "set":
            let view = id("view")
            let properties = readProperties(f, at: pointer)
            if properties.isEmpty, context.problems.count == before {
                context.fail(pointer, "set needs at least one property: " + LayoutChange.settableProperties.joined(separator: ", "))
            }
            if let view { result = .set(view: view, properties: properties) }
        case "addSubview":
            result = readAddSubview(f, at: pointer)
        case "scroll":
            if let (view, offset) = viewAndPoint("contentOffset") { result = .scroll(view: view, contentOffset: offset) }
        case "addConstraint":
            let view = id("view")
            let spec = required("constraint", "a constraint object of the scene format").flatMap { value in
                readConstraint(value, at: p("constraint"), owner: view ?? "")
            }
            if let view, let spec { result = .addConstraint(view: view, constraint: spec) }
        case "setConstraint":
            var reference: LayoutChange.ConstraintReference?
            switch (f["constraint"], f["view"]) {
            case let (name?, nil):
                if f["index"] != nil { context.fail(p("index"), "\"index\" goes with \"view\", not with \"constraint\"") }
                if let s = context.string(name, at: p("constraint"), what: "constraint") { reference = .identifier(s) }
            case let (nil, view?):
                let owner = context.string(view, at: p("view"), what: "view")
                let index = required("index", "the constraint's index in the view's constraints").flatMap {
                    context.number($0, at: p("index"), min: 0, what: "index")
                }
                var position: Int?
                if let index {
                    if index != index.rounded() {
                        context.fail(p("index"), "index must be a whole number, not \(index)")
                    } else if let whole = Checked.int(exactly: index, in: 0...LayoutChange.maxConstraintIndex) {
                        position = whole
                    } else {
                        // Past any view's constraints (the limit on constraints is far lower); the
                        // view's own count is checked when the change applies.
                        context.fail(p("index"), "index must be at most \(LayoutChange.maxConstraintIndex), not \(JSONWriter.format(index))")
                    }
                }
                if let owner, let position { reference = .index(view: owner, index: position) }
            case (.some, .some):
                context.fail(pointer, "setConstraint names a constraint by \"constraint\" (its identifier) or by \"view\" and \"index\", not both")
            case (nil, nil):
                context.fail(pointer, "setConstraint needs \"constraint\" (an identifier) or \"view\" and \"index\"")
            }
            let constant = f["constant"].flatMap { context.number($0, at: p("constant"), what: "constant") }
            let priority = f["priority"].flatMap { context.number($0, at: p("priority"), min: 1, max: 1000, what: "priority") }
            let active = f["active"].flatMap { context.bool($0, at: p("active"), what: "active") }
            if f["constant"] == nil, f["priority"] == nil, f["active"] == nil {
                context.fail(pointer, "setConstraint needs at least one of constant, priority, active")
            }
            if let reference { result = .setConstraint(reference, constant: constant, priority: priority, active: active) }
        case "resizeWindow":
            let window = id("window")
            let width = required("width", "a number").flatMap { context.number($0, at: p("width"), min: 0, what: "width") }
            let height = required("height", "a number").flatMap { context.number($0, at: p("height"), min: 0, what: "height") }
            if let window, let width, let height { result = .resizeWindow(window: window, size: Size(width: width, height: height)) }
        default:
            guard let view = id("view") else { break }
            switch op {
            case "removeFromSuperview": result = .removeFromSuperview(view: view)
            case "bringSubviewToFront": result = .bringSubviewToFront(view: view)
            case "sendSubviewToBack": result = .sendSubviewToBack(view: view)
            case "setNeedsLayout": result = .setNeedsLayout(view: view)
            case "layoutIfNeeded": result = .layoutIfNeeded(view: view)
            default: result = .sizeToFit(view: view)
            }
        }
        guard context.problems.count == before, let result else { return nil }
        return LayoutChange(result, pointer: pointer)
    }

    mutating func readAddSubview(_ f: JSONFields, at pointer: String) -> LayoutChange.Op? {
        let p = { (key: String) in JSONPointer.join(pointer, key) }
        var source: LayoutChange.SubviewSource?
        switch (f["view"], f["subview"]) {
        case (nil, nil):
            context.fail(pointer, "addSubview needs \"view\" (an existing id, which moves) or \"subview\" (a new view object)")
        case (.some, .some):
            context.fail(p("subview"), "give either \"view\" (an existing id) or \"subview\" (a new view object), not both")
        case let (view?, nil):
            if let id = context.string(view, at: p("view"), what: "view") { source = .existing(id) }
        case let (nil, object?):
            if case .object = object {
                source = .new(object)
            } else {
                context.fail(p("subview"), "subview must be a view object, not \(object.typeName)")
            }
        }
        var position = LayoutChange.SubviewPosition.front
        let placements = ["at", "above", "below"].filter { f[$0] != nil }
        if placements.count > 1 {
            context.fail(p(placements[1]), "give one of \"at\", \"above\" and \"below\", not \(placements.joined(separator: " and "))")
        }
        if let v = f["at"], let n = context.integer(v, at: p("at"), min: 0, max: 1_000_000, what: "at") { position = .index(n) }
        if let v = f["above"], let id = context.string(v, at: p("above"), what: "above") { position = .above(id) }
        if let v = f["below"], let id = context.string(v, at: p("below"), what: "below") { position = .below(id) }
        var parent: String?
        if let v = f["to"] {
            parent = context.string(v, at: p("to"), what: "to")
        } else if f["above"] == nil, f["below"] == nil {
            context.fail(p("to"), "addSubview needs \"to\" (the id of the new superview), or \"above\" or \"below\" (a sibling)")
        }
        guard let source else { return nil }
        return .addSubview(subview: source, to: parent, position: position)
    }

    /// A rectangle whose members are optional (at least one).
    mutating func readRectPatch(_ value: JSONValue, at pointer: String, what: String) -> RectPatch? {
        guard let fields = context.object(value, at: pointer, allowed: ["x", "y", "width", "height"], what: what) else { return nil }
        if fields.isEmpty {
            context.fail(pointer, "\(what) needs at least one of x, y, width, height")
            return nil
        }
        var patch = RectPatch()
        var ok = true
        for key in ["x", "y", "width", "height"] {
            guard let v = fields[key] else { continue }
            let isSize = key == "width" || key == "height"
            guard let n = context.number(v, at: JSONPointer.join(pointer, key), min: isSize ? 0 : nil, what: "\(what).\(key)") else {
                ok = false
                continue
            }
            switch key {
            case "x": patch.x = n
            case "y": patch.y = n
            case "width": patch.width = n
            default: patch.height = n
            }
        }
        return ok ? patch : nil
    }

    /// The properties of a `set` change, read with the scene decoder's field readers.
    mutating func readProperties(_ f: JSONFields, at pointer: String) -> [ViewProperty] {
        let p = { (key: String) in JSONPointer.join(pointer, key) }
        var result: [ViewProperty] = []
        let flags: [(String, (Bool) -> ViewProperty)] = [
            ("hidden", ViewProperty.hidden), ("userInteractionEnabled", ViewProperty.userInteractionEnabled),
            ("clipsToBounds", ViewProperty.clipsToBounds), ("multipleTouchEnabled", ViewProperty.multipleTouchEnabled),
            ("exclusiveTouch", ViewProperty.exclusiveTouch), ("enabled", ViewProperty.enabled),
            ("selected", ViewProperty.selected), ("highlighted", ViewProperty.highlighted), ("on", ViewProperty.on),
            ("translatesAutoresizingMaskIntoConstraints", ViewProperty.translatesAutoresizingMaskIntoConstraints),
        ]
        for (key, make) in flags {
            readFlag(f, key, at: pointer) { result.append(make($0)) }
        }
        if let v = f["alpha"], let alpha = context.number(v, at: p("alpha"), min: 0, max: 1, what: "alpha") {
            result.append(.alpha(alpha))
        }
        if let v = f["zPosition"], let z = context.number(v, at: p("zPosition"), what: "zPosition") { result.append(.zPosition(z)) }
        // The layout fields go through the scene decoder's own reader, on a scratch view.
        let layoutKeys = ["autoresizingMask", "intrinsicContentSize"]
        if layoutKeys.contains(where: { f[$0] != nil }) {
            var scratch = ViewNode(id: "#set", viewClass: .UIView, parent: 0)
            let before = context.problems.count
            readLayout(JSONFields(f.filter { layoutKeys.contains($0.key) }), into: &scratch, at: pointer, view: -1)
            if context.problems.count == before {
                if f["autoresizingMask"] != nil { result.append(.autoresizingMask(scratch.layout.autoresizingMask)) }
                if f["intrinsicContentSize"] != nil { result.append(.intrinsicContentSize(scratch.layout.intrinsicContentSize)) }
            }
        }
        for key in ["contentHugging", "compressionResistance"] {
            guard let v = f[key], let o = context.object(v, at: p(key), allowed: ["horizontal", "vertical"], what: key) else { continue }
            let before = context.problems.count
            var axes: [Double?] = [nil, nil]
            for (k, axis) in ["horizontal", "vertical"].enumerated() {
                if let x = o[axis] { axes[k] = context.number(x, at: p(key) + "/" + axis, min: 1, max: 1000, what: "priority") }
            }
            if o.isEmpty { context.fail(p(key), "\(key) needs horizontal, vertical or both") }
            guard context.problems.count == before else { continue }
            result.append(key == "contentHugging"
                ? .contentHugging(horizontal: axes[0], vertical: axes[1])
                : .compressionResistance(horizontal: axes[0], vertical: axes[1]))
        }
        if let v = f["text"] {
            if v == .null {
                result.append(.text(nil))
            } else if let s = context.string(v, at: p("text"), what: "text") {
                result.append(.text(s))
            }
        }
        if f["font"] != nil {
            var scratch = ViewNode(id: "#set", viewClass: .UIView, parent: 0)
            let before = context.problems.count
            readText(JSONFields(f.filter { $0.key == "font" }), into: &scratch, at: pointer)
            if context.problems.count == before { result.append(.font(scratch.fontSize)) }
        }
        if let v = f["touches"], let t = context.choice(v, at: p("touches"), as: TouchHandling.self, what: "touches handling") {
            result.append(.touches(t))
        }
        if let v = f["actions"] {
            let before = context.problems.count
            let actions = readActions(v, at: p("actions"))
            if context.problems.count == before { result.append(.actions(actions)) }
        }
        if let v = f["pointInside"], let area = readTouchArea(v, at: p("pointInside")) {
            result.append(.pointInside(area))
        }
        return result
    }
}
