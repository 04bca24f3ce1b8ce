extension LayoutEngine {
    /// Applies changes in order (openapi.yaml). A change that names an unknown id or asks for an
    /// impossible edit is skipped and reported with its pointer; the others still apply, so
    /// one pass finds every problem. The update cycle is not run here (`runUpdateCycle`).
    public mutating func apply(_ changes: [LayoutChange]) {
        for (index, change) in changes.enumerated() {
            // A change may cost the whole scene (a new subtree is checked against the limits):
            // counted against the time budget; out of time, the answer is thrown away.
            if limits.budget.spend(1 + scene.views.count / 64) { break }
            apply(change, index: index)
        }
    }

    /// Every problem found by `apply`, each with its JSON pointer.
    public var applyProblems: [SceneProblem] { problems }

    mutating func fail(_ pointer: String, _ message: String) {
        problems.append(SceneProblem(pointer: pointer, message: message))
    }

    /// The index of the view an id names, or nil with a problem recorded.
    mutating func view(_ id: String, at pointer: String) -> Int? {
        switch scene.ids[id] {
        case let .view(index)?: return index
        case nil: fail(pointer, "unknown view id \"\(id)\"" + scene.didYouMean(id, among: IDSuggestion.isView))
        default: fail(pointer, "\"\(id)\" is not a view")
        }
        return nil
    }

    mutating func apply(_ change: LayoutChange, index: Int) {
        let p = { (key: String) in JSONPointer.join(change.pointer, key) }
        record(.change(index: index, op: change.name))
        changedSinceLayout = true
        if !change.keepsAutoLayoutSystem { autoLayoutEdits = nil }
        switch change.op {
        case let .setFrame(id, patch):
            guard let v = view(id, at: p("view")) else { return }
            setFrame(patch.applied(to: scene.views[v].geometry.untransformedFrame), of: v)
        case let .setBounds(id, patch):
            guard let v = view(id, at: p("view")) else { return }
            setBounds(patch.applied(to: scene.views[v].geometry.bounds), of: v)
        case let .setCenter(id, center):
            guard let v = view(id, at: p("view")) else { return }
            setCenter(center, of: v)
        case let .setTransform(id, transform):
            guard let v = view(id, at: p("view")) else { return }
            setTransform(transform, of: v)
        case let .set(id, properties):
            guard let v = view(id, at: p("view")) else { return }
            for property in properties { set(property, of: v, at: p(property.key)) }
        case let .addSubview(source, to, position):
            addSubview(source, to: to, position: position, change: change, index: index)
        case let .removeFromSuperview(id):
            guard let v = view(id, at: p("view")) else { return }
            guard let old = scene.detach(v) else {
                let why = scene.views[v].isWindow ? "a window has no superview" : "the view has no superview"
                record(.noEffect(index: index, why: "\(why); removeFromSuperview does nothing"))
                return
            }
            mark(old, .subviewRemoved)
        case let .bringSubviewToFront(id), let .sendSubviewToBack(id):
            guard let v = view(id, at: p("view")) else { return }
            guard let parent = scene.views[v].parent else {
                record(.noEffect(index: index, why: "the view has no superview, so it has no place among siblings to change"))
                return
            }
            let toFront: Bool
            if case .bringSubviewToFront = change.op { toFront = true } else { toFront = false }
            reorder(v, in: parent, to: toFront ? nil : 0, index: index)
        case let .setNeedsLayout(id):
            guard let v = view(id, at: p("view")) else { return }
            mark(v, .setNeedsLayout)
        case let .layoutIfNeeded(id):
            guard let v = view(id, at: p("view")) else { return }
            layoutIfNeeded(v, change: index)
        case let .sizeToFit(id):
            guard let v = view(id, at: p("view")) else { return }
            let frame = scene.views[v].geometry.untransformedFrame
            setFrame(Rect(origin: frame.origin, size: scene.sizeThatFits(v)), of: v)
        case let .scroll(id, offset):
            guard let v = view(id, at: p("view")) else { return }
            guard scene.views[v].viewClass.isScrollView else {
                fail(p("view"), "\"\(id)\" is a \(scene.views[v].viewClass.rawValue), not a UIScrollView: only scroll views scroll")
                return
            }
            var bounds = scene.views[v].geometry.bounds
            bounds.origin = offset
            setBounds(bounds, of: v)
        case let .resizeWindow(id, size):
            guard let v = view(id, at: p("window")) else { return }
            guard scene.views[v].isWindow else {
                fail(p("window"), "\"\(id)\" is not a window; use setFrame or setBounds for other views")
                return
            }
            let frame = scene.views[v].geometry.untransformedFrame
            setFrame(Rect(origin: frame.origin, size: size), of: v)
            autoLayoutEdits?.append(.resize(window: v, size: size))
        case let .addConstraint(id, spec):
            guard let v = view(id, at: p("view")) else { return }
            let problems = ConstraintValidation.problems(of: spec, in: scene)
            guard problems.isEmpty else {
                self.problems.append(contentsOf: problems)
                return
            }
            scene.views[v].layout.constraints.append(spec)
        case let .setConstraint(reference, constant, priority, active):
            guard let (v, k) = constraint(reference, at: change.pointer) else { return }
            var spec = scene.views[v].layout.constraints[k]
            let wasActive = spec.active
            if let priority, wasActive, active != false, (priority >= 1000) != (spec.priority >= 1000) {
                fail(p("priority"), "UIKit raises here: a priority cannot change from required to optional (or back) on an active constraint; deactivate it in an earlier change first")
                return
            }
            if let constant { spec.constant = constant }
            if let priority { spec.priority = priority }
            if let active { spec.active = active }
            scene.views[v].layout.constraints[k] = spec
            if priority == nil, active == nil, let constant {
                autoLayoutEdits?.append(.constant(view: v, index: k, value: constant))
            } else {
                autoLayoutEdits = nil
            }
        }
    }

    /// The declared constraint a `setConstraint` names: (owning view, index), or nil with a
    /// problem (unknown or repeated identifier, unknown view, index out of range).
    mutating func constraint(_ reference: LayoutChange.ConstraintReference, at pointer: String) -> (Int, Int)? {
        let p = { (key: String) in JSONPointer.join(pointer, key) }
        switch reference {
        case let .identifier(name):
            var found: [(Int, Int)] = []
            for v in scene.views.indices {
                for (k, spec) in scene.views[v].layout.constraints.enumerated() where spec.identifier == name { found.append((v, k)) }
            }
            if found.count == 1 { return found[0] }
            fail(p("constraint"), found.isEmpty
                ? "no constraint has the identifier \"\(name)\""
                : "\(found.count) constraints have the identifier \"\(name)\"; name one by \"view\" and \"index\"")
            return nil
        case let .index(id, index):
            guard let v = view(id, at: p("view")) else { return nil }
            let count = scene.views[v].layout.constraints.count
            guard index < count else {
                fail(p("index"), "\"\(id)\" has \(count) constraint\(count == 1 ? "" : "s"); index \(index) is past the end")
                return nil
            }
            return (v, index)
        }
    }

    /// Moves a subview within its superview to `position` (nil: the front) (M4). Marks the
    /// superview only when the order changed (decision: UIKit's documentation is silent).
    mutating func reorder(_ view: Int, in parent: Int, to position: Int?, index: Int) {
        var list = scene.views[parent].subviews
        list.removeAll { $0 == view }
        list.insert(view, at: min(position ?? list.count, list.count))
        guard list != scene.views[parent].subviews else {
            record(.noEffect(index: index, why: "the subview is already at that place"))
            return
        }
        scene.views[parent].subviews = list
        mark(parent, .subviewsReordered)
    }

    /// `addSubview` / `insertSubview(at:)` / `insertSubview(_:aboveSubview:)` /
    /// `insertSubview(_:belowSubview:)` (M4): an existing view moves (within the same superview,
    /// or out of its old superview first); a new view object is decoded by the scene decoder's
    /// rules and needs its first layout (L3). An index past the end appends, as UIKit does at run
    /// time (its documentation asks for an index within bounds; the log says so with a `note`).
    mutating func addSubview(
        _ source: LayoutChange.SubviewSource, to parentID: String?, position: LayoutChange.SubviewPosition, change: LayoutChange,
        index: Int
    ) {
        let p = { (key: String) in JSONPointer.join(change.pointer, key) }
        var moving: Int?
        if case let .existing(id) = source {
            guard let v = view(id, at: p("view")) else { return }
            moving = v
        }
        guard let parent = superview(parentID, for: position, at: change.pointer) else { return }
        if let v = moving {
            if scene.views[v].isWindow {
                fail(p("view"), "\"\(scene.views[v].id)\" is a window; a window cannot be a subview")
                return
            }
            if scene.isView(parent, inSubtreeOf: v) {
                fail(p("to"), "cannot add \"\(scene.views[v].id)\" to \"\(scene.views[parent].id)\": a view cannot be added to itself or to one of its own subviews")
                return
            }
        }
        // The siblings the position counts among: the superview's subviews without the view.
        let siblings = scene.views[parent].subviews.filter { $0 != moving }
        guard let slot = slot(for: position, among: siblings, moving: moving, parent: parent, change: change, index: index) else { return }
        switch source {
        case .existing:
            guard let v = moving else { return }
            if scene.views[v].parent == parent {
                reorder(v, in: parent, to: slot, index: index)
                return
            }
            if let old = scene.detach(v) { mark(old, .subviewRemoved) }
            scene.attach(v, to: parent, at: slot)
            mark(parent, .subviewAdded)
        case let .new(json):
            switch scene.addSubviewTree(json, at: p("subview"), to: parent, limits: limits) {
            case let .failure(.tooComplex(list)):
                complexity.append(contentsOf: list)
            case let .failure(error):
                problems.append(contentsOf: error.problems)
            case let .success(v):
                if let slot {
                    scene.views[parent].subviews.removeLast()
                    scene.views[parent].subviews.insert(v, at: slot)
                }
                mark(parent, .subviewAdded)
                for new in scene.subtree(of: v) { mark(new, .initialLayout) }
            }
        }
    }

    /// The superview of an `addSubview`: `to`, or the sibling's superview for `above` / `below`
    /// (which must then be `to` when both are given).
    mutating func superview(_ parentID: String?, for position: LayoutChange.SubviewPosition, at pointer: String) -> Int? {
        let p = { (key: String) in JSONPointer.join(pointer, key) }
        let parent = parentID.flatMap { view($0, at: p("to")) }
        if parentID != nil, parent == nil { return nil }
        let key: String
        let siblingID: String
        switch position {
        case let .above(id): (key, siblingID) = ("above", id)
        case let .below(id): (key, siblingID) = ("below", id)
        case .front, .index: return parent
        }
        guard let sibling = view(siblingID, at: p(key)) else { return nil }
        guard let siblingParent = scene.views[sibling].parent else {
            fail(p(key), "\"\(siblingID)\" has no superview, so nothing can be inserted \(key) it")
            return nil
        }
        if let parent, parent != siblingParent {
            fail(p(key), "\"\(siblingID)\" is not a subview of \"\(scene.views[parent].id)\" (its superview is \"\(scene.views[siblingParent].id)\")")
            return nil
        }
        return siblingParent
    }

    /// The index among `siblings` (the superview's subviews without the view) where the view
    /// goes; nil for the front. Nil with `failed` set when the position cannot be used.
    mutating func slot(
        for position: LayoutChange.SubviewPosition, among siblings: [Int], moving: Int?, parent: Int, change: LayoutChange, index: Int
    ) -> Int?? {
        let p = { (key: String) in JSONPointer.join(change.pointer, key) }
        switch position {
        case .front:
            return .some(nil)
        case let .index(at):
            guard at > siblings.count else { return .some(at) }
            record(.note(index: index, rule: .M4, detail: "insertSubview(_:at: \(at)) with \(siblings.count) other subview\(siblings.count == 1 ? "" : "s") in \"\(scene.views[parent].id)\": an index past the end appends, as UIKit does at run time"))
            return .some(nil)
        case let .above(id), let .below(id):
            let above: Bool
            if case .above = position { above = true } else { above = false }
            guard let sibling = scene.viewIndex(id), let k = siblings.firstIndex(of: sibling) else {
                fail(p(above ? "above" : "below"), "a view cannot be inserted \(above ? "above" : "below") itself")
                return nil
            }
            return .some(above ? k + 1 : k)
        }
    }

    /// One property of a `set` change. Control properties need a control (C9), `on` a UISwitch.
    mutating func set(_ property: ViewProperty, of v: Int, at pointer: String) {
        let node = scene.views[v]
        func control(_ apply: (inout ControlConfig) -> Void) {
            guard var config = node.control else {
                fail(pointer, "\(property.key) is a UIControl property; \"\(node.id)\" is a \(node.viewClass.rawValue)")
                return
            }
            apply(&config)
            scene.views[v].control = config
        }
        switch property {
        case let .hidden(b): scene.views[v].hidden = b
        case let .alpha(a): scene.views[v].alpha = a
        case let .userInteractionEnabled(b): scene.views[v].userInteractionEnabled = b
        case let .clipsToBounds(b): scene.views[v].clipsToBounds = b
        case let .multipleTouchEnabled(b): scene.views[v].multipleTouchEnabled = b
        case let .exclusiveTouch(b): scene.views[v].exclusiveTouch = b
        case let .zPosition(z):
            scene.views[v].zPosition = z
            if z != 0 { scene.usesZPosition = true }
        case let .enabled(b): control { $0.enabled = b }
        case let .selected(b): control { $0.selected = b }
        case let .highlighted(b): control { $0.highlighted = b }
        case let .on(b):
            guard node.viewClass == .UISwitch else {
                fail(pointer, "\"on\" is for UISwitch, not \(node.viewClass.rawValue)")
                return
            }
            control { $0.on = b }
        case let .autoresizingMask(mask): scene.views[v].layout.autoresizingMask = mask
        case let .translatesAutoresizingMaskIntoConstraints(b): scene.views[v].layout.translatesAutoresizingMaskIntoConstraints = b
        case let .intrinsicContentSize(size): scene.views[v].layout.intrinsicContentSize = size
        case let .contentHugging(h, vertical):
            if let h { scene.views[v].layout.contentHugging.horizontal = h }
            if let vertical { scene.views[v].layout.contentHugging.vertical = vertical }
        case let .compressionResistance(h, vertical):
            if let h { scene.views[v].layout.compressionResistance.horizontal = h }
            if let vertical { scene.views[v].layout.compressionResistance.vertical = vertical }
        case let .text(text): scene.views[v].text = text
        case let .font(size): scene.views[v].fontSize = size
        case let .touches(handling): scene.views[v].touches = handling
        case let .actions(list): scene.views[v].actions = list
        case let .pointInside(area): scene.views[v].pointInside = area
        }
    }
}
