extension TouchTrace {
    /// The response of `layout(_:in:)` written directly as bytes: the same bytes as
    /// `JSONWriter().bytes(layout(request, in: scene))`, without building the `JSONValue` tree
    /// (no per-entry allocations). For the API's layout routes.
    public static func layoutBytes(_ request: LayoutRequest, in scene: Scene) throws(InputError) -> [UInt8] {
        try layoutBytes(request, in: scene, initialAutoLayout: nil)
    }

    /// ``layoutBytes(_:in:)`` for a prepared scene (the API's stored-scene route): the same
    /// bytes, without solving the initial cycle's constraints again.
    public static func layoutBytes(_ request: LayoutRequest, in prepared: PreparedScene) throws(InputError) -> [UInt8] {
        try layoutBytes(request, in: prepared.scene, initialAutoLayout: prepared.initialAutoLayout)
    }

    static func layoutBytes(_ request: LayoutRequest, in scene: Scene, initialAutoLayout: AutoLayoutSystem?) throws(InputError) -> [UInt8] {
        let (result, trace, system) = try scene.applyingWithAutoLayout(request.changes, initialAutoLayout: initialAutoLayout)
        var out = JSONOutput(capacity: 64 * result.views.count + 128 * trace.log.count)
        let autoLayout = system.map { $0.responseFields(includeConstraints: request.includeConstraints) }
            ?? result.autoLayoutFields(includeConstraints: request.includeConstraints)
        result.writeLayoutResponse(trace, includeInitialLayout: request.includeInitialLayout, autoLayout: autoLayout, into: &out)
        return out.bytes
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

    func writeCall(_ call: LayoutCall, type: Bool, into out: inout JSONOutput) {
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

    func writeEntry(_ entry: LayoutLogEntry, into out: inout JSONOutput) {
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
        }
    }
}
