import TouchTraceEngine

extension CheckStep {
    static let commonFields = ["name", "scene", "window", "expect", "reset"]

    /// Decodes one step: exactly one action member, and `name`, `scene`, `window`, `expect`.
    static func decode(_ json: JSONValue, number: Int, at pointer: String, scenes: [String], context: inout DecodeContext) -> CheckStep? {
        guard let f = context.object(json, at: pointer, allowed: StepAction.kinds + commonFields, what: "a step") else { return nil }
        let kinds = StepAction.kinds.filter { f[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first, let value = f[kind] else {
            context.fail(
                pointer,
                kinds.isEmpty
                    ? "a step needs one action: " + StepAction.kinds.joined(separator: ", ")
                    : "a step has one action, not \(kinds.count) (" + kinds.joined(separator: ", ") + "); make them separate steps")
            return nil
        }
        let at = JSONPointer.join(pointer, kind)
        var step = CheckStep(number: number, pointer: pointer, name: nil, scene: scenes.first ?? CheckDocument.defaultSceneName, window: nil, action: .changes([], pointer: at), expect: nil)
        if let v = f["name"] { step.name = context.string(v, at: pointer + "/name", what: "name") }
        if let v = f["window"] { step.window = context.identifier(v, at: pointer + "/window") }
        if let v = f["reset"], let b = context.bool(v, at: pointer + "/reset", what: "reset") { step.reset = b }
        if let v = f["scene"], let name = context.string(v, at: pointer + "/scene", what: "scene") {
            if scenes.contains(name) {
                step.scene = name
            } else {
                context.fail(pointer + "/scene", "no scene is named \"\(name)\"; the document's scenes are " + scenes.joined(separator: ", "))
            }
        }
        let action = StepAction.decode(kind, value, at: at, context: &context)
        if let v = f["expect"] {
            let expectAt = pointer + "/expect"
            if kind.hasPrefix("assert") {
                context.fail(expectAt, "\(kind) takes no \"expect\": it is an assertion itself")
            } else {
                step.expect = Expectations.decode(v, at: expectAt, kind: kind, context: &context)
            }
        }
        guard let action else { return nil }
        step.action = action
        return step
    }
}

extension StepAction {
    static func decode(_ kind: String, _ value: JSONValue, at pointer: String, context: inout DecodeContext) -> StepAction? {
        switch kind {
        case "tapOn":
            let f = locationFields(value, at: pointer, extra: ["count"], context: &context)
            guard let location = TouchLocation.decode(value, fields: f, at: pointer, context: &context) else { return nil }
            var count = 1
            if let v = f?["count"], let n = context.integer(v, at: pointer + "/count", min: 1, max: TouchRequest.maxTapCount, what: "count") { count = n }
            return .tap(location, count: count)
        case "longPress":
            let f = locationFields(value, at: pointer, extra: ["duration"], context: &context)
            guard let location = TouchLocation.decode(value, fields: f, at: pointer, context: &context) else { return nil }
            var duration: Double?
            if let v = f?["duration"] { duration = context.number(v, at: pointer + "/duration", min: 0.001, max: 3600, what: "duration") }
            return .longPress(location, duration: duration)
        case "drag":
            guard let f = context.object(value, at: pointer, allowed: ["from", "to", "steps", "duration"], what: "drag") else { return nil }
            var from: TouchLocation?, to: TouchLocation?
            for (key, slot) in [("from", 0), ("to", 1)] {
                guard let v = f[key] else {
                    context.fail(pointer, "drag needs \"\(key)\" (a view id, {view, at} or {point})")
                    continue
                }
                let at = pointer + "/" + key
                let lf = locationFields(v, at: at, extra: [], context: &context)
                let location = TouchLocation.decode(v, fields: lf, at: at, context: &context)
                if slot == 0 { from = location } else { to = location }
            }
            var steps: Int?, duration: Double?
            if let v = f["steps"] { steps = context.integer(v, at: pointer + "/steps", min: 1, max: TouchRequest.maxDragSteps, what: "steps") }
            if let v = f["duration"] { duration = context.number(v, at: pointer + "/duration", min: 0.001, max: 3600, what: "duration") }
            guard let from, let to else { return nil }
            return .drag(from: from, to: to, steps: steps, duration: duration)
        case "sendActions":
            do {
                return .sendActions(try ActionsRequest.decode(value))
            } catch {
                if case let .invalidRequest(problems) = error {
                    for p in problems { context.fail(pointer + p.pointer, p.message) }
                }
                return nil
            }
        case "changes":
            guard let items = context.array(value, at: pointer, what: "changes") else { return nil }
            if items.isEmpty { context.fail(pointer, "changes must list at least one change") }
            for (i, item) in items.enumerated() { _ = ChangeExpansion.decodeShape(item, at: JSONPointer.join(pointer, i), context: &context) }
            return .changes(items, pointer: pointer)
        case "assertNotHittable":
            return NotHittableAssertion.decode(value, at: pointer, context: &context).map { .assertNotHittable($0) }
        case "assertTouchTargets":
            return TouchTargetAssertion.decode(value, at: pointer, context: &context).map { .assertTouchTargets($0) }
        default:
            return LayoutAssertion.decode(value, at: pointer, context: &context).map { .assertLayout($0) }
        }
    }

    /// The members of a location object (`view`, `at`, `point`) plus `extra`; nil for the string form.
    static func locationFields(_ value: JSONValue, at pointer: String, extra: [String], context: inout DecodeContext) -> JSONFields? {
        guard case .object = value, !ViewSelector.isSelectorObject(value) else { return nil }
        return context.object(value, at: pointer, allowed: ["view", "at", "point"] + extra, what: "a touch location")
    }
}

extension TouchLocation {
    /// `payButton`, `{view: payButton, at: "90%,50%"}` or `{point: "50%,90%"}` / `{point: {x, y}}`.
    static func decode(_ value: JSONValue, fields f: JSONFields?, at pointer: String, context: inout DecodeContext) -> TouchLocation? {
        if case .string = value {
            return context.identifier(value, at: pointer).map { .view($0, at: nil) }
        }
        if ViewSelector.isSelectorObject(value) {
            return ViewSelector.decode(value, at: pointer, context: &context).map { .view($0, at: nil) }
        }
        guard let f else {
            if case .object = value { return nil }
            context.fail(pointer, "a touch location is a view id, {view, at} or {point}, not \(value.typeName)")
            return nil
        }
        switch (f["view"], f["point"]) {
        case let (view?, nil):
            guard let id = ViewSelector.decode(view, at: pointer + "/view", context: &context) else { return nil }
            var relative: RelativePoint?
            if let v = f["at"] {
                relative = RelativePoint.decode(v, at: pointer + "/at", context: &context)
                if relative == nil { return nil }
            }
            return .view(id, at: relative)
        case let (nil, point?):
            if f["at"] != nil { context.fail(pointer + "/at", "\"at\" is relative to a view: give \"view\", or put the point in \"point\"") }
            return RelativePoint.decode(point, at: pointer + "/point", context: &context).map { .point($0) }
        case (.some, .some):
            context.fail(pointer, "give either \"view\" or \"point\", not both")
        case (nil, nil):
            context.fail(pointer, "a touch location needs \"view\" (an id) or \"point\"")
        }
        return nil
    }
}

extension RelativePoint {
    /// `{x: 100, y: 300}` (points) or `"100, 300"`, `"50%, 90%"`, `"10, 50%"`.
    static func decode(_ value: JSONValue, at pointer: String, context: inout DecodeContext) -> RelativePoint? {
        switch value {
        case .object:
            guard let p = context.point(value, at: pointer, what: "point") else { return nil }
            return RelativePoint(x: .points(p.x), y: .points(p.y))
        case let .string(s):
            let parts = s.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
            var coordinates: [Coordinate] = []
            for part in parts {
                let percent = part.hasSuffix("%")
                guard let n = Double(percent ? String(part.dropLast()) : part), n.isFinite else { break }
                coordinates.append(percent ? .percent(n) : .points(n))
            }
            guard parts.count == 2, coordinates.count == 2 else {
                context.fail(pointer, "a point is {x, y} or \"X, Y\" with each a number of points or a percentage (\"50%, 90%\"), not \"\(s)\"")
                return nil
            }
            return RelativePoint(x: coordinates[0], y: coordinates[1])
        default:
            context.fail(pointer, "a point is {x, y} or \"X, Y\", not \(value.typeName)")
            return nil
        }
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
