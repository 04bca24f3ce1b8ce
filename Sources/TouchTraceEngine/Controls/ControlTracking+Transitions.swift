extension ControlTracking {
    /// `touchesBegan` (C1, C2, R4). Tracking begins only when the control is enabled: the
    /// control calls `beginTracking`, whose answer becomes `isTracking`. True: `isTouchInside`
    /// and `isHighlighted` become true and `touchDown` is sent, then `touchDownRepeat` as its own
    /// dispatch when `tapCount >= 2`. False: no highlight, no events, the call is swallowed.
    /// A second touch while one is tracked is consumed and ignored (a control tracks one touch).
    public mutating func touchBegan(_ touch: Int, at p: Point?, tapCount: Int) -> [ControlTrackingAction] {
        guard phase == .idle else { return [.consume(.R4)] }
        guard state.enabled else { return [.forward(.C1)] }
        let accepted = config.beginTracking
        var actions: [ControlTrackingAction] = [
            .consume(accepted ? .R4 : .C1), .call(.beginTracking, returned: accepted, .C1),
        ]
        guard accepted else {
            phase = .refused(touch: touch)
            return actions
        }
        phase = .tracking(touch: touch)
        startPoint = p
        startValue = state.value
        set(.tracking, true, .C1, &actions)
        set(.touchInside, true, .C2, &actions)
        set(.highlighted, true, .C2, &actions)
        actions.append(.send(.touchDown, .C2))
        if tapCount >= 2 { actions.append(.send(.touchDownRepeat, .C2)) }
        return actions
    }

    /// `touchesMoved` (C3, C5, C7). While tracking: `continueTracking` (false stops tracking
    /// silently); a slider's value follows the finger (C7); `isHighlighted` becomes C5's inside;
    /// a change of inside sends `touchDragEnter`/`touchDragExit` first, then `touchDragInside`/
    /// `touchDragOutside` is sent on every move. A touch the control does not track is forwarded.
    public mutating func touchMoved(_ touch: Int, at p: Point?) -> [ControlTrackingAction] {
        switch phase {
        case .tracking(touch):
            let goesOn = config.continueTracking
            var actions: [ControlTrackingAction] = [.consume(.R4), .call(.continueTracking, returned: goesOn, .C3)]
            guard goesOn else {
                phase = .stopped(touch: touch)
                set(.tracking, false, .C3, &actions)
                set(.highlighted, false, .C3, &actions)
                set(.touchInside, false, .C3, &actions)
                return actions
            }
            let inside = isInside(p)
            if case let .slider(_, _, continuous) = config.kind {
                changeValue(at: p, inside: inside, sendEvents: continuous, &actions)
            }
            if inside != state.touchInside {
                set(.touchInside, inside, .C5, &actions)
                set(.highlighted, inside, .C3, &actions)
                actions.append(.send(inside ? .touchDragEnter : .touchDragExit, .C3))
            }
            actions.append(.send(inside ? .touchDragInside : .touchDragOutside, .C3))
            return actions
        case .refused(touch): return [.forward(.C1)]
        case .stopped(touch): return [.forward(.C3)]
        default: return [.consume(.R4)]
        }
    }

    /// `touchesEnded` (C4, C6, C7). While tracking: enter/exit first if inside changed since the
    /// last move; `endTracking` (where value controls change their value, C7, and send
    /// `valueChanged` then `primaryActionTriggered`, C6); `isTracking = false`; `touchUpInside`
    /// (then a button's `primaryActionTriggered`, C6) or `touchUpOutside`; the highlight clears.
    /// A refused (C1) or stopped (C3) touch's call is forwarded with no touch-up event.
    public mutating func touchEnded(_ touch: Int, at p: Point?) -> [ControlTrackingAction] {
        switch phase {
        case .tracking(touch):
            var actions: [ControlTrackingAction] = [.consume(.R4)]
            let inside = isInside(p)
            if inside != state.touchInside {
                set(.touchInside, inside, .C5, &actions)
                actions.append(.send(inside ? .touchDragEnter : .touchDragExit, .C4))
            }
            actions.append(.call(.endTracking, returned: nil, .C4))
            if case let .slider(_, _, continuous) = config.kind {
                changeValue(at: p, inside: inside, sendEvents: continuous, &actions)
                if !continuous, state.value != startValue { sendValueEvents(&actions) }
            } else {
                changeValue(at: p, inside: inside, sendEvents: true, &actions)
            }
            var events: [(ControlEvents, RuleID)] = [(inside ? .touchUpInside : .touchUpOutside, .C4)]
            if inside, config.kind == .button { events.append((.primaryActionTriggered, .C6)) }
            stopTracking(sending: events, &actions)
            return actions
        case .refused(touch):
            phase = .idle
            return [.forward(.C1)]
        case .stopped(touch):
            phase = .idle
            return [.forward(.C3)]
        default: return [.consume(.R4)]
        }
    }

    /// `touchesCancelled` (C4): while tracking, `cancelTracking`, which sends `touchCancel`; no
    /// touch-up event, no value change; the highlight clears. A refused or stopped touch's
    /// cancel is swallowed (C1: cancelled is not forwarded).
    public mutating func touchCancelled(_ touch: Int) -> [ControlTrackingAction] {
        switch phase {
        case .tracking(touch):
            var actions: [ControlTrackingAction] = [.consume(.R4), .call(.cancelTracking, returned: nil, .C4)]
            stopTracking(sending: [(.touchCancel, .C4)], &actions)
            return actions
        case .refused(touch):
            phase = .idle
            return [.consume(.C1)]
        case .stopped(touch):
            phase = .idle
            return [.consume(.C3)]
        default: return [.consume(.R4)]
        }
    }

    /// The end of tracking shared by touch-up and cancel (C4): `tracking` becomes false, the
    /// events are sent in order, then the highlight and `touchInside` clear.
    private mutating func stopTracking(sending events: [(ControlEvents, RuleID)], _ actions: inout [ControlTrackingAction]) {
        phase = .idle
        set(.tracking, false, .C4, &actions)
        for (event, rule) in events { actions.append(.send(event, rule)) }
        set(.highlighted, false, .C4, &actions)
        set(.touchInside, false, .C4, &actions)
        startPoint = nil
        startValue = nil
    }

    /// Code sets `isEnabled` (C8): disabling a control in the middle of a touch does not cancel
    /// the tracking in progress; it only stops new touches (hit testing skips it, H7).
    public mutating func setEnabled(_ enabled: Bool) -> [ControlTrackingAction] {
        var actions: [ControlTrackingAction] = []
        set(.enabled, enabled, .C8, &actions)
        return actions
    }

    /// Code sets `isSelected` (C9): UIControl itself never changes it.
    public mutating func setSelected(_ selected: Bool) -> [ControlTrackingAction] {
        var actions: [ControlTrackingAction] = []
        set(.selected, selected, .C9, &actions)
        return actions
    }

    /// Code sets the value (C7): programmatic changes never send events. Slider and stepper
    /// values are clamped to their range.
    public mutating func setValue(_ value: ControlPropertyValue) -> [ControlTrackingAction] {
        var actions: [ControlTrackingAction] = []
        guard let property = config.kind.valueProperty else { return actions }
        switch (value, config.kind) {
        case let (.bool(b), .toggle):
            set(.on, b, .C7, &actions)
        case let (.number(n), .slider(lo, hi, _)), let (.number(n), .stepper(lo, hi, _, _)):
            setNumber(property, min(max(n, lo), hi), .C7, &actions)
        case let (.number(n), .segmented), let (.number(n), .pageControl):
            setNumber(property, n, .C7, &actions)
        default: break
        }
        return actions
    }

    // MARK: - Helpers

    private mutating func changeValue(at p: Point?, inside: Bool, sendEvents: Bool, _ actions: inout [ControlTrackingAction]) {
        guard let property = config.kind.valueProperty,
            let new = config.kind.newValue(
                current: state.value, on: state.on, at: p, inside: inside, bounds: config.bounds,
                startPoint: startPoint, startValue: startValue)
        else { return }
        switch new {
        case let .bool(b): set(property, b, .C7, &actions)
        case let .number(n): setNumber(property, n, .C7, &actions)
        }
        if sendEvents { sendValueEvents(&actions) }
    }

    /// `valueChanged` (C7), then `primaryActionTriggered` after its dispatch (C6).
    private func sendValueEvents(_ actions: inout [ControlTrackingAction]) {
        actions.append(.send(.valueChanged, .C7))
        actions.append(.send(.primaryActionTriggered, .C6))
    }

    private mutating func set(_ property: ControlProperty, _ value: Bool, _ rule: RuleID, _ actions: inout [ControlTrackingAction]) {
        let old: Bool?
        switch property {
        case .tracking: old = state.tracking; state.tracking = value
        case .touchInside: old = state.touchInside; state.touchInside = value
        case .highlighted: old = state.highlighted; state.highlighted = value
        case .enabled: old = state.enabled; state.enabled = value
        case .selected: old = state.selected; state.selected = value
        case .on: old = state.on; state.on = value
        case .value, .selectedSegmentIndex, .currentPage: return
        }
        if old != value { actions.append(.set(property, .bool(value), rule)) }
    }

    private mutating func setNumber(_ property: ControlProperty, _ value: Double, _ rule: RuleID, _ actions: inout [ControlTrackingAction]) {
        let old = state.value
        state.value = value
        if old != value { actions.append(.set(property, .number(value), rule)) }
    }
}
