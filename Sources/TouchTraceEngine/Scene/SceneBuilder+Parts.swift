extension SceneBuilder {
    mutating func readOptions(_ value: JSONValue, at pointer: String) {
        let keys = ["controlTrackingMargin", "scrollDelay", "tapSlop", "multiTapInterval", "multiTapRadius"]
        guard let f = context.object(value, at: pointer, allowed: keys + ["layoutDirection"], what: "options") else { return }
        if let v = f["layoutDirection"],
            let d = context.choice(v, at: JSONPointer.join(pointer, "layoutDirection"), as: LayoutDirection.self, what: "layoutDirection")
        {
            options.layoutDirection = d
        }
        for key in keys {
            guard let v = f[key], let n = context.number(v, at: JSONPointer.join(pointer, key), min: 0, what: key) else { continue }
            switch key {
            case "controlTrackingMargin": options.controlTrackingMargin = n
            case "scrollDelay": options.scrollDelay = n
            case "tapSlop": options.tapSlop = n
            case "multiTapInterval": options.multiTapInterval = n
            default: options.multiTapRadius = n
            }
        }
    }

    mutating func readApplication(_ value: JSONValue, at pointer: String) {
        guard let f = context.object(value, at: pointer, allowed: ["id", "actions", "delegate"], what: "application") else { return }
        if let v = f["id"], let id = context.identifier(v, at: pointer + "/id") { application.id = id }
        register(application.id, as: .application, at: pointer + "/id")
        if let v = f["actions"] { application.actions = readActions(v, at: pointer + "/actions") }
        if let v = f["delegate"],
            let d = context.object(v, at: pointer + "/delegate", allowed: ["id", "actions"], what: "delegate")
        {
            var delegate = AppDelegateNode(id: "appDelegate", actions: [])
            if let idValue = d["id"], let id = context.identifier(idValue, at: pointer + "/delegate/id") { delegate.id = id }
            register(delegate.id, as: .appDelegate, at: pointer + "/delegate/id")
            if let a = d["actions"] { delegate.actions = readActions(a, at: pointer + "/delegate/actions") }
            application.delegate = delegate
        }
    }

    static let controlFields = [
        "enabled", "selected", "highlighted", "targets", "beginTracking", "continueTracking", "sendActionOverride",
        "on", "value", "minimumValue", "maximumValue", "continuous", "stepValue", "wraps", "autorepeat",
        "numberOfSegments", "selectedSegmentIndex", "numberOfPages", "currentPage",
    ]
    static let controlNumbers = [
        "value", "minimumValue", "maximumValue", "stepValue", "numberOfSegments", "selectedSegmentIndex",
        "numberOfPages", "currentPage",
    ]
    static let controlFlags = ["continuous", "wraps", "autorepeat"]

    mutating func readControl(_ value: JSONValue, at pointer: String, viewClass: ViewClass) -> ControlConfig {
        var control = ControlConfig()
        guard let f = context.object(value, at: pointer, allowed: Self.controlFields, what: "control") else { return control }
        readFlag(f, "enabled", at: pointer) { control.enabled = $0 }
        readFlag(f, "selected", at: pointer) { control.selected = $0 }
        readFlag(f, "highlighted", at: pointer) { control.highlighted = $0 }
        readFlag(f, "beginTracking", at: pointer) { control.beginTracking = $0 }
        readFlag(f, "continueTracking", at: pointer) { control.continueTracking = $0 }
        readFlag(f, "on", at: pointer) { control.on = $0 }
        if f["on"] != nil, viewClass != .UISwitch {
            context.fail(pointer + "/on", "\"on\" is for UISwitch, not \(viewClass.rawValue)")
        }
        for key in Self.controlFlags {
            readFlag(f, key, at: pointer) { control.flags[key] = $0 }
        }
        for key in Self.controlNumbers {
            guard let v = f[key] else { continue }
            let at = JSONPointer.join(pointer, key)
            switch key {
            case "numberOfSegments", "numberOfPages":
                // Counts: whole numbers (UIKit's properties are `Int`), read once here so that no
                // later stage converts a fraction or a number past `Int`'s range.
                if let n = context.integer(v, at: at, min: 0, max: ControlConfig.maxItemCount, what: key) { control.values[key] = Double(n) }
            case "stepValue":
                // UIStepper: "must be greater than 0" (UIKit raises an exception otherwise).
                if let n = context.number(v, at: at, what: key) {
                    if n > 0 { control.values[key] = n } else { context.fail(at, "stepValue must be greater than 0 (UIStepper), not \(JSONWriter.format(n))") }
                }
            default:
                if let n = context.number(v, at: at, what: key) { control.values[key] = n }
            }
        }
        if let lo = control.values["minimumValue"], let hi = control.values["maximumValue"], lo > hi {
            context.fail(pointer + "/maximumValue", "maximumValue (\(JSONWriter.format(hi))) is below minimumValue (\(JSONWriter.format(lo)))")
        }
        if let v = f["targets"], let items = context.array(v, at: pointer + "/targets", what: "targets") {
            for (i, item) in items.enumerated() {
                if let registration = readTarget(item, at: pointer + "/targets/\(i)", needsEvents: true) {
                    control.targets.append(registration)
                }
            }
        }
        if let v = f["sendActionOverride"],
            let o = context.object(v, at: pointer + "/sendActionOverride", allowed: ["target", "action"], what: "sendActionOverride")
        {
            let target = o["target"].flatMap { context.string($0, at: pointer + "/sendActionOverride/target", what: "target") } ?? "self"
            let action = o["action"].flatMap { context.string($0, at: pointer + "/sendActionOverride/action", what: "action") }
            if action == nil, o["action"] == nil {
                context.fail(pointer + "/sendActionOverride/action", "sendActionOverride needs an \"action\"")
            }
            if target != "self" {
                pending.append(PendingReference(id: target, pointer: pointer + "/sendActionOverride/target", kind: .sendActionTarget))
            }
            if let action { control.sendActionOverride = SendActionOverride(target: target, action: action) }
        }
        return control
    }

    /// `{"target": id or null, "action": "sel:", "events": [...]}` (rule T1).
    mutating func readTarget(_ value: JSONValue, at pointer: String, needsEvents: Bool) -> TargetRegistration? {
        let allowed = needsEvents ? ["target", "action", "events"] : ["target", "action"]
        guard let f = context.object(value, at: pointer, allowed: allowed, what: "target") else { return nil }
        var target: String?
        switch f["target"] {
        case nil, .null?: target = nil
        case let v?:
            if let id = context.string(v, at: pointer + "/target", what: "target") {
                target = id
                pending.append(PendingReference(id: id, pointer: pointer + "/target", kind: .target))
            }
        }
        guard let actionValue = f["action"] else {
            context.fail(pointer + "/action", "a target needs an \"action\" selector")
            return nil
        }
        guard let action = context.string(actionValue, at: pointer + "/action", what: "action") else { return nil }
        var events: ControlEvents = []
        if needsEvents {
            guard let eventsValue = f["events"] else {
                context.fail(pointer + "/events", "a target needs \"events\" (for example [\"touchUpInside\"])")
                return nil
            }
            guard let items = context.array(eventsValue, at: pointer + "/events", what: "events") else { return nil }
            if items.isEmpty { context.fail(pointer + "/events", "events must name at least one event") }
            for (i, item) in items.enumerated() {
                guard let name = context.string(item, at: pointer + "/events/\(i)", what: "event") else { continue }
                if let event = ControlEvents(name: name) {
                    events.formUnion(event)
                } else {
                    context.fail(pointer + "/events/\(i)", "unknown event \"\(name)\"; expected one of: " + ControlEvents.named.map(\.name).joined(separator: ", "))
                }
            }
        }
        return TargetRegistration(target: target, action: action, events: events)
    }

    static let recognizerFields = [
        "id", "type", "enabled", "numberOfTapsRequired", "numberOfTouchesRequired", "minimumPressDuration",
        "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded", "requireToFail", "targets", "direction",
    ]

    mutating func readGestureRecognizers(_ value: JSONValue, at pointer: String, view: Int) -> [GestureRecognizerConfig] {
        guard let items = context.array(value, at: pointer, what: "gestureRecognizers") else { return [] }
        var result: [GestureRecognizerConfig] = []
        for (i, item) in items.enumerated() {
            let p = pointer + "/\(i)"
            guard let f = context.object(item, at: p, allowed: Self.recognizerFields, what: "a gesture recognizer") else { continue }
            var id = "#gr\(view).\(i)"
            if let v = f["id"] {
                if let valid = context.identifier(v, at: p + "/id") {
                    id = valid
                    register(valid, as: .gestureRecognizer(view: view, index: result.count), at: p + "/id")
                }
            } else {
                context.fail(p, "a gesture recognizer needs an \"id\"")
            }
            guard let typeValue = f["type"] else {
                context.fail(p + "/type", "a gesture recognizer needs a \"type\": tap, doubleTap, longPress, pan or swipe")
                continue
            }
            guard let kind = context.choice(typeValue, at: p + "/type", as: GestureRecognizerConfig.Kind.self, what: "recognizer type") else { continue }
            var recognizer = GestureRecognizerConfig(id: id, kind: kind, numberOfTapsRequired: kind == .doubleTap ? 2 : 1)
            if let v = f["numberOfTapsRequired"], let n = context.integer(v, at: p + "/numberOfTapsRequired", min: 1, max: 100, what: "numberOfTapsRequired") {
                recognizer.numberOfTapsRequired = n
            }
            if let v = f["numberOfTouchesRequired"], let n = context.integer(v, at: p + "/numberOfTouchesRequired", min: 1, max: 20, what: "numberOfTouchesRequired") {
                recognizer.numberOfTouchesRequired = n
            }
            if let v = f["minimumPressDuration"], let n = context.number(v, at: p + "/minimumPressDuration", min: 0, what: "minimumPressDuration") {
                recognizer.minimumPressDuration = n
            }
            if let v = f["direction"] {
                if kind == .swipe {
                    recognizer.direction = readSwipeDirections(v, at: p + "/direction") ?? .right
                } else {
                    context.fail(p + "/direction", "\"direction\" is for a swipe recognizer, not a \(kind.rawValue)")
                }
            }
            readFlag(f, "enabled", at: p) { recognizer.enabled = $0 }
            readFlag(f, "cancelsTouchesInView", at: p) { recognizer.cancelsTouchesInView = $0 }
            readFlag(f, "delaysTouchesBegan", at: p) { recognizer.delaysTouchesBegan = $0 }
            readFlag(f, "delaysTouchesEnded", at: p) { recognizer.delaysTouchesEnded = $0 }
            if let v = f["requireToFail"], let ids = context.array(v, at: p + "/requireToFail", what: "requireToFail") {
                for (j, idValue) in ids.enumerated() {
                    if let other = context.string(idValue, at: p + "/requireToFail/\(j)", what: "recognizer id") {
                        recognizer.requireToFail.append(other)
                        pending.append(PendingReference(id: other, pointer: p + "/requireToFail/\(j)", kind: .requireToFail))
                    }
                }
            }
            if let v = f["targets"], let list = context.array(v, at: p + "/targets", what: "targets") {
                for (j, t) in list.enumerated() {
                    if let registration = readTarget(t, at: p + "/targets/\(j)", needsEvents: false) {
                        recognizer.targets.append((registration.target, registration.action))
                    }
                }
            }
            result.append(recognizer)
        }
        return result
    }

    /// S4–S7: `contentInset`, `bounces`, `alwaysBounceHorizontal`, `alwaysBounceVertical`,
    /// `scrollEnabled`, `pagingEnabled`, `directionalLockEnabled`, `decelerationRate` (`"normal"`,
    /// `"fast"` or a rate per millisecond between 0 and 1).
    mutating func readScrollMotion(_ f: JSONFields, at pointer: String, into scroll: inout ScrollConfig) {
        let flags = ["bounces", "alwaysBounceHorizontal", "alwaysBounceVertical", "scrollEnabled", "pagingEnabled", "directionalLockEnabled"]
        guard f["contentInset"] != nil || f["decelerationRate"] != nil || flags.contains(where: { f[$0] != nil }) else { return }
        var values: [String: Bool] = [:]
        for key in flags { readFlag(f, key, at: pointer) { values[key] = $0 } }
        var inset = EdgeInsets.zero
        if let v = f["contentInset"], let e = context.insets(v, at: pointer + "/contentInset", what: "contentInset") { inset = e }
        var rate = UIKitConstants.decelerationRateNormal
        switch f["decelerationRate"] {
        case .string("normal")?: rate = UIKitConstants.decelerationRateNormal
        case .string("fast")?: rate = UIKitConstants.decelerationRateFast
        case let v?:
            if case .number = v, let n = context.number(v, at: pointer + "/decelerationRate", what: "decelerationRate") {
                if n > 0, n < 1 { rate = n } else { context.fail(pointer + "/decelerationRate", "decelerationRate must be between 0 and 1 (exclusive), not \(JSONWriter.format(n))") }
            } else if case .number = v {
            } else {
                context.fail(pointer + "/decelerationRate", "decelerationRate must be \"normal\" (0.998), \"fast\" (0.99) or a number between 0 and 1")
            }
        case nil: break
        }
        scroll.motion = ScrollMotionSettings(
            contentInset: inset, bounces: values["bounces"] ?? true, alwaysBounceHorizontal: values["alwaysBounceHorizontal"] ?? false,
            alwaysBounceVertical: values["alwaysBounceVertical"] ?? false, scrollEnabled: values["scrollEnabled"] ?? true,
            pagingEnabled: values["pagingEnabled"] ?? false, directionalLockEnabled: values["directionalLockEnabled"] ?? false,
            decelerationRate: rate)
    }

    /// A swipe's `direction`: one name (`"left"`) or a list of them (`["left", "right"]`), as
    /// `UISwipeGestureRecognizer.Direction` is an option set (G6).
    mutating func readSwipeDirections(_ value: JSONValue, at pointer: String) -> SwipeDirections? {
        let names = SwipeDirections.named.map(\.name).joined(separator: ", ")
        func one(_ item: JSONValue, at pointer: String) -> SwipeDirections? {
            guard let name = context.string(item, at: pointer, what: "direction") else { return nil }
            guard let direction = SwipeDirections(name: name) else {
                context.fail(pointer, "unknown swipe direction \"\(name)\"; expected one of: \(names)")
                return nil
            }
            return direction
        }
        if case let .array(items) = value {
            if items.isEmpty { context.fail(pointer, "direction must name at least one of: \(names)") }
            var result: SwipeDirections = []
            for (i, item) in items.enumerated() {
                if let d = one(item, at: pointer + "/\(i)") { result.formUnion(d) }
            }
            return result.isEmpty ? nil : result
        }
        return one(value, at: pointer)
    }

    /// The `scroll` object; `contentOffset` is the bounds origin (rule S3).
    mutating func readScroll(_ value: JSONValue, at pointer: String, geometry: inout ViewGeometry) -> ScrollConfig {
        var scroll = ScrollConfig()
        let keys = [
            "contentSize", "contentOffset", "delaysContentTouches", "canCancelContentTouches", "contentInset", "bounces",
            "alwaysBounceHorizontal", "alwaysBounceVertical", "scrollEnabled", "pagingEnabled", "directionalLockEnabled",
            "decelerationRate",
        ]
        guard let f = context.object(value, at: pointer, allowed: keys, what: "scroll") else { return scroll }
        readScrollMotion(f, at: pointer, into: &scroll)
        if let v = f["contentSize"], let fields = context.object(v, at: pointer + "/contentSize", allowed: ["width", "height"], what: "contentSize") {
            if let w = fields["width"] { scroll.contentSize.width = context.number(w, at: pointer + "/contentSize/width", min: 0, what: "width") ?? 0 }
            if let h = fields["height"] { scroll.contentSize.height = context.number(h, at: pointer + "/contentSize/height", min: 0, what: "height") ?? 0 }
        }
        if let v = f["contentOffset"], let offset = context.point(v, at: pointer + "/contentOffset", what: "contentOffset") {
            if geometry.bounds.origin != .zero, geometry.bounds.origin != offset {
                context.fail(pointer + "/contentOffset", "contentOffset is the bounds origin; it differs from the bounds origin given")
            }
            geometry.bounds.origin = offset
        }
        readFlag(f, "delaysContentTouches", at: pointer) { scroll.delaysContentTouches = $0 }
        readFlag(f, "canCancelContentTouches", at: pointer) { scroll.canCancelContentTouches = $0 }
        return scroll
    }
}
