extension Point {
    public var json: JSONValue { .obj(["x": .number(x), "y": .number(y)]) }
}

extension Rect {
    public var json: JSONValue {
        .obj(["x": .number(origin.x), "y": .number(origin.y), "width": .number(size.width), "height": .number(size.height)])
    }
}

extension HitTestTrace {
    /// The hit-test trace of openapi.yaml: `point`, `hitView`, `window`, `responderChain`, `steps`
    /// (each with `view`, `point`, `outcome`, `reason` when rejected, `rule`, `result` and a
    /// readable `detail`), and `windowOrder` (H8).
    public func json(in scene: Scene) -> JSONValue {
        let chain: JSONValue =
            hitView.map { hit in .array(scene.responderChain(from: .view(hit)).map { .string(scene.id(of: $0)) }) } ?? .array([])
        var members: [(key: String, value: JSONValue)] = [
            ("point", point.json),
            ("hitView", .string(orNull: hitView.map { scene.views[$0].id })),
            ("window", .string(orNull: window.map { scene.views[$0].id })),
            ("windowOrder", .array(windowOrder.map { .string(scene.views[$0].id) })),
            ("responderChain", chain),
            ("steps", .array(steps.map { $0.json(in: scene) })),
        ]
        if !drawnOnTop.isEmpty { members.append(("drawnOnTop", .array(drawnOnTop.map { $0.json(in: scene) }))) }
        return .object(members)
    }
}

extension HitTestTrace.DrawnOnTop {
    /// `{view, zPosition, over, overZPosition, rule, detail}` (H3).
    public func json(in scene: Scene) -> JSONValue {
        .obj([
            "view": .string(scene.views[view].id), "zPosition": .number(scene.views[view].zPosition),
            "over": .string(scene.views[over].id), "overZPosition": .number(scene.views[over].zPosition),
            "rule": "H3", "detail": .string(detail(in: scene)),
        ])
    }

    /// The sentence for people.
    public func detail(in scene: Scene) -> String {
        let top = scene.views[view]
        let below = scene.views[over]
        return "\(top.id) (zPosition \(JSONWriter.format(top.zPosition))) is drawn over \(below.id) (zPosition "
            + "\(JSONWriter.format(below.zPosition))) here, but hit testing asks subviews in subviews order, where "
            + "\(below.id) is in front: \(below.id)'s branch gets the touch"
    }
}

extension HitTestTrace.Step {
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
        var out = JSONOutput(capacity: 96)
        writeDetail(in: scene, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Writes `detail(in:)`'s sentence as raw UTF-8 (no quotes, nothing to escape: ids are
    /// `A-Z a-z 0-9 _ . : -`).
    func writeDetail(in scene: Scene, into out: inout JSONOutput) {
        func at() {
            if let point {
                out.byte(UInt8(ascii: "("))
                out.number(point.x)
                out.raw(", ")
                out.number(point.y)
                out.byte(UInt8(ascii: ")"))
            } else {
                out.raw("the point")
            }
        }
        func resultID() {
            if result >= 0 { out.bytes.append(contentsOf: scene.views[Int(result)].id.utf8) } else { out.raw("nil") }
        }
        switch (outcome, reason) {
        case (.rejected, .hidden?): out.raw("hidden: the view and its subviews are skipped")
        case (.rejected, .userInteractionDisabled?):
            out.raw("userInteractionEnabled is false")
            if !scene.views[Int(view)].viewClass.defaultUserInteractionEnabled {
                out.raw(" (the ")
                out.bytes.append(contentsOf: scene.views[Int(view)].viewClass.rawValue.utf8)
                out.raw(" default, H6)")
            }
            out.raw(": the view and its subviews are skipped")
        case (.rejected, .transparent?):
            out.raw("alpha ")
            out.number(scene.views[Int(view)].alpha)
            out.raw(" is below 0.01: the view and its subviews are skipped")
        case (.rejected, .disabledControl?): out.raw("a disabled control returns nil for itself and its subviews")
        case (.rejected, .outside?):
            at()
            out.raw(" is outside the bounds (")
            let b = scene.views[Int(view)].geometry.bounds
            out.number(b.minX)
            out.raw(", ")
            out.number(b.minY)
            out.raw(", ")
            out.number(b.size.width)
            out.raw(", ")
            out.number(b.size.height)
            out.byte(UInt8(ascii: ")"))
        case (.rejected, .pointInsideOverride?):
            out.raw("point(inside:) override (")
            out.bytes.append(contentsOf: scene.views[Int(view)].pointInside.name.utf8)
            out.raw(") says ")
            at()
            out.raw(" is outside")
        case (.rejected, .hitTestOverride?): out.raw("hitTest override passThroughSelf returns nil where the view itself would be hit")
        case (.rejected, .nonInvertibleTransform?): out.raw("the transform cannot be inverted (for example a scale of 0)")
        case (.rejected, nil): out.raw("rejected")
        case (.hit, _):
            if rule == .H9 {
                out.raw("no subview answered; hitTest override redirects to ")
                resultID()
            } else {
                at()
                out.raw(scene.views[Int(view)].subviews.isEmpty ? " is inside and the view has no subviews" : " is inside and no subview answered")
            }
        case (.descend, _):
            if rule == .H9 {
                out.raw("a subview answered but hitTest override capture returns the view itself")
            } else {
                at()
                out.raw(" is inside; a subview answered with ")
                resultID()
            }
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

extension HitTestTrace {
    /// Writes `json(in:)` as `JSONWriter` would, directly to bytes: the API's hot path.
    /// Keys are written in sorted order; ids need no escaping (they are `A-Z a-z 0-9 _ . : -`),
    /// nor do rule ids and reasons.
    public func writeJSON(in scene: Scene, into out: inout JSONOutput) {
        out.byte(UInt8(ascii: "{"))
        if !drawnOnTop.isEmpty {
            out.raw("\"drawnOnTop\":")
            out.bytes.append(contentsOf: JSONWriter().bytes(.array(drawnOnTop.map { $0.json(in: scene) })))
            out.byte(UInt8(ascii: ","))
        }
        out.raw("\"hitView\":")
        if let hitView { out.plainString(scene.views[hitView].id) } else { out.raw("null") }
        out.raw(",\"point\":")
        out.point(point)
        out.raw(",\"responderChain\":[")
        if let hitView {
            var first = true
            var current: ResponderRef? = .view(hitView)
            while let responder = current {
                if !first { out.byte(UInt8(ascii: ",")) }
                first = false
                out.plainString(scene.id(of: responder))
                current = scene.nextResponder(of: responder)
            }
        }
        out.raw("],\"steps\":[")
        for (i, step) in steps.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            step.writeJSON(in: scene, into: &out)
        }
        out.raw("],\"window\":")
        if let window { out.plainString(scene.views[window].id) } else { out.raw("null") }
        out.raw(",\"windowOrder\":[")
        for (i, window) in windowOrder.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.plainString(scene.views[window].id)
        }
        out.raw("]}")
    }
}

extension HitTestTrace.Step {
    func writeJSON(in scene: Scene, into out: inout JSONOutput) {
        out.raw("{\"detail\":\"")
        writeDetail(in: scene, into: &out)
        out.raw("\",\"outcome\":\"")
        switch outcome {
        case .hit: out.raw("hit")
        case .descend: out.raw("descend")
        case .rejected: out.raw("rejected")
        }
        out.raw("\",\"point\":")
        if let point { out.point(point) } else { out.raw("null") }
        if let reason {
            out.raw(",\"reason\":")
            out.plainString(reason.rawValue)
        }
        out.raw(",\"result\":")
        if result >= 0 { out.plainString(scene.views[Int(result)].id) } else { out.raw("null") }
        out.raw(",\"rule\":")
        out.plainString(rule.rawValue)
        out.raw(",\"view\":")
        out.plainString(scene.views[Int(view)].id)
        out.byte(UInt8(ascii: "}"))
    }
}
