/// The why-not answer as JSON, written by `JSONWriter` (which sorts keys); ``ResponseEncoder``
/// is its entry point.
extension Diagnosis {
    /// The why-not answer (openapi.yaml `WhyNotResult`, docs/why-not.md): `view`, `point`,
    /// `window`, `reachable`, `hitView`, `causes` (each `{kind, view, rule, detail, blocks}`, and
    /// for `coveredBy` and `orderUnknown` its `cover`, `answer` and `via`, for `hitTestOverride` its `override` (and a
    /// redirect's `answer`), for recognizers `recognizer`), `fixes`
    /// (each `{kind, view, text}` and, when one layout change applies it, `change`), and `frames`
    /// (the views involved, in window coordinates, rounded to 1e-4 pt).
    func json(in scene: Scene) -> JSONValue {
        let id = { (v: Int) in JSONValue.string(scene.views[v].id) }
        var frameMembers: [(key: String, value: JSONValue)] = []
        for (v, frame) in frames { frameMembers.append((scene.views[v].id, Self.rounded(frame))) }
        return .obj([
            "view": id(view),
            "point": point.json,
            "window": window.map(id) ?? .null,
            "reachable": .bool(reachable),
            "hitView": hitView.map(id) ?? .null,
            "causes": .array(causes.map { $0.json(in: scene) }),
            "fixes": .array(fixes.map { $0.json(in: scene) }),
            "frames": .object(frameMembers),
        ])
    }

    /// A frame in JSON, rounded to 1e-4 pt so that golden files do not depend on the last bits of
    /// the transforms' arithmetic.
    static func rounded(_ r: Rect) -> JSONValue {
        func n(_ x: Double) -> JSONValue {
            let v = (x * 10_000).rounded() / 10_000
            return .number(v == 0 ? 0 : v)
        }
        return .obj(["x": n(r.minX), "y": n(r.minY), "width": n(r.size.width), "height": n(r.size.height)])
    }
}

extension Diagnosis.Cause {
    func json(in scene: Scene) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string(kind.rawValue)), ("view", .string(scene.views[view].id)), ("rule", .string(rule.rawValue)),
            ("detail", .string(detail)), ("blocks", .bool(blocks)),
        ]
        if let cover { members.append(("cover", .string(cover.rawValue))) }
        if let answer { members.append(("answer", .string(scene.views[answer].id))) }
        if let via { members.append(("via", .string(scene.views[via].id))) }
        if let recognizer { members.append(("recognizer", .string(recognizer.id(in: scene)))) }
        if let override { members.append(("override", .string(override.rawValue))) }
        return .object(members)
    }
}

extension Diagnosis.Fix {
    func json(in scene: Scene) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string(kind.rawValue)), ("view", .string(scene.views[view].id)), ("text", .string(text)),
        ]
        if let change {
            let value: JSONValue
            switch change {
            case let .hidden(b), let .userInteractionEnabled(b), let .enabled(b): value = .bool(b)
            case let .alpha(a): value = .number(a)
            default: value = .null
            }
            members.append(("change", .object([("op", "set"), ("view", .string(scene.views[view].id)), (change.key, value)])))
        }
        return .object(members)
    }
}
