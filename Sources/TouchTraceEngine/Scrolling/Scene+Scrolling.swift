extension Scene {
    /// A scroll view's movement settings with its current bounds size (S3–S7).
    package func scrollMotionConfig(of view: Int) -> ScrollMotionConfig {
        let scroll = views[view].scroll ?? ScrollConfig()
        let m = scroll.motion
        return ScrollMotionConfig(
            boundsSize: views[view].geometry.bounds.size, contentSize: scroll.contentSize, contentInset: m.contentInset,
            bounces: m.bounces, alwaysBounceHorizontal: m.alwaysBounceHorizontal, alwaysBounceVertical: m.alwaysBounceVertical,
            pagingEnabled: m.pagingEnabled, directionalLockEnabled: m.directionalLockEnabled, decelerationRate: m.decelerationRate)
    }
}

extension ViewNode {
    /// F1: a tap makes the view first responder: an enabled `UITextField` (a disabled one is
    /// passed by, H7), or a `UITextView` that is editable or selectable.
    public var takesTextFocus: Bool {
        switch viewClass {
        case .UITextField: return true
        case .UITextView:
            if case let .textView(config)? = role { return config.editable || config.selectable }
            return true
        default: return false
        }
    }
}
