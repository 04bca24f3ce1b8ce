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

    /// An item's rectangle (x, y, width, height).
    typealias Box = (x: LinearExpression, y: LinearExpression, w: LinearExpression, h: LinearExpression)

    /// The item's rectangle in its own space: a view's frame in its superview's coordinates,
    /// a guide's in its owner's.
    mutating func ownBox(_ item: LayoutItem, in scene: Scene) -> Box {
        func v(_ view: Int, _ k: Int) -> LinearExpression { LinearExpression(Self.view(view, k)) }
        switch item {
        case let .view(view):
            return (v(view, 0), v(view, 1), v(view, 2), v(view, 3))
        case let .safeArea(owner):
            let e = safeAreaInsets[owner] ?? AutoLayout.safeAreaInsets(of: owner, in: scene)
            return (
                LinearExpression(constant: e.left), LinearExpression(constant: e.top), v(owner, 2) - (e.left + e.right),
                v(owner, 3) - (e.top + e.bottom)
            )
        case let .layoutMargins(owner):
            let e = scene.layoutMargins(of: owner)
            return (
                LinearExpression(constant: e.left), LinearExpression(constant: e.top), v(owner, 2) - (e.left + e.right),
                v(owner, 3) - (e.top + e.bottom)
            )
        case .spacer(_, LayoutItem.scrollContentIndex):
            // A scroll view's content area: from its bounds origin, its size (the content size)
            // free for the constraints to set.
            let b = base(of: item)
            return (LinearExpression(), LinearExpression(), LinearExpression(Variable(b + 2)), LinearExpression(Variable(b + 3)))
        case .guide, .spacer:
            let b = base(of: item)
            return (
                LinearExpression(Variable(b)), LinearExpression(Variable(b + 1)), LinearExpression(Variable(b + 2)),
                LinearExpression(Variable(b + 3))
            )
        }
    }

    /// The item's rectangle in the coordinates of `space` (an ancestor-or-self of its anchor),
    /// or in its own space when `space` is nil.
    mutating func box(_ item: LayoutItem, in space: Int?, scene: Scene) -> Box {
        if case let .view(view) = item, view == space {
            // The view's own alignment rectangle in its bounds: at its alignment insets.
            let e = AutoLayout.alignmentRectInsets(of: view, in: scene)
            return (
                LinearExpression(constant: e.left), LinearExpression(constant: e.top), LinearExpression(Self.view(view, 2)),
                LinearExpression(Self.view(view, 3))
            )
        }
        var b = ownBox(item, in: scene)
        guard let space else { return b }
        // The space the own box is in: a view's superview, a guide's owner.
        var current: Int?
        if case let .view(view) = item { current = scene.views[view].parent } else { current = item.anchor }
        while let c = current, c != space {
            // Subviews are in the superview's bounds, which start at its frame: its alignment
            // rectangle's origin less the alignment insets.
            let e = AutoLayout.alignmentRectInsets(of: c, in: scene)
            b.x = b.x + Self.view(c, 0) - e.left
            b.y = b.y + Self.view(c, 1) - e.top
            current = scene.views[c].parent
        }
        return b
    }

    /// The attribute read off a box; margins are the view's layout margins (zero for guides).
    static func read(_ attribute: LayoutAttribute, of box: Box, margins: EdgeInsets) -> LinearExpression {
        let horizontal = attribute.axis == .horizontal
        let start = horizontal ? box.x : box.y
        let length = horizontal ? box.w : box.h
        if attribute.isSize { return length }
        let r = attribute.reading
        let ms = horizontal ? margins.left : margins.top
        let me = horizontal ? margins.right : margins.bottom
        return start + length * r.length + (r.marginStart * ms + r.marginEnd * me)
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
    mutating func solverConstraint(_ c: LayoutConstraint, tag: Int, in scene: Scene) -> Constraint? {
        var space: Int?
        if let second = c.second, c.firstAttribute.isLocation || c.secondAttribute.isLocation {
            guard let a = scene.nearestCommonAncestor(c.first.anchor, second.anchor) else { return nil }
            space = a
        }
        let contentArea = space.flatMap { scene.scrollContentArea(of: c, space: $0) }
        var mirrored = false
        if let space, c.firstAttribute.isDirectional || c.secondAttribute.isDirectional {
            mirrored = scene.layoutDirection(of: space) == .rightToLeft
        }
        func margins(_ item: LayoutItem) -> EdgeInsets {
            if case let .view(v) = item { return scene.layoutMargins(of: v) }
            return .zero
        }
        // One side: the reading, and the coefficient of the space's width (1 for a mirrored
        // horizontal location, `width − x`).
        func side(_ item: LayoutItem, _ attribute: LayoutAttribute) -> (LinearExpression, Double) {
            if attribute.isBaseline, case let .view(v) = item {
                // The baseline of the view that stands for it (a stack view's arranged subview),
                // from its text metrics (Scene+Baselines.swift).
                let last = attribute == .lastBaseline
                let target = scene.baselineView(of: v, last: last)
                let b = box(.view(target), in: space, scene: scene)
                let r = scene.baselineReading(of: target, last: last)
                return (b.y + b.h * r.heightFactor + r.offset, 0)
            }
            // L6, scroll views: an edge of the scroll view related to its content is an edge of
            // the content area (Scene.scrollContentArea(of:space:)).
            var b = box(item, in: space, scene: scene)
            if let scroll = contentArea, item == .view(scroll), attribute.isEdge {
                b = ownBox(.spacer(stack: scroll, index: LayoutItem.scrollContentIndex), in: scene)
            }
            guard mirrored, attribute.axis == .horizontal, attribute.isLocation else {
                return (Self.read(attribute.resolved(for: .leftToRight), of: b, margins: margins(item)), 0)
            }
            return (-Self.read(attribute.resolved(for: .rightToLeft), of: b, margins: margins(item)), 1)
        }
        let (lhs, lhsWidth) = side(c.first, c.firstAttribute)
        var rhs = LinearExpression(constant: c.constant)
        var width = lhsWidth
        if let second = c.second {
            let (r, rhsWidth) = side(second, c.secondAttribute)
            rhs = rhs + r * c.multiplier
            width -= rhsWidth * c.multiplier
        }
        var expression = lhs - rhs
        if let space, width != 0 { expression = expression + LinearExpression(Self.view(space, 2)) * width }
        let relation: Relation
        switch c.relation {
        case .equal: relation = .equal
        case .lessThanOrEqual: relation = .lessThanOrEqual
        case .greaterThanOrEqual: relation = .greaterThanOrEqual
        }
        var constraint = Constraint(expression, relation, priority: Priority(Float(c.priority)), tag: tag)
        if c.priority < 1000 { constraint.tieBreak = c.tieBreak }
        return constraint
    }
}

extension Scene {
    /// UIKit's scroll-view rule (L6; Auto Layout Guide, "Working with Scroll Views"; TN2154):
    /// constraints between the edges or margins of a `UIScrollView` and its content (a view
    /// inside it) attach to the scroll view's content area, whose size is the content size;
    /// constraints between its width, height or centers and its content attach to its frame, as
    /// do constraints to anything outside it. Returns the scroll view whose edges mean its content
    /// area in `c` (written in `space`, the items' nearest common ancestor), or nil.
    func scrollContentArea(of c: LayoutConstraint, space: Int) -> Int? {
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
    /// none. A view that declares `safeAreaInsets` in the scene has those. `frame` gives each
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
            guard let parent = scene.views[v].parent, declared == .zero else {
                insets = declared
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
