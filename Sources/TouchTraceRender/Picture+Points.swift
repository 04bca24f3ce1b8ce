import TouchTraceEngine

/// Touch points: each marked and numbered (P1, P2, …) in its own colour, with its hit path —
/// the window and every view that passed the hit view up (H3), and the hit view filled.
extension Picture {
    func writeProbes(_ out: inout SVGWriter) {
        guard !probes.isEmpty else { return }
        out.line("<g class=\"tt-probes\">")
        for (i, probe) in probes.enumerated() {
            let color = RenderStyle.pointColor(i)
            var attributes = [
                ("class", "tt-probe"), ("data-point", String(i + 1)),
                ("data-x", SVGWriter.number(probe.point.x)), ("data-y", SVGWriter.number(probe.point.y)),
            ]
            if let hit = probe.trace.hitView { attributes.append(("data-hit-view", scene.views[hit].id)) }
            out.open("g", attributes)
            out.element("title", text: "P\(i + 1) " + headline(of: probe))
            for v in probe.path {
                guard let corners = layout.corners(of: v) else { continue }
                let isHit = v == probe.trace.hitView
                var shape = [("class", isHit ? "tt-path tt-hit" : "tt-path"), ("data-view", scene.views[v].id), ("stroke", color)]
                shape += isHit ? [("fill", color), ("fill-opacity", "0.18")] : [("fill", "none")]
                // Later points' outlines are dashed, so paths through the same views show both colours.
                if i > 0 { shape += [("stroke-dasharray", "6 6"), ("stroke-dashoffset", String(6 * (i % 2)))] }
                out.open("polygon", shape + [("points", SVGWriter.points(corners))], close: true)
            }
            let p = probe.position
            let x = SVGWriter.number(p.x)
            let y = SVGWriter.number(p.y)
            out.open("circle", [("class", "tt-marker"), ("cx", x), ("cy", y), ("r", "7"), ("stroke", color)], close: true)
            out.open("path", [
                ("d", "M\(SVGWriter.number(p.x - 11)),\(y)H\(SVGWriter.number(p.x + 11))M\(x),\(SVGWriter.number(p.y - 11))V\(SVGWriter.number(p.y + 11))"),
                ("stroke", color), ("stroke-width", "1.5"),
            ], close: true)
            out.element("text", [
                ("class", "tt-point-label"), ("x", SVGWriter.number(p.x + 10)), ("y", SVGWriter.number(p.y - 9)), ("fill", color),
            ], text: "P\(i + 1)")
            out.close("g")
        }
        out.close("g")
    }

    /// "(100, 300) → overlay in window win" or "(5, 900) → no view".
    func headline(of probe: Probe) -> String {
        let at = "(\(SVGWriter.number(probe.point.x)), \(SVGWriter.number(probe.point.y)))"
            + (request.window.map { " in \($0)'s coordinates" } ?? "")
        guard let hit = probe.trace.hitView else { return at + " → no view: every window returned nil" }
        let window = probe.trace.window.map { " (window \(scene.views[$0].id))" } ?? ""
        return at + " → " + scene.views[hit].id + window
    }

    /// The legend's lines for a point: where it lands, the path, the responder chain (R1), and
    /// what a tap there sends (T1–T4, G6) or why nothing.
    func probeLines(_ probe: Probe) -> [String] {
        guard let hit = probe.trace.hitView else { return [] }
        var lines = ["path: " + probe.path.map { scene.views[$0].id }.joined(separator: " › ")]
        lines.append("responder chain: " + scene.responderChain(from: .view(hit)).map { scene.id(of: $0) }.joined(separator: " → "))
        // Control events, grouped by control in order: "locateButton: touchDown, touchUpInside".
        var groups: [(control: String, events: [String])] = []
        for (control, event) in probe.controlEvents {
            if groups.last?.control == control { groups[groups.count - 1].events.append(event) } else { groups.append((control, [event])) }
        }
        for group in groups { lines.append("control events: \(group.control): " + group.events.joined(separator: ", ")) }
        if probe.actions.isEmpty {
            lines.append("a tap sends no action")
        }
        for action in probe.actions {
            lines.append("a tap sends " + Self.describe(action: action))
        }
        return lines
    }

    /// `locate: → mapVC (explicit; locateButton, touchUpInside)`, `pay: → nobody (unhandled; …)`.
    static func describe(action: SentAction) -> String {
        "\(action.action) → \(action.target ?? "nobody") (\(action.resolution.rawValue); \(action.sender), \(action.event))"
    }
}
