extension TouchSession {
    /// Runs one input entry.
    mutating func run(_ step: TouchStep) {
        if !arena.isEmpty { fireTimers(before: step.time) }
        startEvent(at: step.time)
        time = step.time
        switch step {
        case let .touch(sample):
            currentSample = sample
            if sample.phase == .began {
                begin(sample)
            } else {
                continueTouch(sample)
            }
            currentSample = nil
        case let .set(edit):
            apply(edit)
        }
        if !arena.isEmpty { arena.resetFinished() }
    }

    /// After the last input entry, time runs on until no timer is pending (docs/touches.md), so the
    /// response is final; then the last event's update cycle runs (L3).
    mutating func finish() {
        if !arena.isEmpty { fireTimers(before: nil) }
        flushLayout()
    }

    /// A touch begins: hit test once (R2), count taps (M3), apply `exclusiveTouch` (M2) and
    /// `multipleTouchEnabled` (M1), then deliver `touchesBegan` to the hit view.
    mutating func begin(_ sample: TouchSample) {
        if !scrolling.isEmpty { placeMovingScrollViews(at: sample.time) }
        defer { arena.movingScrollViews = [] }
        let tester = HitTester(scene: scene)
        let hit = givenHitView.map { HitTestTrace(point: sample.point, hitView: $0, window: scene.root(of: $0), windowOrder: [], steps: []) }
            ?? tester.hitTest(sample.point, inWindow: referenceWindow, traced: hitTests != nil)
        hitTests?.append(TouchHitTest(touch: sample.touch, trace: hit, scene: scene))
        var tapCount = 1
        var previous: Int?
        if let last = lastEnded, sample.time - last.time <= scene.options.multiTapInterval,
            sample.point.distance(to: last.point) <= scene.options.multiTapRadius
        {
            tapCount = last.tapCount + 1
            previous = last.touch
        }
        record(.R2, .hitTest(touch: sample.touch, point: sample.point, hitView: hit.hitView, window: hit.window, tapCount: tapCount))
        if let previous {
            record(.M3, .multiTap(touch: sample.touch, tapCount: tapCount, previousTouch: previous))
        }
        if scene.usesZPosition, let hitView = hit.hitView, let window = hit.window, let reference = referenceWindow ?? tester.windowOrder.first {
            // H3: a sibling drawn on top by its zPosition does not get the touch.
            let screen = scene.views[reference].geometry.convertToSuperview(sample.point)
            for drawn in tester.drawnOnTop(of: hitView, in: window, screenPoint: screen) {
                record(.H3, .drawnOnTop(touch: sample.touch, view: drawn.view, over: drawn.over))
            }
        }
        var touch = TouchesTrace.Touch(touch: sample.touch, hitView: hit.hitView, window: hit.window, tapCount: tapCount, delivered: false)
        defer {
            // S5: a touch that caught a moving scroll view is taken while it begins.
            if let taken = takenAtBegan.removeValue(forKey: sample.touch) { touch.takenBy = taken }
            trace.touches.append(touch)
            active.append(ActiveTouch(
                touch: sample.touch, start: sample.point, view: touch.hitView, window: touch.window, delivered: touch.delivered, tapCount: tapCount))
        }
        guard let view = hit.hitView else { return }
        // M2: an exclusive view tracking a touch blocks the others of its window; an exclusive
        // view takes no new touch while another view of the window tracks one.
        if let blocker = active.first(where: { other in
            guard other.delivered, let otherView = other.view, otherView != view, other.window == hit.window else { return false }
            return scene.views[otherView].exclusiveTouch || scene.views[view].exclusiveTouch
        }), let blockerView = blocker.view {
            touch.ignoredBecause = .exclusiveTouch
            let exclusive = scene.views[blockerView].exclusiveTouch ? blockerView : view
            record(.M2, .touchIgnored(touch: sample.touch, view: view, reason: .exclusiveTouch, otherTouch: blocker.touch, exclusiveView: exclusive))
            beginInArena(sample, hitView: view, boundView: nil, tapCount: tapCount)
            return
        }
        // M1: without multipleTouchEnabled a view receives only the first touch that starts in it.
        if !scene.views[view].multipleTouchEnabled,
            let first = active.first(where: { $0.delivered && $0.view == view })
        {
            touch.ignoredBecause = .multipleTouchDisabled
            record(.M1, .touchIgnored(touch: sample.touch, view: view, reason: .multipleTouchDisabled, otherTouch: first.touch, exclusiveView: nil))
            beginInArena(sample, hitView: view, boundView: nil, tapCount: tapCount)
            return
        }
        touch.delivered = true
        // G1: recognizers on the hit view and its ancestors see the touch first; without any,
        // the view gets it at once.
        if beginInArena(sample, hitView: view, boundView: view, tapCount: tapCount) { return }
        deliver(.began, touch: sample.touch, at: sample.point, tapCount: tapCount, to: view)
    }

    /// `moved`, `ended`, `cancelled`: to the view the touch is bound to, with no new hit test (R2).
    mutating func continueTouch(_ sample: TouchSample) {
        guard let index = active.firstIndex(where: { $0.touch == sample.touch }) else { return }
        let touch = active[index]
        if sample.phase == .ended || sample.phase == .cancelled {
            active.remove(at: index)
        }
        if sample.phase == .ended {
            lastEnded = (sample.touch, sample.time, sample.point, touch.tapCount)
        }
        if !arena.isEmpty, let actions = arena.touchContinued(sample) {
            perform(actions)
        } else if touch.delivered, let view = touch.view {
            deliver(sample.phase, touch: sample.touch, at: sample.point, tapCount: touch.tapCount, to: view)
        }
        if sample.phase == .ended { explainEnded(touch: sample.touch, hitView: touch.view) }
    }

    /// Delivers a touch method to `view` and on along the responder chain (R1, R3): each
    /// responder handles it per its `touches` setting (`forward`, `handle`, `handleAndForward`);
    /// a control runs its tracking machine instead and consumes the call (R4) unless the machine
    /// forwards it (C1, C3). A control declared `handle` overrides the touch methods without
    /// calling super, so it does not track.
    mutating func deliver(_ phase: TouchPhase, touch: Int, at point: Point, tapCount: Int, to view: Int) {
        var responder: ResponderRef? = .view(view)
        var isFirst = true
        while let current = responder {
            let next = scene.nextResponder(of: current)
            if case let .view(index) = current, scene.views[index].control != nil, scene.views[index].touches != .handle {
                guard runControl(index, phase, touch: touch, at: point, tapCount: tapCount, hasNext: next != nil) else { return }
            } else {
                let handling = scene.touchHandling(current)
                let forwards = handling != .handle && next != nil
                record(isFirst ? .R2 : .R3, .touches(
                    phase, responder: current, touch: touch, forwarded: forwards, handling: TouchesTrace.Handling(handling), point: nil))
                // V1, V2: a cell's own touch methods (when it calls super) drive its list's selection.
                if handling != .handle, case let .view(index) = current, case .cell? = scene.views[index].role {
                    cellReceived(phase, cell: index, touch: touch)
                }
                guard forwards else { return }
            }
            responder = next
            isFirst = false
        }
    }

    /// Runs the control's machine for one touch method and performs its actions. Returns whether
    /// the call goes on to the next responder.
    mutating func runControl(_ view: Int, _ phase: TouchPhase, touch: Int, at point: Point, tapCount: Int, hasNext: Bool) -> Bool {
        var machine = tracker(view)
        let local = scene.point(point, inWindow: referenceWindow, convertedTo: view)
        let output: [ControlTrackingAction]
        switch phase {
        case .began: output = machine.touchBegan(touch, at: local, tapCount: tapCount)
        case .moved: output = machine.touchMoved(touch, at: local)
        case .ended: output = machine.touchEnded(touch, at: local)
        case .cancelled: output = machine.touchCancelled(touch)
        }
        controls[view] = machine
        var forwarded = false
        for action in output {
            switch action {
            case let .consume(rule), let .forward(rule):
                if case .forward = action { forwarded = hasNext }
                record(rule, .touches(phase, responder: .view(view), touch: touch, forwarded: forwarded, handling: .control, point: local))
            case let .call(call, returned, rule):
                record(rule, .tracking(call, control: view, touch: touch, returned: returned))
            case let .set(property, value, rule):
                record(rule, .state(control: view, property: property, value: value))
            case let .send(event, rule):
                send(event, name: event.firstName, from: view, touch: touch, rule: rule)
            }
        }
        return forwarded
    }

    /// A programmatic edit between events (C7, C8, C9): changes the control's state and the
    /// scene (so that hit testing sees a disabled control, H7), sends no events, and leaves any
    /// tracking in progress alone.
    mutating func apply(_ edit: ControlEdit) {
        guard let view = scene.viewIndex(edit.view) else { return }
        var machine = tracker(view)
        let (rule, value) = machine.edit(edit.property, edit.value)
        switch (edit.property, edit.value) {
        case let (.enabled, .bool(b)):
            scene.views[view].control?.enabled = b
            arena.setControlEnabled(view, b)
        case let (.selected, .bool(b)):
            scene.views[view].control?.selected = b
        default:
            break
        }
        controls[view] = machine
        record(rule, .set(control: view, property: edit.property, value: value, tracking: machine.state.tracking))
    }
}
