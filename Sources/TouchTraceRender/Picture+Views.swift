import TouchTraceEngine

/// The views: each window's tree, windows back to front (H8), every view's frame where its
/// center, bounds and transform put it (H5), tagged with its id and class; labels and buttons
/// show their text; hidden and transparent views (H1) are dashed ghosts.
extension Picture {
    func writeViews(_ out: inout SVGWriter) {
        out.line("<g class=\"tt-views\">")
        for window in layout.windowOrder.reversed() {
            let node = scene.views[window]
            out.open("g", [
                ("class", "tt-window-tree"), ("data-window", node.id), ("data-level", SVGWriter.number(node.level)),
            ])
            out.raw("\n")
            writeTree(of: window, &out)
            out.close("g")
        }
        out.close("g")
    }

    /// The window's tree in drawing order (parents first, subviews back to front), skipping
    /// views with nothing on the canvas.
    private func writeTree(of window: Int, _ out: inout SVGWriter) {
        var stack = [window]
        // Tags of views that share a top-left corner (a full-size root view in its window) go
        // on successive lines instead of on top of each other: lines used, by corner.
        var tagLines: [TagCorner: Int] = [:]
        while let v = stack.popLast() {
            for child in scene.views[v].subviews.reversed() { stack.append(child) }
            guard v == window || layout.isOnCanvas(v), let corners = layout.corners(of: v) else { continue }
            let corner = TagCorner(corners[0])
            let line = tagLines[corner, default: 0]
            if writeView(v, corners: corners, tagLine: line, &out) { tagLines[corner] = line + 1 }
        }
    }

    /// A view's top-left corner in the picture, to the nearest half point.
    private struct TagCorner: Hashable {
        var x: Int64
        var y: Int64
        init(_ p: Point) {
            // Half points, clamped to ±2·10^12 (NaN as 0), so that no coordinate traps.
            x = Int64(truncatingIfNeeded: Checked.int(p.x * 2, rounding: .toNearestOrAwayFromZero, clampedTo: -2_000_000_000_000...2_000_000_000_000) ?? 0)
            y = Int64(truncatingIfNeeded: Checked.int(p.y * 2, rounding: .toNearestOrAwayFromZero, clampedTo: -2_000_000_000_000...2_000_000_000_000) ?? 0)
        }
    }

    /// Writes the view; returns whether its tag was drawn (on line `tagLine` from its top).
    private func writeView(_ v: Int, corners: [Point], tagLine: Int, _ out: inout SVGWriter) -> Bool {
        let node = scene.views[v]
        var attributes: [(String, String)] = [("class", (["tt-view"] + kinds(of: v)).joined(separator: " ")), ("data-view", node.id)]
        attributes.append(("data-class", node.viewClass.rawValue))
        if node.isWindow {
            attributes.append(("data-width", SVGWriter.number(node.geometry.bounds.size.width)))
            attributes.append(("data-height", SVGWriter.number(node.geometry.bounds.size.height)))
        }
        out.open("g", attributes)
        out.element("title", text: description(of: v))
        if layout.isUpright(v), let box = RenderLayout.bounding(corners) {
            out.open("rect", [
                ("class", "tt-frame"), ("x", SVGWriter.number(box.minX)), ("y", SVGWriter.number(box.minY)),
                ("width", SVGWriter.number(box.size.width)), ("height", SVGWriter.number(box.size.height)),
            ], close: true)
        } else {
            out.open("polygon", [("class", "tt-frame"), ("points", SVGWriter.points(corners))], close: true)
        }
        let tagged = writeTexts(of: v, tagLine: tagLine, &out)
        out.close("g")
        return tagged
    }

    /// The classes that choose a view's look (RenderStyle.css).
    func kinds(of v: Int) -> [String] {
        let node = scene.views[v]
        var kinds: [String] = []
        if node.isWindow { kinds.append("tt-window") }
        if node.control != nil { kinds.append("tt-control") }
        if node.control?.enabled == false { kinds.append("tt-disabled") }
        if node.control == nil, node.gestureRecognizers.contains(where: { $0.enabled }) { kinds.append("tt-gesture") }
        if node.viewClass.isScrollView { kinds.append("tt-scroll") }
        if node.text != nil, node.control == nil { kinds.append("tt-text") }
        if layout.ghost[v] { kinds.append("tt-ghost") }
        return kinds
    }

    /// The tag: `id · Class`, with the app's class when the scene names one, and the state
    /// that makes it a ghost or disabled.
    func tag(of v: Int) -> String {
        let node = scene.views[v]
        var parts = [node.id, node.customClass ?? node.viewClass.rawValue]
        if node.hidden { parts.append("hidden") }
        if node.alpha < UIKitConstants.minimumHittableAlpha { parts.append("alpha " + SVGWriter.number(node.alpha)) }
        if node.control?.enabled == false { parts.append("disabled") }
        if node.isWindow { parts.append("level " + SVGWriter.number(node.level)) }
        if let vc = node.viewController { parts.append("view of " + scene.viewControllers[vc].id) }
        return parts.joined(separator: " · ")
    }

    /// The view's title (a tooltip in browsers): everything the tag says, unshortened, and more.
    func description(of v: Int) -> String {
        let node = scene.views[v]
        var parts = [node.id, node.customClass.map { "\($0) (\(node.viewClass.rawValue))" } ?? node.viewClass.rawValue]
        let f = node.frame
        parts.append("frame \(SVGWriter.number(f.minX)), \(SVGWriter.number(f.minY)), \(SVGWriter.number(f.size.width))×\(SVGWriter.number(f.size.height))")
        if !node.geometry.transform.isIdentity { parts.append("transformed") }
        if node.hidden { parts.append("hidden") }
        if node.alpha < 1 { parts.append("alpha " + SVGWriter.number(node.alpha)) }
        if !node.userInteractionEnabled { parts.append("userInteractionEnabled false") }
        if node.control?.enabled == false { parts.append("disabled") }
        if layout.ghost[v], !node.hidden, node.alpha >= UIKitConstants.minimumHittableAlpha { parts.append("inside a hidden or transparent ancestor") }
        if let vc = node.viewController {
            let controller = scene.viewControllers[vc]
            parts.append("root view of " + controller.id + (controller.customClass.map { " (\($0))" } ?? ""))
        }
        if let text = node.text { parts.append("text \u{201C}\(text)\u{201D}") }
        return parts.joined(separator: " · ")
    }

    /// The tag at the view's top-left and, for labels and buttons, their text, both in the
    /// view's own coordinates (so they turn and scale with it), shortened to its width.
    private func writeTexts(of v: Int, tagLine: Int, _ out: inout SVGWriter) -> Bool {
        guard let m = layout.toPicture[v] else { return false }
        let node = scene.views[v]
        let b = node.geometry.bounds
        let translationOnly = m.a == 1 && m.b == 0 && m.c == 0 && m.d == 1
        func place(_ x: Double, _ y: Double) -> [(String, String)] {
            translationOnly
                ? [("x", SVGWriter.number(x + m.tx)), ("y", SVGWriter.number(y + m.ty))]
                : [("x", SVGWriter.number(x)), ("y", SVGWriter.number(y)), ("transform", SVGWriter.matrix(m))]
        }
        var tagRoom = b.size.height
        if let text = node.text, !text.isEmpty {
            let size = min(node.fontSize, b.size.height * 0.8)
            let centred = node.control != nil
            if size >= 4, let shown = Self.shorten(text, width: b.size.width - 8, fontSize: size) {
                var attributes = [("class", "tt-content"), ("font-size", SVGWriter.number(size))]
                if centred { attributes.append(("text-anchor", "middle")) }
                attributes += place(centred ? b.midX : b.minX + 4, b.midY + size * 0.35)
                out.element("text", attributes, text: shown)
            }
            tagRoom = (b.size.height - size) / 2
        }
        let lineHeight = RenderStyle.tagSize + 2
        guard tagRoom >= Double(tagLine + 1) * lineHeight,
            let shown = Self.shorten(tag(of: v), width: b.size.width - 4, fontSize: RenderStyle.tagSize)
        else { return false }
        out.element("text", [("class", "tt-tag")] + place(b.minX + 2, b.minY + RenderStyle.tagSize + 1 + Double(tagLine) * lineHeight), text: shown)
        return true
    }

    /// `text` cut (with an ellipsis) to what fits in `width` at `fontSize`; nil when not even
    /// three characters fit.
    static func shorten(_ text: String, width: Double, fontSize: Double) -> String? {
        guard width.isFinite, fontSize > 0 else { return nil }
        let fits = Checked.int(width / (fontSize * RenderStyle.advance), rounding: .towardZero, clampedTo: 0...10_000) ?? 0
        let characters = Array(text)
        if characters.count <= fits { return text }
        guard fits >= 3 else { return nil }
        return String(characters.prefix(fits - 1)) + "\u{2026}"
    }
}
