import TouchTraceEngine

extension NotHittableAssertion {
    /// `closeButton` or `{view, at, reason, by}`.
    static func decode(_ value: JSONValue, at pointer: String, context: inout DecodeContext) -> NotHittableAssertion? {
        if case .string = value {
            return context.identifier(value, at: pointer).map { NotHittableAssertion(view: $0, at: nil, reason: nil, by: nil, pointer: pointer) }
        }
        if ViewSelector.isSelectorObject(value) {
            return ViewSelector.decode(value, at: pointer, context: &context).map { NotHittableAssertion(view: $0, at: nil, reason: nil, by: nil, pointer: pointer) }
        }
        guard let f = context.object(value, at: pointer, allowed: ["view", "at", "reason", "by"], what: "assertNotHittable") else { return nil }
        guard let v = f["view"], let view = ViewSelector.decode(v, at: pointer + "/view", context: &context) else {
            if f["view"] == nil { context.fail(pointer, "assertNotHittable needs \"view\" (the id of the view no touch may reach)") }
            return nil
        }
        var assertion = NotHittableAssertion(view: view, at: nil, reason: nil, by: nil, pointer: pointer)
        if let p = f["at"] { assertion.at = RelativePoint.decode(p, at: pointer + "/at", context: &context) }
        if let r = f["reason"] { assertion.reason = context.choice(r, at: pointer + "/reason", as: NotHittableReason.self, what: "reason") }
        if let b = f["by"] { assertion.by = ViewSelector.decode(b, at: pointer + "/by", context: &context) }
        return assertion
    }
}

extension TouchTargetAssertion {
    /// `{}` (the document's audit defaults), a profile name, or `{profile, severity, allow}`.
    static func decode(_ value: JSONValue, at pointer: String, context: inout DecodeContext) -> TouchTargetAssertion? {
        var assertion = TouchTargetAssertion(profile: nil, severity: nil, allow: [], pointer: pointer)
        switch value {
        case .null:
            return assertion
        case let .string(name):
            guard let profile = TouchTargetProfile(name: name) else {
                context.fail(pointer, "unknown profile \"\(name)\"" + IDSuggestion.didYouMean(name, in: TouchTargetProfile.names)
                    + "; expected one of: " + TouchTargetProfile.names.joined(separator: ", ") + ", or {profile: {width, height}}")
                return nil
            }
            assertion.profile = profile
            return assertion
        default:
            guard let f = context.object(value, at: pointer, allowed: ["profile", "severity", "allow"], what: "assertTouchTargets") else { return nil }
            var audit: [(key: String, value: JSONValue)] = []
            if let p = f["profile"] { audit.append(("profile", p)) }
            if let a = f["allow"] { audit.append(("allow", a)) }
            let options = AuditOptions.decode(.object(audit), at: pointer, context: &context)
            if f["profile"] != nil { assertion.profile = options.profile }
            assertion.allow = options.allow
            if let s = f["severity"] { assertion.severity = context.choice(s, at: pointer + "/severity", as: AuditSeverity.self, what: "severity") }
            return assertion
        }
    }
}

extension LayoutAssertion {
    /// `{}` (every check an error) or `{unsatisfiableConstraints: error, ambiguousLayout: warn,
    /// offScreen: error, emptyHitRegion: error, allow: […]}`.
    static func decode(_ value: JSONValue, at pointer: String, context: inout DecodeContext) -> LayoutAssertion? {
        var assertion = LayoutAssertion(severities: [:], allow: [], pointer: pointer)
        if value == .null { return assertion }
        guard let f = context.object(value, at: pointer, allowed: rules.map(\.rawValue) + ["allow"], what: "assertLayout") else { return nil }
        for rule in rules {
            if let v = f[rule.rawValue], let s = context.choice(v, at: pointer + "/" + rule.rawValue, as: AuditSeverity.self, what: "severity") {
                assertion.severities[rule] = s
            }
        }
        if let a = f["allow"] { assertion.allow = AuditOptions.decode(.obj(["allow": a]), at: pointer, context: &context).allow }
        return assertion
    }
}

/// The shorthand changes of an expectation file, expanded into the engine's: `{op: rotate, to:
/// landscape|portrait}` and `{op: resize, width, height}` resize every screen-filling window
/// (docs/check.md); every other item is an engine change (openapi.yaml's `changes`).
enum ChangeExpansion {
    static let shorthands = ["rotate", "resize"]

    /// Checks an item's shape (for the document's decoding): a shorthand's members, or the
    /// engine's decoder on the item.
    @discardableResult
    static func decodeShape(_ item: JSONValue, at pointer: String, context: inout DecodeContext) -> Bool {
        guard case let .string(op)? = item["op"], shorthands.contains(op) else {
            var inner = DecodeContext()
            _ = LayoutChange.decodeList(.array([item]), at: "/x", context: &inner)
            for p in inner.problems { context.fail(pointer + p.pointer.dropFirst(4), p.message) }
            return inner.problems.isEmpty
        }
        let before = context.problems.count
        if op == "rotate" {
            guard let f = context.object(item, at: pointer, allowed: ["op", "to"], what: "a rotate change") else { return false }
            if let to = f["to"], let s = context.string(to, at: pointer + "/to", what: "to") {
                if s != "landscape" && s != "portrait" { context.fail(pointer + "/to", "to must be landscape or portrait, not \"\(s)\"") }
            } else if f["to"] == nil {
                context.fail(pointer, "a rotate change needs \"to\": landscape or portrait")
            }
        } else {
            if let size = context.numberObject(item, at: pointer, keys: ["width", "height"], what: "a resize change", allowedExtra: ["op"], defaults: [-1, -1]) {
                for (k, key) in ["width", "height"].enumerated() where size[k] <= 0 || size[k] > 100_000 {
                    context.fail(pointer + "/" + key, size[k] == -1 ? "a resize change needs \"\(key)\"" : "\(key) must be more than 0 and at most 100000")
                }
            }
        }
        return context.problems.count == before
    }

    /// The engine changes of one item, for the scene as it is before the step. Problems carry
    /// the item's pointer.
    static func expand(_ item: JSONValue, at pointer: String, in scene: Scene, context: inout DecodeContext) -> [LayoutChange] {
        guard case let .string(op)? = item["op"], shorthands.contains(op) else {
            var inner = DecodeContext()
            let changes = LayoutChange.decodeList(.array([item]), at: "/x", context: &inner)
            for p in inner.problems { context.fail(pointer + p.pointer.dropFirst(4), p.message) }
            return changes.map { LayoutChange($0.op, pointer: pointer + $0.pointer.dropFirst(4)) }
        }
        let screens = screenWindows(of: scene)
        guard let first = screens.first else { return [] }
        let size = scene.views[first].frame.size
        let target: Size
        if op == "rotate" {
            let landscape = item["to"] == "landscape"
            let long = max(size.width, size.height), short = min(size.width, size.height)
            target = landscape ? Size(width: long, height: short) : Size(width: short, height: long)
        } else {
            guard case let .number(w)? = item["width"], case let .number(h)? = item["height"] else { return [] }
            target = Size(width: w, height: h)
        }
        return resize(screens, to: target, in: scene, pointer: pointer)
    }

    /// The windows that fill the screen: those at the origin with the first window's size (an
    /// alert window or a small overlay window keeps its frame).
    static func screenWindows(of scene: Scene) -> [Int] {
        guard let first = scene.windows.first else { return [] }
        let size = scene.views[first].frame.size
        return scene.windows.filter { w in
            let f = scene.views[w].frame
            return f.origin == .zero && f.size == size
        }
    }

    static func resize(_ windows: [Int], to size: Size, in scene: Scene, pointer: String) -> [LayoutChange] {
        windows.map { LayoutChange(.resizeWindow(window: scene.views[$0].id, size: size), pointer: pointer) }
    }
}
