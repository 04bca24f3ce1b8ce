extension LayoutTrace {
    /// The response fields `layoutSubviews` (`[{view, reason, rule, marks, pass}]`) and `log`
    /// of openapi.yaml, with the initial cycle's part first when `includeInitialLayout`.
    public func json(in scene: Scene, includeInitialLayout: Bool) -> (layoutSubviews: JSONValue, log: JSONValue) {
        let allCalls = includeInitialLayout ? initialCalls + calls : calls
        let allLog = includeInitialLayout ? initialLog + log : log
        return (.array(allCalls.map { $0.json(in: scene) }), .array(allLog.map { $0.json(in: scene) }))
    }
}

extension LayoutTrace.Call {
    public func json(in scene: Scene) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("view", .string(scene.views[view].id)), ("reason", .string(reason.rawValue)), ("rule", .string(reason.rule)),
            ("marks", .number(Double(marks))), ("pass", .string(pass.rawValue)),
        ]
        if let change { members.append(("change", .number(Double(change)))) }
        return .object(members)
    }
}

extension LayoutTrace.Entry {
    public func json(in scene: Scene) -> JSONValue {
        func id(_ view: Int) -> JSONValue { .string(scene.views[view].id) }
        switch self {
        case let .change(index, op):
            return .obj(["type": "change", "change": .number(Double(index)), "op": .string(op)])
        case let .needsLayout(view, reason, coalesced):
            return .obj([
                "type": "needsLayout", "view": id(view), "reason": .string(reason.rawValue),
                "rule": .string(reason.rule), "coalesced": .bool(coalesced),
            ])
        case let .autoresized(view, superview, from, to):
            return .obj(["type": "autoresize", "view": id(view), "superview": id(superview), "from": from.json, "to": to.json, "rule": "L5"])
        case let .layoutIfNeeded(requested, start):
            return .obj(["type": "layoutIfNeeded", "view": id(requested), "start": id(start), "rule": "L3"])
        case let .viewWillLayoutSubviews(controller):
            let vc = scene.viewControllers[controller]
            return .obj(["type": "viewWillLayoutSubviews", "viewController": .string(vc.id), "view": id(vc.view), "rule": "L4"])
        case let .layoutSubviews(call):
            guard case var .object(members) = call.json(in: scene) else { return .null }
            members.append((key: "type", value: "layoutSubviews"))
            return .object(members)
        case let .viewDidLayoutSubviews(controller):
            let vc = scene.viewControllers[controller]
            return .obj(["type": "viewDidLayoutSubviews", "viewController": .string(vc.id), "view": id(vc.view), "rule": "L4"])
        case let .noEffect(index, why):
            return .obj(["type": "noEffect", "change": .number(Double(index)), "detail": .string(why)])
        case let .note(index, rule, detail):
            return .obj(["type": "note", "change": .number(Double(index)), "detail": .string(detail), "rule": .string(rule.rawValue)])
        }
    }
}

extension Scene {
    /// `{"frames", "layoutSubviews", "log", "subviews"}` with keys in sorted order, as
    /// `JSONWriter` writes the `JSONValue` of `TouchTrace.layout`.
    /// `autoLayout` holds `ambiguous`, `conflicts` and maybe `constraints` (keys that sort before
    /// `frames`), or nothing.
    func writeLayoutResponse(
        _ trace: LayoutTrace, includeInitialLayout: Bool, autoLayout: [(key: String, value: JSONValue)] = [],
        into out: inout JSONOutput
    ) {
        let attached = attachedViews.sorted { views[$0].id.utf8.lexicographicallyPrecedes(views[$1].id.utf8) }
        out.byte(UInt8(ascii: "{"))
        for (key, value) in autoLayout.sorted(by: { $0.key < $1.key }) {
            out.string(key)
            out.byte(UInt8(ascii: ":"))
            out.bytes.append(contentsOf: JSONWriter().bytes(value))
            out.byte(UInt8(ascii: ","))
        }
        out.raw("\"frames\":{")
        for (i, v) in attached.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.string(views[v].id)
            out.byte(UInt8(ascii: ":"))
            writeRect(views[v].frame, into: &out)
        }
        out.raw("},\"layoutSubviews\":[")
        var first = true
        for call in (includeInitialLayout ? trace.initialCalls : []) + trace.calls {
            if !first { out.byte(UInt8(ascii: ",")) }
            first = false
            writeCall(call, type: false, into: &out)
        }
        out.raw("],\"log\":[")
        first = true
        for entry in (includeInitialLayout ? trace.initialLog : []) + trace.log {
            if !first { out.byte(UInt8(ascii: ",")) }
            first = false
            writeEntry(entry, into: &out)
        }
        out.raw("],\"subviews\":{")
        first = true
        for v in attached where !views[v].subviews.isEmpty {
            if !first { out.byte(UInt8(ascii: ",")) }
            first = false
            out.string(views[v].id)
            out.raw(":[")
            for (j, s) in views[v].subviews.enumerated() {
                if j > 0 { out.byte(UInt8(ascii: ",")) }
                out.string(views[s].id)
            }
            out.byte(UInt8(ascii: "]"))
        }
        out.raw("}}")
    }

    func writeRect(_ r: Rect, into out: inout JSONOutput) {
        out.raw("{\"height\":")
        out.number(r.size.height)
        out.raw(",\"width\":")
        out.number(r.size.width)
        out.raw(",\"x\":")
        out.number(r.origin.x)
        out.raw(",\"y\":")
        out.number(r.origin.y)
        out.byte(UInt8(ascii: "}"))
    }

    func writeCall(_ call: LayoutTrace.Call, type: Bool, into out: inout JSONOutput) {
        out.byte(UInt8(ascii: "{"))
        if let change = call.change {
            out.raw("\"change\":")
            out.number(Double(change))
            out.byte(UInt8(ascii: ","))
        }
        out.raw("\"marks\":")
        out.number(Double(call.marks))
        out.raw(",\"pass\":")
        out.string(call.pass.rawValue)
        out.raw(",\"reason\":")
        out.string(call.reason.rawValue)
        out.raw(",\"rule\":")
        out.string(call.reason.rule)
        if type { out.raw(",\"type\":\"layoutSubviews\"") }
        out.raw(",\"view\":")
        out.string(views[call.view].id)
        out.byte(UInt8(ascii: "}"))
    }

    func writeEntry(_ entry: LayoutTrace.Entry, into out: inout JSONOutput) {
        switch entry {
        case let .change(index, op):
            out.raw("{\"change\":")
            out.number(Double(index))
            out.raw(",\"op\":")
            out.string(op)
            out.raw(",\"type\":\"change\"}")
        case let .needsLayout(view, reason, coalesced):
            out.raw(coalesced ? "{\"coalesced\":true,\"reason\":" : "{\"coalesced\":false,\"reason\":")
            out.string(reason.rawValue)
            out.raw(",\"rule\":")
            out.string(reason.rule)
            out.raw(",\"type\":\"needsLayout\",\"view\":")
            out.string(views[view].id)
            out.byte(UInt8(ascii: "}"))
        case let .autoresized(view, superview, from, to):
            out.raw("{\"from\":")
            writeRect(from, into: &out)
            out.raw(",\"rule\":\"L5\",\"superview\":")
            out.string(views[superview].id)
            out.raw(",\"to\":")
            writeRect(to, into: &out)
            out.raw(",\"type\":\"autoresize\",\"view\":")
            out.string(views[view].id)
            out.byte(UInt8(ascii: "}"))
        case let .layoutIfNeeded(requested, start):
            out.raw("{\"rule\":\"L3\",\"start\":")
            out.string(views[start].id)
            out.raw(",\"type\":\"layoutIfNeeded\",\"view\":")
            out.string(views[requested].id)
            out.byte(UInt8(ascii: "}"))
        case let .viewWillLayoutSubviews(controller), let .viewDidLayoutSubviews(controller):
            let vc = viewControllers[controller]
            if case .viewWillLayoutSubviews = entry {
                out.raw("{\"rule\":\"L4\",\"type\":\"viewWillLayoutSubviews\",\"view\":")
            } else {
                out.raw("{\"rule\":\"L4\",\"type\":\"viewDidLayoutSubviews\",\"view\":")
            }
            out.string(views[vc.view].id)
            out.raw(",\"viewController\":")
            out.string(vc.id)
            out.byte(UInt8(ascii: "}"))
        case let .layoutSubviews(call):
            writeCall(call, type: true, into: &out)
        case let .noEffect(index, why):
            out.raw("{\"change\":")
            out.number(Double(index))
            out.raw(",\"detail\":")
            out.string(why)
            out.raw(",\"type\":\"noEffect\"}")
        case let .note(index, rule, detail):
            out.raw("{\"change\":")
            out.number(Double(index))
            out.raw(",\"detail\":")
            out.string(detail)
            out.raw(",\"rule\":")
            out.string(rule.rawValue)
            out.raw(",\"type\":\"note\"}")
        }
    }
}
