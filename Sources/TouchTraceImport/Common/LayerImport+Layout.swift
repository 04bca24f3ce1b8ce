import TouchTraceEngine

/// What a stack view made from a design tool's layout (Figma's auto layout, Penpot's and
/// Sketch's flex layout) needs to know about itself when its arranged subviews are imported.
struct StackInfo {
    var horizontal: Bool
    var alignment: StackConfig.Alignment
    /// The item a stretched child's cross edges are pinned to: the stack's layout margins (the
    /// padding), or the inner stack itself (padding outside it).
    var marginsItem: String
    /// How far inside `marginsItem` a stretched child's cross edges lie: the padding the stack
    /// gave up for a child that overflows it (`StackPlan.stretchInsets`).
    var stretchInsets: EdgeInsets = .zero
    /// The first arranged child that fills the primary axis: the others are made as long.
    var firstFill: String?
}

/// A design tool's layout (Figma's auto layout, a Penpot or Sketch flex layout) as the stack view
/// UIKit would use for it; `Packing` is how the format packs the items along the axis (Figma's
/// `primaryAxisAlignItems`, a flex layout's justification), its members readable on the plan.
@dynamicMemberLookup
struct StackPlan<Packing> {
    var horizontal: Bool
    /// A plain view of the container's size holding an inner stack view pinned where the items
    /// are packed (a fixed length they do not fill, space around the ends, absolutely placed
    /// children); else the container itself is the stack view.
    var container: Bool
    var distribution: StackConfig.Distribution
    var alignment: StackConfig.Alignment
    var spacing: Double
    var padding: EdgeInsets
    /// What `padding` gave up across for an item that overflows it (`fitCrossPadding`): a
    /// stretched item still fills the container's own padded extent (Figma's "Fill container",
    /// CSS's `align-self: stretch` on a single line), not the one widened for its sibling.
    var stretchInsets: EdgeInsets = .zero
    /// Whether the items are packed at the start, centre or end (none fills the axis, no space
    /// between them): a fixed length leaves room beside them.
    var packs: Bool
    /// The arranged items in order (absolutely placed ones left out).
    var arranged: [Int]
    var packing: Packing

    subscript<T>(dynamicMember key: WritableKeyPath<Packing, T>) -> T {
        get { packing[keyPath: key] }
        set { packing[keyPath: key] = newValue }
    }
}

/// Where an inner stack view is pinned along its container's axis (inside the padding).
enum StackPinning {
    /// To both ends (the items fill the axis, or are spread between the ends).
    case both
    /// Packed at the start, centred, or at the end.
    case start, centre, end
    /// Inset from the padding by the space the file shows before the first and after the last item.
    case ends(lead: Double, trail: Double)
}

/// How a layer follows its parent's resize along one axis (Figma's constraints, Penpot's and
/// Sketch's resizing), as Auto Layout constraints to the superview.
enum AxisRule {
    /// A fixed margin before it and a fixed length.
    case start
    /// A fixed margin after it and a fixed length.
    case end
    /// Both margins kept while the length gives (not below zero: the trailing margin gives way).
    case stretch
    /// Its centre's offset from the parent's centre kept, and a fixed length.
    case centre
    /// Its centre and length proportional to the parent's.
    case scale
}

/// Where a layer goes in the view tree being built (depth first, without recursion).
enum LayerSlot {
    /// The screen: the window's root view.
    case root
    /// A subview placed by its frame and resizing.
    case free(parent: Int)
    /// An arranged subview of a stack view.
    case arranged(stack: Int)
    /// An item of a flex layout chained by constraints (Penpot and Sketch items with margins).
    case chained(parent: Int)

    /// The view the layer's view is added to.
    func parentView(window: Int) -> Int {
        switch self {
        case .root: window
        case let .free(p), let .chained(p): p
        case let .arranged(s): s
        }
    }
}

/// The rules the Figma importer and the Penpot/Sketch importer share, written once: constraints
/// between views, stack views from a layout plan (the frame itself, or an inner stack pinned
/// in a container), the arranged items' sizes, and prototype taps as target-action.
extension LayerImport {
    /// Adds the view of node `n` to `parent`, and records which node it came from.
    mutating func addView(_ draft: ViewDraft, node n: Int, to parent: Int, inControl: Bool) -> Int {
        let view = document.add(draft, to: parent)
        viewOfNode[n] = view
        nodeOfView[view] = n
        if inControl { insideControl.insert(view) }
        return view
    }

    /// One axis of a layer's resizing rule as constraints to its superview: the layer spans
    /// `start` to `start + length` of the parent's `total`.
    mutating func addAxisConstraints(_ rule: AxisRule, view: Int, parent: Int, axis: (start: Double, length: Double, total: Double), horizontal: Bool) {
        let (start, length, total) = axis
        let (lead, trail, centre, size) = horizontal ? ("left", "right", "centerX", "width") : ("top", "bottom", "centerY", "height")
        let parentID = document.views[parent].id
        let viewID = document.views[view].id
        var list: [ConstraintDraft] = []
        switch rule {
        case .end:
            list.append(pin(view, trail, parentID, trail, constant: start + length - total))
            list.append(Self.constant(viewID, size, length))
        case .stretch:
            list.append(pin(view, lead, parentID, lead, constant: start))
            var trailing = pin(view, trail, parentID, trail, constant: start + length - total)
            trailing.priority = 999
            list.append(trailing)
            list.append(Self.constant(viewID, size, 0, relation: .greaterThanOrEqual))
        case .centre:
            list.append(pin(view, centre, parentID, centre, constant: start + length / 2 - total / 2))
            list.append(Self.constant(viewID, size, length))
        case .scale:
            let mid = start + length / 2
            if mid == 0 {
                list.append(pin(view, centre, parentID, lead, constant: 0))
            } else {
                var c = pin(view, centre, parentID, centre, constant: 0)
                c.multiplier = mid / (total / 2)
                list.append(c)
            }
            if length == 0 {
                list.append(Self.constant(viewID, size, 0))
            } else {
                var c = pin(view, size, parentID, size, constant: 0)
                c.multiplier = length / total
                list.append(c)
            }
        case .start:
            list.append(pin(view, lead, parentID, lead, constant: start))
            list.append(Self.constant(viewID, size, length))
        }
        document.views[view].constraints.append(contentsOf: list)
    }

    /// Rule H4: the part of a tappable layer (a control, or a layer with a tap) outside an
    /// ancestor that does not clip shows in the design but is never hit-tested in UIKit.
    /// Measured on the boxes the file stores, up to the screen (which clips: it is the window).
    mutating func reportUntappableOverflow(screen: Int) {
        for view in document.views.indices {
            guard let n = nodeOfView[view], viewOfNode[n] == view, !insideControl.contains(view) else { continue }
            let draft = document.views[view]
            guard draft.viewClass.isControl || draft.gestureRecognizers.contains(where: { $0.kind == .tap }) else { continue }
            guard var visible = doc.storedBox(n) else { continue }
            var chain: [Int] = []
            var p = doc.parentLayer(n)
            var hidden = draft.hidden == true
            while let a = p {
                chain.append(a)
                if doc.isHiddenLayer(a) { hidden = true }
                if a == screen { break }
                p = doc.parentLayer(a)
            }
            guard !hidden else { continue }
            for a in chain where doc.clipsLayer(a) || a == screen {
                if let box = doc.storedBox(a) { visible = FigmaImport.intersection(visible, box) }
            }
            guard visible.size.width > 0.01, visible.size.height > 0.01 else { continue }
            for a in chain where !doc.clipsLayer(a) && a != screen {
                guard let box = doc.storedBox(a) else { continue }
                let outside = max(box.minX - visible.minX, visible.maxX - box.maxX, box.minY - visible.minY, visible.maxY - box.maxY)
                if outside > 0.01 {
                    warn(
                        .untappableOverflow, n,
                        "\(describe(n)) reaches \(JSONWriter.format((outside * 100).rounded() / 100)) pt outside \(describe(a)), which does not clip: that part shows in the design but UIKit never hit-tests it (H4)",
                        lost: "taps on the part outside \(describe(a))")
                    break
                }
            }
        }
    }

    /// The document validated into the import's result, with every warning.
    func result(format: ImportFormat) throws(ImportError) -> ImportResult {
        var document = self.document
        var warnings = self.warnings
        let scene = try document.validated(warnings: &warnings)
        return ImportResult(format: format, scene: scene, warnings: warnings.all, ids: document.ids)
    }

    /// The result for a document with no screen to import (the caller has said so in a warning):
    /// an empty 375 × 667 window.
    mutating func emptyWindowResult(format: ImportFormat) throws(ImportError) -> ImportResult {
        var window = ViewDraft(id: "window", sourceID: nil, viewClass: .UIWindow)
        window.frame = Rect(x: 0, y: 0, width: 375, height: 667)
        document.add(window, to: nil)
        document.name = options.fileName
        return try result(format: format)
    }

    /// `view.attribute == item.itemAttribute + constant`.
    func pin(_ view: Int, _ attribute: String, _ item: String, _ itemAttribute: String, constant: Double) -> ConstraintDraft {
        var c = ConstraintDraft(firstItem: document.views[view].id, firstAttribute: attribute)
        c.secondItem = item
        c.secondAttribute = itemAttribute
        c.constant = constant
        c.sourceID = nodeOfView[view].flatMap { doc.sourceID($0) }
        return c
    }

    /// `id.attribute == constant` (a width or a height).
    static func constant(_ id: String, _ attribute: String, _ value: Double, relation: ConstraintSpec.Relation = .equal) -> ConstraintDraft {
        var c = ConstraintDraft(firstItem: id, firstAttribute: attribute)
        c.relation = relation
        c.constant = value
        return c
    }

    /// An item longer than the padded cross extent overflows the padding (from the start,
    /// centred, or from the end, as the container aligns); UIStackView keeps arranged views
    /// inside its margins (`UISV-spanning-boundary`), so the padding on the side the item
    /// overflows is reduced by the overflow (both sides by half for a centred one).
    static func padding(_ padding: EdgeInsets, overflowing overflow: Double, alignment: StackConfig.Alignment, horizontal: Bool) -> EdgeInsets {
        var p = padding
        switch (alignment, horizontal) {
        case (.center, true):
            p.top -= overflow / 2
            p.bottom -= overflow / 2
        case (.center, false):
            p.left -= overflow / 2
            p.right -= overflow / 2
        case (.bottom, _): p.top -= overflow
        case (.trailing, _): p.left -= overflow
        case (_, true): p.bottom -= overflow
        case (_, false): p.right -= overflow
        }
        return p
    }

    /// The cross padding fitted to an overflowing item (`padding(_:overflowing:…)`) and what it
    /// gave up, which a stretched item's edges keep (`StackPlan.stretchInsets`).
    static func fittedCross(_ padding: EdgeInsets, overflow: Double, alignment: StackConfig.Alignment, horizontal: Bool) -> (padding: EdgeInsets, stretchInsets: EdgeInsets) {
        let fitted = Self.padding(padding, overflowing: overflow, alignment: alignment, horizontal: horizontal)
        let given = EdgeInsets(top: padding.top - fitted.top, left: padding.left - fitted.left, bottom: padding.bottom - fitted.bottom, right: padding.right - fitted.right)
        return (fitted, given)
    }

    /// The stack view's configuration for a plan.
    static func stackConfig<P>(_ plan: StackPlan<P>) -> StackDraft {
        var config = StackDraft()
        config.axis = plan.horizontal ? .horizontal : .vertical
        config.distribution = plan.distribution
        config.alignment = plan.alignment
        config.spacing = plan.spacing
        return config
    }

    /// Makes `view` itself the stack view, its padding the layout margins its items are
    /// arranged in (`isLayoutMarginsRelativeArrangement`).
    mutating func makeStack<P>(_ view: Int, plan: StackPlan<P>) {
        var config = Self.stackConfig(plan)
        config.layoutMarginsRelativeArrangement = true
        document.views[view].stack = config
        document.views[view].layoutMargins = plan.padding
        stacks[view] = StackInfo(
            horizontal: plan.horizontal, alignment: plan.alignment, marginsItem: document.views[view].id + "#layoutMargins", stretchInsets: plan.stretchInsets)
    }

    /// Gives the container `view` an inner stack view at `frame`, pinned across to the padded
    /// edges and along as `pinning` says; returns the inner stack.
    mutating func addInnerStack<P>(_ view: Int, plan: StackPlan<P>, node n: Int, frame: Rect, pinning: StackPinning) -> Int {
        let id = document.views[view].id
        var inner = ViewDraft(id: ids.make([id + ".stack"], fallback: "stack"), sourceID: doc.sourceID(n), viewClass: .UIStackView)
        inner.stack = Self.stackConfig(plan)
        inner.layoutMargins = .zero
        inner.translatesAutoresizingMaskIntoConstraints = false
        inner.frame = frame
        let s = document.add(inner, to: view)
        innerStack[view] = s
        stacks[s] = StackInfo(horizontal: plan.horizontal, alignment: plan.alignment, marginsItem: document.views[s].id, stretchInsets: plan.stretchInsets)
        let p = plan.padding
        let (lead, trail, centre) = plan.horizontal ? ("left", "right", "centerX") : ("top", "bottom", "centerY")
        let (crossLead, crossTrail) = plan.horizontal ? ("top", "bottom") : ("left", "right")
        let (padLead, padTrail) = plan.horizontal ? (p.left, p.right) : (p.top, p.bottom)
        let (padCrossLead, padCrossTrail) = plan.horizontal ? (p.top, p.bottom) : (p.left, p.right)
        var list = [pin(s, crossLead, id, crossLead, constant: padCrossLead), pin(s, crossTrail, id, crossTrail, constant: -padCrossTrail)]
        switch pinning {
        case let .ends(endLead, endTrail):
            list.append(pin(s, lead, id, lead, constant: padLead + endLead))
            list.append(pin(s, trail, id, trail, constant: -(padTrail + endTrail)))
        case .end: list.append(pin(s, trail, id, trail, constant: -padTrail))
        case .centre: list.append(pin(s, centre, id, centre, constant: (padLead - padTrail) / 2))
        case .start: list.append(pin(s, lead, id, lead, constant: padLead))
        case .both:
            list.append(pin(s, lead, id, lead, constant: padLead))
            list.append(pin(s, trail, id, trail, constant: -padTrail))
        }
        for i in list.indices { list[i].sourceID = doc.sourceID(n) }
        document.views[s].constraints = list
        return s
    }

    /// The inner stack's frame in its container of `size`: across, the container less its
    /// padding; along, from `start` to `end` (the first and last visible item as the file places
    /// them; at the padding when there is none).
    static func innerStackFrame<P>(start: Double, end: Double, plan: StackPlan<P>, size: Size) -> Rect {
        let p = plan.padding
        var (start, end) = (start, end)
        if start > end { (start, end) = plan.horizontal ? (p.left, p.left) : (p.top, p.top) }
        return plan.horizontal
            ? Rect(x: start, y: p.top, width: end - start, height: max(0, size.height - p.top - p.bottom))
            : Rect(x: p.left, y: start, width: max(0, size.width - p.left - p.right), height: end - start)
    }

    /// A stack that hugs its content along its axis is exactly as long as its content: design
    /// tools store boxes in single precision, so the sum of the items' `lengths`, the spacing and
    /// the padding can miss the frame's by 1e-4 pt, which would make Auto Layout squeeze an item
    /// by that much (and call the equally resisting items ambiguous). Within 0.01 pt, the view's
    /// frame takes the content's length, which is returned (nil when unchanged).
    mutating func fitHuggingLength<P>(_ view: Int, plan: StackPlan<P>, lengths: [Double]) -> Double? {
        guard plan.distribution == .fill, var frame = document.views[view].frame, document.views[view].transform == nil else { return nil }
        let p = plan.padding
        let content = lengths.reduce(0, +) + plan.spacing * Double(max(0, lengths.count - 1)) + (plan.horizontal ? p.left + p.right : p.top + p.bottom)
        let current = plan.horizontal ? frame.size.width : frame.size.height
        guard content != current, abs(content - current) < 0.01 else { return nil }
        if plan.horizontal { frame.size.width = content } else { frame.size.height = content }
        document.views[view].frame = frame
        return content
    }

    /// An arranged item that fills along `width` (else height): along the stack's axis it gets
    /// hugging 249 and the length of the first item that fills (the free space is shared
    /// equally); across, its edges are pinned to the stack's margins when the stack does not fill.
    mutating func constrainFilling(_ view: Int, width: Bool, info: inout StackInfo) {
        let attribute = width ? "width" : "height"
        if width == info.horizontal {
            var hugging = document.views[view].contentHugging ?? .defaultHugging
            if width { hugging.horizontal = 249 } else { hugging.vertical = 249 }
            document.views[view].contentHugging = hugging
            if let first = info.firstFill {
                document.views[view].constraints.append(pin(view, attribute, first, attribute, constant: 0))
            } else {
                info.firstFill = document.views[view].id
            }
        } else if info.alignment != .fill {
            let (lead, trail) = width ? ("leading", "trailing") : ("top", "bottom")
            let inset = info.stretchInsets
            document.views[view].constraints.append(pin(view, lead, info.marginsItem, lead, constant: width ? inset.left : inset.top))
            document.views[view].constraints.append(pin(view, trail, info.marginsItem, trail, constant: -(width ? inset.right : inset.bottom)))
        }
    }

    /// Prototype taps, in view order, as target-action (`addTap`); the root view's controller
    /// lists every selector it is sent.
    mutating func importTaps(_ taps: [(view: Int, node: Int, selectors: [String])]) {
        var parentOf: [Int: Int] = [:]
        for (v, view) in document.views.enumerated() { for s in view.subviews { parentOf[s] = v } }
        var handled: [String] = []
        for tap in taps {
            addTap(tap.selectors, view: tap.view, node: tap.node, parentOf: parentOf)
            for s in tap.selectors where !handled.contains(s) { handled.append(s) }
        }
        if rootView >= 0, !handled.isEmpty { document.views[rootView].viewController?.actions = handled }
    }

    /// A prototype tap on `view` (node `n`) as target-action to the screen's view controller: a
    /// view inside a control gives it to the control (`touchUpInside`); any other view gets a
    /// tap recognizer (one per view, every selector a target) and user interaction.
    mutating func addTap(_ selectors: [String], view: Int, node n: Int, parentOf: [Int: Int]) {
        var target = view
        while insideControl.contains(target), let p = parentOf[target] { target = p }
        if document.views[target].viewClass.isControl {
            var control = document.views[target].control ?? ControlDraft()
            for s in selectors where !control.targets.contains(where: { $0.action == s }) {
                control.targets.append(TargetRegistration(target: controllerID, action: s, events: .touchUpInside))
            }
            document.views[target].control = control
            return
        }
        let id = document.views[target].id
        if let i = document.views[target].gestureRecognizers.firstIndex(where: { $0.kind == .tap }) {
            for s in selectors where !document.views[target].gestureRecognizers[i].targets.contains(where: { $0.action == s }) {
                document.views[target].gestureRecognizers[i].targets.append((controllerID, s))
            }
        } else {
            var recognizer = RecognizerDraft(id: ids.make([id + ".tap"], fallback: "tap"), sourceID: doc.sourceID(n), kind: .tap)
            recognizer.targets = selectors.map { (controllerID, $0) }
            document.views[target].gestureRecognizers.append(recognizer)
        }
        if !document.views[target].viewClass.defaultUserInteractionEnabled { document.views[target].userInteractionEnabled = true }
    }
}
