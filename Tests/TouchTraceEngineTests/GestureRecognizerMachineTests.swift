import Testing
import TouchTraceEngine

/// The gesture recognizer state machine on its own, with no scene (rules G3, G6): what each
/// touch phase and timer proposes, and the states `apply` moves through.
@Suite struct GestureRecognizerMachineTests {
    static func machine(_ kind: GestureMachineConfig.Kind, slop: Double = 10) -> GestureRecognizerMachine {
        GestureRecognizerMachine(config: GestureMachineConfig(kind: kind, tapSlop: slop))
    }

    static let p = Point(x: 100, y: 100)
    static func moved(_ dx: Double, _ dy: Double = 0) -> Point { Point(x: 100 + dx, y: 100 + dy) }

    func isFail(_ proposal: GestureProposal?, _ rule: RuleID) -> Bool {
        if case let .fail(_, r)? = proposal { return r == rule }
        return false
    }

    // MARK: tap (G3)

    @Test func tapRecognizesAtTouchUp() {
        var m = Self.machine(.tap(taps: 1))
        #expect(m.touchBegan(1, at: Self.p, time: 0) == nil)
        #expect(m.deadline == 0.5)
        let up = m.touchEnded(1, at: Self.p, time: 0.1)
        #expect(up == .recognize(reason: "touch-up of a tap"))
        #expect(m.deadline == nil)
        let change = m.apply(up!)
        #expect(change.from == .possible && change.to == .recognized)
        #expect(m.state.isFinal && m.state.hasRecognized)
    }

    @Test func tapFailsBeyondTheSlopButNotAtIt() {
        var m = Self.machine(.tap(taps: 1))
        _ = m.touchBegan(1, at: Self.p, time: 0)
        #expect(m.touchMoved(1, at: Self.moved(10), time: 0.05) == nil)
        #expect(isFail(m.touchMoved(1, at: Self.moved(10.5), time: 0.06), .G3))
    }

    @Test func tapSlopIsConfigurable() {
        var m = Self.machine(.tap(taps: 1), slop: 30)
        _ = m.touchBegan(1, at: Self.p, time: 0)
        #expect(m.touchMoved(1, at: Self.moved(20), time: 0.05) == nil)
        #expect(m.touchEnded(1, at: Self.moved(20), time: 0.1) == .recognize(reason: "touch-up of a tap"))
    }

    @Test func tapHeldPastItsMaximumDurationFailsOnTheTimer() {
        var m = Self.machine(.tap(taps: 1))
        _ = m.touchBegan(1, at: Self.p, time: 0)
        #expect(m.timerFired(time: 0.4) == nil)
        #expect(isFail(m.timerFired(time: 0.5), .G3))
    }

    @Test func doubleTapWaitsForTheSecondTapThenRecognizes() {
        var m = Self.machine(.tap(taps: 2))
        _ = m.touchBegan(1, at: Self.p, time: 0)
        #expect(m.touchEnded(1, at: Self.p, time: 0.1) == nil)
        #expect(m.tapsCompleted == 1)
        #expect(m.deadline == 0.45)
        #expect(m.touchBegan(2, at: Self.moved(5), time: 0.2) == nil)
        #expect(m.touchEnded(2, at: Self.moved(5), time: 0.3) == .recognize(reason: "touch-up of tap 2 of 2"))
    }

    @Test func doubleTapFailsWhenNoSecondTapComesInTime() {
        var m = Self.machine(.tap(taps: 2))
        _ = m.touchBegan(1, at: Self.p, time: 0)
        _ = m.touchEnded(1, at: Self.p, time: 0.1)
        #expect(isFail(m.timerFired(time: 0.45), .G3))
    }

    @Test func doubleTapFailsWhenTheSecondTapIsTooFarAway() {
        var m = Self.machine(.tap(taps: 2))
        _ = m.touchBegan(1, at: Self.p, time: 0)
        _ = m.touchEnded(1, at: Self.p, time: 0.1)
        #expect(isFail(m.touchBegan(2, at: Self.moved(30), time: 0.2), .G3))
    }

    @Test func aSecondFingerFailsAOneTouchTap() {
        var m = Self.machine(.tap(taps: 1))
        _ = m.touchBegan(1, at: Self.p, time: 0)
        #expect(isFail(m.touchBegan(2, at: Self.moved(50), time: 0.01), .G3))
    }

    @Test func resetForgetsEverything() {
        var m = Self.machine(.tap(taps: 2))
        _ = m.touchBegan(1, at: Self.p, time: 0)
        _ = m.touchEnded(1, at: Self.p, time: 0.1)
        m.apply(.fail(reason: "x", rule: .G5))
        m.reset()
        #expect(m == Self.machine(.tap(taps: 2)))
    }

    @Test func finalStatesIgnoreInput() {
        var m = Self.machine(.tap(taps: 1))
        m.apply(.fail(reason: "x", rule: .G3))
        #expect(m.touchBegan(1, at: Self.p, time: 0) == nil)
        #expect(m.touchEnded(1, at: Self.p, time: 0.1) == nil)
    }

    // MARK: long press, pan, swipe (G6)

    @Test func longPressBeginsOnItsTimerThenChangesAndEnds() {
        var m = Self.machine(.longPress(minimumPressDuration: 0.5))
        #expect(m.touchBegan(1, at: Self.p, time: 0) == nil)
        #expect(m.deadline == 0.5)
        let begin = m.timerFired(time: 0.5)
        #expect(begin == .begin(reason: "held still for minimumPressDuration 0.5 s"))
        #expect(m.apply(begin!).to == .began)
        #expect(m.touchMoved(1, at: Self.moved(40), time: 0.6) == .change)
        m.apply(.change)
        #expect(m.touchEnded(1, at: Self.moved(40), time: 0.7) == .end(reason: "the touch ended"))
        #expect(m.apply(.end(reason: "")).to == .ended)
    }

    @Test func longPressFailsWhenItMovesOrLiftsFirst() {
        var moving = Self.machine(.longPress(minimumPressDuration: 0.5))
        _ = moving.touchBegan(1, at: Self.p, time: 0)
        #expect(moving.touchMoved(1, at: Self.moved(10), time: 0.1) == nil)
        #expect(isFail(moving.touchMoved(1, at: Self.moved(11), time: 0.2), .G6))
        var lifting = Self.machine(.longPress(minimumPressDuration: 0.5))
        _ = lifting.touchBegan(1, at: Self.p, time: 0)
        #expect(isFail(lifting.touchEnded(1, at: Self.p, time: 0.3), .G6))
    }

    @Test func panBeginsBeyondTheSlopAndIsCancelledWithItsTouch() {
        var m = Self.machine(.pan)
        _ = m.touchBegan(1, at: Self.p, time: 0)
        #expect(m.touchMoved(1, at: Self.moved(0, 10), time: 0.1) == nil)
        let begin = m.touchMoved(1, at: Self.moved(0, 11), time: 0.2)
        #expect(begin?.target == .began)
        m.apply(begin!)
        #expect(m.touchCancelled(1, time: 0.3) == .cancel(reason: "the touch was cancelled"))
    }

    @Test func panThatNeverMovedFailsAtTouchUp() {
        var m = Self.machine(.pan)
        _ = m.touchBegan(1, at: Self.p, time: 0)
        #expect(isFail(m.touchEnded(1, at: Self.moved(5), time: 0.2), .G6))
    }

    @Test func swipeRightRecognizesAtFiftyPointsAndFailsOtherwise() {
        var right = Self.machine(.swipe)
        _ = right.touchBegan(1, at: Self.p, time: 0)
        #expect(right.touchMoved(1, at: Self.moved(49), time: 0.1) == nil)
        #expect(right.touchMoved(1, at: Self.moved(50), time: 0.2)?.target == .recognized)
        var left = Self.machine(.swipe)
        _ = left.touchBegan(1, at: Self.p, time: 0)
        #expect(isFail(left.touchMoved(1, at: Self.moved(-11), time: 0.1), .G6))
        var slow = Self.machine(.swipe)
        _ = slow.touchBegan(1, at: Self.p, time: 0)
        #expect(isFail(slow.timerFired(time: 0.5), .G6))
    }

    // MARK: a scroll view's content touch delay (S1)

    @Test func contentTouchDelayFailsOnItsTimerOrAtTouchUpAndNeverRecognizes() {
        var still = Self.machine(.contentTouchDelay(seconds: 0.15))
        #expect(still.touchBegan(1, at: Self.p, time: 0) == nil)
        #expect(still.deadline == 0.15)
        #expect(still.touchMoved(1, at: Self.moved(40), time: 0.05) == nil)
        #expect(isFail(still.timerFired(time: 0.15), .S1))
        var quick = Self.machine(.contentTouchDelay(seconds: 0.15))
        _ = quick.touchBegan(1, at: Self.p, time: 0)
        #expect(isFail(quick.touchEnded(1, at: Self.p, time: 0.1), .S1))
    }
}
