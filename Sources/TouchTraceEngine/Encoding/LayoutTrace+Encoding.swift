/// The layout answer as JSON (openapi.yaml; docs/trace-schema.md lists every field): the one
/// writer, straight to bytes, keys in sorted order.
extension LayoutResult {
    /// `{ambiguous?, conflicts?, constraints?, contentOffsets?, frames, layoutSubviews, log,
    /// subviews}`: Auto Layout's members only when a view takes part (L6), `constraints` when
    /// the request asked, `contentOffsets` when the scene has scroll views (S3).
    func write(into out: inout JSONOutput) {
        let views = scene.views
        let attached = scene.attachedViews.sorted { views[$0].id.utf8.lexicographicallyPrecedes(views[$1].id.utf8) }
        out.byte(UInt8(ascii: "{"))
        if autoLayout.takesPart {
            out.raw("\"ambiguous\":[")
            for (i, v) in autoLayout.ambiguous.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                out.string(views[v].id)
            }
            out.raw("],\"conflicts\":[")
            for (i, conflict) in autoLayout.conflicts.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                out.raw("{\"broken\":")
                out.value(conflict.broken.json(in: scene))
                out.raw(",\"involved\":[")
                for (j, c) in conflict.involved.enumerated() {
                    if j > 0 { out.byte(UInt8(ascii: ",")) }
                    out.value(c.json(in: scene))
                }
                out.raw("]}")
            }
            out.raw("],")
        }
        if let constraints = autoLayout.constraints {
            out.raw("\"constraints\":[")
            for (i, c) in constraints.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                out.value(c.json(in: scene))
            }
            out.raw("],")
        }
        scene.writeContentOffsets(into: &out)
        out.raw("\"frames\":{")
        for (i, v) in attached.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.string(views[v].id)
            out.byte(UInt8(ascii: ":"))
            out.rect(views[v].frame)
        }
        out.raw("},\"layoutSubviews\":[")
        var first = true
        for call in layoutSubviewsCalls {
            if !first { out.byte(UInt8(ascii: ",")) }
            first = false
            scene.writeCall(call, type: false, into: &out)
        }
        out.raw("],\"log\":[")
        first = true
        for entry in logEntries {
            if !first { out.byte(UInt8(ascii: ",")) }
            first = false
            scene.writeEntry(entry, into: &out)
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
}

extension Scene {
    /// `"contentOffsets":{id: {x, y}},` for every scroll view in a window's tree (S3: the offset
    /// is the bounds origin, which `frames` does not show), or nothing when the scene has none.
    func writeContentOffsets(into out: inout JSONOutput) {
        // Most scenes have no scroll view: a scan (no allocation) answers that before the walk.
        guard views.contains(where: { if case .some = $0.scroll { true } else { false } }) else { return }
        var offsets: [Int] = []
        for window in windows {
            for v in subtree(of: window) where views[v].scroll != nil { offsets.append(v) }
        }
        guard !offsets.isEmpty else { return }
        offsets.sort { views[$0].id.utf8.lexicographicallyPrecedes(views[$1].id.utf8) }
        out.raw("\"contentOffsets\":{")
        for (i, v) in offsets.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.string(views[v].id)
            out.byte(UInt8(ascii: ":"))
            out.point(views[v].geometry.bounds.origin)
        }
        out.raw("},")
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
            out.rect(from)
            out.raw(",\"rule\":\"L5\",\"superview\":")
            out.string(views[superview].id)
            out.raw(",\"to\":")
            out.rect(to)
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
