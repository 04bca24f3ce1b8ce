import TouchTraceEngine

/// The legend beside the picture: what the scene is, a key to the colours, and in words what
/// the marks show — each point's hit view, path, responder chain and the action a tap sends;
/// each region's size and what covers it; the audit's findings, numbered as in its text report.
extension Picture {
    struct LegendLine {
        enum Style: String { case heading = "tt-heading", text = "", note = "tt-note" }
        var text: String
        var style: Style = .text
        var indent = 0
        /// A swatch before the text: the classes of a group and of its shape (the key), or a colour.
        var swatch: (group: String, shape: String)?
        var color: String?
    }

    func legendLines() -> [LegendLine] {
        var lines: [LegendLine] = []
        lines.append(LegendLine(text: scene.name ?? "Scene", style: .heading))
        let inWindows = layout.drawOrder.count
        let drawn = layout.drawOrder.filter { layout.windowOrder.contains($0) || layout.isOnCanvas($0) }.count
        lines.append(LegendLine(text: "\(inWindows) views in \(layout.windowOrder.count) window\(layout.windowOrder.count == 1 ? "" : "s"); windows front to back (H8): "
            + layout.windowOrder.map { "\(scene.views[$0].id) (level \(SVGWriter.number(scene.views[$0].level)))" }.joined(separator: ", "), style: .note))
        if let reference = layout.reference {
            lines.append(LegendLine(text: "Coordinates: points in window \(scene.views[reference].id)'s space.", style: .note))
        }
        if drawn < inWindows {
            lines.append(LegendLine(text: "\(inWindows - drawn) views lie outside the picture and are not drawn.", style: .note))
        }
        let detached = scene.views.count - inWindows
        if detached > 0 { lines.append(LegendLine(text: "\(detached) views are in no window and are not drawn.", style: .note)) }
        if !request.changes.isEmpty {
            lines.append(LegendLine(text: "After \(request.changes.count) layout change\(request.changes.count == 1 ? "" : "s") and one layout cycle.", style: .note))
        }
        lines.append(LegendLine(text: ""))
        lines += keyLines()
        if !probes.isEmpty {
            lines.append(LegendLine(text: ""))
            lines.append(LegendLine(text: "Touch points (H1–H10, R1, and a tap replayed)", style: .heading))
            for (i, probe) in probes.enumerated() {
                lines.append(LegendLine(text: "P\(i + 1) " + headline(of: probe), color: RenderStyle.pointColor(i)))
                lines += probeLines(probe).map { LegendLine(text: $0, indent: 3) }
            }
        }
        if request.regions {
            lines.append(LegendLine(text: ""))
            lines.append(LegendLine(text: "Effective hit regions of \(regions.count) controls and gesture views (docs/audit.md)", style: .heading))
            for region in regions.prefix(RenderStyle.maxRegionLines) { lines.append(LegendLine(text: summary(of: region))) }
            if regions.count > RenderStyle.maxRegionLines {
                lines.append(LegendLine(text: "… and \(regions.count - RenderStyle.maxRegionLines) more (each region's title says it).", style: .note))
            }
        }
        if let audit {
            lines.append(LegendLine(text: ""))
            let profile = audit.options.profile
            lines.append(LegendLine(
                text: "Audit: profile \(profile.name) (\(SVGWriter.number(profile.minimum.width))×\(SVGWriter.number(profile.minimum.height)) pt)",
                style: .heading))
            let skipped = audit.targets.filter { if case .skipped = $0.outcome { true } else { false } }.count
            lines.append(LegendLine(
                text: "\(audit.errorCount) error\(audit.errorCount == 1 ? "" : "s"), \(audit.warningCount) warning\(audit.warningCount == 1 ? "" : "s"), "
                    + "\(audit.allowed.count) allowed; \(audit.targets.count) targets, \(skipped) skipped: " + (audit.passed ? "passed" : "failed"),
                style: .note))
            for (i, line) in findingLines.enumerated() { lines.append(LegendLine(text: "\(i + 1). " + line)) }
        }
        return lines
    }

    /// The key: what the colours and patterns mean, for what this picture shows.
    func keyLines() -> [LegendLine] {
        var lines = [
            LegendLine(text: "control", swatch: ("tt-control", "tt-frame")),
            LegendLine(text: "view with gesture recognizers", swatch: ("tt-gesture", "tt-frame")),
            LegendLine(text: "label or text", swatch: ("tt-text", "tt-frame")),
            LegendLine(text: "hidden or alpha < 0.01, itself or an ancestor (H1)", swatch: ("tt-ghost", "tt-frame")),
        ]
        if request.regions {
            lines += [
                LegendLine(text: "effective hit region: where a touch reaches it", swatch: ("", "tt-reach")),
                LegendLine(text: "covered or taken by another view or window (H3, H8, H9, R3)", swatch: ("", "tt-covered")),
                LegendLine(text: "outside an ancestor, so never hit (H4)", swatch: ("", "tt-clipped")),
                LegendLine(text: "hidden, non-interactive, disabled or animating (H1, H5–H7, H10)", swatch: ("", "tt-unreachable")),
            ]
        }
        if audit != nil {
            lines += [
                LegendLine(text: "finding (numbered as in the text report)", swatch: ("", "tt-finding tt-finding-error")),
                LegendLine(text: "largest rectangle fitting the profile's minimum", swatch: ("", "tt-measured")),
            ]
        }
        return lines
    }

    /// The legend's lines wrapped to its width: continuation lines are indented two more.
    func wrappedLegend() -> [LegendLine] {
        var result: [LegendLine] = []
        for line in legendLines() {
            let width = RenderStyle.legendColumns - line.indent - (line.swatch == nil ? 0 : 3)
            for (k, piece) in Self.wrap(line.text, width: max(20, width)).enumerated() {
                var copy = line
                copy.text = piece
                if k > 0 {
                    copy.indent += 2 + (line.swatch == nil ? 0 : 3)
                    copy.swatch = nil
                }
                result.append(copy)
            }
        }
        return result
    }

    /// Breaks text at spaces into lines of at most `width` characters (a longer word is cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var word = Substring(word)
            while word.count > width {
                if !current.isEmpty {
                    lines.append(current)
                    current = ""
                }
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines
    }

    /// Writes the legend with its first baseline at `origin`.
    func writeLegend(_ lines: [LegendLine], at origin: Point, _ out: inout SVGWriter) {
        out.line("<g class=\"tt-legend\">")
        let column = RenderStyle.legendSize * 0.6
        for (i, line) in lines.enumerated() where !line.text.isEmpty {
            let baseline = origin.y + Double(i) * RenderStyle.legendLine
            var x = origin.x + Double(line.indent) * column
            if let swatch = line.swatch {
                let shape = [
                    ("class", swatch.shape), ("x", SVGWriter.number(x)), ("y", SVGWriter.number(baseline - 9)), ("width", "14"), ("height", "10"),
                ]
                if swatch.group.isEmpty {
                    out.open("rect", shape, close: true)
                } else {
                    out.open("g", [("class", swatch.group)])
                    out.open("rect", shape, close: true)
                    out.close("g")
                }
                x += 3 * column
            }
            var attributes = [("x", SVGWriter.number(x)), ("y", SVGWriter.number(baseline))]
            if !line.style.rawValue.isEmpty { attributes.insert(("class", line.style.rawValue), at: 0) }
            if let color = line.color { attributes.append(("fill", color)) }
            out.element("text", attributes, text: line.text)
        }
        out.close("g")
    }
}
