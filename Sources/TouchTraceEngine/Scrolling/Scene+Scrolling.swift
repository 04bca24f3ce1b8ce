extension Scene {
    /// A scroll view's movement settings with its current bounds size (S3–S7).
    public func scrollMotionConfig(of view: Int) -> ScrollMotionConfig {
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

extension Scene {
    /// The layout response's `contentOffsets`: `{id: {x, y}}` for every scroll view in a window's
    /// tree (S3: the offset is the bounds origin, which `frames` does not show), or nothing when
    /// the scene has none.
    var contentOffsetsField: [(key: String, value: JSONValue)] {
        // Most scenes have no scroll view: a scan (no allocation) answers that before the walk.
        guard views.contains(where: { if case .some = $0.scroll { true } else { false } }) else { return [] }
        var offsets: [(key: String, value: JSONValue)] = []
        for window in windows {
            for v in subtree(of: window) where views[v].scroll != nil { offsets.append((views[v].id, views[v].geometry.bounds.origin.json)) }
        }
        return offsets.isEmpty ? [] : [("contentOffsets", .object(offsets))]
    }
}
