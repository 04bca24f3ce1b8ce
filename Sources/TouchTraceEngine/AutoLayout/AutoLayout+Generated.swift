/// The constraints UIKit adds on its own (rule L6): autoresizing-mask constraints, content-size
/// constraints from the intrinsic content size, and a `UIStackView`'s arrangement.
extension AutoLayout {
    /// `NSAutoresizingMaskLayoutConstraint`s of a view with `translatesAutoresizingMaskIntoConstraints`:
    /// per axis, the position and the size as linear functions of the superview's size, so that
    /// a superview size change is shared among the flexible parts (leading margin, size, trailing
    /// margin) in proportion to their current lengths, exactly as rule L5 resizes. With no
    /// flexible part both are constants. Identifier: UIKit's `h=-&- v=---` notation
    /// (`-` fixed, `&` flexible; left margin, width, right margin).
    static func autoresizingConstraints(of view: Int, in scene: Scene, into result: inout [LayoutConstraint]) {
        let node = scene.views[view]
        guard let parent = node.parent else { return }
        // In alignment-rectangle terms, as every variable of the system (L6).
        let frame = alignmentRect(forFrame: node.geometry.untransformedFrame, insets: alignmentRectInsets(of: view, in: scene))
        let container = scene.views[parent].geometry.bounds.size
        let mask = node.layout.autoresizingMask
        func code(_ a: AutoresizingMask, _ b: AutoresizingMask, _ c: AutoresizingMask) -> String {
            (mask.contains(a) ? "&" : "-") + (mask.contains(b) ? "&" : "-") + (mask.contains(c) ? "&" : "-")
        }
        let identifier = "h=" + code(.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin)
            + " v=" + code(.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin)
        func axis(
            _ origin: Double, _ length: Double, _ size: Double, _ flex: (Bool, Bool, Bool),
            _ start: LayoutAttribute, _ lengthAttribute: LayoutAttribute
        ) {
            let count = (flex.0 ? 1 : 0) + (flex.1 ? 1 : 0) + (flex.2 ? 1 : 0)
            let trailing = size - origin - length
            let total = (flex.0 ? origin : 0) + (flex.1 ? length : 0) + (flex.2 ? trailing : 0)
            func share(_ on: Bool, _ part: Double) -> Double {
                guard on, count > 0 else { return 0 }
                return total == 0 ? 1 / Double(count) : part / total
            }
            for (attribute, value, s) in [(start, origin, share(flex.0, origin)), (lengthAttribute, length, share(flex.1, length))] {
                if s == 0 {
                    result.append(LayoutConstraint(.view(view), attribute, constant: value, origin: .autoresizingMask, view: view, identifier: identifier))
                } else {
                    result.append(
                        LayoutConstraint(
                            .view(view), attribute, .equal, .view(parent), lengthAttribute == .width ? .width : .height,
                            multiplier: s, constant: value - s * size, origin: .autoresizingMask, view: view, identifier: identifier))
                }
            }
        }
        axis(
            frame.minX, frame.size.width, container.width,
            (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)), .left, .width)
        axis(
            frame.minY, frame.size.height, container.height,
            (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)), .top, .height)
    }

    /// The window's frame, fixed: the root of every layout. The size is a pair of required
    /// inequalities (`width >= w`, `width <= w`) rather than an equality: inequalities carry slack
    /// markers, so a window resize removes and re-adds them incrementally, while the solver can
    /// keep required equalities (most UI constraints) marker-free.
    static func windowConstraints(of window: Int, in scene: Scene, into result: inout [LayoutConstraint]) {
        let f = scene.views[window].geometry.untransformedFrame
        for (attribute, position) in [(LayoutAttribute.left, f.minX), (.top, f.minY)] {
            result.append(LayoutConstraint(.view(window), attribute, constant: position, origin: .window, view: window, identifier: "UIWindow-frame"))
        }
        for (attribute, length) in [(LayoutAttribute.width, f.size.width), (.height, f.size.height)] {
            for relation in [ConstraintSpec.Relation.greaterThanOrEqual, .lessThanOrEqual] {
                result.append(LayoutConstraint(.view(window), attribute, relation, constant: length, origin: .window, view: window, identifier: "UIWindow-frame"))
            }
        }
    }

    /// `NSContentSizeLayoutConstraint`s: per axis with an intrinsic length, `length <= intrinsic`
    /// at the content-hugging priority and `length >= intrinsic` at the compression-resistance one.
    static func intrinsicConstraints(of view: Int, in scene: Scene, into result: inout [LayoutConstraint]) {
        let size = scene.intrinsicContentSize(of: view)
        let layout = scene.views[view].layout
        // Width, then height (no array of the two per view: this runs for every view of the system).
        func axis(_ attribute: LayoutAttribute, _ length: Double, hug: Double, resist: Double) {
            guard length >= 0 else { return }
            result.append(
                LayoutConstraint(
                    .view(view), attribute, .lessThanOrEqual, constant: length, priority: hug, origin: .intrinsicContentSize, view: view,
                    identifier: "contentHugging"))
            result.append(
                LayoutConstraint(
                    .view(view), attribute, .greaterThanOrEqual, constant: length, priority: resist, origin: .intrinsicContentSize,
                    view: view, identifier: "compressionResistance"))
        }
        axis(.width, size.width, hug: layout.contentHugging.horizontal, resist: layout.compressionResistance.horizontal)
        axis(.height, size.height, hug: layout.contentHugging.vertical, resist: layout.compressionResistance.vertical)
    }

    /// A stack view's visible arranged subviews: its subviews that are not hidden (a hidden
    /// arranged subview collapses, see ``hidingConstraints(of:in:)``).
    static func arrangedSubviews(of stack: Int, in scene: Scene) -> [Int] {
        scene.views[stack].subviews.filter { isShownArranged($0, in: scene) }
    }

    /// Whether subview `a` of a stack view is one of its shown arranged subviews (the test of
    /// ``arrangedSubviews(of:in:)``, for walks that read the subviews in place).
    @inline(__always)
    static func isShownArranged(_ a: Int, in scene: Scene) -> Bool {
        !scene.views[a].hidden && !scene.views[a].detached
    }

    /// A stack view's hidden arranged subviews, in arrangement order.
    static func hiddenArrangedSubviews(of stack: Int, in scene: Scene) -> [Int] {
        guard scene.views[stack].layout.stack != nil else { return [] }
        return scene.views[stack].subviews.filter { scene.views[$0].hidden && !scene.views[$0].detached }
    }

    /// `UISV-hiding`: a hidden arranged subview stays in the arrangement with no length along the
    /// axis, and the spacing around it goes (its visible neighbours are `spacing` apart, as if it
    /// were not there). It sits in the middle of the gap between its visible neighbours (at the
    /// leading edge before the first, at the trailing edge of the last after it) and keeps the
    /// cross-axis alignment of the others (`UIStackView`: "the stack view automatically updates
    /// its layout whenever views are added, removed or inserted into the arrangedSubviews array,
    /// or whenever one of the arranged subviews's isHidden property changes"; Xcode stores hidden
    /// arranged views at zero length halfway between their neighbours, measured on the corpus).
    ///
    /// Every arranged subview hidden (`UISV-hiding`, rule L6-stack-all-hidden): nothing visible
    /// spans the stack, so its cross length (and its length, every arranged view being 0 long)
    /// is 0 unless its own constraints give it one. UIKit connects the cross edges to its spanning guide, which holds only the items
    /// laid out as visible and fits at priority 0.001 when all items are hidden
    /// (`_UILayoutArrangement._spanningLayoutGuideFittingPriority`, `_allItemsHidden`); the hidden
    /// views are then not aligned to the stack: each keeps its own cross length at the stack's
    /// cross-leading edge (Xcode stores them so: sentry's and threema's stacks 0 pt across, their
    /// hidden views at 0 with their own heights).
    ///
    /// A hidden view whose own required constraints fix its length (rule
    /// L6-stack-hidden-arranged-view-keeps-its-required-length: IVPN's badge `width = 62`,
    /// pocket-casts' `height >= 50`, cwa-app's `height = 1` separator) keeps it: the required
    /// length 0 goes into `lengths`, which the system adds after every other constraint, so that
    /// when it conflicts it is the one broken and reported (UIKit logs "Unable to simultaneously
    /// satisfy constraints" with `UISV-hiding`), and a copy just below required
    /// (`StackPriority.hidingRecovery`) keeps the view as short as the required constraints allow,
    /// at UISV-hiding's position; its siblings are spaced as if it were absent either way. Xcode
    /// stores such views so, at their least required length, with the views inside pressed below
    /// their compression resistance (docs/import-ib.md, "Hidden arranged views at their required length").
    static func hidingConstraints(
        of stack: Int, in scene: Scene, into result: inout [LayoutConstraint], lengths: inout [LayoutConstraint]
    ) {
        guard let config = scene.views[stack].layout.stack else { return }
        let hidden = hiddenArrangedSubviews(of: stack, in: scene)
        guard !hidden.isEmpty else { return }
        let container = StackArrangement.container(of: stack, config)
        let axis = StackArrangement(config.axis)
        func add(_ a: Int, _ aa: LayoutAttribute, _ r: ConstraintSpec.Relation, _ b: LayoutItem?, _ ba: LayoutAttribute, constant: Double = 0, _ id: String) {
            result.append(LayoutConstraint(.view(a), aa, r, b, ba, constant: constant, origin: .stackView, view: stack, identifier: id))
        }
        /// `UISV-hiding`'s zero length: required, added last, and its recovery just below required.
        func hide(_ h: Int) {
            lengths.append(LayoutConstraint(.view(h), axis.length, constant: 0, origin: .stackView, view: stack, identifier: "UISV-hiding"))
            result.append(
                LayoutConstraint(
                    .view(h), axis.length, .equal, nil, .notAnAttribute, priority: StackPriority.hidingRecovery, origin: .stackView,
                    view: stack, identifier: "UISV-hiding"))
        }
        let order = scene.views[stack].subviews.filter { !scene.views[$0].detached }
        if !order.contains(where: { isShownArranged($0, in: scene) }) {
            for (attribute, id) in [(axis.crossLength, "UISV-spanning-fit"), (axis.length, "UISV-canvas-fit")] {
                result.append(
                    LayoutConstraint(
                        container, attribute, .equal, nil, .notAnAttribute, priority: StackPriority.allHiddenFit, origin: .stackView,
                        view: stack, identifier: id))
            }
            for h in hidden {
                hide(h)
                add(h, axis.lead, .equal, container, axis.lead, "UISV-canvas-connection")
                add(h, axis.crossLead, .equal, container, axis.crossLead, "UISV-alignment")
                result.append(
                    LayoutConstraint(
                        .view(h), axis.crossLength, .equal, nil, .notAnAttribute, priority: StackPriority.ambiguitySuppression,
                        origin: .stackView, view: stack, identifier: "UISV-ambiguity-suppression"))
            }
            return
        }
        for h in hidden {
            hide(h)
            guard let k = order.firstIndex(of: h) else { continue }
            let before = order[..<k].last { !scene.views[$0].hidden }
            let after = order[(k + 1)...].first { !scene.views[$0].hidden }
            if let before {
                // The visible view before keeps its gap attribute (its last baseline with
                // baselineRelativeArrangement); the hidden one is laid out from its own edge.
                let preceding = StackArrangement.gapAttributes(config).preceding
                add(h, axis.lead, .equal, .view(before), preceding, constant: after == nil ? 0 : config.spacing / 2, "UISV-spacing")
            } else {
                add(h, axis.lead, .equal, container, axis.lead, "UISV-canvas-connection")
            }
            switch config.alignment {
            case .fill:
                add(h, axis.crossLead, .equal, container, axis.crossLead, "UISV-alignment")
                add(h, axis.crossTrail, .equal, container, axis.crossTrail, "UISV-alignment")
            case .center:
                add(h, axis.crossCenter, .equal, container, axis.crossCenter, "UISV-alignment")
            case .trailing, .bottom, .lastBaseline:
                add(h, axis.crossTrail, .equal, container, axis.crossTrail, "UISV-alignment")
            case .leading, .top, .firstBaseline:
                add(h, axis.crossLead, .equal, container, axis.crossLead, "UISV-alignment")
            }
            if config.alignment != .fill {
                result.append(
                    LayoutConstraint(
                        .view(h), axis.crossLength, .equal, nil, .notAnAttribute, priority: StackPriority.ambiguitySuppression,
                        origin: .stackView, view: stack, identifier: "UISV-ambiguity-suppression"))
            }
        }
    }

    /// The constraints `UIStackView` generates (as TZStackView documents them, checked against
    /// UIKit; identifiers are UIKit's `UISV-…` names). Along the axis: the first and last arranged
    /// subviews pinned to the container (`UISV-canvas-connection`), then per distribution
    /// `fill` — `next.leading == previous.trailing + spacing` (`UISV-spacing`);
    /// `fillEqually` — that plus equal lengths (`UISV-fill-equally`);
    /// `fillProportionally` — that plus lengths proportional to the intrinsic lengths at 999, 998…
    /// (UIKit's multipliers, which count the spacing as content);
    /// `equalSpacing` — gaps `>= spacing` and distributing guides between neighbours with equal
    /// lengths (required); `equalCentering` — the same between centres, equal at 149, 148…; both
    /// add `stack length == 0 @49` along the axis (`UISV-canvas-fit`: UIKit's
    /// `_UIOrderedLayoutArrangement` requires it for these two distributions), so a stack nothing
    /// stretches is as short as its spacing allows.
    /// Across: `fill` pins both edges; `leading`/`top` pin the leading edge and
    /// keep the trailing one inside (`UISV-spanning-boundary`); `trailing`/`bottom` the reverse;
    /// `firstBaseline`/`lastBaseline` (horizontal stacks) make the baselines equal and keep every
    /// view inside an alignment spanner that starts at the top and hugs them at 51
    /// (`UISV-spanning-fit`), so the view reaching highest touches the top (in vertical stacks
    /// they act as `leading`/`trailing`); `center` pins the centres. Non-fill alignments add `length == 0 @25` per view
    /// (`UISV-ambiguity-suppression`) and `stack length == 0 @49` (`UISV-canvas-fit`) so the stack
    /// hugs its tallest view. The container is the stack's bounds, or its layout margins with
    /// `layoutMarginsRelativeArrangement`.
    static func stackConstraints(of stack: Int, in scene: Scene, into result: inout [LayoutConstraint]) {
        guard let config = scene.views[stack].layout.stack else { return }
        let arranged = arrangedSubviews(of: stack, in: scene)
        guard let firstView = arranged.first, let lastView = arranged.last else { return }
        let container = StackArrangement.container(of: stack, config)
        let horizontal = config.axis == .horizontal
        let axis = StackArrangement(config.axis)
        func add(
            _ a: LayoutItem, _ aa: LayoutAttribute, _ r: ConstraintSpec.Relation, _ b: LayoutItem?, _ ba: LayoutAttribute,
            multiplier: Double = 1, constant: Double = 0, priority: Double = 1000, _ identifier: String
        ) {
            result.append(
                LayoutConstraint(
                    a, aa, r, b, ba, multiplier: multiplier, constant: constant, priority: priority, origin: .stackView, view: stack,
                    identifier: identifier))
        }
        add(.view(firstView), axis.lead, .equal, container, axis.lead, "UISV-canvas-connection")
        add(.view(lastView), axis.trail, .equal, container, axis.trail, "UISV-canvas-connection")
        let spacing = config.spacing
        let pairs = zip(arranged, arranged.dropFirst()).map { ($0, $1) }
        let gap = StackArrangement.gapAttributes(config)
        let gapRelation: ConstraintSpec.Relation = config.distribution == .equalSpacing || config.distribution == .equalCentering ? .greaterThanOrEqual : .equal
        for (a, b) in pairs { add(.view(b), gap.following, gapRelation, .view(a), gap.preceding, constant: spacing, "UISV-spacing") }
        switch config.distribution {
        case .fill:
            break
        case .fillEqually:
            for b in arranged.dropFirst() { add(.view(b), axis.length, .equal, .view(firstView), axis.length, "UISV-fill-equally") }
        case .fillProportionally:
            // UIKit's constraints, quirk included: `length_k == l_k / (Σl + gaps) × stack.length`
            // at 999, 998, … in arrangement order, `l` the intrinsic length, or the current length
            // for a view without one. The spacing is counted as content, so with spacing > 0 the
            // lengths cannot all hold: the earlier views keep theirs and the last one takes the
            // difference (rdar://34595752). A single arranged subview gets the constraint at 1000
            // (required): the count-down applies only to several views, so with
            // `layoutMarginsRelativeArrangement` and non-zero margins it conflicts with the canvas
            // connections, and UIKit logs that conflict (L6; peers' suites run against UIKit).
            let lengths = arranged.map { v -> Double in
                let s = scene.intrinsicContentSize(of: v)
                let intrinsic = horizontal ? s.width : s.height
                let size = scene.views[v].geometry.bounds.size
                return intrinsic >= 0 ? intrinsic : max(0, horizontal ? size.width : size.height)
            }
            let total = lengths.reduce(0, +)
            let gaps = Double(arranged.count - 1) * spacing
            if total > 0 {
                for (k, (v, l)) in zip(arranged, lengths).enumerated() {
                    let priority = arranged.count > 1 ? StackPriority.fillProportionally - Double(k) : 1000
                    add(
                        .view(v), axis.length, .equal, .view(stack), axis.length, multiplier: l / (total + gaps), priority: max(1, priority),
                        "UISV-fill-proportionally")
                }
            } else {
                for b in arranged.dropFirst() { add(.view(b), axis.length, .equal, .view(firstView), axis.length, "UISV-fill-equally") }
            }
        case .equalSpacing, .equalCentering:
            let centering = config.distribution == .equalCentering
            for (k, (a, b)) in pairs.enumerated() {
                let guide = LayoutItem.spacer(stack: stack, index: k)
                add(guide, axis.lead, .equal, .view(a), centering ? axis.center : axis.trail, "UISV-distributing-edge")
                add(guide, axis.trail, .equal, .view(b), centering ? axis.center : axis.lead, "UISV-distributing-edge")
                if k > 0 {
                    // equalCentering's equal gaps count down from 149 in order, as UIKit's do.
                    add(
                        guide, axis.length, .equal, .spacer(stack: stack, index: 0), axis.length,
                        priority: centering ? max(1, StackPriority.equalCentering - Double(k)) : 1000,
                        centering ? "UISV-fill-equally-centering" : "UISV-fill-equally")
                }
            }
        }
        let baseline: LayoutAttribute? = !horizontal ? nil : config.alignment == .firstBaseline ? .firstBaseline
            : config.alignment == .lastBaseline ? .lastBaseline : nil
        for v in arranged {
            if let baseline {
                // Baseline alignment (horizontal stacks): baselines equal to the first view's,
                // every view inside the alignment spanner, which starts at the top and hugs them.
                let spanner = LayoutItem.spacer(stack: stack, index: LayoutItem.alignmentSpannerIndex)
                if v != firstView { add(.view(v), baseline, .equal, .view(firstView), baseline, "UISV-alignment") }
                add(spanner, .top, .lessThanOrEqual, .view(v), .top, "UISV-spanning-boundary")
                add(spanner, .bottom, .greaterThanOrEqual, .view(v), .bottom, "UISV-spanning-boundary")
                add(.view(v), axis.crossLength, .equal, nil, .notAnAttribute, priority: StackPriority.ambiguitySuppression, "UISV-ambiguity-suppression")
                continue
            }
            switch config.alignment {
            case .fill:
                add(.view(v), axis.crossLead, .equal, container, axis.crossLead, "UISV-alignment")
                add(.view(v), axis.crossTrail, .equal, container, axis.crossTrail, "UISV-alignment")
            case .leading, .top, .firstBaseline:
                add(.view(v), axis.crossLead, .equal, container, axis.crossLead, "UISV-alignment")
                add(.view(v), axis.crossTrail, .lessThanOrEqual, container, axis.crossTrail, "UISV-spanning-boundary")
            case .trailing, .bottom, .lastBaseline:
                add(.view(v), axis.crossTrail, .equal, container, axis.crossTrail, "UISV-alignment")
                add(.view(v), axis.crossLead, .greaterThanOrEqual, container, axis.crossLead, "UISV-spanning-boundary")
            case .center:
                add(.view(v), axis.crossCenter, .equal, container, axis.crossCenter, "UISV-alignment")
                add(.view(v), axis.crossLead, .greaterThanOrEqual, container, axis.crossLead, "UISV-spanning-boundary")
            }
            if config.alignment != .fill {
                add(.view(v), axis.crossLength, .equal, nil, .notAnAttribute, priority: StackPriority.ambiguitySuppression, "UISV-ambiguity-suppression")
            }
        }
        if baseline != nil {
            let spanner = LayoutItem.spacer(stack: stack, index: LayoutItem.alignmentSpannerIndex)
            add(spanner, .top, .equal, container, .top, "UISV-alignment-spanner")
            add(spanner, .bottom, .lessThanOrEqual, container, .bottom, "UISV-alignment-spanner")
            add(spanner, .leading, .equal, container, .leading, "UISV-alignment-spanner")
            add(spanner, .width, .equal, container, .width, "UISV-alignment-spanner")
            add(spanner, .height, .equal, nil, .notAnAttribute, priority: StackPriority.spanningFit, "UISV-spanning-fit")
        }
        if config.alignment != .fill {
            add(.view(stack), axis.crossLength, .equal, nil, .notAnAttribute, priority: StackPriority.canvasFit, "UISV-canvas-fit")
        }
        if config.distribution == .equalSpacing || config.distribution == .equalCentering {
            // Rule L6-stack-equal-spacing-canvas-fit: UIKit's ordered arrangement requires the
            // canvas-fitting constraint for exactly these two distributions, so a stack nothing
            // stretches along its axis sits at its spacing (docs/autolayout.md).
            add(.view(stack), axis.length, .equal, nil, .notAnAttribute, priority: StackPriority.canvasFit, "UISV-canvas-fit")
        }
    }
}

/// The attributes a `UIStackView` arranges along and across its axis (`leading`/`top` first,
/// …), and the item its arrangement is pinned to: its bounds, or its layout margins with
/// `layoutMarginsRelativeArrangement`.
struct StackArrangement {
    let lead, trail, length, center: LayoutAttribute
    let crossLead, crossTrail, crossLength, crossCenter: LayoutAttribute

    init(_ axis: StackConfig.Axis) {
        let horizontal = axis == .horizontal
        (lead, trail, length, center) = horizontal ? (.leading, .trailing, .width, .centerX) : (.top, .bottom, .height, .centerY)
        (crossLead, crossTrail, crossLength, crossCenter) = horizontal ? (.top, .bottom, .height, .centerY) : (.leading, .trailing, .width, .centerX)
    }

    /// The attributes of `UISV-spacing`, `following.<following> == preceding.<preceding> + spacing`:
    /// the facing edges, or in a vertical stack with `baselineRelativeArrangement` the first
    /// baseline of the following view and the last baseline of the preceding one (rule
    /// L6-stack-baseline-relative-arrangement: UIKit's `_UIOrderedLayoutArrangement`
    /// `_min/_maxAttributeForGapConstraintRespectingBaselineRelative:` answer 12 and 11,
    /// `firstBaseline` and `lastBaseline`, only for the vertical axis; docs/autolayout.md).
    static func gapAttributes(_ config: StackConfig) -> (following: LayoutAttribute, preceding: LayoutAttribute) {
        if config.axis == .horizontal { return (.leading, .trailing) }
        return config.baselineRelativeArrangement ? (.firstBaseline, .lastBaseline) : (.top, .bottom)
    }

    static func container(of stack: Int, _ config: StackConfig) -> LayoutItem {
        config.layoutMarginsRelativeArrangement ? .layoutMargins(stack) : .view(stack)
    }
}
