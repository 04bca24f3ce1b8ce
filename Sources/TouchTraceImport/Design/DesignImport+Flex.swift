import TouchTraceEngine

/// A flex layout as the views UIKit would use for it.
typealias FlexPlan = StackPlan<FlexPacking>

/// How a flex layout packs its items along the axis.
struct FlexPacking {
    var justify: FlexLayout.Justify
    /// Space around / evenly: the space before the first and after the last item, as stored.
    var ends: (lead: Double, trail: Double)?
    /// Items with margins of their own: the container is a plain view and the items are
    /// chained by constraints (`applyChains`), since UIStackView has one spacing for all.
    var chain = false
}

extension DesignImport {
    /// The stack view plan for a layer with a flex layout, or nil (a plain view, children where
    /// the file put them) when it has no visible item.
    ///
    /// direction → `axis`; the gap along it → `spacing`; padding → `layoutMargins` with
    /// `isLayoutMarginsRelativeArrangement`; justify `start`/`center`/`end` → `fill` with the
    /// items packed (an inner stack pinned to that side when the container's length is fixed),
    /// `space-between` → `equalSpacing` (the gap as its minimum, as Penpot's is), `space-around`
    /// and `space-evenly` → an inner `equalSpacing` stack inset by the space the file shows at
    /// the ends (`layoutApproximated`: a resize changes only the gaps between items);
    /// align `start`/`center`/`end` → `top`/`leading`, `center`, `bottom`/`trailing`, and `fill`
    /// when every visible item fills across (`stretch` with fixed-size items keeps them at the
    /// start, pinned).
    mutating func flexPlan(_ n: Int) -> FlexPlan? {
        guard let layout = doc[n].layout else { return nil }
        let visible = layout.flow.filter { !doc[$0].hidden }
        guard !visible.isEmpty else { return nil }
        let h = layout.horizontal
        func fills(_ c: Int, width: Bool) -> Bool { width ? doc[c].item.fillWidth : doc[c].item.fillHeight }
        var alignment: StackConfig.Alignment
        if visible.allSatisfy({ fills($0, width: !h) }) {
            alignment = .fill
        } else {
            switch layout.align {
            case .center: alignment = .center
            case .end: alignment = h ? .bottom : .trailing
            case .start, .stretch: alignment = h ? .top : .leading
            }
        }
        var plan = FlexPlan(
            horizontal: h, container: false, distribution: .fill, alignment: alignment, spacing: layout.gap, padding: layout.padding,
            packs: false, arranged: layout.flow, packing: FlexPacking(justify: layout.justify))
        let margins = visible.contains { let m = doc[$0].item.margin; return m.top != 0 || m.left != 0 || m.bottom != 0 || m.right != 0 }
        if margins, [.start, .center, .end].contains(layout.justify) {
            // UIStackView gives every item one spacing (setCustomSpacing is not modelled): a
            // developer would chain the items with constraints, and so do we.
            plan.chain = true
            plan.container = true
            return plan
        }
        if margins {
            warn(
                .layoutApproximated, n, "items of \(describe(n)) have margins of their own, which UIStackView cannot give one item when they are spread (\(layout.justify.rawValue)): the stack's spacing is the gap alone",
                lost: "the items' own margins (they sit where the gap alone puts them)")
        }
        (plan.padding, plan.stretchInsets) = fitCrossPadding(plan, node: n, visible: visible)
        let fillsPrimary = visible.contains { fills($0, width: h) }
        let hugsAxis = h ? layout.hugsWidth : layout.hugsHeight
        switch layout.justify {
        case .spaceBetween where visible.count >= 2:
            plan.distribution = .equalSpacing
        case .spaceAround, .spaceEvenly:
            if visible.count >= 2, !fillsPrimary {
                plan.distribution = .equalSpacing
                plan.ends = storedEnds(n, plan: plan, visible: visible)
                warn(
                    .layoutApproximated, n, "\(describe(n)) spreads its items with \(layout.justify.rawValue): UIStackView has no such distribution, so the space at the ends is kept as the file shows it",
                    lost: "the ends' share of the space on a resize (the gaps between items take all of it)")
            } else if visible.count == 1 {
                plan.justify = .center
            }
        default: break
        }
        plan.packs = !fillsPrimary && plan.distribution == .fill
        let absoluteChildren = doc[n].children.count > layout.flow.count
        plan.container = absoluteChildren || plan.ends != nil || (plan.packs && !hugsAxis)
        return plan
    }

    /// The space before the first and after the last visible item along the axis, inside the
    /// padding, as the file stores the items.
    func storedEnds(_ n: Int, plan: FlexPlan, visible: [Int]) -> (lead: Double, trail: Double) {
        let size = doc[n].frame.size
        let p = plan.padding
        var start = Double.infinity, end = -Double.infinity
        for c in visible {
            let f = doc[c].frame
            start = min(start, plan.horizontal ? f.minX : f.minY)
            end = max(end, plan.horizontal ? f.maxX : f.maxY)
        }
        let total = plan.horizontal ? size.width : size.height
        return (max(0, start - (plan.horizontal ? p.left : p.top)), max(0, total - (plan.horizontal ? p.right : p.bottom) - end))
    }

    /// An item longer than the padded cross extent overflows the padding (from the start,
    /// centred, or from the end, as the container aligns); UIStackView keeps arranged views inside
    /// its margins, so the padding on the overflowing side is reduced by the overflow; an item
    /// that stretches across keeps the container's own padded extent (the returned stretch
    /// insets: CSS's `align-self: stretch` fills the line, not the overflowing sibling).
    func fitCrossPadding(_ plan: FlexPlan, node n: Int, visible: [Int]) -> (EdgeInsets, EdgeInsets) {
        guard plan.alignment != .fill else { return (plan.padding, .zero) }
        let size = doc[n].frame.size
        let across = { (r: Rect) in plan.horizontal ? r.size.height : r.size.width }
        let longest = visible.filter { !(plan.horizontal ? doc[$0].item.fillHeight : doc[$0].item.fillWidth) }.map { across(doc[$0].frame) }.max() ?? 0
        let p = plan.padding
        let available = (plan.horizontal ? size.height : size.width) - (plan.horizontal ? p.top + p.bottom : p.left + p.right)
        let overflow = longest - available
        guard overflow > 1e-9 else { return (p, .zero) }
        let fitted = Self.fittedCross(p, overflow: overflow, alignment: plan.alignment, horizontal: plan.horizontal)
        return (fitted.padding, fitted.stretchInsets)
    }

    /// Makes the view a stack view, or gives the container its inner stack; returns the stack
    /// the arranged children go into.
    mutating func applyFlex(_ plan: FlexPlan, node n: Int, view: Int) -> Int? {
        if plan.chain {
            formatState.chains.append((view, n, plan))
            return nil
        }
        guard plan.container else {
            fitHuggingLength(plan, node: n, view: view)
            makeStack(view, plan: plan)
            return view
        }
        let pinning: StackPinning
        if let ends = plan.ends {
            pinning = .ends(lead: ends.lead, trail: ends.trail)
        } else if plan.packs {
            pinning = plan.justify == .end ? .end : plan.justify == .center ? .centre : .start
        } else {
            pinning = .both
        }
        let frame = innerStackFrame(plan, node: n)
        let s = addInnerStack(view, plan: plan, node: n, frame: frame, pinning: pinning)
        formatState.stackOrigin[s] = frame.origin
        return s
    }

    /// A stack that hugs its content along its axis is exactly as long as its content.
    mutating func fitHuggingLength(_ plan: FlexPlan, node n: Int, view: Int) {
        guard let layout = doc[n].layout, plan.horizontal ? layout.hugsWidth : layout.hugsHeight else { return }
        let lengths = plan.arranged.filter { !doc[$0].hidden }.map { plan.horizontal ? doc[$0].frame.size.width : doc[$0].frame.size.height }
        _ = fitHuggingLength(view, plan: plan, lengths: lengths)
    }

    /// The inner stack's frame in its container: along, from the first to the last visible item
    /// as the file places them.
    func innerStackFrame(_ plan: FlexPlan, node n: Int) -> Rect {
        var start = Double.infinity, end = -Double.infinity
        for c in plan.arranged where !doc[c].hidden {
            let f = doc[c].frame
            start = min(start, plan.horizontal ? f.minX : f.minY)
            end = max(end, plan.horizontal ? f.maxX : f.maxY)
        }
        return Self.innerStackFrame(start: start, end: end, plan: plan, size: doc[n].frame.size)
    }

    /// An arranged item's size: a fixed length (the file's) on each axis it neither fills nor
    /// hugs; an item that fills the axis gets hugging 249 and, with others that fill, an equal
    /// length (the free space is shared equally); an item filling across is pinned to the
    /// stack's margins when the stack does not fill; min/max sizes become inequalities. Labels,
    /// image views and controls hug their intrinsic size (the file's), nested layouts that hug
    /// their content.
    mutating func applyArrangedConstraints(_ n: Int, view: Int, stack: Int) {
        guard var info = stacks[stack] else { return }
        if let origin = formatState.stackOrigin[stack], var frame = document.views[view].frame {
            frame.origin = Point(x: frame.minX - origin.x, y: frame.minY - origin.y)
            document.views[view].frame = frame
        }
        document.views[view].translatesAutoresizingMaskIntoConstraints = false
        let item = doc[n].item
        let id = document.views[view].id
        let size = doc[n].frame.size
        let viewClass = document.views[view].viewClass
        let intrinsic = viewClass == .UILabel || viewClass == .UIImageView || viewClass.isControl
        let contentSized = viewClass == .UIStackView || innerStack[view] != nil
        for width in [true, false] {
            let attribute = width ? "width" : "height"
            let fills = width ? item.fillWidth : item.fillHeight
            let hugs = width ? item.hugWidth : item.hugHeight
            if fills {
                constrainFilling(view, width: width, info: &info)
            } else if !intrinsic, !(contentSized && hugs) {
                var c = Self.constant(id, attribute, width ? size.width : size.height)
                c.sourceID = doc[n].id
                document.views[view].constraints.append(c)
            }
            let limits = width ? (item.minWidth, item.maxWidth) : (item.minHeight, item.maxHeight)
            if fills, let lower = limits.0, lower >= 0 {
                var c = Self.constant(id, attribute, lower, relation: .greaterThanOrEqual)
                c.sourceID = doc[n].id
                document.views[view].constraints.append(c)
            }
            if fills, let upper = limits.1, upper >= 0 {
                var c = Self.constant(id, attribute, upper, relation: .lessThanOrEqual)
                c.sourceID = doc[n].id
                document.views[view].constraints.append(c)
            }
        }
        stacks[stack] = info
    }
}

extension DesignImport {
    /// A flex layout whose items have margins of their own, as the constraints a developer would
    /// write for it: along the axis each item follows the previous at the gap plus both margins
    /// (the first at the padding plus its margin; packed at the start, the end, or centred by two
    /// equal layout guides); across, each item is pinned to the padded edge it aligns to (or
    /// centred) plus its margins; a fixed length is a constant, a filling item runs to the end
    /// (several share the space equally), a hugging one keeps its intrinsic size.
    mutating func applyChains() {
        for (container, n, plan) in formatState.chains {
            let items = plan.arranged.filter { !doc[$0].hidden }.compactMap { c -> (node: Int, view: Int)? in viewOfNode[c].map { (c, $0) } }
            guard let first = items.first, let last = items.last else { continue }
            let h = plan.horizontal
            let p = plan.padding
            let id = document.views[container].id
            let (lead, trail) = h ? ("left", "right") : ("top", "bottom")
            let (crossLead, crossTrail, crossCentre) = h ? ("top", "bottom", "centerY") : ("left", "right", "centerX")
            let (padLead, padTrail) = h ? (p.left, p.right) : (p.top, p.bottom)
            let (padCrossLead, padCrossTrail) = h ? (p.top, p.bottom) : (p.left, p.right)
            func m(_ c: Int) -> (lead: Double, trail: Double, crossLead: Double, crossTrail: Double) {
                let e = doc[c].item.margin
                return h ? (e.left, e.right, e.top, e.bottom) : (e.top, e.bottom, e.left, e.right)
            }
            var list: [ConstraintDraft] = []
            var firstFill: Int?
            for (k, item) in items.enumerated() {
                let v = item.view
                document.views[v].translatesAutoresizingMaskIntoConstraints = false
                document.views[v].autoresizingMask = []
                let margin = m(item.node)
                if k > 0 {
                    let previous = items[k - 1]
                    list.append(pin(v, lead, document.views[previous.view].id, trail, constant: plan.spacing + m(previous.node).trail + margin.lead))
                }
                // Across.
                let fillsAcross = h ? doc[item.node].item.fillHeight : doc[item.node].item.fillWidth
                if fillsAcross || plan.alignment == .fill {
                    list.append(pin(v, crossLead, id, crossLead, constant: padCrossLead + margin.crossLead))
                    list.append(pin(v, crossTrail, id, crossTrail, constant: -(padCrossTrail + margin.crossTrail)))
                } else {
                    switch plan.alignment {
                    case .center:
                        list.append(pin(v, crossCentre, id, crossCentre, constant: (padCrossLead - padCrossTrail + margin.crossLead - margin.crossTrail) / 2))
                    case .bottom, .trailing:
                        list.append(pin(v, crossTrail, id, crossTrail, constant: -(padCrossTrail + margin.crossTrail)))
                    default:
                        list.append(pin(v, crossLead, id, crossLead, constant: padCrossLead + margin.crossLead))
                    }
                }
                // Sizes.
                let viewClass = document.views[v].viewClass
                let intrinsic = viewClass == .UILabel || viewClass == .UIImageView || viewClass.isControl
                let size = doc[item.node].frame.size
                for width in [true, false] {
                    let attribute = width ? "width" : "height"
                    let fills = width ? doc[item.node].item.fillWidth : doc[item.node].item.fillHeight
                    let along = width == h
                    if fills, along {
                        if let f = firstFill {
                            list.append(pin(v, attribute, document.views[f].id, attribute, constant: 0))
                        } else {
                            firstFill = v
                        }
                    } else if !fills, !intrinsic {
                        var c = Self.constant(document.views[v].id, attribute, width ? size.width : size.height)
                        c.sourceID = doc[item.node].id
                        list.append(c)
                    }
                }
            }
            let firstMargin = m(first.node), lastMargin = m(last.node)
            let hugs = h ? (doc[n].layout?.hugsWidth ?? false) : (doc[n].layout?.hugsHeight ?? false)
            if firstFill != nil || hugs {
                list.append(pin(first.view, lead, id, lead, constant: padLead + firstMargin.lead))
                list.append(pin(last.view, trail, id, trail, constant: -(padTrail + lastMargin.trail)))
            } else {
                switch plan.justify {
                case .end:
                    list.append(pin(last.view, trail, id, trail, constant: -(padTrail + lastMargin.trail)))
                case .center:
                    // Two guides of equal length before the first item and after the last.
                    let before = ids.make([id + ".before"], fallback: "before"), after = ids.make([id + ".after"], fallback: "after")
                    document.views[container].layoutGuides += [GuideDraft(id: before, sourceID: doc[n].id), GuideDraft(id: after, sourceID: doc[n].id)]
                    var g = ConstraintDraft(firstItem: before, firstAttribute: lead)
                    g.secondItem = id
                    g.secondAttribute = lead
                    g.constant = padLead
                    list.append(g)
                    list.append(pin(first.view, lead, before, trail, constant: firstMargin.lead))
                    list.append(pin(last.view, trail, after, lead, constant: -lastMargin.trail))
                    var t = ConstraintDraft(firstItem: after, firstAttribute: trail)
                    t.secondItem = id
                    t.secondAttribute = trail
                    t.constant = -padTrail
                    list.append(t)
                    var equal = ConstraintDraft(firstItem: before, firstAttribute: h ? "width" : "height")
                    equal.secondItem = after
                    equal.secondAttribute = h ? "width" : "height"
                    list.append(equal)
                    for guide in [before, after] {
                        var top = ConstraintDraft(firstItem: guide, firstAttribute: crossLead)
                        top.secondItem = id
                        top.secondAttribute = crossLead
                        var size = ConstraintDraft(firstItem: guide, firstAttribute: h ? "height" : "width")
                        size.constant = 0
                        list.append(top)
                        list.append(size)
                    }
                default:
                    list.append(pin(first.view, lead, id, lead, constant: padLead + firstMargin.lead))
                }
            }
            for i in list.indices where list[i].sourceID == nil { list[i].sourceID = doc[n].id }
            document.views[container].constraints += list
        }
    }
}
