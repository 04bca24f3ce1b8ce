import Testing
import TouchTraceEngine

/// Swipe directions and `numberOfTouchesRequired` above 1 (rules G3, G6), on the recognizer
/// machine alone.
@Suite struct SwipeAndTouchCountTests {
    static func machine(_ kind: GestureMachineConfig.Kind, touches: Int = 1, directions: SwipeDirections = .right) -> GestureRecognizerMachine {
        GestureRecognizerMachine(config: GestureMachineConfig(kind: kind, touchesRequired: touches, swipeDirections: directions))
    }

    static let p = Point(x: 200, y: 400)
    static func at(_ dx: Double, _ dy: Double) -> Point { Point(x: 200 + dx, y: 400 + dy) }

    func failed(_ proposal: GestureProposal?) -> String? {
        if case let .fail(reason, _)? = proposal { return reason }
        return nil
    }

    @Test func everyDirectionRecognizesAtFiftyPointsAlongIt() {
        for (direction, dx, dy) in [(SwipeDirections.right, 50.0, 0.0), (.left, -50, 0), (.up, 0, -50), (.down, 0, 50)] {
            var m = Self.machine(.swipe, directions: direction)
            _ = m.touchBegan(1, at: Self.p, time: 0)
            #expect(m.touchMoved(1, at: Self.at(dx * 0.98, dy * 0.98), time: 0.1) == nil, "\(direction)")
            #expect(m.touchMoved(1, at: Self.at(dx, dy), time: 0.2)?.target == .recognized, "\(direction)")
        }
    }

    @Test func severalDirectionsFailOnlyWhenEveryOneHasFailed() {
        var m = Self.machine(.swipe, directions: [.up, .down])
        _ = m.touchBegan(1, at: Self.p, time: 0)
        #expect(m.touchMoved(1, at: Self.at(0, 20), time: 0.05) == nil)
        #expect(m.touchMoved(1, at: Self.at(0, -60), time: 0.1)?.target == .recognized, "up after starting down")
        var sideways = Self.machine(.swipe, directions: [.up, .down])
        _ = sideways.touchBegan(1, at: Self.p, time: 0)
        #expect(failed(sideways.touchMoved(1, at: Self.at(40, 0), time: 0.1))?.contains("every swipe direction (up, down)") == true)
        var left = Self.machine(.swipe, directions: .left)
        _ = left.touchBegan(1, at: Self.p, time: 0)
        #expect(failed(left.touchMoved(1, at: Self.at(20, 0), time: 0.1)) == "moved 20 points against the swipe direction (left)")
        var lifted = Self.machine(.swipe, directions: [.left, .right])
        _ = lifted.touchBegan(1, at: Self.p, time: 0)
        #expect(failed(lifted.touchEnded(1, at: Self.p, time: 0.1)) == "ended before moving 50 points right or left")
    }

    @Test func aTwoFingerSwipeFollowsTheAverageAndNeedsBothFingers() {
        var m = Self.machine(.swipe, touches: 2, directions: .left)
        _ = m.touchBegan(1, at: Self.p, time: 0)
        let alone = m.touchMoved(1, at: Self.at(-80, 0), time: 0.05)
        #expect(alone == nil, "one finger down of two does not swipe")
        var both = Self.machine(.swipe, touches: 2, directions: .left)
        _ = both.touchBegan(1, at: Self.p, time: 0)
        _ = both.touchBegan(2, at: Self.at(0, 40), time: 0)
        let first = both.touchMoved(1, at: Self.at(-60, 0), time: 0.05)
        #expect(first == nil, "average 30")
        let second = both.touchMoved(2, at: Self.at(-40, 40), time: 0.06)
        #expect(second?.target == .recognized, "average 50")
    }

    @Test func aTwoFingerTapRecognizesWhenBothLiftAndFailsWithOne() {
        var m = Self.machine(.tap(taps: 1), touches: 2)
        _ = m.touchBegan(1, at: Self.p, time: 0)
        _ = m.touchBegan(2, at: Self.at(60, 0), time: 0.02)
        #expect(m.touchEnded(1, at: Self.p, time: 0.1) == nil)
        #expect(m.touchEnded(2, at: Self.at(60, 0), time: 0.12)?.target == .recognized)
        var one = Self.machine(.tap(taps: 1), touches: 2)
        _ = one.touchBegan(1, at: Self.p, time: 0)
        #expect(failed(one.touchEnded(1, at: Self.p, time: 0.1)) == "tap 1 had 1 touch down, fewer than numberOfTouchesRequired 2")
        var three = Self.machine(.tap(taps: 1), touches: 2)
        _ = three.touchBegan(1, at: Self.p, time: 0)
        _ = three.touchBegan(2, at: Self.p, time: 0)
        #expect(failed(three.touchBegan(3, at: Self.p, time: 0)) == "3 touches down, more than numberOfTouchesRequired 2")
    }

    @Test func aLongPressNeedsItsFingersDownWhenTheTimerFires() {
        var m = Self.machine(.longPress(minimumPressDuration: 0.5), touches: 2)
        _ = m.touchBegan(1, at: Self.p, time: 0)
        #expect(failed(m.timerFired(time: 0.5)) == "1 touch down at minimumPressDuration, fewer than numberOfTouchesRequired 2")
    }
}
