/// Auto Layout inside the layout pass (rules L3 and L6).
extension LayoutEngine {
    /// The Auto Layout part of `UIView.layoutSubviews()`: the subviews of `view` that constraints
    /// position (``AutoLayoutSystem/positioned``) get the solved frame — `center` from its middle,
    /// `bounds.size` from its size, the bounds origin kept, the transform ignored (Auto Layout
    /// works on the untransformed frame). A new size marks the subview (it is laid out later in
    /// the same pre-order pass) and autoresizes its own subviews (L5), but does not mark `view`
    /// again: the change comes from `view`'s own layout, as in UIKit.
    mutating func applyAutoLayout(_ system: AutoLayoutSystem, toSubviewsOf view: Int) {
        for sub in scene.views[view].subviews where system.positioned.contains(sub) {
            let frame = system.frame(of: sub)
            let center = Point(x: frame.midX, y: frame.midY)
            if scene.views[sub].geometry.center != center { setCenter(center, of: sub) }
            setBoundsSize(frame.size, of: sub, reason: .superviewSizeChanged)
        }
    }
}

extension Scene {
    /// The Auto Layout fields of a layout response (SPEC §4), for the scene as it is:
    /// `conflicts` (each broken required constraint with the constraints it conflicts with) and
    /// `ambiguous` (ids of views whose frame is not determined). Empty when no view takes part in
    /// Auto Layout, so responses for scenes without constraints or stack views do not change.
    public var autoLayoutFields: [(key: String, value: JSONValue)] {
        let system = AutoLayoutSystem(scene: self)
        guard !system.views.isEmpty else { return [] }
        let json = system.result.json
        return [("conflicts", json["conflicts"] ?? .array([])), ("ambiguous", json["ambiguous"] ?? .array([]))]
    }
}
