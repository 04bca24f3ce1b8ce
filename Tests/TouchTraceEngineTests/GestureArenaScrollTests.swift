import Testing
@testable import TouchTraceEngine

/// The arena's part in scrolling that moves content and in text focus (rules S3–S5, S8, F1),
/// with no scene, on `GestureArenaTests`' views and helpers.
@Suite struct GestureArenaScrollTests {
    typealias T = GestureArenaTests

    /// A scroll view (the container) that scrolls along `axes` only.
    static func scrollMembers(axes: ScrollAxes) -> [GestureArena.Member] {
        var members = T.scrollMembers()
        members[1].machine = GestureRecognizerMachine(config: GestureMachineConfig(kind: .pan, scrollAxes: axes))
        return members
    }

    static func sample(_ phase: TouchPhase, _ t: Double, dx: Double = 0, dy: Double = 0) -> TouchSample {
        TouchSample(touch: 1, phase: phase, point: Point(x: T.p.x + dx, y: T.p.y + dy), time: t)
    }

    @Test func s3EveryMoveOfAScrollingPanAndItsEndAskTheCallerToScroll() {
        var arena = GestureArena(members: T.scrollMembers())
        let pan = T.ref(T.container, .scrollPan)
        _ = T.began(&arena)
        _ = arena.touchContinued(Self.sample(.moved, 0.05, dy: -30))
        #expect(arena.touchContinued(Self.sample(.moved, 0.1, dy: -60)) == [
            .recognizersSee(touch: 1, phase: .moved, recognizers: [pan]),
            .transition(pan, from: .began, to: .changed, reason: T.recognizer("the touch moved"), rule: .S3),
            .scroll(scrollView: T.container, phase: .changed, touch: 1, rule: .S3),
            .sendActions(pan, state: .changed),
        ])
        let end = arena.touchContinued(Self.sample(.ended, 0.15, dy: -60)) ?? []
        #expect(end.contains(.scroll(scrollView: T.container, phase: .ended, touch: 1, rule: .S3)))
    }

    @Test func s4AScrollViewsPanFailsAlongAnAxisItCannotScroll() {
        var arena = GestureArena(members: Self.scrollMembers(axes: ScrollAxes(horizontal: true, vertical: false)))
        let pan = T.ref(T.container, .scrollPan)
        _ = T.began(&arena)
        let move = arena.touchContinued(Self.sample(.moved, 0.05, dx: 5, dy: -30)) ?? []
        #expect(move.contains(.transition(
            pan, from: .possible, to: .failed, reason: T.recognizer("moved mostly vertically; the scroll view scrolls horizontally only"), rule: .S4)))
        #expect(!move.contains { if case .scroll = $0 { true } else { false } })
        var sideways = GestureArena(members: Self.scrollMembers(axes: ScrollAxes(horizontal: true, vertical: false)))
        _ = T.began(&sideways)
        #expect(sideways.touchContinued(Self.sample(.moved, 0.05, dx: -30, dy: 5))?
            .contains(.scroll(scrollView: T.container, phase: .began, touch: 1, rule: .S1)) == true)
    }

    @Test func s8TheInnerScrollViewSeesTheDragFirstAndAnOuterOneTakesTheCrossAxis() {
        // The leaf scrolls horizontally only, the container vertically only.
        let inner = GestureArena.Member(
            recognizer: T.ref(T.leaf, .scrollPan),
            machine: GestureRecognizerMachine(config: GestureMachineConfig(kind: .pan, scrollAxes: ScrollAxes(horizontal: true, vertical: false))),
            delaysTouchesEnded: false)
        let outer = GestureArena.Member(
            recognizer: T.ref(T.container, .scrollPan),
            machine: GestureRecognizerMachine(config: GestureMachineConfig(kind: .pan, scrollAxes: ScrollAxes(horizontal: false, vertical: true))),
            delaysTouchesEnded: false)
        var vertical = GestureArena(members: [inner, outer])
        _ = T.began(&vertical)
        let move = vertical.touchContinued(Self.sample(.moved, 0.05, dy: -30)) ?? []
        #expect(move.contains(.scroll(scrollView: T.container, phase: .began, touch: 1, rule: .S2)))
        var horizontal = GestureArena(members: [inner, outer])
        _ = T.began(&horizontal)
        let side = horizontal.touchContinued(Self.sample(.moved, 0.05, dx: -30)) ?? []
        #expect(side.contains(.scroll(scrollView: T.leaf, phase: .began, touch: 1, rule: .S2)))
        #expect(side.contains(.transition(
            T.ref(T.container, .scrollPan), from: .possible, to: .failed, reason: .otherRecognized(T.ref(T.leaf, .scrollPan)), rule: .G5)))
    }

    @Test func s5ATouchOnAMovingScrollViewCatchesItAndTheContentNeverSeesIt() {
        var arena = GestureArena(members: T.scrollMembers())
        let (delay, pan) = (T.ref(T.container, .scrollDelay), T.ref(T.container, .scrollPan))
        arena.movingScrollViews = [T.container]
        let began = T.began(&arena)
        #expect(began == [
            .recognizersSee(touch: 1, phase: .began, recognizers: [delay, pan]),
            .transition(pan, from: .possible, to: .began, reason: T.recognizer("the touch caught the moving scroll view"), rule: .S5),
            .sendActions(pan, state: .began),
            .scroll(scrollView: T.container, phase: .began, touch: 1, rule: .S5),
            .transition(delay, from: .possible, to: .failed, reason: .scrollBeganWithinDelay, rule: .S1),
            .takeTouch(pan, touch: 1, view: T.leaf, touchesCancelled: false, dropped: [], rule: .S5),
        ])
        let end = arena.touchContinued(Self.sample(.ended, 0.1)) ?? []
        #expect(!end.contains { if case .deliver = $0 { true } else { false } }, "the content gets nothing")
    }

    @Test func f1ATextInputsOwnTapWinsOverAnAncestorsTapAndCancelsTheFieldsTouch() {
        let text = GestureArena.Member(
            recognizer: T.ref(T.leaf, .textInteraction), machine: GestureRecognizerMachine(config: GestureMachineConfig(kind: .tap(taps: 1))))
        var arena = GestureArena(members: [text, T.member(T.window, .tap(taps: 1))])
        let field = GestureArena.ControlTraits(winsSingleTap: false, winsDrag: false, enabled: true)
        _ = T.began(&arena, control: field)
        let up = arena.touchContinued(T.sample(.ended, 0.1)) ?? []
        #expect(up.contains(.transition(T.ref(T.leaf, .textInteraction), from: .possible, to: .recognized, reason: T.recognizer("touch-up of a tap"), rule: .F1)))
        #expect(up.contains(.sendActions(T.ref(T.leaf, .textInteraction), state: .recognized)))
        #expect(up.contains(.transition(
            T.ref(T.window), from: .possible, to: .failed, reason: .otherRecognized(T.ref(T.leaf, .textInteraction)), rule: .G5)))
        #expect(up.contains(.takeTouch(T.ref(T.leaf, .textInteraction), touch: 1, view: T.leaf, touchesCancelled: true, dropped: [], rule: .F1)))
    }
}
