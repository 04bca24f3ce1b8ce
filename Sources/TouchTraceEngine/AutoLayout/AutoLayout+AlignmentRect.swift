/// Alignment rectangles (rule L6): Auto Layout lays out a view's alignment rectangle, not its
/// frame (`UIView.alignmentRectInsets`: "the constraint-based layout system uses alignment
/// rectangles to align views, rather than their frame"), and a view's intrinsic content size is
/// the size of that rectangle. Most classes' insets are zero.
extension AutoLayout {
    /// The insets from a view's frame to its alignment rectangle, by class.
    ///
    /// `UISwitch`: 2 pt at the right edge. `UISegmentedControl`: 1 pt at the bottom. Not
    /// documented by Apple; measured from Xcode's own frames (docs/import-ib.md, "Alignment
    /// rectangles"): the switches of the Interface Builder test corpus whose constraints fix
    /// their right edge or their centre (projects saved by Xcode 7 to Xcode 26) sit exactly 2 pt
    /// (1 pt when centred) off their constraints without these insets; the segmented controls
    /// pinned by their bottom sit 1 pt lower (four projects, Xcode 9 to Xcode 26, tvOS too). A
    /// view's own `alignmentRectInsets` (scene field) overrides these, as a subclass or another
    /// iOS release does.
    public static func alignmentRectInsets(of viewClass: ViewClass) -> EdgeInsets {
        switch viewClass {
        case .UISwitch: return EdgeInsets(top: 0, left: 0, bottom: 0, right: 2)
        case .UISegmentedControl: return EdgeInsets(top: 0, left: 0, bottom: 1, right: 0)
        default: return .zero
        }
    }

    /// The insets of one view of a scene: its declared `alignmentRectInsets`, else its class's.
    public static func alignmentRectInsets(of view: Int, in scene: Scene) -> EdgeInsets {
        scene.views[view].layout.alignmentRectInsets ?? alignmentRectInsets(of: scene.views[view].viewClass)
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
