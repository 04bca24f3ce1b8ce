extension ViewGeometry {
    /// The frame without the transform: `center ± bounds.size / 2` (what `frame` means with the
    /// identity transform, L1). Setting a frame and autoresizing work on this rectangle.
    public var untransformedFrame: Rect {
        Rect(
            x: center.x - bounds.size.width / 2, y: center.y - bounds.size.height / 2,
            width: bounds.size.width, height: bounds.size.height)
    }
}

extension LayoutEngine {
    /// `view.frame = frame` (L1): sets `center` to the frame's middle and `bounds.size` to its
    /// size; the bounds origin stays. With a transform, `frame` is read as the untransformed
    /// frame, as the scene decoder reads it (UIKit leaves this case undefined).
    public mutating func setFrame(_ frame: Rect, of view: Int, reason: LayoutTrace.Reason = .boundsSizeChanged) {
        scene.views[view].geometry.center = Point(x: frame.midX, y: frame.midY)
        setBoundsSize(frame.size, of: view, reason: reason)
    }

    /// `view.center = center`: a move, which marks nothing (L2).
    public mutating func setCenter(_ center: Point, of view: Int) {
        scene.views[view].geometry.center = center
    }

    /// `view.transform = transform` (about the center): marks nothing (L2).
    public mutating func setTransform(_ transform: Transform2D, of view: Int) {
        scene.views[view].geometry.transform = transform
    }

    /// `view.bounds = bounds`: the center stays, so a new size grows or shrinks the frame about
    /// it. A new origin (a scroll, S3) marks the view (L2) and moves its subviews on screen, not
    /// the view itself (H5); a new size marks as `setBoundsSize` does.
    public mutating func setBounds(_ bounds: Rect, of view: Int) {
        if scene.views[view].geometry.bounds.origin != bounds.origin {
            scene.views[view].geometry.bounds.origin = bounds.origin
            mark(view, .boundsOriginChanged)
        }
        setBoundsSize(bounds.size, of: view, reason: .boundsSizeChanged)
    }

    /// A new bounds size, as UIKit's size setter handles it: the view needs layout, its
    /// superview too ("a change of size also marks the superview", L2), and the subviews are
    /// autoresized at once (L5, `resizeSubviews(withOldSize:)`), which cascades down through the
    /// subviews whose own size changes.
    ///
    /// `reason` is `superviewSizeChanged` when autoresizing made the change; the superview is
    /// then not marked again (its own size change already marked it).
    /// `marksSuperview: false` when the superview's own layout set the size (autoresizing, or
    /// Auto Layout applying its solution in `layoutSubviews`): the superview is not marked again.
    mutating func setBoundsSize(_ size: Size, of view: Int, reason: LayoutTrace.Reason, marksSuperview: Bool = true) {
        let old = scene.views[view].geometry.bounds.size
        guard old != size else { return }
        scene.views[view].geometry.bounds.size = size
        mark(view, reason)
        if marksSuperview, reason != .superviewSizeChanged, let parent = scene.views[view].parent {
            mark(parent, .subviewSizeChanged)
        }
        autoresizeSubviews(of: view, from: old, to: size)
    }

    /// Rule L5 over a subtree, depth first in UIKit's order (a subview's own subviews resize
    /// before its next sibling), on an explicit stack.
    mutating func autoresizeSubviews(of root: Int, from old: Size, to new: Size) {
        var stack: [(view: Int, old: Size, new: Size, next: Int)] = [(root, old, new, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            let superview = stack[top].view
            let i = stack[top].next
            let subviews = scene.views[superview].subviews
            guard i < subviews.count else {
                stack.removeLast()
                continue
            }
            stack[top].next = i + 1
            let sub = subviews[i]
            let layout = scene.views[sub].layout
            guard layout.translatesAutoresizingMaskIntoConstraints, !layout.autoresizingMask.isEmpty else { continue }
            let before = scene.views[sub].geometry.untransformedFrame
            let after = layout.autoresizingMask.resize(frame: before, from: stack[top].old, to: stack[top].new)
            guard after != before else { continue }
            record(.autoresized(view: sub, superview: superview, from: before, to: after))
            scene.views[sub].geometry.center = Point(x: after.midX, y: after.midY)
            if after.size != before.size {
                scene.views[sub].geometry.bounds.size = after.size
                mark(sub, .superviewSizeChanged)
                stack.append((sub, before.size, after.size, 0))
            }
        }
    }
}
