import TouchTraceEngine

/// Figma's auto layout (`layoutMode`) as the view UIKit would use for it; its packing is
/// `primaryAxisAlignItems` (MIN, CENTER, MAX or SPACE_BETWEEN).
typealias AutoLayoutPlan = StackPlan<String>

extension FigmaImport {
    /// The plan for an auto-layout frame, or nil for a frame without auto layout, or with one
    /// UIStackView cannot express at all (wrap, grid: a plain view, children where Figma put them).
    ///
    /// `itemSpacing` → spacing, `padding*` → layout margins with
    /// `layoutMarginsRelativeArrangement`, `primaryAxisAlignItems` SPACE_BETWEEN → `equalSpacing`
    /// (MIN, CENTER and MAX pack the children: a stack pinned to that side inside a container when
    /// the frame's length is fixed), `counterAxisAlignItems` → alignment (MIN → top/leading,
    /// CENTER, MAX → bottom/trailing, BASELINE → firstBaseline), every child stretched → fill.
    mutating func autoLayoutPlan(_ n: Int) -> AutoLayoutPlan? {
        guard let mode = string(n, "layoutMode"), mode != "NONE", FigmaVocabulary.containerTypes.contains(doc[n].type) else { return nil }
        // A hidden layer takes no part in layout in Figma: its children stay where Figma put
        // them (a stack's constraints inside a collapsed, hidden view would only conflict).
        if doc[n].value["visible"] == .bool(false) { return nil }
        guard mode == "HORIZONTAL" || mode == "VERTICAL" else {
            warn(.layoutApproximated, n, "\(describe(n)) uses \(mode.prefix(20)) auto layout: imported as a plain view, its children where Figma put them", lost: "the layout's response to a resize")
            return nil
        }
        if string(n, "layoutWrap") == "WRAP" {
            warn(
                .layoutApproximated, n, "\(describe(n)) wraps its children onto several lines, which UIStackView cannot: imported as a plain view, its children where Figma put them",
                lost: "wrapping on a resize")
            return nil
        }
        let horizontal = mode == "HORIZONTAL"
        let children = doc[n].children.filter { !FigmaVocabulary.skippedTypes.contains(doc[$0].type) }
        let arranged = children.filter { !isAbsolutelyPositioned($0) }
        let visible = arranged.filter { doc[$0].value["visible"] != .bool(false) }
        guard !visible.isEmpty else { return nil }
        let h = number(n, "horizontalPadding") ?? 0, v = number(n, "verticalPadding") ?? 0
        let padding = EdgeInsets(
            top: number(n, "paddingTop") ?? v, left: number(n, "paddingLeft") ?? h, bottom: number(n, "paddingBottom") ?? v,
            right: number(n, "paddingRight") ?? h)
        let packing = string(n, "primaryAxisAlignItems") ?? "MIN"
        if !["MIN", "CENTER", "MAX", "SPACE_BETWEEN"].contains(packing) {
            warn(.invalidValue, n, "primaryAxisAlignItems \"\(packing.prefix(30))\" of \(describe(n)) is not MIN, CENTER, MAX or SPACE_BETWEEN", lost: "how the children are packed (MIN used)")
        }
        var plan = AutoLayoutPlan(
            horizontal: horizontal, container: false, distribution: .fill, alignment: horizontal ? .top : .leading,
            spacing: number(n, "itemSpacing") ?? 0, padding: padding, packs: false, arranged: arranged, packing: packing)
        plan.alignment = alignment(n, horizontal: horizontal, visible: visible)
        (plan.padding, plan.stretchInsets) = fitCrossPadding(plan, node: n, visible: visible)
        let fillsPrimary = visible.contains { childFills($0, width: horizontal, parentHorizontal: horizontal) }
        if packing == "SPACE_BETWEEN", visible.count >= 2 {
            plan.distribution = .equalSpacing
            plan.spacing = 0
        }
        plan.packs = !fillsPrimary && plan.distribution == .fill
        plan.container = arranged.count < children.count || (plan.packs && !hugs(n, width: horizontal))
        if bool(n, "itemReverseZIndex") == true {
            warn(.layoutApproximated, n, "\(describe(n)) draws its first child on top (itemReverseZIndex): UIKit's subview order is the arrangement order", lost: "which of two overlapping children is in front")
        }
        if bool(n, "strokesIncludedInLayout") == true, (number(n, "strokeWeight") ?? 0) > 0, case let .array(strokes)? = doc[n].value["strokes"], !strokes.isEmpty {
            warn(.layoutApproximated, n, "\(describe(n)) counts its strokes in its layout: the stack's margins are its padding alone", lost: "the stroke's width inside the padding")
        }
        return plan
    }

    /// The cross-axis alignment: `counterAxisAlignItems`, or (files from before it) the
    /// children's common `layoutAlign`; fill when every visible child stretches.
    mutating func alignment(_ n: Int, horizontal: Bool, visible: [Int]) -> StackConfig.Alignment {
        func from(_ value: String) -> StackConfig.Alignment? {
            switch value {
            case "MIN": return horizontal ? .top : .leading
            case "CENTER": return .center
            case "MAX": return horizontal ? .bottom : .trailing
            case "BASELINE": return horizontal ? .firstBaseline : .leading
            default: return nil
            }
        }
        if visible.allSatisfy({ childFills($0, width: !horizontal, parentHorizontal: horizontal) }) { return .fill }
        if let value = string(n, "counterAxisAlignItems") {
            if let a = from(value) { return a }
            warn(.invalidValue, n, "counterAxisAlignItems \"\(value.prefix(30))\" of \(describe(n)) is not MIN, CENTER, MAX or BASELINE", lost: "the cross-axis alignment (MIN used)")
            return horizontal ? .top : .leading
        }
        let own = visible.compactMap { c -> String? in
            guard case let .string(s)? = doc[c].value["layoutAlign"], ["MIN", "CENTER", "MAX"].contains(s) else { return nil }
            return s
        }
        guard let first = own.first else { return horizontal ? .top : .leading }
        if own.contains(where: { $0 != first }) {
            let counts = Dictionary(own.map { ($0, 1) }, uniquingKeysWith: +)
            let chosen = ["MIN", "CENTER", "MAX"].max { (counts[$0] ?? 0) < (counts[$1] ?? 0) } ?? first
            warn(
                .layoutApproximated, n, "the children of \(describe(n)) are aligned differently (\(Set(own).sorted().joined(separator: ", "))): UIStackView has one alignment, \(chosen) is used",
                lost: "the other children's own alignment")
            return from(chosen) ?? .center
        }
        return from(first) ?? .center
    }

    /// Figma lets a child longer than the padded cross extent overflow the padding (from the
    /// start, centred, or from the end, as the frame aligns); UIStackView keeps arranged views
    /// inside its margins (`UISV-spanning-boundary`). The padding on the side the child
    /// overflows is reduced by the overflow (both sides by half for a centred one), which puts
    /// every child where Figma does; a child that fills across ("Fill container") keeps the
    /// frame's own padded extent (the returned stretch insets), not the one widened for its sibling.
    func fitCrossPadding(_ plan: AutoLayoutPlan, node n: Int, visible: [Int]) -> (EdgeInsets, EdgeInsets) {
        guard plan.alignment != .fill, let box = Self.box(doc[n].value) else { return (plan.padding, .zero) }
        let length = { (r: Rect) in plan.horizontal ? r.size.height : r.size.width }
        let longest = visible.filter { !childFills($0, width: !plan.horizontal, parentHorizontal: plan.horizontal) }
            .compactMap { Self.box(doc[$0].value).map(length) }.max() ?? 0
        let p = plan.padding
        let available = length(box) - (plan.horizontal ? p.top + p.bottom : p.left + p.right)
        let overflow = longest - available
        guard overflow > 0.001 else { return (p, .zero) }
        let fitted = Self.fittedCross(p, overflow: overflow, alignment: plan.alignment, horizontal: plan.horizontal)
        return (fitted.padding, fitted.stretchInsets)
    }

    /// Whether child `c` of an auto-layout frame fills its parent along width (or height):
    /// `layoutSizingHorizontal`/`Vertical` FILL, else `layoutGrow` on the parent's axis or
    /// `layoutAlign: STRETCH` across it.
    func childFills(_ c: Int, width: Bool, parentHorizontal: Bool) -> Bool {
        let value = doc[c].value
        if case let .string(s)? = value[width ? "layoutSizingHorizontal" : "layoutSizingVertical"] { return s == "FILL" }
        if width == parentHorizontal {
            if case let .number(g)? = value["layoutGrow"] { return g > 0 }
            return false
        }
        return value["layoutAlign"] == .string("STRETCH")
    }

    /// Whether an auto-layout frame's length (its width, or height) hugs its content: HUG, or
    /// `primaryAxisSizingMode` / `counterAxisSizingMode` AUTO, unless its parent stretches it.
    func hugs(_ n: Int, width: Bool) -> Bool {
        let value = doc[n].value
        if case let .string(s)? = value[width ? "layoutSizingHorizontal" : "layoutSizingVertical"] { return s == "HUG" }
        if let parent = doc[n].parent, case let .string(mode)? = doc[parent].value["layoutMode"], mode == "HORIZONTAL" || mode == "VERTICAL",
            !isAbsolutelyPositioned(n), childFills(n, width: width, parentHorizontal: mode == "HORIZONTAL")
        {
            return false
        }
        let primary = (value["layoutMode"] == .string("HORIZONTAL")) == width
        let key = primary ? "primaryAxisSizingMode" : "counterAxisSizingMode"
        return value[key] != .string("FIXED")
    }

    /// Makes the view a stack view, or gives the container its inner stack view; returns the
    /// stack the arranged children go into.
    mutating func applyAutoLayout(_ plan: AutoLayoutPlan, node n: Int, view: Int) -> Int {
        guard plan.container else {
            fitHuggingLength(plan, node: n, view: view)
            makeStack(view, plan: plan)
            return view
        }
        let pinning: StackPinning =
            switch plan.packs ? plan.packing : "BOTH" {
            case "MAX": .end
            case "CENTER": .centre
            case "MIN", "SPACE_BETWEEN": .start
            default: .both
            }
        let frame = innerStackFrame(plan, container: view)
        let s = addInnerStack(view, plan: plan, node: n, frame: frame, pinning: pinning)
        let containerPlacement = formatState.placements[view] ?? Placement(absolute: .identity, size: .zero)
        formatState.placements[s] = Placement(absolute: Transform2D.translation(x: frame.minX, y: frame.minY).concatenating(containerPlacement.absolute), size: frame.size)
        return s
    }

    /// A stack that hugs its content along its axis is exactly as long as its content (the
    /// frame's placement too).
    mutating func fitHuggingLength(_ plan: AutoLayoutPlan, node n: Int, view: Int) {
        guard hugs(n, width: plan.horizontal) else { return }
        let visible = plan.arranged.filter { doc[$0].value["visible"] != .bool(false) }
        let lengths = visible.compactMap { Self.box(doc[$0].value).map { plan.horizontal ? $0.size.width : $0.size.height } }
        guard lengths.count == visible.count, let content = fitHuggingLength(view, plan: plan, lengths: lengths) else { return }
        if plan.horizontal { formatState.placements[view]?.size.width = content } else { formatState.placements[view]?.size.height = content }
    }

    /// The inner stack's frame in its container: along, from the first to the last visible
    /// arranged child as Figma placed them.
    func innerStackFrame(_ plan: AutoLayoutPlan, container: Int) -> Rect {
        let origin = formatState.placements[container].map { $0.absolute.apply(.zero) } ?? .zero
        var start = Double.infinity, end = -Double.infinity
        for c in plan.arranged where doc[c].value["visible"] != .bool(false) {
            guard let box = doc[c].value["absoluteBoundingBox"], case let .number(x)? = box["x"], case let .number(y)? = box["y"],
                case let .number(w)? = box["width"], case let .number(h)? = box["height"]
            else { continue }
            start = min(start, plan.horizontal ? x - origin.x : y - origin.y)
            end = max(end, plan.horizontal ? x - origin.x + w : y - origin.y + h)
        }
        return Self.innerStackFrame(start: start, end: end, plan: plan, size: formatState.placements[container]?.size ?? .zero)
    }

    /// An arranged subview's size: a fixed length (Figma's) per axis it neither fills nor hugs;
    /// a child that fills the stack's axis gets a lower hugging priority and, with others that
    /// fill, an equal length (Figma shares the space equally); a child stretched across gets its
    /// edges pinned to the stack's margins when the stack's alignment is not fill; `min`/`max`
    /// sizes become inequalities. Labels, image views and controls hug their (Figma-measured)
    /// intrinsic size, an auto-layout child its content.
    mutating func applyArrangedConstraints(_ n: Int, view: Int, stack: Int) {
        guard var info = stacks[stack] else { return }
        document.views[view].translatesAutoresizingMaskIntoConstraints = false
        // A hidden child takes no space in Figma's auto layout, as a hidden arranged subview in
        // UIKit's (`UISV-hiding`): it gets no size of its own to keep.
        if doc[n].value["visible"] == .bool(false) { return }
        let id = document.views[view].id
        var size = formatState.placements[view]?.size ?? .zero
        // Figma lays a rotated child out by its bounding box; Auto Layout lays out alignment
        // rectangles: the child's alignment rectangle is its bounding box (negative insets
        // around its untransformed frame, centred on it), so its siblings sit where Figma's do.
        if document.views[view].transform != nil, let box = rect(n, "absoluteBoundingBox") {
            let dw = (size.width - box.size.width) / 2, dh = (size.height - box.size.height) / 2
            document.views[view].alignmentRectInsets = EdgeInsets(top: dh, left: dw, bottom: dh, right: dw)
            size = box.size
            if document.views[view].intrinsicContentSize != nil { document.views[view].intrinsicContentSize = box.size }
        }
        let viewClass = document.views[view].viewClass
        let intrinsic = viewClass == .UILabel || viewClass == .UIImageView || viewClass.isControl
        let contentSized = viewClass == .UIStackView || innerStack[view] != nil
        for width in [true, false] {
            let attribute = width ? "width" : "height"
            if childFills(n, width: width, parentHorizontal: info.horizontal) {
                constrainFilling(view, width: width, info: &info)
            } else if !intrinsic, !(contentSized && hugs(n, width: width)) {
                var c = Self.constant(id, attribute, width ? size.width : size.height)
                c.sourceID = doc[n].id
                document.views[view].constraints.append(c)
            }
            for (key, relation) in [(width ? "minWidth" : "minHeight", ConstraintSpec.Relation.greaterThanOrEqual), (width ? "maxWidth" : "maxHeight", .lessThanOrEqual)] {
                if let limit = number(n, key), limit >= 0 {
                    var c = Self.constant(id, attribute, limit, relation: relation)
                    c.sourceID = doc[n].id
                    document.views[view].constraints.append(c)
                }
            }
        }
        stacks[stack] = info
    }
}
