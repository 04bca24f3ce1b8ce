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
}
