import TouchTraceEngine

/// The SVG document: the canvas (the windows and what the request widened it with) on the
/// left, the legend on the right, layers drawn bottom to top — views, regions, findings, points.
extension Picture {
    /// Space between the canvas and the legend, and around the legend.
    static let gap = 16.0

    func svg() -> [UInt8] {
        let legend = wrappedLegend()
        let canvas = layout.canvas
        let legendHeight = Double(legend.count) * RenderStyle.legendLine + 2 * Self.gap
        let width = canvas.size.width + Self.gap + RenderStyle.legendWidth
        let height = max(canvas.size.height, legendHeight)
        let box = [canvas.minX, canvas.minY, width, height].map(SVGWriter.number).joined(separator: " ")

        var out = SVGWriter(capacity: 4_096 + 400 * layout.drawOrder.count)
        out.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        var root = [
            ("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"),
            ("width", SVGWriter.number(width)), ("height", SVGWriter.number(height)), ("viewBox", box),
            ("font-family", RenderStyle.fontFamily),
        ]
        if let reference = layout.reference { root.append(("data-reference-window", scene.views[reference].id)) }
        out.open("svg", root)
        out.raw("\n")
        out.element("title", text: (scene.name ?? "Scene") + " — TouchTrace")
        out.element("desc", text: description)
        out.line("<defs><style><![CDATA[")
        out.line(RenderStyle.css)
        out.line("]]></style>")
        out.line(RenderStyle.patterns)
        out.line("</defs>")
        out.open("rect", [
            ("class", "tt-background"), ("x", SVGWriter.number(canvas.minX)), ("y", SVGWriter.number(canvas.minY)),
            ("width", SVGWriter.number(width)), ("height", SVGWriter.number(height)), ("fill", "#ffffff"),
        ], close: true)
        writeViews(&out)
        writeRegions(&out)
        writeFindings(&out)
        writeProbes(&out)
        writeLegend(legend, at: Point(x: canvas.maxX + Self.gap, y: canvas.minY + Self.gap + RenderStyle.legendSize), &out)
        out.close("svg")
        return out.bytes
    }

    /// The document's description: what is drawn, for readers that do not see the picture.
    var description: String {
        var parts = ["Views of the scene in the front-most window's coordinates"]
        if !probes.isEmpty { parts.append("\(probes.count) touch point\(probes.count == 1 ? "" : "s") with hit paths") }
        if request.regions { parts.append("effective hit regions") }
        if let audit { parts.append("audit findings (profile \(audit.options.profile.name))") }
        return parts.joined(separator: ", ") + ". Made by TouchTrace (touchtrace render)."
    }
}
