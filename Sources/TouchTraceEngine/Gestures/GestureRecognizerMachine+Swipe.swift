/// The axes a scroll view can scroll along (rules S4, S8): its pan recognizer fails on a drag
/// that starts along an axis it cannot scroll, so an enclosing scroll view can take it.
package struct ScrollAxes: Sendable, Hashable {
    public var horizontal: Bool
    public var vertical: Bool

    /// Why a drag of (dx, dy) at the pan's start cannot scroll, or nil when it can: neither axis
    /// scrolls, or the drag is mostly along the one that does not (|dy| > |dx| for a scroll view
    /// that scrolls horizontally only, and the reverse).
    func refusal(dx: Double, dy: Double) -> String? {
        switch (horizontal, vertical) {
        case (false, false):
            return "the scroll view cannot scroll: its content fits its bounds and it does not always bounce"
        case (true, false) where abs(dy) > abs(dx):
            return "moved mostly vertically; the scroll view scrolls horizontally only"
        case (false, true) where abs(dx) > abs(dy):
            return "moved mostly horizontally; the scroll view scrolls vertically only"
        default:
            return nil
        }
    }
}

extension GestureRecognizerMachine {
    /// G6: a swipe follows the average displacement of its touches from where each began. For
    /// each allowed direction it is still possible unless the fingers strayed across it (more than
    /// `tapSlop` across and more than half the distance along) or moved more than `tapSlop`
    /// against it; it fails when no direction is possible, and recognizes on the move that takes
    /// it `UIKitConstants.swipeMinimumDistance` (50 points) along a possible direction with
    /// `numberOfTouchesRequired` fingers down.
    mutating func swipeMoved() -> GestureProposal? {
        guard !touches.isEmpty else { return nil }
        var dx = 0.0
        var dy = 0.0
        for (touch, start) in touches {
            let now = positions[touch] ?? start
            dx += now.x - start.x
            dy += now.y - start.y
        }
        dx /= Double(touches.count)
        dy /= Double(touches.count)
        let directions = SwipeDirections.named.filter { config.swipeDirections.contains($0.direction) }
        var possible: [(name: String, along: Double)] = []
        var firstFailure: (across: Double, against: Double)?
        for d in directions {
            let along = dx * d.x + dy * d.y
            let across = abs(dx * d.y - dy * d.x)
            let strayed = across > config.tapSlop && across * 2 > abs(along)
            let backwards = along < -config.tapSlop
            if strayed || backwards {
                if firstFailure == nil { firstFailure = (strayed ? across : 0, backwards ? -along : 0) }
            } else {
                possible.append((d.name, along))
            }
        }
        guard !possible.isEmpty else {
            let names = config.swipeDirections.names(joinedBy: ", ")
            let plural = directions.count > 1 ? "directions" : "direction"
            let failure = firstFailure ?? (0, 0)
            if directions.count == 1, failure.across > 0 {
                return .fail(reason: "moved \(format(failure.across)) points across the swipe \(plural) (\(names))", rule: .G6)
            }
            if directions.count == 1 {
                return .fail(reason: "moved \(format(failure.against)) points against the swipe \(plural) (\(names))", rule: .G6)
            }
            return .fail(reason: "moved (\(format(dx)), \(format(dy))) points, across or against every swipe direction (\(names))", rule: .G6)
        }
        guard touches.count >= config.touchesRequired,
            let best = possible.first(where: { $0.along >= UIKitConstants.swipeMinimumDistance })
        else { return nil }
        let fingers = touches.count > 1 ? " with \(touches.count) touches" : ""
        return .recognize(reason: "moved \(format(best.along)) points \(best.name)\(fingers), at least \(format(UIKitConstants.swipeMinimumDistance))")
    }
}
