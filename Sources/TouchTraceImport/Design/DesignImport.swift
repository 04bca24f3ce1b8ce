import TouchTraceEngine

/// One screen of a `DesignDocument` (a Penpot board, a Sketch artboard) as a scene document:
/// a window whose root view is the screen, with a view controller that receives every prototype
/// action, layers as views (depth first, without recursion), resizing as autoresizing masks or
/// constraints, flex layouts as stack views, taps as target-action. The rules are Figma's
/// (docs/import-figma.md), stated for both formats in docs/import-design.md.
typealias DesignImport = LayerImport<DesignDocument>

/// What only the Penpot and Sketch import keeps.
struct DesignImportState: LayerImportState {
    /// An inner stack's origin in its container (its arranged items' frames are taken into it).
    var stackOrigin: [Int: Point] = [:]
    /// Flex containers whose items are chained by constraints, made once every item is a view.
    var chains: [(view: Int, node: Int, plan: FlexPlan)] = []
}

extension DesignImport {
    static func describe(_ node: DesignNode) -> String {
        let name = node.name.count > 60 ? String(node.name.prefix(57)) + "…" : node.name
        return "\"\(name)\" (\(node.type) \(node.id.prefix(40)))"
    }

    /// The screen `screen` as the scene's window and root view, its layers as views.
    mutating func importScreen(_ screen: Int) {
        let size = doc[screen].frame.size
        var window = ViewDraft(id: ids.make(["window"], fallback: "window"), sourceID: nil, viewClass: .UIWindow)
        window.frame = Rect(origin: .zero, size: size)
        let windowIndex = document.add(window, to: nil)
        if doc[screen].transform != nil {
            warn(.layoutApproximated, screen, "\(describe(screen)) is rotated on its page: the screen is imported upright", lost: "the screen's own rotation")
        }
        var stack: [(node: Int, slot: Slot, inControl: Bool)] = [(screen, .root, false)]
        while let (n, slot, inControl) = stack.popLast() {
            let (view, arrangedIn) = makeView(n, parentView: slot.parentView(window: windowIndex), slot: slot, inControl: inControl)
            let childInControl = inControl || document.views[view].viewClass.isControl
            var children: [(Int, Slot)] = []
            if arrangedIn == nil, let layout = doc[n].layout, formatState.chains.last?.node == n {
                // Chained items: plain subviews in the file's layer order (so the one Penpot draws
                // in front is in front), placed by `applyChains`.
                let arranged = Set(layout.flow)
                children = doc[n].children.map { ($0, arranged.contains($0) ? Slot.chained(parent: view) : Slot.free(parent: view)) }
            } else if let stackView = arrangedIn, let layout = doc[n].layout {
                let arranged = Set(layout.flow)
                children = layout.flow.map { ($0, Slot.arranged(stack: stackView)) }
                children += doc[n].children.filter { !arranged.contains($0) }.map { ($0, Slot.free(parent: view)) }
            } else {
                children = doc[n].children.map { ($0, Slot.free(parent: view)) }
            }
            for (child, childSlot) in children.reversed() { stack.append((child, childSlot, childInControl)) }
        }
        applyChains()
        rootView = viewOfNode[screen] ?? windowIndex
        let controller = ids.make([document.views[rootView].id + ".controller"], fallback: "controller")
        document.views[rootView].viewController = ControllerDraft(id: controller, sourceID: doc[screen].id, customClass: nil)
        controllerID = controller
        document.name = doc[screen].name
    }

    /// One layer → a view (and the inner stack view of a flex container that packs its items);
    /// returns the view and the stack its arranged children go into.
    mutating func makeView(_ n: Int, parentView: Int, slot: Slot, inControl: Bool) -> (Int, Int?) {
        let node = doc[n]
        var viewClass = node.viewClass
        var customClass: String?
        if let rule = mapping.rule(type: node.mappingType, names: node.mappingNames), !(inControl && rule.viewClass.isControl) {
            viewClass = rule.viewClass
            customClass = rule.customClass
        }
        var draft = ViewDraft(id: ids.make([node.name], fallback: node.type.lowercased()), sourceID: node.id, viewClass: viewClass)
        draft.customClass = customClass
        let plan = viewClass == .UIView ? flexPlan(n) : nil
        if let plan, !plan.container { draft.viewClass = .UIStackView }
        draft.alignmentRectInsets = Self.designAlignmentInsets(draft.viewClass)
        if case .root = slot {
            draft.frame = Rect(origin: .zero, size: node.frame.size)
            draft.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        } else {
            draft.frame = node.frame
            draft.transform = node.transform
        }
        if node.hidden { draft.hidden = true }
        if let alpha = node.alpha, alpha != 1 { draft.alpha = min(1, max(0, alpha)) }
        if node.clips { draft.clipsToBounds = true }
        draft.text = node.text
        draft.font = node.fontSize
        let finalClass = draft.viewClass
        if finalClass == .UILabel || finalClass == .UIImageView || finalClass.isControl { draft.intrinsicContentSize = node.frame.size }
        if inControl, finalClass.defaultUserInteractionEnabled { draft.userInteractionEnabled = false }
        let view = addView(draft, node: n, to: parentView, inControl: inControl)
        switch slot {
        case .root: break
        case let .free(parent): applyResizing(n, view: view, parent: parent)
        case let .arranged(stack): applyArrangedConstraints(n, view: view, stack: stack)
        case .chained: break
        }
        guard let plan else { return (view, nil) }
        return (view, applyFlex(plan, node: n, view: view))
    }

    /// Resizing flags → an autoresizing mask (L5); a centred layer that is off centre and keeps
    /// its offset (Penpot's `center`) gets Auto Layout constraints instead, for both axes, as the
    /// Figma importer does.
    mutating func applyResizing(_ n: Int, view: Int, parent: Int) {
        let node = doc[n]
        let frame = document.views[view].frame ?? .zero
        let parentSize = document.views[parent].frame?.size ?? .zero
        func offCentre(_ r: Resizing, _ start: Double, _ length: Double, _ total: Double) -> Bool {
            r.keepsCentreOffset && abs(start - (total - start - length)) > 0.01
        }
        let rotated = document.views[view].transform != nil || document.views[parent].transform != nil
        if !rotated, parentSize.width > 0, parentSize.height > 0,
            offCentre(node.horizontal, frame.minX, frame.size.width, parentSize.width)
                || offCentre(node.vertical, frame.minY, frame.size.height, parentSize.height)
        {
            document.views[view].translatesAutoresizingMaskIntoConstraints = false
            addAxisConstraints(node.horizontal, view: view, parent: parent, start: frame.minX, length: frame.size.width, total: parentSize.width, horizontal: true)
            addAxisConstraints(node.vertical, view: view, parent: parent, start: frame.minY, length: frame.size.height, total: parentSize.height, horizontal: false)
            return
        }
        var mask: AutoresizingMask = []
        if node.horizontal.flexibleStart { mask.insert(.flexibleLeftMargin) }
        if node.horizontal.flexibleLength { mask.insert(.flexibleWidth) }
        if node.horizontal.flexibleEnd { mask.insert(.flexibleRightMargin) }
        if node.vertical.flexibleStart { mask.insert(.flexibleTopMargin) }
        if node.vertical.flexibleLength { mask.insert(.flexibleHeight) }
        if node.vertical.flexibleEnd { mask.insert(.flexibleBottomMargin) }
        document.views[view].autoresizingMask = mask
    }

    /// One axis as constraints to the superview (a layer that keeps its centre offset, and the
    /// other axis of such a layer).
    mutating func addAxisConstraints(_ r: Resizing, view: Int, parent: Int, start: Double, length: Double, total: Double, horizontal: Bool) {
        let rule: AxisRule =
            switch (r.flexibleStart, r.flexibleLength, r.flexibleEnd) {
            case (true, false, false): .end
            case (false, true, false): .stretch
            case (true, false, true) where r.keepsCentreOffset: .centre
            case (true, true, true) where total > 0: .scale
            default: .start
            }
        addAxisConstraints(rule, view: view, parent: parent, axis: (start, length, total), horizontal: horizontal)
    }
}

extension DesignDocument: LayerDocument {
    typealias ImportState = DesignImportState
    var sceneFormat: ImportFormat { format }
    func sourceID(_ n: Int) -> String? { self[n].id }
    func describe(_ n: Int) -> String { DesignImport.describe(self[n]) }
    func warningSubject(_ n: Int) -> (id: String?, pointer: String, name: String) { (self[n].id, self[n].pointer, self[n].name) }
    func parentLayer(_ n: Int) -> Int? { self[n].parent }
    func isHiddenLayer(_ n: Int) -> Bool { self[n].hidden }
    func clipsLayer(_ n: Int) -> Bool { self[n].clips }
    func storedBox(_ n: Int) -> Rect? { self[n].storedBox }
}
