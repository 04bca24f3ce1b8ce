extension AutoresizingMask {
    /// Rule L5: the frame a subview gets when its superview's bounds size changes from `old` to
    /// `new`. Per axis, the change is shared among the flexible parts (leading margin, size,
    /// trailing margin) in proportion to their current lengths; when those lengths add up to 0
    /// (all flexible parts zero-sized), equally among them. With no flexible part the subview
    /// keeps its distance from the top-left and its size.
    ///
    /// `frame` is the untransformed frame (center ± bounds size / 2). Values stay unrounded.
    /// Decisions where UIKit's documentation is silent: margins are measured against the
    /// superview's old size even when negative (a view sticking out); a size that would become
    /// negative becomes 0.
    public func resize(frame: Rect, from old: Size, to new: Size) -> Rect {
        let x = Self.resizeAxis(
            origin: frame.origin.x, length: frame.size.width, container: old.width, delta: new.width - old.width,
            leading: contains(.flexibleLeftMargin), size: contains(.flexibleWidth), trailing: contains(.flexibleRightMargin))
        let y = Self.resizeAxis(
            origin: frame.origin.y, length: frame.size.height, container: old.height, delta: new.height - old.height,
            leading: contains(.flexibleTopMargin), size: contains(.flexibleHeight), trailing: contains(.flexibleBottomMargin))
        return Rect(x: x.origin, y: y.origin, width: x.length, height: y.length)
    }

    /// One axis of rule L5.
    static func resizeAxis(
        origin: Double, length: Double, container: Double, delta: Double, leading: Bool, size: Bool, trailing: Bool
    ) -> (origin: Double, length: Double) {
        let count = (leading ? 1 : 0) + (size ? 1 : 0) + (trailing ? 1 : 0)
        guard count > 0, delta != 0 else { return (origin, length) }
        let trailingMargin = container - origin - length
        let total = (leading ? origin : 0) + (size ? length : 0) + (trailing ? trailingMargin : 0)
        func share(_ part: Double) -> Double { total == 0 ? delta / Double(count) : delta * part / total }
        let newOrigin = leading ? origin + share(origin) : origin
        let newLength = size ? max(0, length + share(length)) : length
        return (newOrigin, newLength)
    }
}
