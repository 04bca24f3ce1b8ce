/// The hit-test trace as JSON (openapi.yaml's `HitTestTrace`; docs/trace-schema.md lists every
/// field): the one writer, straight to bytes, keys in sorted order. Ids need no escaping (they
/// are `A-Z a-z 0-9 _ . : -`), nor do rule ids and reasons.
extension HitTestTrace {
    /// `{drawnOnTop?, hitView, point, responderChain, steps, window, windowOrder}`.
    func write(in scene: Scene, into out: inout JSONOutput) {
        out.byte(UInt8(ascii: "{"))
        if !drawnOnTop.isEmpty {
            out.raw("\"drawnOnTop\":[")
            for (i, drawn) in drawnOnTop.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                drawn.write(in: scene, into: &out)
            }
            out.raw("],")
        }
        out.member("\"hitView\":", id: hitView, in: scene)
        out.member(",\"point\":", point: point)
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
            step.write(in: scene, into: &out)
        }
        out.member("],\"window\":", id: window, in: scene)
        out.raw(",\"windowOrder\":[")
        for (i, window) in windowOrder.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.plainString(scene.views[window].id)
        }
        out.raw("]}")
    }
}

extension HitTestTrace.Step {
    /// `{detail, outcome, point, reason?, result, rule, view}`.
    func write(in scene: Scene, into out: inout JSONOutput) {
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
            out.member(",\"reason\":", plain: reason.rawValue)
        }
        out.raw(",\"result\":")
        if result >= 0 { out.plainString(scene.views[Int(result)].id) } else { out.raw("null") }
        out.member(",\"rule\":", plain: rule.rawValue)
        out.member(",\"view\":", plain: scene.views[Int(view)].id)
        out.byte(UInt8(ascii: "}"))
    }
}

extension HitTestTrace.DrawnOnTop {
    /// `{detail, over, overZPosition, rule, view, zPosition}` (H3).
    func write(in scene: Scene, into out: inout JSONOutput) {
        out.member("{\"detail\":", string: detail(in: scene))
        out.member(",\"over\":", plain: scene.views[over].id)
        out.member(",\"overZPosition\":", number: scene.views[over].zPosition)
        out.member(",\"rule\":\"H3\",\"view\":", plain: scene.views[view].id)
        out.member(",\"zPosition\":", number: scene.views[view].zPosition)
        out.byte(UInt8(ascii: "}"))
    }
}
