import Testing
@testable import TouchTraceEngine

/// `ScrollMotion` on its own (rules S3–S7): limits, rubber-banding, the lift's velocity, Apple's
/// projection, paging and the directional lock, against numbers worked out by hand.
@Suite struct ScrollMotionTests {
    /// A 390 × 844 scroll view over 390 × 2000 of content.
    static func feed(_ configure: (inout ScrollMotionConfig) -> Void = { _ in }) -> ScrollMotion {
        var config = ScrollMotionConfig(boundsSize: Size(width: 390, height: 844), contentSize: Size(width: 390, height: 2000))
        configure(&config)
        return ScrollMotion(config: config, offset: .zero)
    }

    static func p(_ y: Double, x: Double = 200) -> Point { Point(x: x, y: y) }

    @Test func limitsComeFromTheContentSizeAndInsets() {
        var config = ScrollMotionConfig(
            boundsSize: Size(width: 390, height: 400), contentSize: Size(width: 390, height: 1000),
            contentInset: EdgeInsets(top: 20, left: 0, bottom: 30, right: 0))
        #expect(config.minimumOffset == Point(x: 0, y: -20))
        #expect(config.maximumOffset == Point(x: 0, y: 630))
        #expect(config.axes == ScrollAxes(horizontal: false, vertical: true))
        config.contentSize.height = 100
        #expect(config.maximumOffset == Point(x: 0, y: -20), "never below the minimum")
        #expect(config.axes == ScrollAxes(horizontal: false, vertical: false), "100 + 20 + 30 fits in 400")
        config.contentInset = .zero
        config.alwaysBounceVertical = true
        #expect(config.axes == ScrollAxes(horizontal: false, vertical: true))
        config.bounces = false
        #expect(config.axes == ScrollAxes(horizontal: false, vertical: false), "alwaysBounce needs bounces")
    }

    @Test func aDragMovesTheOffsetByTheFingersMovementSinceItBegan() {
        var m = Self.feed()
        m.beginDrag(at: Self.p(700), time: 0.1, touchStart: Self.p(715))
        #expect(m.offset == .zero, "no jump by the slop")
        let limited = m.drag(to: Self.p(500), time: 0.2)
        #expect(!limited)
        #expect(m.offset == Point(x: 0, y: 200))
        m.drag(to: Self.p(520, x: 150), time: 0.3)
        #expect(m.offset == Point(x: 0, y: 180), "the horizontal axis cannot scroll")
    }

    @Test func pastAnEdgeTheOffsetRubberBandsWithUIKitsFormula() {
        var m = Self.feed()
        m.beginDrag(at: Self.p(100), time: 0, touchStart: Self.p(100))
        let banded = m.drag(to: Self.p(300), time: 0.1)
        #expect(banded)
        // excess 200 over 844: (1 − 1/(200 × 0.55 / 844 + 1)) × 844
        let band = (1 - 1 / (200 * 0.55 / 844 + 1)) * 844
        #expect(abs(m.offset.y + band) < 0.001)
        #expect(m.isPastEdge)
        let lift = m.endDrag(at: Self.p(300), time: 0.2)
        #expect(lift.settle?.kind == .bouncing)
        #expect(lift.target == .zero)
        #expect(lift.settle?.end == 0.5)
        var stiff = Self.feed { $0.bounces = false }
        stiff.beginDrag(at: Self.p(100), time: 0, touchStart: Self.p(100))
        let stopped = stiff.drag(to: Self.p(300), time: 0.1)
        #expect(stopped, "the edge limited the offset")
        #expect(stiff.offset == .zero)
        #expect(!stiff.isPastEdge)
    }

    @Test func theProjectionIsApples() {
        #expect(abs(ScrollMotion.projection(velocity: 1000, rate: 0.998) - 499) < 1e-9)
        #expect(abs(ScrollMotion.projection(velocity: 1000, rate: 0.99) - 99) < 1e-9)
        #expect(ScrollMotion.projection(velocity: -2000, rate: 0.998) < -997)
    }

    @Test func aFlickDeceleratesToTheProjectionAndRestsWhenHalfAPointIsLeft() {
        var m = Self.feed()
        m.beginDrag(at: Self.p(700), time: 0, touchStart: Self.p(715))
        m.drag(to: Self.p(450), time: 0.15)
        let lift = m.endDrag(at: Self.p(400), time: 0.2)
        #expect(lift.velocity == Point(x: 0, y: 1000))
        #expect(lift.target == Point(x: 0, y: 300 + 499))
        #expect(lift.settle?.kind == .decelerating)
        // 1 pt/ms × 0.998ⁿ⁺¹ / 0.002 < 0.5 → n = 3450 ms.
        #expect(lift.settle?.end == 3.65)
        let midway = m.offset(at: 1.2)
        #expect(midway.y > 300 && midway.y < 799)
        #expect(m.offset(at: 10) == lift.target)
        m.stop()
        #expect(m.offset == lift.target && m.settle == nil)
    }

    @Test func aFlickPastTheEndStopsAtTheLimit() {
        var m = Self.feed()
        m.beginDrag(at: Self.p(800), time: 0, touchStart: Self.p(815))
        m.drag(to: Self.p(150), time: 0.15)
        let lift = m.endDrag(at: Self.p(50), time: 0.2)
        #expect(lift.target == Point(x: 0, y: 1156))
        #expect(lift.settle.map { $0.end > 0.5 } == true)
    }

    @Test func aLiftWithoutVelocityInsideTheLimitsIsAtRest() {
        var m = Self.feed()
        m.beginDrag(at: Self.p(700), time: 0, touchStart: Self.p(715))
        m.drag(to: Self.p(500), time: 0.1)
        let lift = m.endDrag(at: Self.p(500), time: 0.3)
        #expect(lift.velocity == .zero)
        #expect(lift.settle == nil)
        #expect(lift.target == Point(x: 0, y: 200))
    }

    @Test func pagingPicksThePageNearestTheProjectionOnePageAtMost() {
        func pager() -> ScrollMotion {
            var config = ScrollMotionConfig(boundsSize: Size(width: 390, height: 300), contentSize: Size(width: 1170, height: 300))
            config.pagingEnabled = true
            return ScrollMotion(config: config, offset: .zero)
        }
        var slow = pager()
        slow.beginDrag(at: Self.p(200, x: 285), time: 0, touchStart: Self.p(200, x: 300))
        slow.drag(to: Self.p(200, x: 200), time: 0.2)
        #expect(slow.endDrag(at: Self.p(200, x: 200), time: 0.4).target == .zero)
        var fast = pager()
        fast.beginDrag(at: Self.p(200, x: 365), time: 0, touchStart: Self.p(200, x: 380))
        fast.drag(to: Self.p(200, x: 300), time: 0.02)
        let lift = fast.endDrag(at: Self.p(200, x: 10), time: 0.04)
        #expect(lift.target == Point(x: 390, y: 0), "one page, not three")
        #expect(lift.settle?.kind == .paging)
    }

    @Test func theDirectionalLockKeepsTheAxisTheDragBeganAlong() {
        func map() -> ScrollMotion {
            var config = ScrollMotionConfig(boundsSize: Size(width: 390, height: 844), contentSize: Size(width: 2000, height: 2000))
            config.directionalLockEnabled = true
            return ScrollMotion(config: config, offset: .zero)
        }
        var horizontal = map()
        horizontal.beginDrag(at: Point(x: 285, y: 404), time: 0, touchStart: Point(x: 300, y: 400))
        #expect(horizontal.lock == .horizontal)
        horizontal.drag(to: Point(x: 200, y: 480), time: 0.1)
        #expect(horizontal.offset == Point(x: 85, y: 0))
        var diagonal = map()
        diagonal.beginDrag(at: Point(x: 290, y: 590), time: 0, touchStart: Point(x: 300, y: 600))
        #expect(diagonal.lock == ScrollMotion.Lock.none)
    }

    @Test func aCatchStopsTheSettlingWhereItIs() {
        var m = Self.feed()
        m.beginDrag(at: Self.p(700), time: 0, touchStart: Self.p(715))
        m.drag(to: Self.p(450), time: 0.15)
        _ = m.endDrag(at: Self.p(400), time: 0.2)
        let at = m.offset(at: 1.2)
        m.beginDrag(at: Self.p(340), time: 1.2, touchStart: Self.p(340))
        #expect(m.settle == nil)
        #expect(m.offset == at)
    }
}
