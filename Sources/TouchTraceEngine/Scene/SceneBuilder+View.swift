extension SceneBuilder {
    static let viewFields = [
        "id", "class", "customClass", "frame", "center", "bounds", "transform", "level", "hidden", "alpha",
        "userInteractionEnabled", "clipsToBounds", "multipleTouchEnabled", "exclusiveTouch", "zPosition", "pointInside",
        "hitTest", "touches", "actions", "viewController", "control", "gestureRecognizers", "scroll",
        "autoresizingMask", "translatesAutoresizingMaskIntoConstraints", "constraints", "layoutGuides",
        "intrinsicContentSize", "contentHugging", "compressionResistance", "layoutMargins", "directionalLayoutMargins",
        "safeAreaInsets", "alignmentRectInsets", "semanticContentAttribute", "stack", "text", "font", "accessibilityIdentifier", "selection", "cell", "textView", "bar",
        "animation", "subviews",
    ]
}

/// The fields of a view object, in the order of ``SceneBuilder/viewFields`` (the order the
/// unknown-field message lists them in): the view reader asks for each of them by place.
enum ViewField: Int, JSONFieldKey {
    case id, `class`, customClass, frame, center, bounds, transform, level, hidden, alpha
    case userInteractionEnabled, clipsToBounds, multipleTouchEnabled, exclusiveTouch, zPosition, pointInside
    case hitTest, touches, actions, viewController, control, gestureRecognizers, scroll
    case autoresizingMask, translatesAutoresizingMaskIntoConstraints, constraints, layoutGuides
    case intrinsicContentSize, contentHugging, compressionResistance, layoutMargins, directionalLayoutMargins
    case safeAreaInsets, alignmentRectInsets, semanticContentAttribute, stack, text, font, accessibilityIdentifier, selection, cell, textView, bar
    case animation, subviews

    static let names = JSONFieldNames(SceneBuilder.viewFields)
}

extension SceneBuilder {

    /// Reads one view object into the arena. Returns its index and its `subviews` items.
    mutating func readView(_ json: JSONValue, at pointer: String, parent: Int?) -> (Int, [JSONValue]?)? {
        guard let f = context.object(json, at: pointer, fields: ViewField.self, what: "a view") else { return nil }
        let index = views.count
        let p = { (key: String) in JSONPointer.join(pointer, key) }

        var id = "#\(index)"
        if let value = f[ViewField.id] {
            if let valid = context.identifier(value, at: p("id")) {
                id = valid
                register(valid, as: .view(index), idOf: pointer)
            }
        } else {
            context.fail(pointer, "a view needs an \"id\"")
        }

        var viewClass: ViewClass = parent == nil ? .UIWindow : .UIView
        if let value = f[ViewField.`class`], let name = context.string(value, at: p("class"), what: "class") {
            if let known = ViewClass(rawValue: name), known.isDeclarable {
                viewClass = known
            } else if ViewClass(rawValue: name) != nil {
                context.fail(p("class"), "\(name) is not a view a document declares: a bar makes one for each item of its \"bar\" object")
            } else {
                context.fail(p("class"), "unknown class \"\(name)\"; known classes: \(ViewClass.knownNames) (put an app's own subclass in \"customClass\")")
            }
        }
        if parent == nil, viewClass != .UIWindow {
            context.fail(p("class"), "a top-level view is a window: its class must be UIWindow, not \(viewClass.rawValue)")
        } else if parent != nil, viewClass == .UIWindow {
            context.fail(p("class"), "a UIWindow can only be a top-level window, not a subview")
        }

        var node = ViewNode(id: id, viewClass: viewClass, parent: parent)
        if let value = f[ViewField.customClass] { node.customClass = context.string(value, at: p("customClass"), what: "customClass") }
        readGeometry(f, into: &node, at: pointer)
        if let value = f[ViewField.level] {
            if parent != nil {
                context.fail(p("level"), "level is for windows only (UIWindow.Level)")
            } else if let n = context.number(value, at: p("level"), what: "level") {
                node.level = n
            }
        }
        readFlag(f, ViewField.hidden, at: pointer) { node.hidden = $0 }
        readFlag(f, ViewField.userInteractionEnabled, at: pointer) { node.userInteractionEnabled = $0 }
        readFlag(f, ViewField.clipsToBounds, at: pointer) { node.clipsToBounds = $0 }
        readFlag(f, ViewField.multipleTouchEnabled, at: pointer) { node.multipleTouchEnabled = $0 }
        readFlag(f, ViewField.exclusiveTouch, at: pointer) { node.exclusiveTouch = $0 }
        if let value = f[ViewField.alpha], let alpha = context.number(value, at: p("alpha"), min: 0, max: 1, what: "alpha") {
            node.alpha = alpha
        }
        if let value = f[ViewField.zPosition], let z = context.number(value, at: p("zPosition"), what: "zPosition") {
            node.zPosition = z
            if z != 0 { usesZPosition = true }
        }
        if let value = f[ViewField.pointInside] { node.pointInside = readTouchArea(value, at: p("pointInside")) ?? .bounds }
        if let value = f[ViewField.hitTest] { node.hitTest = readHitTest(value, at: p("hitTest"), view: index) }
        if let value = f[ViewField.touches],
            let handling = context.choice(value, at: p("touches"), as: TouchHandling.self, what: "touches handling")
        {
            node.touches = handling
        }
        if let value = f[ViewField.actions] { node.actions = readActions(value, at: p("actions")) }
        if let value = f[ViewField.viewController] { node.viewController = readViewController(value, at: p("viewController"), view: index) }
        if let value = f[ViewField.control] {
            if viewClass.isControl {
                node.control = readControl(value, at: p("control"), viewClass: viewClass)
            } else {
                context.fail(p("control"), "\"control\" is only for UIControl classes, not \(viewClass.rawValue)")
            }
        }
        if let value = f[ViewField.gestureRecognizers] {
            node.gestureRecognizers = readGestureRecognizers(value, at: p("gestureRecognizers"), view: index)
        }
        if let value = f[ViewField.scroll] {
            if viewClass.isScrollView {
                node.scroll = readScroll(value, at: p("scroll"), geometry: &node.geometry)
            } else {
                context.fail(p("scroll"), "\"scroll\" is only for UIScrollView classes, not \(viewClass.rawValue)")
            }
        }
        readLayout(f, into: &node, at: pointer, view: index)
        readText(f, into: &node, at: pointer)
        readClassRole(f, into: &node, at: pointer, view: index)
        if let value = f[ViewField.animation], let animation = readAnimation(value, at: p("animation")) {
            node.animation = animation
        }

        var subviews: [JSONValue]?
        if let value = f[ViewField.subviews] { subviews = context.array(value, at: p("subviews"), what: "subviews") }
        views.append(node)
        return (index, subviews)
    }

    /// `animation` (H10): `{"kind", "allowsUserInteraction", "presentationFrame"}`. `kind` is
    /// required; `allowsUserInteraction` defaults to the documentation's default for the kind
    /// (false for `uiViewAnimate`, true for `propertyAnimator`); Core Animation alone never
    /// switches touches off, so `false` there is a problem.
    mutating func readAnimation(_ value: JSONValue, at pointer: String) -> ViewAnimation? {
        guard let f = context.object(value, at: pointer, allowed: ["kind", "allowsUserInteraction", "presentationFrame"], what: "an animation")
        else { return nil }
        let p = { (key: String) in JSONPointer.join(pointer, key) }
        guard let kindValue = f["kind"] else {
            context.fail(pointer, "an animation needs a \"kind\": " + ViewAnimation.Kind.allCases.map(\.rawValue).joined(separator: ", "))
            return nil
        }
        guard let kind = context.choice(kindValue, at: p("kind"), as: ViewAnimation.Kind.self, what: "animation kind") else { return nil }
        var allows: Bool?
        if let v = f["allowsUserInteraction"], let b = context.bool(v, at: p("allowsUserInteraction"), what: "allowsUserInteraction") {
            if kind == .coreAnimation, !b {
                context.fail(
                    p("allowsUserInteraction"),
                    "an animation added to a layer with Core Animation alone does not switch touches off (H10); use \"uiViewAnimate\" or \"propertyAnimator\"")
            }
            allows = b
        }
        var presentation: Rect?
        if let v = f["presentationFrame"] { presentation = context.rect(v, at: p("presentationFrame"), what: "presentationFrame") }
        return ViewAnimation(kind: kind, allowsUserInteraction: kind == .coreAnimation ? true : allows, presentationFrame: presentation)
    }

    /// `text` (a label's text or a button's title) and `font` (its point size, default 17).
    mutating func readText(_ f: JSONFields, into node: inout ViewNode, at pointer: String) {
        if let value = f[ViewField.text] { node.text = context.string(value, at: JSONPointer.join(pointer, "text"), what: "text") }
        if let value = f[ViewField.accessibilityIdentifier] {
            node.accessibilityIdentifier = context.string(value, at: JSONPointer.join(pointer, "accessibilityIdentifier"), what: "accessibilityIdentifier")
        }
        if let value = f[ViewField.font],
            let size = context.number(value, at: JSONPointer.join(pointer, "font"), min: 0, max: 10_000, what: "font size")
        {
            node.fontSize = size
        }
    }

    mutating func readFlag(_ f: JSONFields, _ key: String, at pointer: String, _ apply: (Bool) -> Void) {
        guard let value = f[key] else { return }
        if let b = context.bool(value, at: JSONPointer.join(pointer, key), what: key) { apply(b) }
    }

    /// ``readFlag(_:_:at:_:)`` for a field asked for by place.
    mutating func readFlag<K: JSONFieldKey>(_ f: JSONFields, _ key: K, at pointer: @autoclosure () -> String, _ apply: (Bool) -> Void) {
        guard let value = f[key] else { return }
        if let b = context.bool(value, at: JSONPointer.join(pointer(), key.name), what: key.name) { apply(b) }
    }

    /// `frame`, or `center` and `bounds`, and `transform` (rules L1 and H5).
    mutating func readGeometry(_ f: JSONFields, into node: inout ViewNode, at pointer: String) {
        let p = { (key: String) in JSONPointer.join(pointer, key) }
        var transform = Transform2D.identity
        if let value = f[ViewField.transform], let t = readTransform(value, at: p("transform")) { transform = t }
        var frame: Rect?
        if let value = f[ViewField.frame] { frame = context.rect(value, at: p("frame"), what: "frame") }
        var bounds: Rect?
        if let value = f[ViewField.bounds] {
            bounds = context.rect(value, at: p("bounds"), what: "bounds", defaults: Rect(origin: .zero, size: frame?.size ?? .zero))
        }
        var center: Point?
        if let value = f[ViewField.center] { center = context.point(value, at: p("center"), what: "center") }
        if f[ViewField.frame] != nil, f[ViewField.center] != nil {
            context.fail(p("center"), "give either \"frame\" or \"center\" (with \"bounds\"), not both")
        }
        if let frame, let bounds, bounds.size != frame.size {
            context.fail(p("bounds"), "bounds size (\(JSONWriter.format(bounds.size.width))×\(JSONWriter.format(bounds.size.height))) differs from frame size (\(JSONWriter.format(frame.size.width))×\(JSONWriter.format(frame.size.height))); give the size once")
        }
        let boundsRect = bounds ?? Rect(origin: .zero, size: frame?.size ?? .zero)
        if let frame {
            node.geometry = ViewGeometry(frame: frame, boundsOrigin: boundsRect.origin, transform: transform)
        } else {
            node.geometry = ViewGeometry(center: center ?? .zero, bounds: boundsRect, transform: transform)
        }
        node.geometryGiven = frame != nil || center != nil || bounds != nil
    }

    static let matrixFields = ["a", "b", "c", "d", "tx", "ty"]
    static let partsFields = ["rotation", "scaleX", "scaleY", "translateX", "translateY"]

    /// `{a, b, c, d, tx, ty}` or `{rotation, scaleX, scaleY, translateX, translateY}`; the parts
    /// apply in the order scale, rotation, translation.
    mutating func readTransform(_ value: JSONValue, at pointer: String) -> Transform2D? {
        guard let f = context.object(value, at: pointer, allowed: Self.matrixFields + Self.partsFields, what: "transform") else {
            return nil
        }
        let usesMatrix = Self.matrixFields.contains { f[$0] != nil }
        let usesParts = Self.partsFields.contains { f[$0] != nil }
        if usesMatrix, usesParts {
            context.fail(pointer, "a transform is either a matrix {a, b, c, d, tx, ty} or parts {rotation, scaleX, scaleY, translateX, translateY}, not both")
            return nil
        }
        var numbers: [String: Double] = [:]
        var ok = true
        for (key, v) in f {
            if let n = context.number(v, at: JSONPointer.join(pointer, key), what: "transform.\(key)") {
                numbers[key] = n
            } else {
                ok = false
            }
        }
        guard ok else { return nil }
        if usesMatrix {
            return Transform2D(
                a: numbers["a"] ?? 1, b: numbers["b"] ?? 0, c: numbers["c"] ?? 0, d: numbers["d"] ?? 1,
                tx: numbers["tx"] ?? 0, ty: numbers["ty"] ?? 0)
        }
        return Transform2D.scale(x: numbers["scaleX"] ?? 1, y: numbers["scaleY"] ?? 1)
            .concatenating(.rotation(degrees: numbers["rotation"] ?? 0))
            .concatenating(.translation(x: numbers["translateX"] ?? 0, y: numbers["translateY"] ?? 0))
    }

    /// `pointInside` shapes (rule H9).
    mutating func readTouchArea(_ value: JSONValue, at pointer: String) -> TouchArea? {
        guard case let .object(members) = value else {
            context.fail(pointer, "pointInside must be an object with a \"shape\", not \(value.typeName)")
            return nil
        }
        let shapes = ["insets", "circle", "roundedRect", "rects", "polygon", "never", "bounds"]
        guard let shapeValue = members.first(where: { $0.key == "shape" })?.value else {
            context.fail(pointer + "/shape", "pointInside needs a \"shape\": one of " + shapes.joined(separator: ", "))
            return nil
        }
        guard let shape = context.string(shapeValue, at: pointer + "/shape", what: "shape") else { return nil }
        switch shape {
        case "bounds":
            _ = context.object(value, at: pointer, allowed: ["shape"], what: "pointInside")
            return .bounds
        case "never":
            _ = context.object(value, at: pointer, allowed: ["shape"], what: "pointInside")
            return .never
        case "insets":
            return context.insets(value, at: pointer, what: "pointInside", allowedExtra: ["shape"]).map(TouchArea.insets)
        case "circle":
            guard let f = context.object(value, at: pointer, allowed: ["shape", "cornerRadius", "radius"], what: "pointInside") else { return nil }
            if f["cornerRadius"] != nil, f["radius"] != nil {
                context.fail(pointer + "/radius", "give \"cornerRadius\" or \"radius\", not both")
                return nil
            }
            guard let radiusValue = f["cornerRadius"] ?? f["radius"] else { return .circle(radius: nil) }
            let key = f["cornerRadius"] != nil ? "cornerRadius" : "radius"
            return context.number(radiusValue, at: pointer + "/" + key, min: 0, what: key).map { .circle(radius: $0) }
        case "roundedRect":
            guard let f = context.object(value, at: pointer, allowed: ["shape", "cornerRadius"], what: "pointInside") else { return nil }
            guard let r = f["cornerRadius"] else {
                context.fail(pointer + "/cornerRadius", "a roundedRect needs \"cornerRadius\"")
                return nil
            }
            return context.number(r, at: pointer + "/cornerRadius", min: 0, what: "cornerRadius").map { .roundedRect(cornerRadius: $0) }
        case "rects":
            guard let f = context.object(value, at: pointer, allowed: ["shape", "rects"], what: "pointInside"),
                let list = f["rects"].flatMap({ context.array($0, at: pointer + "/rects", what: "rects") })
            else {
                if case let .object(m) = value, !m.contains(where: { $0.key == "rects" }) {
                    context.fail(pointer + "/rects", "shape \"rects\" needs a \"rects\" list")
                }
                return nil
            }
            var rects: [Rect] = []
            for (i, item) in list.enumerated() {
                if let r = context.rect(item, at: pointer + "/rects/\(i)", what: "rect") { rects.append(r) }
            }
            return .rects(rects)
        case "polygon":
            guard let f = context.object(value, at: pointer, allowed: ["shape", "points"], what: "pointInside"),
                let list = f["points"].flatMap({ context.array($0, at: pointer + "/points", what: "points") })
            else {
                if case let .object(m) = value, !m.contains(where: { $0.key == "points" }) {
                    context.fail(pointer + "/points", "shape \"polygon\" needs a \"points\" list")
                }
                return nil
            }
            if list.count < 3 { context.fail(pointer + "/points", "a polygon needs at least 3 points") }
            var points: [Point] = []
            for (i, item) in list.enumerated() {
                if let pt = context.point(item, at: pointer + "/points/\(i)", what: "point") { points.append(pt) }
            }
            return .polygon(points)
        default:
            context.fail(pointer + "/shape", "unknown shape \"\(shape)\"; expected one of: " + shapes.joined(separator: ", "))
            return nil
        }
    }

    /// `hitTest` overrides (rule H9).
    mutating func readHitTest(_ value: JSONValue, at pointer: String, view: Int) -> HitTestOverride {
        switch value {
        case .string("default"): return .default
        case .string("passThroughSelf"): return .passThroughSelf
        case .string("capture"): return .capture
        case .object:
            guard let f = context.object(value, at: pointer, allowed: ["redirectTo"], what: "hitTest"),
                let target = f["redirectTo"]
            else {
                if case let .object(m) = value, m.isEmpty { context.fail(pointer, "hitTest object needs \"redirectTo\"") }
                return .default
            }
            if let id = context.string(target, at: pointer + "/redirectTo", what: "redirectTo") {
                pending.append(PendingReference(id: id, pointer: pointer + "/redirectTo", kind: .redirect(view: view)))
            }
            return .default
        default:
            context.fail(pointer, "hitTest must be \"default\", \"passThroughSelf\", \"capture\" or {\"redirectTo\": id}")
            return .default
        }
    }

    mutating func readActions(_ value: JSONValue, at pointer: String) -> [String] {
        guard let items = context.array(value, at: pointer, what: "actions") else { return [] }
        var result: [String] = []
        for (i, item) in items.enumerated() {
            guard let s = context.string(item, at: pointer + "/\(i)", what: "action") else { continue }
            if s.isEmpty {
                context.fail(pointer + "/\(i)", "an action selector cannot be empty")
            } else {
                result.append(s)
            }
        }
        return result
    }

    mutating func readViewController(_ value: JSONValue, at pointer: String, view: Int) -> Int? {
        guard let f = context.object(value, at: pointer, allowed: ["id", "customClass", "actions", "touches", "presentingViewController"], what: "viewController") else {
            return nil
        }
        let index = viewControllers.count
        var id = "#vc\(index)"
        if let v = f["id"] {
            if let valid = context.identifier(v, at: pointer + "/id") {
                id = valid
                register(valid, as: .viewController(index), at: pointer + "/id")
            }
        } else {
            context.fail(pointer, "a viewController needs an \"id\"")
        }
        var controller = ViewControllerNode(id: id, customClass: nil, actions: [], touches: .forward, view: view)
        if let v = f["customClass"] { controller.customClass = context.string(v, at: pointer + "/customClass", what: "customClass") }
        if let v = f["actions"] { controller.actions = readActions(v, at: pointer + "/actions") }
        if let v = f["touches"], let t = context.choice(v, at: pointer + "/touches", as: TouchHandling.self, what: "touches handling") {
            controller.touches = t
        }
        if let v = f["presentingViewController"], let id = context.string(v, at: pointer + "/presentingViewController", what: "presentingViewController") {
            classPending.append(ClassReference(id: id, pointer: pointer + "/presentingViewController", kind: .presentingViewController(index)))
        }
        viewControllers.append(controller)
        return index
    }
}
