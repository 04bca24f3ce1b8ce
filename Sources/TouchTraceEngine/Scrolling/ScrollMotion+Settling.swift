/// A scroll view's movement after lift-off, from `from` at `start` to `to` at `end` (S4–S6).
package struct ScrollSettle: Sendable, Hashable {
    /// Why it moves on, and so the rule.
    public enum Kind: String, Sendable, Hashable {
        /// S5: momentum from the lift's velocity, slowed by `decelerationRate`.
        case decelerating
        /// S6: paging: to the page the projection picks.
        case paging
        /// S4: released past an edge: back to it.
        case bouncing

        public var rule: RuleID {
            switch self {
            case .decelerating: return .S5
            case .paging: return .S6
            case .bouncing: return .S4
            }
        }
    }

    public var kind: Kind
    public var from: Point
    public var to: Point
    public var start: Double
    public var end: Double
    /// Points per second at `start` (deceleration).
    public var velocity: Point

    /// The offset at `time`: a deceleration follows `from + v·d·(1 − dⁿ)/(1 − d)` per axis (n the
    /// milliseconds since lift-off, v in points per millisecond: the sum of the per-millisecond
    /// steps whose limit is Apple's projection), kept within the limits (the overshoot of a bounce
    /// is not modelled); paging and bouncing back move linearly (decision: UIKit eases them).
    /// Times past `end` give `to`.
    func offset(at time: Double, rate: Double, min: Point, max: Point) -> Point {
        guard time < end else { return to }
        guard time > start else { return from }
        switch kind {
        case .decelerating:
            let n = (time - start) * 1000
            let travelled = (1 - Trig.pow(rate, n)) * rate / (1 - rate) / 1000
            let x = Swift.min(Swift.max(from.x + velocity.x * travelled, min.x), max.x)
            let y = Swift.min(Swift.max(from.y + velocity.y * travelled, min.y), max.y)
            return ScrollMotion.tidy(Point(x: x, y: y))
        case .paging, .bouncing:
            let f = (time - start) / (end - start)
            return ScrollMotion.tidy(Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f))
        }
    }
}

extension ScrollMotion {
    /// Apple's projection ("Designing Fluid Interfaces", WWDC 2018): the distance a velocity
    /// (points per second) travels while decelerating at `rate` per millisecond,
    /// `(velocity / 1000) × rate / (1 − rate)`.
    public static func projection(velocity: Double, rate: Double) -> Double {
        velocity / 1000 * rate / (1 - rate)
    }

    /// The settling after a lift with `velocity` at `time`, or nil when the scroll view is at
    /// rest: past an edge it bounces back (S4); with paging it goes to the page nearest the
    /// projected offset, at most one page from where the drag began (S6); otherwise it travels
    /// the projection (S5), stopping at the limits, and comes to rest when less than
    /// `UIKitConstants.scrollRestDistance` of travel is left.
    func settling(velocity: Point, time: Double) -> ScrollSettle? {
        let min = config.minimumOffset
        let max = config.maximumOffset
        let clamped = Point(x: Swift.min(Swift.max(offset.x, min.x), max.x), y: Swift.min(Swift.max(offset.y, min.y), max.y))
        let animation = UIKitConstants.scrollAnimationDuration
        if isPastEdge {
            return ScrollSettle(kind: .bouncing, from: offset, to: Self.tidy(clamped), start: time, end: Self.due(time + animation), velocity: velocity)
        }
        let rate = config.decelerationRate
        let projected = Point(
            x: offset.x + Self.projection(velocity: velocity.x, rate: rate),
            y: offset.y + Self.projection(velocity: velocity.y, rate: rate))
        if config.pagingEnabled {
            let axes = movingAxes
            var target = offset
            let pageNow = pageAtDragStart
            if axes.horizontal, config.boundsSize.width > 0 {
                target.x = pageOffset(projected.x, page: pageNow.x, min: min.x, max: max.x, size: config.boundsSize.width)
            }
            if axes.vertical, config.boundsSize.height > 0 {
                target.y = pageOffset(projected.y, page: pageNow.y, min: min.y, max: max.y, size: config.boundsSize.height)
            }
            target = Self.tidy(target)
            guard target != offset else { return nil }
            return ScrollSettle(kind: .paging, from: offset, to: target, start: time, end: Self.due(time + animation), velocity: velocity)
        }
        let target = Self.tidy(Point(x: Swift.min(Swift.max(projected.x, min.x), max.x), y: Swift.min(Swift.max(projected.y, min.y), max.y)))
        var duration = 0.0
        for (v, from, to, free) in [
            (velocity.x, offset.x, target.x, projected.x), (velocity.y, offset.y, target.y, projected.y),
        ] {
            duration = Swift.max(duration, Self.decelerationTime(velocity: v, travel: abs(to - from), free: abs(free - from), rate: rate, bounces: config.bounces))
        }
        guard duration > 0, target != offset else { return nil }
        return ScrollSettle(kind: .decelerating, from: offset, to: target, start: time, end: Self.due(time + duration), velocity: velocity)
    }

    /// Seconds a deceleration on one axis takes: until less than `scrollRestDistance` of the
    /// projection is left, or until it reaches the edge (`travel` < `free`), plus the bounce back
    /// with `bounces`. Zero when the projection itself is below the rest distance.
    static func decelerationTime(velocity: Double, travel: Double, free: Double, rate: Double, bounces: Bool) -> Double {
        let perMillisecond = abs(velocity) / 1000
        guard perMillisecond > 0, free > UIKitConstants.scrollRestDistance else { return 0 }
        if travel + 1e-9 < free {
            // The edge: travelled(n) = v·d·(1 − dⁿ)/(1 − d) reaches `travel`.
            let remaining = 1 - travel * (1 - rate) / (perMillisecond * rate)
            let n = remaining > 0 ? Trig.log(remaining) / Trig.log(rate) : 0
            return Swift.max(0, n.rounded(.up)) / 1000 + (bounces ? UIKitConstants.scrollAnimationDuration : 0)
        }
        // At rest: v·dⁿ⁺¹/(1 − d) < the rest distance.
        let n = Trig.log(UIKitConstants.scrollRestDistance * (1 - rate) / (perMillisecond * rate)) / Trig.log(rate)
        return Swift.max(0, n.rounded(.up)) / 1000
    }

    /// S6: the page offset nearest `projected`, within one page of `page` and of the limits.
    func pageOffset(_ projected: Double, page: Double, min: Double, max: Double, size: Double) -> Double {
        let lastPage = ((max - min) / size).rounded(.up)
        var target = ((projected - min) / size).rounded()
        target = Swift.min(Swift.max(target, page - 1), page + 1)
        target = Swift.min(Swift.max(target, 0), lastPage)
        return Swift.min(min + target * size, max)
    }

    /// The page (per axis) an offset is on: the nearest multiple of the bounds' size from the
    /// minimum offset.
    func page(of offset: Point) -> Point {
        let min = config.minimumOffset
        return Point(
            x: config.boundsSize.width > 0 ? ((offset.x - min.x) / config.boundsSize.width).rounded() : 0,
            y: config.boundsSize.height > 0 ? ((offset.y - min.y) / config.boundsSize.height).rounded() : 0)
    }

    /// Due times are rounded to the nanosecond, as recognizer timers are.
    static func due(_ t: Double) -> Double { (t * 1e9).rounded() / 1e9 }
}
