/// Tree edits used by the layout changes (`addSubview`, `removeFromSuperview`, reordering;
/// rule M4) and tree queries they need. Every walk uses a loop, never recursion.
///
/// After edits the arena is no longer in document order: new views are appended at the end,
/// and a moved view keeps its index. Indices never change, so traces stay valid. A removed view
/// stays in the arena `detached` (see `ViewNode.detached`).
extension Scene {
    /// Whether `view` is `ancestor` or lies in its subtree.
    public func isView(_ view: Int, inSubtreeOf ancestor: Int) -> Bool {
        var current: Int? = view
        while let c = current {
            if c == ancestor { return true }
            current = views[c].parent
        }
        return false
    }

    /// The top of the view's superview chain: a window when the view is attached, a detached
    /// view otherwise.
    public func root(of view: Int) -> Int {
        var current = view
        while let parent = views[current].parent { current = parent }
        return current
    }

    /// Whether the view is in a window's tree (its root is a window, not a detached view).
    public func isAttached(_ view: Int) -> Bool { views[root(of: view)].isWindow }

    /// Whether the view is hidden, itself or through an ancestor (H1): nothing of it is on
    /// screen (and a hidden arranged subview is out of its stack view's layout, L6).
    package func isHiddenInTree(_ view: Int) -> Bool {
        var current: Int? = view
        while let v = current {
            if views[v].hidden { return true }
            current = views[v].parent
        }
        return false
    }

    /// The nesting depth of a view: 0 for a window or a detached root.
    public func depth(of view: Int) -> Int {
        var depth = 0
        var current = view
        while let parent = views[current].parent {
            depth += 1
            current = parent
        }
        return depth
    }

    /// The views of a subtree in pre-order (a view before its subviews, subviews back to front).
    public func subtree(of root: Int) -> [Int] {
        var result: [Int] = []
        var stack = [root]
        while let v = stack.popLast() {
            result.append(v)
            // A leaf (most views) appends nothing: an empty append is ~90 instructions (issue 27).
            if !views[v].subviews.isEmpty { stack.append(contentsOf: views[v].subviews.reversed()) }
        }
        return result
    }

    /// Every view in a window's tree, windows in list order, each tree in pre-order.
    public var attachedViews: [Int] {
        var result: [Int] = []
        result.reserveCapacity(views.count)
        for window in windows { result.append(contentsOf: subtree(of: window)) }
        return result
    }

    /// Takes a view out of its superview's subviews (`removeFromSuperview`) and marks it
    /// detached. Returns the old superview; nil (and no change) for a window or a view that is
    /// already detached.
    @discardableResult
    public mutating func detach(_ view: Int) -> Int? {
        guard let parent = views[view].parent else { return nil }
        views[parent].subviews.removeAll { $0 == view }
        views[view].parent = nil
        views[view].detached = true
        return parent
    }

    /// Puts a view that has no superview (new or detached) into `parent`'s subviews at `index`
    /// (nil: at the end, the front). `index` must be in `0...subviews.count`.
    public mutating func attach(_ view: Int, to parent: Int, at index: Int? = nil) {
        precondition(views[view].parent == nil && !views[view].isWindow, "attach needs a view without a superview")
        let list = views[parent].subviews
        views[parent].subviews.insert(view, at: min(index ?? list.count, list.count))
        views[view].parent = parent
        views[view].detached = false
    }
}
