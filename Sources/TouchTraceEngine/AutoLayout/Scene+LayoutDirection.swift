/// Right-to-left layout (rule L6): each view's effective direction and its physical layout
/// margins.
extension Scene {
    /// UIKit's `effectiveUserInterfaceLayoutDirection` (`UIView.userInterfaceLayoutDirection(for:)`
    /// of the view's `semanticContentAttribute`): `forceRightToLeft` is right-to-left;
    /// `forceLeftToRight`, `playback` and `spatial` are left-to-right; `unspecified` is the
    /// scene's `options.layoutDirection`. A superview's attribute is not inherited (UIKit: "you
    /// can't assume that the value propagates through the view's subtree").
    public func layoutDirection(of view: Int) -> LayoutDirection {
        switch views[view].layout.semanticContentAttribute {
        case .forceRightToLeft: return .rightToLeft
        case .forceLeftToRight, .playback, .spatial: return .leftToRight
        case .unspecified: return options.layoutDirection
        }
    }

    /// A view's `layoutMargins`, physical (left, right): as given, or its
    /// `directionalLayoutMargins` resolved against its own direction (leading is the right
    /// margin in right-to-left).
    public func layoutMargins(of view: Int) -> EdgeInsets {
        let layout = views[view].layout
        guard let d = layout.directionalLayoutMargins else { return layout.layoutMargins }
        switch layoutDirection(of: view) {
        case .leftToRight: return EdgeInsets(top: d.top, left: d.leading, bottom: d.bottom, right: d.trailing)
        case .rightToLeft: return EdgeInsets(top: d.top, left: d.trailing, bottom: d.bottom, right: d.leading)
        }
    }
}
