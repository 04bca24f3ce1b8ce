extension HitTestResult {
    /// Writes `json(in:)` as `JSONWriter` would, directly to bytes: the API's hot path.
    /// Keys are written in sorted order; ids need no escaping (they are `A-Z a-z 0-9 _ . : -`),
    /// nor do rule ids and reasons.
    public func writeJSON(in scene: Scene, into out: inout JSONOutput) {
        out.raw("{\"hitView\":")
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

extension HitTestStep {
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
