/// `layer.zPosition` and hit testing (rule H3): Core Animation draws sibling layers in
/// `zPosition` order (subview order breaks ties), but `hitTest(_:with:)` asks subviews in
/// `subviews` order. A sibling raised by its zPosition is drawn in front and still not asked
/// first, so a tap on it goes to the view below it in the drawing. The trace names such views.
extension HitTester {
    /// The siblings drawn over the hit view's branch at `screenPoint` (the common coordinates of
    /// the windows) because of their zPosition: for each view on the path from the window to
    /// `hit`, its siblings behind it in `subviews` with a higher zPosition, visible, whose bounds
    /// contain the point. Nothing when no view of the scene sets a zPosition (the common case
    /// costs one flag check). Walks the path with a loop.
    public func drawnOnTop(of hit: Int, in window: Int, screenPoint: Point) -> [HitTestTrace.DrawnOnTop] {
        guard scene.usesZPosition else { return [] }
        var path = [hit]
        while let parent = scene.views[path[path.count - 1]].parent { path.append(parent) }
        guard path.last == window else { return [] }
        var result: [HitTestTrace.DrawnOnTop] = []
        var point: Point? = scene.views[window].geometry.convertFromSuperview(screenPoint)
        // From the window down: `point` is in the coordinates of `parent`.
        for k in stride(from: path.count - 1, to: 0, by: -1) {
            let parent = path[k]
            let child = path[k - 1]
            guard let p = point else { return result }
            let siblings = scene.views[parent].subviews
            let z = scene.views[child].zPosition
            for sibling in siblings {
                if sibling == child { break }
                let node = scene.views[sibling]
                guard node.zPosition > z, !node.hidden, node.alpha > 0,
                    let local = node.geometry.convertFromSuperview(p), node.geometry.bounds.contains(local)
                else { continue }
                result.append(HitTestTrace.DrawnOnTop(view: sibling, over: child))
            }
            point = scene.views[child].geometry.convertFromSuperview(p)
        }
        return result
    }
}
