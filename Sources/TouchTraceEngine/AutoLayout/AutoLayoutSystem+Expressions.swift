import TouchTraceSolver

/// Turning constraints into linear expressions over the solver's variables.
///
/// Every view has four variables: `x`, `y` (its frame's origin in the superview's coordinates, as
/// UIKit's frames are) and `width`, `height`. A guide has four in its owner's coordinates. An
/// attribute is read in the coordinates of the nearest common ancestor of the two items, by adding
/// the origins of the views between the item and that ancestor; a view's own edges in its own
/// coordinates are `0…width`. Bounds origins (scrolling) and transforms are ignored, as Auto
/// Layout ignores them (it sets `center` and `bounds.size`).
struct LayoutVariables {
    let viewCount: Int
    /// Variables of guides, by item, numbered after the views'.
    var guideBase: [LayoutItem: Int] = [:]
    /// Safe-area insets derived from solved frames (`AutoLayoutSystem.refineSafeAreas()`); a
    /// view not listed uses the insets its current frames give.
    var safeAreaInsets: [Int: EdgeInsets] = [:]

    init(viewCount: Int) { self.viewCount = viewCount }

    static func view(_ v: Int, _ k: Int) -> Variable { Variable(v * 4 + k) }

    mutating func base(of item: LayoutItem) -> Int {
        if let b = guideBase[item] { return b }
        let b = (viewCount + guideBase.count) * 4
        guideBase[item] = b
        return b
    }

    /// One axis of an item's rectangle in some space: `start = Σ start variables + startConstant`
    /// (the variables go to the caller as they are found), `length = length + lengthConstant`.
    struct AxisReading {
        var startConstant: Double
        var length: Variable
        var lengthConstant: Double
    }

    /// How a side's terms enter the constraint's expression `first − (multiplier × second + c)`:
    /// a mirrored side (right-to-left, `width − x`) is negated; the second side is scaled by the
    /// multiplier and negated. The operations are those of `LinearExpression`'s operators in the
    /// order the expression was once written with them, so coefficients are bit for bit the same.
    struct SideScale {
        var mirrored = false
        /// The constraint's multiplier for the second side; nil for the first.
        var multiplier: Double?

        @inline(__always) func callAsFunction(_ base: Double) -> Double {
            let side = mirrored ? base * -1 : base
            guard let m = multiplier else { return side }
            return (side * m) * -1
        }
    }

    /// One axis of `item`'s rectangle in the coordinates of `space` (an ancestor-or-self of its
    /// anchor; nil: its own space — a view's superview, a guide's owner). With `start`, the
    /// start's variables are appended to `terms` (each `scale(1)`): the item's own, then the
    /// origins of the views between it and `space`, as a subview is in its superview's bounds,
    /// which start at the superview's alignment rectangle's origin less its alignment insets.
    /// Only the variables a reading needs are made (no whole rectangle per side).
    mutating func axis(
        _ item: LayoutItem, horizontal: Bool, in space: Int?, scene: Scene, start: Bool, scale: SideScale, into terms: inout [Term]
    ) -> AxisReading {
        let k = horizontal ? 0 : 1
        if case let .view(view) = item, view == space {
            // The view's own alignment rectangle in its bounds: at its alignment insets.
            let e = AutoLayout.alignmentRectInsets(of: view, in: scene)
            return AxisReading(startConstant: horizontal ? e.left : e.top, length: Self.view(view, k + 2), lengthConstant: 0)
        }
        var own: Variable?
        var reading: AxisReading
        switch item {
        case let .view(view):
            own = Self.view(view, k)
            reading = AxisReading(startConstant: 0, length: Self.view(view, k + 2), lengthConstant: 0)
        case let .safeArea(owner):
            let e = safeAreaInsets[owner] ?? AutoLayout.safeAreaInsets(of: owner, in: scene)
            reading = AxisReading(
                startConstant: horizontal ? e.left : e.top, length: Self.view(owner, k + 2),
                lengthConstant: 0 + -(horizontal ? e.left + e.right : e.top + e.bottom))
        case let .layoutMargins(owner):
            let e = scene.layoutMargins(of: owner)
            reading = AxisReading(
                startConstant: horizontal ? e.left : e.top, length: Self.view(owner, k + 2),
                lengthConstant: 0 + -(horizontal ? e.left + e.right : e.top + e.bottom))
        case .spacer(_, LayoutItem.scrollContentIndex):
            // A scroll view's content area: from its bounds origin, its size (the content size)
            // free for the constraints to set.
            let b = base(of: item)
            reading = AxisReading(startConstant: 0, length: Variable(b + k + 2), lengthConstant: 0)
        case .guide, .spacer:
            let b = base(of: item)
            own = Variable(b + k)
            reading = AxisReading(startConstant: 0, length: Variable(b + k + 2), lengthConstant: 0)
        }
        guard start else { return reading }
        if let own { terms.append(Term(own, scale(1))) }
        guard let space else { return reading }
        var current: Int?
        if case let .view(view) = item { current = scene.views[view].parent } else { current = item.anchor }
        while let c = current, c != space {
            let e = AutoLayout.alignmentRectInsets(of: c, in: scene)
            terms.append(Term(Self.view(c, k), scale(1)))
            reading.startConstant = (reading.startConstant + 0) + -(horizontal ? e.left : e.top)
            current = scene.views[c].parent
        }
        return reading
    }

    /// One side of a constraint (`item.attribute` in the coordinates of `space`): its terms
    /// appended to `terms` through `scale`, its constant returned unscaled but mirrored, and the
    /// coefficient of the space's width it brings (1 for a mirrored horizontal location,
    /// `width − x`). Margins are the view's layout margins (zero for guides). Inlined into
    /// ``solverConstraint(_:tag:in:into:)``'s two calls: called, its ten arguments went through the
    /// stack and the first side's `multiplier: nil` was tested at run time (issue 27, branch perf31).
    @inline(__always)
    mutating func side(
        _ item: LayoutItem, _ attribute: LayoutAttribute, in space: Int?, contentArea: Int?, mirrored spaceMirrored: Bool,
        scene: Scene, multiplier: Double?, into terms: inout [Term]
    ) -> (constant: Double, width: Double) {
        if attribute.isBaseline, case let .view(v) = item {
            // The baseline of the view that stands for it (a stack view's arranged subview),
            // from its text metrics (Scene+Baselines.swift): `y + h × heightFactor + offset`.
            let last = attribute == .lastBaseline
            let target = scene.baselineView(of: v, last: last)
            let scale = SideScale(multiplier: multiplier)
            let a = axis(.view(target), horizontal: false, in: space, scene: scene, start: true, scale: scale, into: &terms)
            let r = scene.baselineReading(of: target, last: last)
            terms.append(Term(a.length, scale(1 * r.heightFactor)))
            return ((a.startConstant + a.lengthConstant * r.heightFactor) + r.offset, 0)
        }
        let mirrored = spaceMirrored && attribute.axis == .horizontal && attribute.isLocation
        let physical = attribute.resolved(for: mirrored ? .rightToLeft : .leftToRight)
        let horizontal = physical.axis == .horizontal
        let scale = SideScale(mirrored: mirrored, multiplier: multiplier)
        // L6, scroll views: an edge of the scroll view related to its content is an edge of the
        // content area (Scene.scrollContentArea(of:space:)), in the scroll view's own space.
        var readItem = item, readSpace = space
        if let scroll = contentArea, item == .view(scroll), attribute.isEdge {
            readItem = .spacer(stack: scroll, index: LayoutItem.scrollContentIndex)
            readSpace = nil
        }
        var constant: Double
        if physical.isSize {
            let a = axis(readItem, horizontal: horizontal, in: readSpace, scene: scene, start: false, scale: scale, into: &terms)
            terms.append(Term(a.length, scale(1)))
            constant = a.lengthConstant
        } else {
            let a = axis(readItem, horizontal: horizontal, in: readSpace, scene: scene, start: true, scale: scale, into: &terms)
            let r = physical.reading
            terms.append(Term(a.length, scale(1 * r.length)))
            var margins = EdgeInsets.zero
            if case let .view(v) = item { margins = scene.layoutMargins(of: v) }
            let ms = horizontal ? margins.left : margins.top
            let me = horizontal ? margins.right : margins.bottom
            constant = (a.startConstant + a.lengthConstant * r.length) + (r.marginStart * ms + r.marginEnd * me)
        }
        return mirrored ? (constant * -1, 1) : (constant, 0)
    }

    /// The solver form of a constraint: `first − (multiplier × second + constant)` related to 0.
    /// Nil when the items have no common ancestor.
    ///
    /// Right-to-left: a constraint with a `leading`/`trailing` attribute follows the effective
    /// direction of the view it is written in, the nearest common ancestor of its items (the view
    /// UIKit installs it on, whose content it arranges; a guide counts as its owning view). In
    /// right-to-left it is read in that view's mirrored coordinates, `x' = width − x`: `leading`
    /// is `width − right`, `trailing` is `width − left`, `centerX` is `width − centerX`. A positive
    /// constant then points left, and the layout is the mirror image of the left-to-right one.
    ///
    /// The expression is written term by term into the pool's terms: the first side's terms, the
    /// second side's, then the space's width (the terms and their order are what the partition and
    /// the solver's choice of subject read). Returns false, and adds nothing, when the items have
    /// no common ancestor. One pool for all of a system's constraints, not an array of terms per
    /// constraint (issue 27, branch perf29).
    mutating func solverConstraint(_ c: LayoutConstraint.Form, tag: Int, in scene: Scene, into pool: inout ConstraintPool) -> Bool {
        var space: Int?
        if let second = c.second, c.firstAttribute.isLocation || c.secondAttribute.isLocation {
            guard let a = scene.nearestCommonAncestor(c.first.anchor, second.anchor) else { return false }
            space = a
        }
        let contentArea = space.flatMap { scene.scrollContentArea(of: c, space: $0) }
        var mirrored = false
        if let space, c.firstAttribute.isDirectional || c.secondAttribute.isDirectional {
            mirrored = scene.layoutDirection(of: space) == .rightToLeft
        }
        let first = side(
            c.first, c.firstAttribute, in: space, contentArea: contentArea, mirrored: mirrored, scene: scene, multiplier: nil,
            into: &pool.terms)
        var rhsConstant = c.constant
        var width = first.width
        if let second = c.second {
            let s = side(
                second, c.secondAttribute, in: space, contentArea: contentArea, mirrored: mirrored, scene: scene,
                multiplier: c.multiplier, into: &pool.terms)
            rhsConstant = rhsConstant + s.constant * c.multiplier
            width -= s.width * c.multiplier
        }
        var constant = first.constant + rhsConstant * -1
        if let space, width != 0 {
            pool.terms.append(Term(Self.view(space, 2), 1 * width))
            constant = constant + 0 * width
        }
        let relation: Relation
        switch c.relation {
        case .equal: relation = .equal
        case .lessThanOrEqual: relation = .lessThanOrEqual
        case .greaterThanOrEqual: relation = .greaterThanOrEqual
        }
        pool.close(
            constant: constant, relation, priority: Priority(Float(c.priority)), tag: tag, tieBreak: c.priority < 1000 ? c.tieBreak : 0)
        return true
    }
}

extension Scene {
    /// UIKit's scroll-view rule (L6; Auto Layout Guide, "Working with Scroll Views"; TN2154):
    /// constraints between the edges or margins of a `UIScrollView` and its content (a view
    /// inside it) attach to the scroll view's content area, whose size is the content size;
    /// constraints between its width, height or centers and its content attach to its frame, as
    /// do constraints to anything outside it. Returns the scroll view whose edges mean its content
    /// area in `c` (written in `space`, the items' nearest common ancestor), or nil.
    func scrollContentArea(of c: LayoutConstraint.Form, space: Int) -> Int? {
        guard views[space].viewClass.isScrollView, let second = c.second else { return nil }
        // Inside: the item's view (a guide's owner) is a strict descendant of the scroll view.
        func inside(_ item: LayoutItem) -> Bool {
            var current = views[item.anchor].parent
            while let v = current {
                if v == space { return true }
                current = views[v].parent
            }
            return false
        }
        if c.first == .view(space), c.firstAttribute.isEdge, inside(second) { return space }
        if second == .view(space), c.secondAttribute.isEdge, inside(c.first) { return space }
        return nil
    }
}

extension AutoLayout {
    /// A view's `safeAreaInsets` from the views' current frames (see the variant with `frame`).
    public static func safeAreaInsets(of view: Int, in scene: Scene) -> EdgeInsets {
        safeAreaInsets(of: view, in: scene) { scene.views[$0].geometry.untransformedFrame }
    }

    /// A view's `safeAreaInsets` as UIKit derives them: a window's are the scene's (the device's
    /// unsafe edges); any other view's are the part of its superview's insets that it overlaps,
    /// edge by edge (`top = max(0, superview.top − frame.minY)`, …, at most the view's length),
    /// so a root view that fills its window has the window's and a view inside the safe area has
    /// none. A view that declares `safeAreaInsets` in the scene has those, all zero included. `frame` gives each
    /// view's untransformed frame in its superview (solved ones during Auto Layout); scrolling
    /// (bounds origins) is taken into account, transforms are not.
    public static func safeAreaInsets(of view: Int, in scene: Scene, frame: (Int) -> Rect) -> EdgeInsets {
        var chain: [Int] = []
        var current: Int? = view
        while let c = current, chain.count <= scene.views.count {  // an ancestor chain is never longer than the scene
            chain.append(c)
            current = scene.views[c].parent
        }
        var insets = EdgeInsets.zero
        for v in chain.reversed() {
            let declared = scene.views[v].layout.safeAreaInsets
            guard let parent = scene.views[v].parent, declared == nil else {
                insets = declared ?? .zero
                continue
            }
            let f = frame(v)
            let origin = scene.views[parent].geometry.bounds.origin
            let size = frame(parent).size
            let x = f.minX - origin.x, y = f.minY - origin.y
            insets = EdgeInsets(
                top: min(max(0, insets.top - y), f.size.height),
                left: min(max(0, insets.left - x), f.size.width),
                bottom: min(max(0, y + f.size.height - (size.height - insets.bottom)), f.size.height),
                right: min(max(0, x + f.size.width - (size.width - insets.right)), f.size.width))
        }
        return insets
    }
}
