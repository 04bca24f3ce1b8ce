/// The layout answer as JSON (openapi.yaml; docs/trace-schema.md lists every field): the one
/// writer, straight to bytes, keys in sorted order.
extension LayoutResult {
    /// `{ambiguous?, conflicts?, constraints?, contentOffsets?, frames, layoutSubviews, log,
    /// subviews, warnings?}`: Auto Layout's members only when a view takes part (L6), `constraints`
    /// when the request asked, `contentOffsets` when the scene has scroll views (S3), `warnings`
    /// when the scene's geometry is not known (``UnknownGeometry``).
    func write(into out: inout JSONOutput) {
        let scene = self.scene
        let attached = scene.sortedByID(scene.attachedViews)
        out.byte(UInt8(ascii: "{"))
        if autoLayout.takesPart {
            out.raw("\"ambiguous\":")
            out.array(autoLayout.ambiguous) { out, v in out.plainString(scene.views[v].id) }
            out.raw(",\"conflicts\":")
            out.array(autoLayout.conflicts) { out, conflict in
                out.raw("{\"broken\":")
                out.value(conflict.broken.json(in: scene))
                out.raw(",\"involved\":")
                out.array(conflict.involved) { out, c in out.value(c.json(in: scene)) }
                out.byte(UInt8(ascii: "}"))
            }
            out.byte(UInt8(ascii: ","))
        }
        if let constraints = autoLayout.constraints {
            out.raw("\"constraints\":")
            out.array(constraints) { out, c in out.value(c.json(in: scene)) }
            out.byte(UInt8(ascii: ","))
        }
        scene.writeContentOffsets(into: &out)
        out.raw("\"frames\":")
        out.object(attached, id: { scene.views[$0].id }) { out, v in out.rect(scene.views[v].frame) }
        out.raw(",\"layoutSubviews\":")
        out.array(layoutSubviewsCalls) { out, call in scene.writeCall(call, type: false, into: &out) }
        out.raw(",\"log\":")
        out.array(logEntries) { out, entry in scene.writeEntry(entry, into: &out) }
        out.raw(",\"subviews\":")
        out.object(attached.filter { !scene.views[$0].subviews.isEmpty }, id: { scene.views[$0].id }) { out, v in
            out.array(scene.views[v].subviews) { out, s in out.plainString(scene.views[s].id) }
        }
        if !warnings.isEmpty {
            out.raw(",\"warnings\":")
            out.array(warnings) { out, w in out.value(w.json) }
        }
        out.byte(UInt8(ascii: "}"))
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
        out.raw("\"contentOffsets\":")
        out.object(sortedByID(offsets), id: { views[$0].id }) { out, v in out.point(views[v].geometry.bounds.origin) }
        out.byte(UInt8(ascii: ","))
    }

    // Ids are written with `plainString` (the decoder admits only `A-Z a-z 0-9 _ . : -`,
    // `DecodeContext.isValidIdentifier`, as the `frames` keys already assume) and the reasons,
    // rules and passes as literals: no escaping scan and no string per entry (issue 27).
    func writeCall(_ call: LayoutTrace.Call, type: Bool, into out: inout JSONOutput) {
        out.byte(UInt8(ascii: "{"))
        if let change = call.change {
            out.member("\"change\":", number: Double(change))
            out.byte(UInt8(ascii: ","))
        }
        out.member("\"marks\":", number: Double(call.marks))
        out.raw(",\"pass\":")
        out.raw(call.pass.quotedName)
        out.raw(",\"reason\":")
        out.raw(call.reason.quotedName)
        out.raw(",\"rule\":")
        out.raw(call.reason.quotedRule)
        if type { out.raw(",\"type\":\"layoutSubviews\"") }
        out.member(",\"view\":", plain: views[call.view].id)
        out.byte(UInt8(ascii: "}"))
    }

    func writeEntry(_ entry: LayoutTrace.Entry, into out: inout JSONOutput) {
        switch entry {
        case let .change(index, op):
            out.member("{\"change\":", number: Double(index))
            out.member(",\"op\":", string: op)
            out.raw(",\"type\":\"change\"}")
        case let .needsLayout(view, reason, coalesced):
            out.raw(coalesced ? "{\"coalesced\":true,\"reason\":" : "{\"coalesced\":false,\"reason\":")
            out.raw(reason.quotedName)
            out.raw(",\"rule\":")
            out.raw(reason.quotedRule)
            out.member(",\"type\":\"needsLayout\",\"view\":", plain: views[view].id)
            out.byte(UInt8(ascii: "}"))
        case let .autoresized(view, superview, from, to):
            out.raw("{\"from\":")
            out.rect(from)
            out.member(",\"rule\":\"L5\",\"superview\":", plain: views[superview].id)
            out.raw(",\"to\":")
            out.rect(to)
            out.member(",\"type\":\"autoresize\",\"view\":", plain: views[view].id)
            out.byte(UInt8(ascii: "}"))
        case let .layoutIfNeeded(requested, start):
            out.member("{\"rule\":\"L3\",\"start\":", plain: views[start].id)
            out.member(",\"type\":\"layoutIfNeeded\",\"view\":", plain: views[requested].id)
            out.byte(UInt8(ascii: "}"))
        case let .viewWillLayoutSubviews(controller), let .viewDidLayoutSubviews(controller):
            let vc = viewControllers[controller]
            if case .viewWillLayoutSubviews = entry {
                out.raw("{\"rule\":\"L4\",\"type\":\"viewWillLayoutSubviews\",\"view\":")
            } else {
                out.raw("{\"rule\":\"L4\",\"type\":\"viewDidLayoutSubviews\",\"view\":")
            }
            out.plainString(views[vc.view].id)
            out.member(",\"viewController\":", plain: vc.id)
            out.byte(UInt8(ascii: "}"))
        case let .layoutSubviews(call):
            writeCall(call, type: true, into: &out)
        case let .noEffect(index, why):
            out.member("{\"change\":", number: Double(index))
            out.member(",\"detail\":", string: why)
            out.raw(",\"type\":\"noEffect\"}")
        case let .note(index, rule, detail):
            out.member("{\"change\":", number: Double(index))
            out.member(",\"detail\":", string: detail)
            out.member(",\"rule\":", string: rule.rawValue)
            out.raw(",\"type\":\"note\"}")
        }
    }
}

extension LayoutTrace.Reason {
    /// The raw value as a JSON string literal (quotes included; it needs no escaping).
    var quotedName: StaticString {
        switch self {
        case .initialLayout: "\"initialLayout\""
        case .setNeedsLayout: "\"setNeedsLayout\""
        case .boundsSizeChanged: "\"boundsSizeChanged\""
        case .boundsOriginChanged: "\"boundsOriginChanged\""
        case .superviewSizeChanged: "\"superviewSizeChanged\""
        case .subviewSizeChanged: "\"subviewSizeChanged\""
        case .subviewAdded: "\"subviewAdded\""
        case .subviewRemoved: "\"subviewRemoved\""
        case .subviewsReordered: "\"subviewsReordered\""
        case .constraintsChanged: "\"constraintsChanged\""
        }
    }

    /// ``rule`` as a JSON string literal (the same mapping; a test compares the two).
    var quotedRule: StaticString {
        switch self {
        case .initialLayout: "\"L3\""
        case .superviewSizeChanged: "\"L5\""
        case .constraintsChanged: "\"L6\""
        default: "\"L2\""
        }
    }
}

extension LayoutTrace.Pass {
    /// The raw value as a JSON string literal (quotes included; it needs no escaping).
    var quotedName: StaticString {
        switch self {
        case .initial: "\"initial\""
        case .layoutIfNeeded: "\"layoutIfNeeded\""
        case .updateCycle: "\"updateCycle\""
        }
    }
}
