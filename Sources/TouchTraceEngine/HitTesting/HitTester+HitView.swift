extension HitTester {
    /// Only the hit view of a point in the front-most window's coordinates (rules H1–H9, H8):
    /// the same answer as `hitTest(point, traced: false).hitView`, without building a result.
    /// The effective hit regions ask it once per cell.
    public func hitViewIndex(at point: Point) -> Int? {
        var visits = 0
        return hitViewIndex(at: point, visits: &visits)
    }

    /// The same, adding to `visits` the number of views it visited.
    public func hitViewIndex(at point: Point, visits: inout Int) -> Int? {
        guard let reference = windowOrder.first else { return nil }
        let screenPoint = scene.views[reference].geometry.convertToSuperview(point)
        var steps: [HitTestTrace.Step] = []
        for candidate in windowOrder {
            visits += 1
            let local = scene.views[candidate].geometry.convertFromSuperview(screenPoint)
            if let hit = hitTest(view: candidate, localPoint: local, steps: &steps, traced: false, visits: &visits) { return hit }
        }
        return nil
    }
}
