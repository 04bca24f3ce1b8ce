import Testing
@testable import TouchTraceEngine

/// The gesture arena on its own, with no scene (rules G1–G6, S1, S2): views are plain indices
/// (0 a window, 1 a container in it, 2 a view in the container) and recognizers are built by
/// hand; each test feeds touch phases and timers and checks the actions that come back, in order.
@Suite struct GestureArenaTests {
    typealias Action = GestureArena.Action

    static let window = 0, container = 1, leaf = 2
    /// A touch on the leaf: the leaf, then its ancestors (G1).
    static let path = [leaf, container, window]
    static let p = Point(x: 100, y: 100)
    static let button = GestureArena.ControlTraits(winsSingleTap: true, winsDrag: false, enabled: true)
    static let slider = GestureArena.ControlTraits(winsSingleTap: false, winsDrag: true, enabled: true)
    static let plainControl = GestureArena.ControlTraits(winsSingleTap: false, winsDrag: false, enabled: true)

    static func ref(_ view: Int, _ kind: GestureRecognizerRef.Kind = .declared(0)) -> GestureRecognizerRef {
        GestureRecognizerRef(view: view, kind: kind)
    }

    static func member(
        _ view: Int, _ kind: GestureMachineConfig.Kind, _ refKind: GestureRecognizerRef.Kind = .declared(0),
        delaysTouchesBegan: Bool = false, delaysTouchesEnded: Bool = true, cancelsTouchesInView: Bool = true,
        requireToFail: [Int] = [], canCancelContentTouches: Bool = true
    ) -> GestureArena.Member {
        GestureArena.Member(
            recognizer: ref(view, refKind), machine: GestureRecognizerMachine(config: GestureMachineConfig(kind: kind)),
            cancelsTouchesInView: cancelsTouchesInView, delaysTouchesBegan: delaysTouchesBegan,
            delaysTouchesEnded: delaysTouchesEnded, requireToFail: requireToFail, canCancelContentTouches: canCancelContentTouches)
    }

    /// A scroll view (the container) with UIKit's two recognizers (S1, S2), as `GestureArena(scene:)` makes them.
    static func scrollMembers(canCancelContentTouches: Bool = true) -> [GestureArena.Member] {
        [
            GestureArena.Member(
                recognizer: ref(container, .scrollDelay),
                machine: GestureRecognizerMachine(config: GestureMachineConfig(kind: .contentTouchDelay(seconds: 0.15))),
                cancelsTouchesInView: false, delaysTouchesBegan: true, delaysTouchesEnded: false),
            member(container, .pan, .scrollPan, delaysTouchesEnded: false, canCancelContentTouches: canCancelContentTouches),
        ]
    }

    static func sample(_ phase: TouchPhase, _ t: Double, dx: Double = 0, touch: Int = 1) -> TouchSample {
        TouchSample(touch: touch, phase: phase, point: Point(x: p.x + dx, y: p.y), time: t)
    }

    static func began(_ arena: inout GestureArena, control: GestureArena.ControlTraits? = nil, bound: Bool = true) -> [Action]? {
        arena.touchBegan(sample(.began, 0), path: path, boundView: bound ? leaf : nil, tapCount: 1, control: control)
    }

    static func deliver(_ phase: TouchPhase, dx: Double = 0) -> Action {
        .deliver(phase, touch: 1, point: Point(x: p.x + dx, y: p.y), tapCount: 1, view: leaf)
    }

    static func recognizer(_ reason: String) -> GestureReason { .recognizer(reason) }

    // MARK: G1, G2

    @Test func aTouchWithoutRecognizersOnItsPathIsNotTheArenasBusiness() {
        var arena = GestureArena(members: [Self.member(7, .tap(taps: 1))])
        #expect(Self.began(&arena) == nil)
        #expect(arena.touchContinued(Self.sample(.ended, 0.1)) == nil)
        #expect(GestureArena(members: []).isEmpty)
    }

    @Test func recognizersOnTheHitViewAndItsAncestorsSeeTheTouchFirstFromTheHitViewUp() {
        var arena = GestureArena(members: [Self.member(Self.window, .pan, .declared(0)), Self.member(Self.leaf, .pan, .declared(0))])
        let actions = Self.began(&arena)
        #expect(actions == [
            .recognizersSee(touch: 1, phase: .began, recognizers: [Self.ref(Self.leaf), Self.ref(Self.window)]),
            Self.deliver(.began),
        ])
    }

    @Test func delaysTouchesEndedHoldsTheEndUntilTheRecognizerFails() {
        var arena = GestureArena(members: [Self.member(Self.container, .tap(taps: 2))])
        _ = Self.began(&arena)
        // G2: a double tap is still possible after one tap, so the view's touchesEnded waits.
        let up = arena.touchContinued(Self.sample(.ended, 0.1))
        #expect(up == [
            .recognizersSee(touch: 1, phase: .ended, recognizers: [Self.ref(Self.container)]),
            .hold(touch: 1, phase: .ended, view: Self.leaf, by: [Self.ref(Self.container)], rule: .G2),
        ])
        // No second tap within multiTapInterval: the timer fails it (G3) and the held end goes out at that time.
        #expect(arena.fireNextTimer(before: 0.45)?.time == nil)
        let fired = arena.fireNextTimer(before: nil)
        #expect(fired?.time == 0.45)
        #expect(fired?.actions == [
            .transition(Self.ref(Self.container), from: .possible, to: .failed,
                        reason: Self.recognizer("no tap 2 of 2 within multiTapInterval 0.35 s"), rule: .G3),
            Self.deliver(.ended),
        ])
        #expect(arena.fireNextTimer(before: nil)?.time == nil)
    }

    @Test func delaysTouchesBeganHoldsEveryCallAndATouchWithoutAViewIsSeenButNotDelivered() {
        var arena = GestureArena(members: [Self.member(Self.container, .pan, delaysTouchesBegan: true)])
        #expect(Self.began(&arena) == [
            .recognizersSee(touch: 1, phase: .began, recognizers: [Self.ref(Self.container)]),
            .hold(touch: 1, phase: .began, view: Self.leaf, by: [Self.ref(Self.container)], rule: .G2),
        ])
        var unbound = GestureArena(members: [Self.member(Self.container, .pan, delaysTouchesBegan: true)])
        // M1/M2 kept the touch from its view: recognizers see it, nothing is delivered or held.
        #expect(Self.began(&unbound, bound: false) == [.recognizersSee(touch: 1, phase: .began, recognizers: [Self.ref(Self.container)])])
    }

    // MARK: G3

    @Test func aTapRecognizesAtTouchUpAndTakesTheTouchFromTheView() {
        var arena = GestureArena(members: [Self.member(Self.container, .tap(taps: 1))])
        _ = Self.began(&arena)
        let up = arena.touchContinued(Self.sample(.ended, 0.1))
        #expect(up == [
            .recognizersSee(touch: 1, phase: .ended, recognizers: [Self.ref(Self.container)]),
            .transition(Self.ref(Self.container), from: .possible, to: .recognized, reason: Self.recognizer("touch-up of a tap"), rule: .G3),
            .sendActions(Self.ref(Self.container), state: .recognized),
            // The recognizer decides before the view's end is queued: the view gets touchesCancelled instead.
            .takeTouch(Self.ref(Self.container), touch: 1, view: Self.leaf, touchesCancelled: true, dropped: [], rule: .G3),
            Self.deliver(.cancelled),
        ])
    }

    @Test func withoutCancelsTouchesInViewTheViewGetsItsEnd() {
        var arena = GestureArena(members: [Self.member(Self.container, .tap(taps: 1), cancelsTouchesInView: false)])
        _ = Self.began(&arena)
        let up = arena.touchContinued(Self.sample(.ended, 0.1)) ?? []
        #expect(up.last == Self.deliver(.ended))
        #expect(!up.contains { if case .takeTouch = $0 { return true } else { return false } })
    }

    // MARK: G4

    @Test func aButtonWinsASingleTapAgainstAnAncestorsTapRecognizer() {
        var arena = GestureArena(members: [Self.member(Self.container, .tap(taps: 1))])
        _ = Self.began(&arena, control: Self.button)
        let up = arena.touchContinued(Self.sample(.ended, 0.1))
        #expect(up == [
            .recognizersSee(touch: 1, phase: .ended, recognizers: [Self.ref(Self.container)]),
            .transition(Self.ref(Self.container), from: .possible, to: .failed, reason: .controlWins(control: Self.leaf), rule: .G4),
            Self.deliver(.ended),
        ])
    }

    @Test func g4ProtectsNeitherAgainstTheControlsOwnRecognizerNorWhenDisabledNorForAPlainControl() {
        // A recognizer attached to the control itself still wins.
        var own = GestureArena(members: [Self.member(Self.leaf, .tap(taps: 1))])
        _ = Self.began(&own, control: Self.button)
        #expect(own.touchContinued(Self.sample(.ended, 0.1))?.contains(.sendActions(Self.ref(Self.leaf), state: .recognized)) == true)
        // C8: disabled by code mid-touch, the button refuses nothing.
        var disabled = GestureArena(members: [Self.member(Self.container, .tap(taps: 1))])
        _ = Self.began(&disabled, control: Self.button)
        disabled.setControlEnabled(Self.leaf, false)
        #expect(disabled.touchContinued(Self.sample(.ended, 0.1))?.contains(.sendActions(Self.ref(Self.container), state: .recognized)) == true)
        // A plain UIControl gets no protection.
        var plain = GestureArena(members: [Self.member(Self.container, .tap(taps: 1))])
        _ = Self.began(&plain, control: Self.plainControl)
        #expect(plain.touchContinued(Self.sample(.ended, 0.1))?.contains(.sendActions(Self.ref(Self.container), state: .recognized)) == true)
    }

    @Test func aSliderWinsADragAgainstAnAncestorsPanButNotATap() {
        var arena = GestureArena(members: [Self.member(Self.container, .pan)])
        _ = Self.began(&arena, control: Self.slider)
        let move = arena.touchContinued(Self.sample(.moved, 0.1, dx: 30))
        #expect(move?.contains(.transition(Self.ref(Self.container), from: .possible, to: .failed, reason: .controlWins(control: Self.leaf), rule: .G4)) == true)
        #expect(move?.last == Self.deliver(.moved, dx: 30))
        var tap = GestureArena(members: [Self.member(Self.container, .tap(taps: 1))])
        _ = Self.began(&tap, control: Self.slider)
        #expect(tap.touchContinued(Self.sample(.ended, 0.1))?.contains(.sendActions(Self.ref(Self.container), state: .recognized)) == true)
    }

    // MARK: G5

    @Test func aTapThatRequiresADoubleTapToFailWaitsThenRecognizesWhenTheTimerFailsIt() {
        let single = Self.member(Self.container, .tap(taps: 1), .declared(0), requireToFail: [1])
        let double = Self.member(Self.container, .tap(taps: 2), .declared(1))
        var arena = GestureArena(members: [single, double])
        _ = Self.began(&arena)
        let up = arena.touchContinued(Self.sample(.ended, 0.1))
        let both = [Self.ref(Self.container, .declared(0)), Self.ref(Self.container, .declared(1))]
        #expect(up == [
            .recognizersSee(touch: 1, phase: .ended, recognizers: both),
            .wait(both[0], wants: .recognized, reason: Self.recognizer("touch-up of a tap"), waitingFor: [both[1]]),
            .hold(touch: 1, phase: .ended, view: Self.leaf, by: both, rule: .G2),
        ])
        #expect(arena.members[0].pending != nil)
        arena.resetFinished()
        // The single tap's own maximum-duration timer was cleared at touch-up; the double tap's interval fires.
        let fired = arena.fireNextTimer(before: nil)
        #expect(fired?.time == 0.45)
        #expect(fired?.actions == [
            .transition(both[1], from: .possible, to: .failed, reason: Self.recognizer("no tap 2 of 2 within multiTapInterval 0.35 s"), rule: .G3),
            .transition(both[0], from: .possible, to: .recognized, reason: Self.recognizer("touch-up of a tap"), rule: .G3),
            .sendActions(both[0], state: .recognized),
            .takeTouch(both[0], touch: 1, view: Self.leaf, touchesCancelled: true, dropped: [.ended], rule: .G3),
            Self.deliver(.cancelled),
        ])
    }

    @Test func aRequiredRecognizerThatRecognizesFailsTheWaitingOne() {
        let single = Self.member(Self.container, .tap(taps: 1), .declared(0), requireToFail: [1])
        let double = Self.member(Self.container, .tap(taps: 2), .declared(1))
        var arena = GestureArena(members: [single, double])
        _ = Self.began(&arena)
        _ = arena.touchContinued(Self.sample(.ended, 0.1))
        _ = arena.touchBegan(Self.sample(.began, 0.2, touch: 2), path: Self.path, boundView: Self.leaf, tapCount: 2, control: nil)
        let second = arena.touchContinued(Self.sample(.ended, 0.3, touch: 2)) ?? []
        let (s, d) = (Self.ref(Self.container, .declared(0)), Self.ref(Self.container, .declared(1)))
        #expect(second.contains(.transition(d, from: .possible, to: .recognized, reason: Self.recognizer("touch-up of tap 2 of 2"), rule: .G3)))
        #expect(second.contains(.transition(s, from: .possible, to: .failed, reason: .requiredRecognized(d), rule: .G5)))
    }

    @Test func twoRecognizersCannotBothRecognize() {
        var arena = GestureArena(members: [Self.member(Self.leaf, .tap(taps: 1)), Self.member(Self.container, .tap(taps: 1))])
        _ = Self.began(&arena)
        let up = arena.touchContinued(Self.sample(.ended, 0.1)) ?? []
        #expect(up.contains(.transition(Self.ref(Self.container), from: .possible, to: .failed, reason: .otherRecognized(Self.ref(Self.leaf)), rule: .G5)))
        // With the touch up, both gestures are over: both are reset.
        arena.resetFinished()
        #expect(arena.members.allSatisfy { $0.machine.state == .possible && $0.seen.isEmpty })
    }

    // MARK: G6 and timers

    @Test func aLongPressBeginsOnItsTimerChangesOnMovesAndEndsAtTouchUp() {
        var arena = GestureArena(members: [Self.member(Self.container, .longPress(minimumPressDuration: 0.5), cancelsTouchesInView: false)])
        _ = Self.began(&arena)
        #expect(arena.fireNextTimer(before: 0.5)?.time == nil)
        let fired = arena.fireNextTimer(before: 0.6)
        #expect(fired?.time == 0.5)
        #expect(fired?.actions == [
            .transition(Self.ref(Self.container), from: .possible, to: .began, reason: Self.recognizer("held still for minimumPressDuration 0.5 s"), rule: .G6),
            .sendActions(Self.ref(Self.container), state: .began),
        ])
        let move = arena.touchContinued(Self.sample(.moved, 0.7, dx: 40))
        #expect(move?.contains(.transition(Self.ref(Self.container), from: .began, to: .changed, reason: Self.recognizer("the touch moved"), rule: .G6)) == true)
        let up = arena.touchContinued(Self.sample(.ended, 0.8, dx: 40)) ?? []
        #expect(up.contains(.transition(Self.ref(Self.container), from: .changed, to: .ended, reason: Self.recognizer("the touch ended"), rule: .G6)))
        #expect(up.contains(.sendActions(Self.ref(Self.container), state: .ended)))
        #expect(up.last == Self.deliver(.ended, dx: 40))
    }

    @Test func timersFireInTimeOrderStrictlyBeforeTheLimit() {
        // Two long presses on two touches of two branches: due at 0.3 and at 0.25 + 0.1.
        let first = Self.member(Self.leaf, .longPress(minimumPressDuration: 0.3), cancelsTouchesInView: false)
        let second = Self.member(9, .longPress(minimumPressDuration: 0.1), cancelsTouchesInView: false)
        var arena = GestureArena(members: [first, second])
        _ = Self.began(&arena)
        _ = arena.touchBegan(Self.sample(.began, 0.25, touch: 2), path: [9], boundView: 9, tapCount: 1, control: nil)
        // A timer due at the time of an input entry fires after it (docs/touches.md).
        #expect(arena.fireNextTimer(before: 0.3)?.time == nil)
        #expect(arena.fireNextTimer(before: 1)?.time == 0.3)
        #expect(arena.fireNextTimer(before: 0.35)?.time == nil)
        #expect(arena.fireNextTimer(before: nil)?.time == 0.35)
        #expect(arena.fireNextTimer(before: nil)?.time == nil)
    }

    // MARK: S1, S2

    @Test func s1TheContentsTouchesBeganWaitsForTheScrollDelay() {
        var arena = GestureArena(members: Self.scrollMembers())
        let (delay, pan) = (Self.ref(Self.container, .scrollDelay), Self.ref(Self.container, .scrollPan))
        #expect(Self.began(&arena) == [
            .recognizersSee(touch: 1, phase: .began, recognizers: [delay, pan]),
            .hold(touch: 1, phase: .began, view: Self.leaf, by: [delay], rule: .S1),
        ])
        let fired = arena.fireNextTimer(before: nil)
        #expect(fired?.time == 0.15)
        #expect(fired?.actions == [
            .transition(delay, from: .possible, to: .failed,
                        reason: Self.recognizer("the finger stayed down for the scroll view's delay (0.15 s)"), rule: .S1),
            Self.deliver(.began),
        ])
    }

    @Test func s1ADragWithinTheDelayScrollsAndTheContentNeverSeesTheTouch() {
        var arena = GestureArena(members: Self.scrollMembers())
        let (delay, pan) = (Self.ref(Self.container, .scrollDelay), Self.ref(Self.container, .scrollPan))
        _ = Self.began(&arena)
        let move = arena.touchContinued(Self.sample(.moved, 0.05, dx: 30))
        #expect(move == [
            .recognizersSee(touch: 1, phase: .moved, recognizers: [delay, pan]),
            .transition(pan, from: .possible, to: .began, reason: Self.recognizer("moved 30 points, more than tapSlop 10"), rule: .S1),
            .sendActions(pan, state: .began),
            .scroll(scrollView: Self.container, phase: .began, touch: 1, rule: .S1),
            .transition(delay, from: .possible, to: .failed, reason: .scrollBeganWithinDelay, rule: .S1),
            .takeTouch(pan, touch: 1, view: Self.leaf, touchesCancelled: false, dropped: [.began], rule: .S1),
        ])
    }

    @Test func s2AScrollTakesTheContentsTouchButNotAControlsNorWhenItCannotCancel() {
        for (control, canCancel) in [(nil, true), (Self.plainControl, true), (nil, false)] as [(GestureArena.ControlTraits?, Bool)] {
            var arena = GestureArena(members: Self.scrollMembers(canCancelContentTouches: canCancel))
            let pan = Self.ref(Self.container, .scrollPan)
            _ = Self.began(&arena, control: control)
            _ = arena.fireNextTimer(before: nil)  // the content gets touchesBegan at 0.15
            let move = arena.touchContinued(Self.sample(.moved, 0.2, dx: 50)) ?? []
            switch (control, canCancel) {
            case (nil, true):
                #expect(move.contains(.transition(pan, from: .possible, to: .began, reason: Self.recognizer("moved 50 points, more than tapSlop 10"), rule: .S2)))
                #expect(move.suffix(2) == [
                    .takeTouch(pan, touch: 1, view: Self.leaf, touchesCancelled: true, dropped: [], rule: .S2), Self.deliver(.cancelled, dx: 50),
                ])
            case (.some, _):
                #expect(move.contains(.transition(pan, from: .possible, to: .failed, reason: .controlKeepsTouch(control: Self.leaf), rule: .S2)))
                #expect(move.last == Self.deliver(.moved, dx: 50))
            case (nil, false):
                #expect(move.contains(.transition(pan, from: .possible, to: .failed, reason: .contentTouchesCannotBeCancelled(content: Self.leaf), rule: .S2)))
                #expect(move.last == Self.deliver(.moved, dx: 50))
            }
        }
    }
}
