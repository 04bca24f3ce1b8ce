/// `NSLayoutConstraint.Attribute`, as the solver sees it (rule L6): which axis it lies on,
/// whether it is a location or a size, and how it reads off an item's rectangle.
///
/// `leading` and `trailing` (and their margin forms) are `left` and `right` in a left-to-right
/// constraint and `right` and `left`, read in mirrored coordinates, in a right-to-left one (see
/// ``resolved(for:)`` and docs/autolayout.md). Baselines come from the view's text metrics
/// (`Scene.baselineReading(of:last:)`); ``reading`` gives the bottom edge, a plain view's baseline.
public enum LayoutAttribute: String, Sendable, Hashable, CaseIterable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case firstBaseline, lastBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins
    case notAnAttribute

    public enum Axis: Sendable { case horizontal, vertical }

    /// The axis; nil for `notAnAttribute`.
    public var axis: Axis? {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
            .trailingMargin, .centerXWithinMargins:
            return .horizontal
        case .top, .bottom, .height, .centerY, .firstBaseline, .lastBaseline, .topMargin, .bottomMargin,
            .centerYWithinMargins:
            return .vertical
        case .notAnAttribute:
            return nil
        }
    }

    /// `width` and `height`: the only attributes that may equal a constant alone.
    public var isSize: Bool { self == .width || self == .height }
    /// Every attribute but the sizes and `notAnAttribute`.
    public var isLocation: Bool { !isSize && self != .notAnAttribute }

    /// UIKit refuses to relate `leading`/`trailing` to `left`/`right` ("direction-dependent"
    /// and absolute attributes cannot be mixed).
    var directionFamily: Int {
        switch self {
        case .left, .right, .leftMargin, .rightMargin: return 1
        case .leading, .trailing, .leadingMargin, .trailingMargin: return 2
        default: return 0
        }
    }

    /// `leading`, `trailing`, `leadingMargin`, `trailingMargin`: the attributes whose edge
    /// depends on the layout direction.
    var isDirectional: Bool { directionFamily == 2 }

    /// The physical attribute in a layout direction: in right-to-left, `leading` is `right`,
    /// `trailing` is `left`, and the margin forms follow; every other attribute is itself.
    public func resolved(for direction: LayoutDirection) -> LayoutAttribute {
        switch (self, direction) {
        case (.leading, .leftToRight): return .left
        case (.trailing, .leftToRight): return .right
        case (.leadingMargin, .leftToRight): return .leftMargin
        case (.trailingMargin, .leftToRight): return .rightMargin
        case (.leading, .rightToLeft): return .right
        case (.trailing, .rightToLeft): return .left
        case (.leadingMargin, .rightToLeft): return .rightMargin
        case (.trailingMargin, .rightToLeft): return .leftMargin
        default: return self
        }
    }

    /// The point (or length) the attribute reads, as `start + a·length + b·marginStart + c·marginEnd`:
    /// coefficient of the length, of the leading margin and of the trailing margin.
    var reading: (length: Double, marginStart: Double, marginEnd: Double) {
        switch self {
        case .left, .leading, .top: return (0, 0, 0)
        case .right, .trailing, .bottom, .firstBaseline, .lastBaseline: return (1, 0, 0)
        case .centerX, .centerY: return (0.5, 0, 0)
        case .width, .height: return (1, 0, 0)
        case .leftMargin, .leadingMargin, .topMargin: return (0, 1, 0)
        case .rightMargin, .trailingMargin, .bottomMargin: return (1, 0, -1)
        case .centerXWithinMargins, .centerYWithinMargins: return (0.5, 0.5, -0.5)
        case .notAnAttribute: return (0, 0, 0)
        }
    }
}

/// Something a constraint can name (rule L6): a view, one of its two built-in layout guides,
/// a custom `UILayoutGuide`, or a guide a `UIStackView` adds between its arranged subviews
/// (UIKit's "UISV-distributing" guides for `equalSpacing` and `equalCentering`).
public enum LayoutItem: Sendable, Hashable {
    case view(Int)
    /// `view.safeAreaLayoutGuide`.
    case safeArea(Int)
    /// `view.layoutMarginsGuide`.
    case layoutMargins(Int)
    /// A custom layout guide: owner view and index in its `layoutGuides`.
    case guide(owner: Int, index: Int)
    /// A stack view's distributing guide between arranged subviews `index` and `index + 1`, or
    /// (index ``alignmentSpannerIndex``) its alignment spanner for baseline alignment.
    case spacer(stack: Int, index: Int)

    /// The `index` of a stack view's alignment spanner (UIKit's "UISV-alignment-spanner" guide).
    static let alignmentSpannerIndex = -1
    /// The `index` that makes a `spacer` item a scroll view's content area (its `stack` is the
    /// scroll view): origin at the bounds origin, size the content size (L6, scroll views).
    static let scrollContentIndex = -2

    /// The view whose coordinate space the item's rectangle is measured in, climbing: a view's
    /// frame is in its superview's space, a guide's in its owner's bounds.
    var anchor: Int {
        switch self {
        case let .view(v), let .safeArea(v), let .layoutMargins(v): return v
        case let .guide(owner, _): return owner
        case let .spacer(stack, _): return stack
        }
    }

    /// The item's name in reports: the view id, `<id>#safeArea`, `<id>#layoutMargins`, the
    /// guide id, or `<stackId>#spacer<k>`.
    func name(in scene: Scene) -> String {
        switch self {
        case let .view(v): return scene.views[v].id
        case let .safeArea(v): return scene.views[v].id + "#safeArea"
        case let .layoutMargins(v): return scene.views[v].id + "#layoutMargins"
        case let .guide(owner, index): return scene.views[owner].layout.layoutGuides[index].id
        case let .spacer(stack, index) where index == Self.alignmentSpannerIndex: return scene.views[stack].id + "#alignmentSpanner"
        case let .spacer(scroll, index) where index == Self.scrollContentIndex: return scene.views[scroll].id + "#contentArea"
        case let .spacer(stack, index): return scene.views[stack].id + "#spacer\(index)"
        }
    }
}

extension Scene {
    /// Resolves a constraint item as the scene names it (a view id, a guide id,
    /// `<viewId>#safeArea`, `<viewId>#layoutMargins`); nil when it names nothing laid out.
    public func layoutItem(named name: String) -> LayoutItem? {
        if let hash = name.firstIndex(of: "#") {
            guard let v = viewIndex(String(name[..<hash])) else { return nil }
            switch name[name.index(after: hash)...] {
            case "safeArea": return .safeArea(v)
            case "layoutMargins": return .layoutMargins(v)
            default: return nil
            }
        }
        switch ids[name] {
        case let .view(v)?: return .view(v)
        case let .layoutGuide(view, index)?: return .guide(owner: view, index: index)
        default: return nil
        }
    }

    /// The nearest common ancestor of two views (a view is its own ancestor); nil when they are
    /// in different windows or one is detached.
    func nearestCommonAncestor(_ a: Int, _ b: Int) -> Int? {
        // Both chains to their roots measured, the deeper one lifted, then both walked up in step:
        // no set per call (this runs for every constraint of a layout).
        func depth(_ v: Int) -> Int {
            var d = 0
            var c = views[v].parent
            while let p = c {
                d += 1
                c = views[p].parent
            }
            return d
        }
        var x = a, y = b
        var dx = depth(a), dy = depth(b)
        while dx > dy, let p = views[x].parent { x = p; dx -= 1 }
        while dy > dx, let p = views[y].parent { y = p; dy -= 1 }
        while x != y {
            guard let px = views[x].parent, let py = views[y].parent else { return nil }
            x = px
            y = py
        }
        return x
    }
}

extension LayoutAttribute {
    /// `firstBaseline` or `lastBaseline`.
    var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }

    /// An edge or a margin edge: a location that is neither a center nor a baseline.
    var isEdge: Bool { isLocation && !isBaseline && reading.length != 0.5 }
}
