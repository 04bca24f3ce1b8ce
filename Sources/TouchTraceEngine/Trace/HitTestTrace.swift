extension Point {
    public var json: JSONValue { .obj(["x": .number(x), "y": .number(y)]) }
}

extension Rect {
    public var json: JSONValue {
        .obj(["x": .number(origin.x), "y": .number(origin.y), "width": .number(size.width), "height": .number(size.height)])
    }
}

extension HitTestResult {
    /// The hit-test trace of SPEC §4: `point`, `hitView`, `window`, `responderChain`, `steps`
    /// (each with `view`, `point`, `outcome`, `reason` when rejected, `rule`, `result` and a
    /// readable `detail`), and `windowOrder` (H8).
    public func json(in scene: Scene) -> JSONValue {
        let chain: JSONValue =
            hitView.map { hit in .array(scene.responderChain(from: .view(hit)).map { .string(scene.id(of: $0)) }) } ?? .array([])
        return .obj([
            "point": point.json,
            "hitView": .string(orNull: hitView.map { scene.views[$0].id }),
            "window": .string(orNull: window.map { scene.views[$0].id }),
            "windowOrder": .array(windowOrder.map { .string(scene.views[$0].id) }),
            "responderChain": chain,
            "steps": .array(steps.map { $0.json(in: scene) }),
        ])
    }
}

extension HitTestStep {
    public func json(in scene: Scene) -> JSONValue {
        let node = scene.views[Int(view)]
        var members: [(key: String, value: JSONValue)] = [
            ("view", .string(node.id)),
            ("point", point?.json ?? .null),
            ("outcome", .string(outcome.rawValue)),
            ("rule", .string(rule.rawValue)),
            ("result", result >= 0 ? .string(scene.views[Int(result)].id) : .null),
            ("detail", .string(detail(in: scene))),
        ]
        if let reason { members.append(("reason", .string(reason.rawValue))) }
        return .object(members)
    }

    /// One sentence saying why, for people reading the trace.
    public func detail(in scene: Scene) -> String {
        let node = scene.views[Int(view)]
        let at = point.map { "(\(JSONWriter.format($0.x)), \(JSONWriter.format($0.y)))" } ?? "the point"
        let b = node.geometry.bounds
        let boundsText = "(\(JSONWriter.format(b.minX)), \(JSONWriter.format(b.minY)), \(JSONWriter.format(b.size.width)), \(JSONWriter.format(b.size.height)))"
        let resultID = result >= 0 ? scene.views[Int(result)].id : "nil"
        switch (outcome, reason) {
        case (.rejected, .hidden?): return "hidden: the view and its subviews are skipped"
        case (.rejected, .userInteractionDisabled?):
            let classNote = node.viewClass.defaultUserInteractionEnabled ? "" : " (the \(node.viewClass.rawValue) default, H6)"
            return "userInteractionEnabled is false\(classNote): the view and its subviews are skipped"
        case (.rejected, .transparent?): return "alpha \(JSONWriter.format(node.alpha)) is below 0.01: the view and its subviews are skipped"
        case (.rejected, .disabledControl?): return "a disabled control returns nil for itself and its subviews"
        case (.rejected, .outside?): return "\(at) is outside the bounds \(boundsText)"
        case (.rejected, .pointInsideOverride?): return "point(inside:) override (\(node.pointInside.name)) says \(at) is outside"
        case (.rejected, .hitTestOverride?): return "hitTest override passThroughSelf returns nil where the view itself would be hit"
        case (.rejected, .nonInvertibleTransform?): return "the transform cannot be inverted (for example a scale of 0)"
        case (.rejected, nil): return "rejected"
        case (.hit, _):
            if rule == .H9 { return "no subview answered; hitTest override redirects to \(resultID)" }
            return node.subviews.isEmpty ? "\(at) is inside and the view has no subviews" : "\(at) is inside and no subview answered"
        case (.descend, _):
            if rule == .H9 { return "a subview answered but hitTest override capture returns the view itself" }
            return "\(at) is inside; a subview answered with \(resultID)"
        }
    }
}

extension TouchArea {
    /// The shape's name as the scene writes it.
    public var name: String {
        switch self {
        case .bounds: return "bounds"
        case .insets: return "insets"
        case .circle: return "circle"
        case .roundedRect: return "roundedRect"
        case .rects: return "rects"
        case .polygon: return "polygon"
        case .never: return "never"
        }
    }
}
