/// Alignment rectangles (rule L6): Auto Layout lays out a view's alignment rectangle, not its
/// frame (`UIView.alignmentRectInsets`: "the constraint-based layout system uses alignment
/// rectangles to align views, rather than their frame"), and a view's intrinsic content size is
/// the size of that rectangle. Most classes' insets are zero.
extension AutoLayout {
    /// The insets from a view's frame to its alignment rectangle, by class.
    ///
    /// `UISwitch`: 2 pt at the right edge. Not documented by Apple; measured from Xcode's own
    /// frames: the 19 switches of the Interface Builder test corpus whose constraints fix their
    /// right edge or their centre (three projects, saved by Xcode 7 to Xcode 26) sit exactly 2 pt
    /// (1 pt when centred) off their constraints without these insets, and all agree with them
    /// (docs/import-ib.md).
    public static func alignmentRectInsets(of viewClass: ViewClass) -> EdgeInsets {
        switch viewClass {
        case .UISwitch: return EdgeInsets(top: 0, left: 0, bottom: 0, right: 2)
        default: return .zero
        }
    }

    /// The frame for an alignment rectangle (`frame(forAlignmentRect:)`).
    static func frame(forAlignmentRect r: Rect, insets e: EdgeInsets) -> Rect {
        guard e != .zero else { return r }
        return Rect(x: r.minX - e.left, y: r.minY - e.top, width: r.size.width + e.left + e.right, height: r.size.height + e.top + e.bottom)
    }

    /// The alignment rectangle for a frame (`alignmentRect(forFrame:)`).
    static func alignmentRect(forFrame f: Rect, insets e: EdgeInsets) -> Rect {
        guard e != .zero else { return f }
        return Rect(x: f.minX + e.left, y: f.minY + e.top, width: f.size.width - e.left - e.right, height: f.size.height - e.top - e.bottom)
    }
}
