import Testing
@testable import TouchTraceEngine

/// The control tracking state machine on its own, with no scene (rules C1–C9, R4): every
/// transition of `ControlTracking.Phase` and the exact action order of each.
@Suite struct ControlTrackingTests {
    /// A 100×40 button; inside while tracking is x in [-70, 170), y in [-70, 110) (C5).
    static func machine(
        _ kind: ControlKind = .button, beginTracking: Bool = true, continueTracking: Bool = true,
        touchArea: TouchArea = .bounds, margin: Double = 70, state: ControlState = ControlState()
    ) -> ControlTracking {
        ControlTracking(
            config: ControlTrackingConfig(
                bounds: Rect(x: 0, y: 0, width: 100, height: 40), touchArea: touchArea, margin: margin,
                beginTracking: beginTracking, continueTracking: continueTracking, kind: kind),
            state: state)
    }

    static let inside = Point(x: 10, y: 10)
    static let inMargin = Point(x: 10, y: 100)
    static let outside = Point(x: 10, y: 110)

    // MARK: idle → tracking (C1, C2)

    @Test func beginTrackingAcceptedHighlightsAndSendsTouchDown() {
        var m = Self.machine()
        let actions = m.touchBegan(1, at: Self.inside, tapCount: 1)
        #expect(actions == [
            .consume(.R4), .call(.beginTracking, returned: true, .C1),
            .set(.tracking, .bool(true), .C1), .set(.touchInside, .bool(true), .C2),
            .set(.highlighted, .bool(true), .C2), .send(.touchDown, .C2),
        ])
        #expect(m.phase == .tracking(touch: 1))
        #expect(m.state.highlighted && m.state.tracking && m.state.touchInside)
    }

    @Test func tapCountTwoAddsTouchDownRepeatAsItsOwnDispatch() {
        var m = Self.machine()
        let actions = m.touchBegan(1, at: Self.inside, tapCount: 2)
        #expect(Array(actions.suffix(2)) == [.send(.touchDown, .C2), .send(.touchDownRepeat, .C2)])
    }

    // MARK: idle → refused (C1)

    @Test func beginTrackingRefusedSwallowsBeganAndForwardsMovedAndEnded() {
        var m = Self.machine(beginTracking: false)
        #expect(m.touchBegan(1, at: Self.inside, tapCount: 1) == [.consume(.C1), .call(.beginTracking, returned: false, .C1)])
        #expect(m.phase == .refused(touch: 1))
        #expect(!m.state.highlighted && !m.state.tracking)
        #expect(m.touchMoved(1, at: Self.inside) == [.forward(.C1)])
        #expect(m.touchEnded(1, at: Self.inside) == [.forward(.C1)])
        #expect(m.phase == .idle)
    }

    @Test func refusedTouchCancelIsNotForwarded() {
        var m = Self.machine(beginTracking: false)
        _ = m.touchBegan(1, at: Self.inside, tapCount: 1)
        #expect(m.touchCancelled(1) == [.consume(.C1)])
        #expect(m.phase == .idle)
    }

    @Test func disabledControlDoesNotBeginTracking() {
        var m = Self.machine(state: ControlState(enabled: false))
        #expect(m.touchBegan(1, at: Self.inside, tapCount: 1) == [.forward(.C1)])
        #expect(m.phase == .idle)
    }

    // MARK: tracking → tracking (C3, C5)

    @Test func moveInsideSendsDragInsideOnly() {
        var m = Self.machine()
        _ = m.touchBegan(1, at: Self.inside, tapCount: 1)
        #expect(m.touchMoved(1, at: Self.inMargin) == [
            .consume(.R4), .call(.continueTracking, returned: true, .C3), .send(.touchDragInside, .C3),
        ])
    }

    @Test func exitThenEnterSendsCrossingEventFirst() {
        var m = Self.machine()
        _ = m.touchBegan(1, at: Self.inside, tapCount: 1)
        #expect(m.touchMoved(1, at: Self.outside) == [
            .consume(.R4), .call(.continueTracking, returned: true, .C3),
            .set(.touchInside, .bool(false), .C5), .set(.highlighted, .bool(false), .C3),
            .send(.touchDragExit, .C3), .send(.touchDragOutside, .C3),
        ])
        #expect(m.touchMoved(1, at: Self.outside) == [
            .consume(.R4), .call(.continueTracking, returned: true, .C3), .send(.touchDragOutside, .C3),
        ])
        #expect(m.touchMoved(1, at: Self.inside) == [
            .consume(.R4), .call(.continueTracking, returned: true, .C3),
            .set(.touchInside, .bool(true), .C5), .set(.highlighted, .bool(true), .C3),
            .send(.touchDragEnter, .C3), .send(.touchDragInside, .C3),
        ])
    }

    @Test func marginIsHalfOpenAndConfigurable() {
        let m = Self.machine()
        #expect(m.isInside(Point(x: -70, y: -70)))
        #expect(m.isInside(Point(x: 169.9, y: 109.9)))
        #expect(!m.isInside(Point(x: 170, y: 0)))
        #expect(!m.isInside(nil))
        let tight = Self.machine(margin: 0)
        #expect(!tight.isInside(Point(x: 100, y: 0)))
    }

    @Test func enlargedTouchAreaAlsoCountsAsInside() {
        let area = TouchArea.insets(EdgeInsets(top: -50, left: -50, bottom: -50, right: -50))
        let m = Self.machine(touchArea: area, margin: 10)
        #expect(m.isInside(Point(x: 10, y: 80)))
        #expect(!m.isInside(Point(x: 10, y: 95)))
    }

    // MARK: tracking → stopped (C3)

    @Test func continueTrackingFalseStopsSilentlyAndForwardsTheRest() {
        var m = Self.machine(continueTracking: false)
        _ = m.touchBegan(1, at: Self.inside, tapCount: 1)
        #expect(m.touchMoved(1, at: Self.inside) == [
            .consume(.R4), .call(.continueTracking, returned: false, .C3),
            .set(.tracking, .bool(false), .C3), .set(.highlighted, .bool(false), .C3), .set(.touchInside, .bool(false), .C3),
        ])
        #expect(m.phase == .stopped(touch: 1))
        #expect(m.touchMoved(1, at: Self.inside) == [.forward(.C3)])
        #expect(m.touchEnded(1, at: Self.inside) == [.forward(.C3)])
        #expect(m.phase == .idle)
    }

    @Test func stoppedTouchCancelIsSwallowed() {
        var m = Self.machine(continueTracking: false)
        _ = m.touchBegan(1, at: Self.inside, tapCount: 1)
        _ = m.touchMoved(1, at: Self.inside)
        #expect(m.touchCancelled(1) == [.consume(.C3)])
        #expect(m.phase == .idle)
    }

    // MARK: tracking → idle (C4, C6)

    @Test func endInsideSendsTouchUpInsideThenPrimaryAction() {
        var m = Self.machine()
        _ = m.touchBegan(1, at: Self.inside, tapCount: 1)
        #expect(m.touchEnded(1, at: Self.inside) == [
            .consume(.R4), .call(.endTracking, returned: nil, .C4), .set(.tracking, .bool(false), .C4),
            .send(.touchUpInside, .C4), .send(.primaryActionTriggered, .C6),
            .set(.highlighted, .bool(false), .C4), .set(.touchInside, .bool(false), .C4),
        ])
        #expect(m.phase == .idle)
        #expect(m.state == ControlState())
    }

    @Test func endOutsideAfterInsideMoveSendsExitFirstAndNoPrimaryAction() {
        var m = Self.machine()
        _ = m.touchBegan(1, at: Self.inside, tapCount: 1)
        #expect(m.touchEnded(1, at: Self.outside) == [
            .consume(.R4), .set(.touchInside, .bool(false), .C5), .send(.touchDragExit, .C4),
            .call(.endTracking, returned: nil, .C4), .set(.tracking, .bool(false), .C4),
            .send(.touchUpOutside, .C4), .set(.highlighted, .bool(false), .C4),
        ])
    }

    @Test func endInsideAfterOutsideMoveSendsEnterFirst() {
        var m = Self.machine()
        _ = m.touchBegan(1, at: Self.inside, tapCount: 1)
        _ = m.touchMoved(1, at: Self.outside)
        let actions = m.touchEnded(1, at: Self.inside)
        #expect(Array(actions.prefix(3)) == [.consume(.R4), .set(.touchInside, .bool(true), .C5), .send(.touchDragEnter, .C4)])
        #expect(actions.contains(.send(.touchUpInside, .C4)))
    }

    @Test func plainControlHasNoPrimaryAction() {
        var m = Self.machine(.plain)
        _ = m.touchBegan(1, at: Self.inside, tapCount: 1)
        #expect(!m.touchEnded(1, at: Self.inside).contains(.send(.primaryActionTriggered, .C6)))
    }

    @Test func cancelSendsTouchCancelAndNoTouchUp() {
        var m = Self.machine()
        _ = m.touchBegan(1, at: Self.inside, tapCount: 1)
        #expect(m.touchCancelled(1) == [
            .consume(.R4), .call(.cancelTracking, returned: nil, .C4), .set(.tracking, .bool(false), .C4),
            .send(.touchCancel, .C4), .set(.highlighted, .bool(false), .C4), .set(.touchInside, .bool(false), .C4),
        ])
        #expect(m.phase == .idle)
    }

    // MARK: other touches (R4)

    @Test func aSecondTouchIsConsumedAndIgnored() {
        var m = Self.machine()
        _ = m.touchBegan(1, at: Self.inside, tapCount: 1)
        #expect(m.touchBegan(2, at: Self.inside, tapCount: 1) == [.consume(.R4)])
        #expect(m.touchMoved(2, at: Self.outside) == [.consume(.R4)])
        #expect(m.touchEnded(2, at: Self.outside) == [.consume(.R4)])
        #expect(m.touchCancelled(2) == [.consume(.R4)])
        #expect(m.phase == .tracking(touch: 1))
        #expect(m.state.highlighted)
    }

    // MARK: programmatic changes (C7, C8, C9)

    @Test func disablingMidTouchDoesNotCancel() {
        var m = Self.machine()
        _ = m.touchBegan(1, at: Self.inside, tapCount: 1)
        #expect(m.setEnabled(false) == [.set(.enabled, .bool(false), .C8)])
        #expect(m.phase == .tracking(touch: 1))
        #expect(m.touchEnded(1, at: Self.inside).contains(.send(.touchUpInside, .C4)))
    }

    @Test func selectedIsOnlyChangedByCode() {
        var m = Self.machine(state: ControlState(selected: true))
        _ = m.touchBegan(1, at: Self.inside, tapCount: 1)
        _ = m.touchEnded(1, at: Self.inside)
        #expect(m.state.selected)
        #expect(m.setSelected(false) == [.set(.selected, .bool(false), .C9)])
        #expect(m.setSelected(false) == [])
    }

    @Test func programmaticValuesSendNoEventsAndClamp() {
        var slider = Self.machine(.slider(minimum: 0, maximum: 1, continuous: true), state: ControlState(value: 0.5))
        #expect(slider.setValue(.number(3)) == [.set(.value, .number(1), .C7)])
        var toggle = Self.machine(.toggle, state: ControlState(on: false))
        #expect(toggle.setValue(.bool(true)) == [.set(.on, .bool(true), .C7)])
        #expect(toggle.setValue(.number(1)) == [])
    }

    // MARK: value controls (C6, C7)

    @Test func switchTogglesInEndTrackingBeforeTouchUp() {
        var m = Self.machine(.toggle, state: ControlState(on: false))
        _ = m.touchBegan(1, at: Self.inside, tapCount: 1)
        #expect(m.touchEnded(1, at: Self.inside) == [
            .consume(.R4), .call(.endTracking, returned: nil, .C4), .set(.on, .bool(true), .C7),
            .send(.valueChanged, .C7), .send(.primaryActionTriggered, .C6), .set(.tracking, .bool(false), .C4),
            .send(.touchUpInside, .C4), .set(.highlighted, .bool(false), .C4), .set(.touchInside, .bool(false), .C4),
        ])
        #expect(m.state.on == true)
    }

    @Test func switchReleasedOutsideDoesNotToggle() {
        var m = Self.machine(.toggle, state: ControlState(on: false))
        _ = m.touchBegan(1, at: Self.inside, tapCount: 1)
        #expect(!m.touchEnded(1, at: Self.outside).contains(.send(.valueChanged, .C7)))
        #expect(m.state.on == false)
    }

    @Test func continuousSliderFollowsTheFingerLinearly() {
        // width 100, range 0…10: 10 points of x are 1 of value.
        var m = Self.machine(.slider(minimum: 0, maximum: 10, continuous: true), state: ControlState(value: 5))
        _ = m.touchBegan(1, at: Point(x: 50, y: 20), tapCount: 1)
        #expect(m.touchMoved(1, at: Point(x: 70, y: 20)) == [
            .consume(.R4), .call(.continueTracking, returned: true, .C3), .set(.value, .number(7), .C7),
            .send(.valueChanged, .C7), .send(.primaryActionTriggered, .C6), .send(.touchDragInside, .C3),
        ])
        _ = m.touchMoved(1, at: Point(x: 500, y: 20))
        #expect(m.state.value == 10)
        #expect(m.touchMoved(1, at: Point(x: 600, y: 20)).contains(.send(.valueChanged, .C7)) == false)
    }

    @Test func nonContinuousSliderSendsOnceAtTheEnd() {
        var m = Self.machine(.slider(minimum: 0, maximum: 10, continuous: false), state: ControlState(value: 5))
        _ = m.touchBegan(1, at: Point(x: 50, y: 20), tapCount: 1)
        #expect(!m.touchMoved(1, at: Point(x: 60, y: 20)).contains(.send(.valueChanged, .C7)))
        #expect(m.state.value == 6)
        let end = m.touchEnded(1, at: Point(x: 80, y: 20))
        #expect(end.filter { $0 == .send(.valueChanged, .C7) }.count == 1)
        #expect(m.state.value == 8)
    }

    @Test func segmentedStepperAndPageControlChangeOnTouchUpInside() {
        var segments = Self.machine(.segmented(count: 4), state: ControlState(value: 0))
        _ = segments.touchBegan(1, at: Point(x: 80, y: 10), tapCount: 1)
        _ = segments.touchEnded(1, at: Point(x: 80, y: 10))
        #expect(segments.state.value == 3)

        var stepper = Self.machine(.stepper(minimum: 0, maximum: 3, step: 2, wraps: false), state: ControlState(value: 2))
        _ = stepper.touchBegan(1, at: Point(x: 90, y: 10), tapCount: 1)
        _ = stepper.touchEnded(1, at: Point(x: 90, y: 10))
        #expect(stepper.state.value == 3)
        var wrapping = Self.machine(.stepper(minimum: 0, maximum: 3, step: 1, wraps: true), state: ControlState(value: 0))
        _ = wrapping.touchBegan(1, at: Point(x: 10, y: 10), tapCount: 1)
        _ = wrapping.touchEnded(1, at: Point(x: 10, y: 10))
        #expect(wrapping.state.value == 3)

        var pages = Self.machine(.pageControl(count: 2), state: ControlState(value: 1))
        _ = pages.touchBegan(1, at: Point(x: 90, y: 10), tapCount: 1)
        #expect(!pages.touchEnded(1, at: Point(x: 90, y: 10)).contains(.send(.valueChanged, .C7)))
        _ = pages.touchBegan(2, at: Point(x: 10, y: 10), tapCount: 1)
        _ = pages.touchEnded(2, at: Point(x: 10, y: 10))
        #expect(pages.state.value == 0)
    }
}
