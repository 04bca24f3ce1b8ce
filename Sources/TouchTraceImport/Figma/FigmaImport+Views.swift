import TouchTraceEngine

extension FigmaImport {
    /// Where a node's view goes: the frame itself (the window's root view), a plain subview
    /// placed by its frame and constraints, or an arranged subview of a stack view.

    /// The frame `frameNode` as a window of its size whose root view is the frame, with a view
    /// controller that receives every prototype action; its layers as views, depth first without
    /// recursion (document order, so subviews stay back to front as Figma draws them).
    mutating func importFrame(_ frameNode: Int) {
        let box = rect(frameNode, "absoluteBoundingBox") ?? Rect(x: 0, y: 0, width: 375, height: 667)
        if doc[frameNode].value["absoluteBoundingBox"] == nil {
            warn(.invalidValue, frameNode, "\(describe(frameNode)) has no absoluteBoundingBox: the window is 375 × 667", lost: "the frame's size")
        }
        var window = ViewDraft(id: ids.make(["window"], fallback: "window"), sourceID: nil, viewClass: .UIWindow)
        window.frame = Rect(origin: .zero, size: box.size)
        let windowIndex = document.add(window, to: nil)
        formatState.placements[windowIndex] = Placement(absolute: .translation(x: box.minX, y: box.minY), size: box.size)
        if let t = relativeTransform(frameNode), FigmaImport.linear(t) != nil {
            warn(.layoutApproximated, frameNode, "\(describe(frameNode)) is rotated on its page: the screen is imported upright", lost: "the frame's own rotation")
        }
        var stack: [(node: Int, slot: Slot, inControl: Bool)] = [(frameNode, .root, false)]
        while let (n, slot, inControl) = stack.popLast() {
            guard let made = makeView(n, parentView: slot.parentView(window: windowIndex), slot: slot, inControl: inControl) else { continue }
            let childInControl = inControl || document.views[made.view].viewClass.isControl
            for child in doc[n].children.reversed() {
                let childSlot: Slot
                if let stackView = made.arrangedIn, !isAbsolutelyPositioned(child) {
                    childSlot = .arranged(stack: stackView)
                } else {
                    childSlot = .free(parent: made.view)
                }
                stack.append((child, childSlot, childInControl))
            }
        }
        rootView = viewOfNode[frameNode] ?? windowIndex
        let controller = ids.make([document.views[rootView].id + ".controller"], fallback: "controller")
        document.views[rootView].viewController = ControllerDraft(id: controller, sourceID: doc[frameNode].id, customClass: nil)
        controllerID = controller
        document.name = doc[frameNode].name
    }

    /// One node → a view (and, for an auto-layout frame that needs one, its inner stack view):
    /// class, id, geometry, attributes, layout. Nil for a node that is not imported.
    /// `arrangedIn` is the stack view the node's arranged children go into.
    mutating func makeView(_ n: Int, parentView: Int, slot: Slot, inControl: Bool) -> (view: Int, arrangedIn: Int?)? {
        let node = doc[n]
        if FigmaVocabulary.skippedTypes.contains(node.type) { return nil }
        noteProperties(of: n)
        let (viewClass, customClass) = classFor(n, inControl: inControl)
        let fallback = node.type.isEmpty ? "node" : node.type.lowercased()
        var draft = ViewDraft(id: ids.make([node.name], fallback: fallback), sourceID: node.id, viewClass: viewClass)
        draft.customClass = customClass
        let layout = viewClass == .UIView || viewClass == .UIStackView ? autoLayoutPlan(n) : nil
        if let layout, !layout.container { draft.viewClass = .UIStackView }
        draft.alignmentRectInsets = Self.designAlignmentInsets(draft.viewClass)
        let view = addView(draft, node: n, to: parentView, inControl: inControl)
        let parentPlacement = formatState.placements[parentView] ?? Placement(absolute: .identity, size: .zero)
        if case .root = slot {
            formatState.placements[view] = place(n, view: view, in: parentPlacement, upright: true)
        } else {
            formatState.placements[view] = place(n, view: view, in: parentPlacement)
        }
        applyAttributes(n, view: view, inControl: inControl)
        switch slot {
        case .root:
            document.views[view].autoresizingMask = [.flexibleWidth, .flexibleHeight]
        case let .free(parent):
            applyFrameConstraints(n, view: view, parent: parent)
        case let .arranged(stack):
            applyArrangedConstraints(n, view: view, stack: stack)
        case .chained:
            // Figma's auto layout has no per-item margins: nothing is chained.
            break
        }
        guard let layout else { return (view, nil) }
        return (view, applyAutoLayout(layout, node: n, view: view))
    }

    /// The class of a node: the class mapping's (not inside a control), else an image view for a
    /// leaf shape with an image fill, else its type's; an unknown type is a `UIView` with a warning.
    mutating func classFor(_ n: Int, inControl: Bool) -> (ViewClass, String?) {
        let node = doc[n]
        guard let byType = FigmaVocabulary.viewTypes[node.type] else {
            let what = node.type.isEmpty ? "a node without a type" : "node type \(node.type.prefix(40))"
            warn(.unsupportedElement, n, "\(what) (\(describe(n))) is not modelled: imported as a UIView", lost: "what the node does beyond its frame")
            return (.UIView, nil)
        }
        let names = doc.mappingNames(of: n)
        if let rule = mapping.rule(type: node.type, names: names) {
            if !(inControl && rule.viewClass.isControl) { return (rule.viewClass, rule.customClass) }
        } else if !inControl, let guess = mapping.misspeltDefault(type: node.type, names: names) {
            warn(
                .invalidValue, n,
                "the name of \(describe(n)) begins with \"\(guess.word)\", one letter off \"\(guess.keyword)\": mapped to \(guess.rule.viewClass.rawValue) as the default rule \"\(guess.rule.match)\" would",
                lost: "nothing, if the layer is that control (a mapping file names it exactly)")
            return (guess.rule.viewClass, guess.rule.customClass)
        }
        if FigmaVocabulary.shapeTypes.contains(node.type), node.children.isEmpty, hasImageFill(n) { return (.UIImageView, nil) }
        return (byType, nil)
    }

    /// Whether a node's fills include a visible image.
    func hasImageFill(_ n: Int) -> Bool {
        guard case let .array(fills)? = doc[n].value["fills"] else { return false }
        return fills.contains { $0["type"] == .string("IMAGE") && $0["visible"] != .bool(false) }
    }

    /// `visible` → hidden, `opacity` → alpha, `clipsContent` → clipsToBounds, a text's
    /// characters and font size, the size UIKit would measure for labels, image views and
    /// controls (Figma's, as the Interface Builder importer keeps Xcode's), and no touches of
    /// their own for the layers drawn inside a control.
    mutating func applyAttributes(_ n: Int, view: Int, inControl: Bool) {
        if bool(n, "visible") == false { document.views[view].hidden = true }
        if let opacity = number(n, "opacity"), opacity != 1 {
            if opacity < 0 || opacity > 1 {
                warn(.invalidValue, n, "opacity \(opacity) of \(describe(n)) is outside 0…1: clamped", lost: "nothing (UIKit clamps alpha too)")
            }
            document.views[view].alpha = min(1, max(0, opacity))
        }
        if bool(n, "clipsContent") == true { document.views[view].clipsToBounds = true }
        let viewClass = document.views[view].viewClass
        if doc[n].type == "TEXT" {
            if let text = string(n, "characters") { document.views[view].text = text }
            if case let .number(size)? = doc[n].value["style"]?["fontSize"], size.isFinite, size > 0 { document.views[view].font = size }
        }
        if viewClass == .UILabel || viewClass == .UIImageView || viewClass.isControl, let size = formatState.placements[view]?.size {
            document.views[view].intrinsicContentSize = size
        }
        if inControl, viewClass.defaultUserInteractionEnabled { document.views[view].userInteractionEnabled = false }
        if let direction = string(n, "overflowDirection"), direction != "NONE" {
            warn(
                .behaviourNotModelled, n, "\(describe(n)) scrolls in the prototype (\(direction)): imported as a plain view of its size",
                lost: "scrolling (the content beyond the frame is where Figma put it)")
        }
    }

    /// Whether a child of an auto-layout frame is placed absolutely (`layoutPositioning: ABSOLUTE`).
    func isAbsolutelyPositioned(_ n: Int) -> Bool {
        doc[n].value["layoutPositioning"] == .string("ABSOLUTE")
    }
}
