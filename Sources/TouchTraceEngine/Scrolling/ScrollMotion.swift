/// What a scroll view's movement depends on (rules S3–S7), taken from its `scroll` object and
/// its bounds when a touch starts moving it.
package struct ScrollMotionConfig: Sendable, Hashable {
    public var boundsSize: Size
    public var contentSize: Size
    public var contentInset: EdgeInsets
    public var bounces: Bool
    public var alwaysBounceHorizontal: Bool
    public var alwaysBounceVertical: Bool
    public var pagingEnabled: Bool
    public var directionalLockEnabled: Bool
    /// Velocity kept per millisecond after lift-off (`decelerationRate`, S5).
    public var decelerationRate: Double

    public init(
        boundsSize: Size, contentSize: Size, contentInset: EdgeInsets = .zero, bounces: Bool = true,
        alwaysBounceHorizontal: Bool = false, alwaysBounceVertical: Bool = false, pagingEnabled: Bool = false,
        directionalLockEnabled: Bool = false, decelerationRate: Double = UIKitConstants.decelerationRateNormal
    ) {
        self.boundsSize = boundsSize
        self.contentSize = contentSize
        self.contentInset = contentInset
        self.bounces = bounces
        self.alwaysBounceHorizontal = alwaysBounceHorizontal
        self.alwaysBounceVertical = alwaysBounceVertical
        self.pagingEnabled = pagingEnabled
        self.directionalLockEnabled = directionalLockEnabled
        self.decelerationRate = decelerationRate
    }

    /// S4: the smallest offset, `(-contentInset.left, -contentInset.top)`.
    public var minimumOffset: Point { Point(x: -contentInset.left, y: -contentInset.top) }

    /// S4: the largest offset: the content's far edge plus its inset at the bounds' far edge
    /// (never below the minimum).
    public var maximumOffset: Point {
        let min = minimumOffset
        return Point(
            x: Swift.max(min.x, contentSize.width + contentInset.right - boundsSize.width),
            y: Swift.max(min.y, contentSize.height + contentInset.bottom - boundsSize.height))
    }

    /// S4: the axes a drag can move: the content (with its insets) is larger than the bounds,
    /// or `alwaysBounce…` with `bounces` (Apple: "allows dragging even if the content is smaller
    /// than the bounds").
    public var axes: ScrollAxes {
        ScrollAxes(
            horizontal: contentSize.width + contentInset.left + contentInset.right > boundsSize.width || (bounces && alwaysBounceHorizontal),
            vertical: contentSize.height + contentInset.top + contentInset.bottom > boundsSize.height || (bounces && alwaysBounceVertical))
    }
}

/// One scroll view's `contentOffset` while a finger drags it and after it lets go (rules S3–S7),
/// as a value-type state machine: `beginDrag`, `drag`, `endDrag` or `cancelDrag` go in with the
/// touch's points and times; offsets, the lift's velocity and target, and the settling motion
/// (deceleration, paging, bouncing back) come out. It knows no scene (ScrollMotionTests).
package struct ScrollMotion: Sendable, Hashable {
    public var config: ScrollMotionConfig
    /// The offset now (the bounds origin, S3), rounded to a thousandth of a point.
    public internal(set) var offset: Point
    /// The movement after lift-off, until it is at rest (`stop()` or `catchMotion(at:)`).
    public internal(set) var settle: ScrollSettle?
    /// S7: the axis a directional lock keeps, once a drag began.
    public internal(set) var lock: Lock = .none
    var dragStartOffset = Point.zero
    var dragStartPoint = Point.zero
    var pageAtDragStart = Point.zero
    var lastSample: (point: Point, time: Double)?
    var previousSample: (point: Point, time: Double)?

    /// S7: which axis a drag keeps.
    public typealias Lock = ScrollLock

    public init(config: ScrollMotionConfig, offset: Point) {
        self.config = config
        self.offset = offset
    }

    public static func == (a: ScrollMotion, b: ScrollMotion) -> Bool {
        a.config == b.config && a.offset == b.offset && a.settle == b.settle && a.lock == b.lock
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(config)
        hasher.combine(offset)
    }

    /// The drag starts at `point` (where the pan began, beyond `tapSlop` from `touchStart`): the
    /// content does not jump by the slop; from here it follows the finger (S3). A settling motion
    /// stops where it is at `time` (S5: the touch caught it). With a directional lock, the
    /// movement so far picks the axis (S7).
    public mutating func beginDrag(at point: Point, time: Double, touchStart: Point) {
        if settle != nil { offset = offset(at: time) }
        settle = nil
        dragStartOffset = offset
        dragStartPoint = point
        lastSample = (point, time)
        previousSample = nil
        lock = .none
        if config.directionalLockEnabled {
            let dx = abs(point.x - touchStart.x)
            let dy = abs(point.y - touchStart.y)
            if dy <= dx * UIKitConstants.directionalLockRatio {
                lock = .horizontal
            } else if dx <= dy * UIKitConstants.directionalLockRatio {
                lock = .vertical
            }
        }
        pageAtDragStart = page(of: offset)
    }

    /// The finger is at `point`: the offset is where the drag started minus the finger's movement
    /// since, along the axes that can move (S4) and the lock keeps (S7); past an edge it
    /// rubber-bands with `bounces` (S4) or stops at the edge. Returns whether the limits changed
    /// the offset (S4).
    @discardableResult
    public mutating func drag(to point: Point, time: Double) -> Bool {
        if let last = lastSample, time > last.time { previousSample = last }
        lastSample = (point, time)
        let axes = movingAxes
        let raw = Point(
            x: axes.horizontal ? dragStartOffset.x - (point.x - dragStartPoint.x) : dragStartOffset.x,
            y: axes.vertical ? dragStartOffset.y - (point.y - dragStartPoint.y) : dragStartOffset.y)
        let min = config.minimumOffset
        let max = config.maximumOffset
        let x = Self.limit(raw.x, min.x, max.x, dimension: config.boundsSize.width, bounces: config.bounces)
        let y = Self.limit(raw.y, min.y, max.y, dimension: config.boundsSize.height, bounces: config.bounces)
        offset = Self.tidy(Point(x: x, y: y))
        return x != raw.x || y != raw.y
    }

    /// The finger lifts at `point`: the last move is applied, then the velocity (the finger's
    /// over its last interval, S5) decides the settling: back to the edge when past it (S4), to a
    /// page with paging (S6), or a deceleration by Apple's projection (S5). Nil settle: at rest.
    public mutating func endDrag(at point: Point, time: Double) -> ScrollLift {
        drag(to: point, time: time)
        var velocity = Point.zero
        if let previous = previousSample, let last = lastSample, last.time > previous.time {
            let dt = last.time - previous.time
            let axes = movingAxes
            velocity = Self.tidy(Point(
                x: axes.horizontal ? -(last.point.x - previous.point.x) / dt : 0,
                y: axes.vertical ? -(last.point.y - previous.point.y) / dt : 0))
        }
        settle = settling(velocity: velocity, time: time)
        return ScrollLift(velocity: velocity, target: settle?.to ?? offset, settle: settle)
    }

    /// The touch was cancelled: no velocity; back to the edge when past it (S4).
    public mutating func cancelDrag(time: Double) -> ScrollLift {
        settle = settling(velocity: .zero, time: time)
        return ScrollLift(velocity: .zero, target: settle?.to ?? offset, settle: settle)
    }

    /// The offset at `time` while settling (the offset itself otherwise).
    public func offset(at time: Double) -> Point {
        guard let settle else { return offset }
        return settle.offset(at: time, rate: config.decelerationRate, min: config.minimumOffset, max: config.maximumOffset)
    }

    /// The settling ended: the offset is its target.
    public mutating func stop() {
        if let settle { offset = settle.to }
        settle = nil
    }

    /// Whether the offset is outside the limits (rubber-banding, S4).
    public var isPastEdge: Bool {
        let min = config.minimumOffset
        let max = config.maximumOffset
        return offset.x < min.x - 1e-9 || offset.x > max.x + 1e-9 || offset.y < min.y - 1e-9 || offset.y > max.y + 1e-9
    }

    /// The axes a drag moves: those that can scroll (S4), narrowed by the lock (S7).
    var movingAxes: ScrollAxes {
        var axes = config.axes
        if lock == .horizontal { axes.vertical = false }
        if lock == .vertical { axes.horizontal = false }
        return axes
    }

    /// One axis: inside the limits as is; past them by `excess`, the edge plus UIKit's rubber band
    /// `(1 − 1 / (excess × c / d + 1)) × d` (c = 0.55, d the bounds' length) with `bounces`, else
    /// the edge.
    static func limit(_ value: Double, _ min: Double, _ max: Double, dimension: Double, bounces: Bool) -> Double {
        if value >= min, value <= max { return value }
        let edge = value < min ? min : max
        guard bounces, dimension > 0 else { return edge }
        let excess = abs(value - edge)
        let band = (1 - 1 / (excess * UIKitConstants.rubberBandCoefficient / dimension + 1)) * dimension
        return value < min ? edge - band : edge + band
    }

    /// Offsets and velocities in traces are rounded to a thousandth (UIKit rounds offsets to
    /// device pixels); the scene's bounds origin takes the same value.
    static func tidy(_ p: Point) -> Point {
        Point(x: (p.x * 1000).rounded() / 1000, y: (p.y * 1000).rounded() / 1000)
    }
}

/// What a lift-off leads to (S4–S6): the velocity (points per second, in content-offset
/// direction), the offset where the scroll view will rest (`targetContentOffset` of
/// `scrollViewWillEndDragging`), and the settling, nil when it is already at rest.
package struct ScrollLift: Sendable, Hashable {
    public var velocity: Point
    public var target: Point
    public var settle: ScrollSettle?
}

/// S7: which axis a drag keeps (a directional lock), as the touches trace's `scroll` entries
/// report it.
public enum ScrollLock: String, Sendable, Hashable {
    case none, horizontal, vertical
}
