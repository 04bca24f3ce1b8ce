/// One gesture recognizer of the scene, as the touch session runs it.
struct GestureSlot {
    /// The view it is attached to.
    var view: Int
    var config: GestureRecognizerConfig
    var machine: GestureRecognizerMachine
    /// Slots of the recognizers it requires to fail (G5).
    var requireToFail: [Int]
    /// Touches it has seen since its last reset (G1), in order.
    var seen: [Int] = []
    /// A recognition or begin waiting for `requireToFail` recognizers to fail (G5).
    var pending: GestureProposal?
    var role: Role = .scene

    enum Role {
        /// Declared in the scene's `gestureRecognizers`.
        case scene
        /// A scroll view's own delayed-touches-began recognizer (S1), id `<scrollView>#delay`.
        case scrollDelay
        /// A scroll view's own pan recognizer (S1, S2), id `<scrollView>#pan`.
        case scrollPan
    }
}

/// A touch that recognizers see (G1): what its view has been sent, and what is held back (G2).
struct GestureTouch {
    var slots: [Int]
    /// The view hit testing returned at began (R2), delivered to or not.
    var hitView: Int
    /// The view the touch is bound to (R2), when the touch is delivered to it (M1, M2).
    var view: Int?
    var tapCount: Int
    /// The view received touchesBegan.
    var began = false
    /// The view received touchesEnded or touchesCancelled, or never will (its delayed calls were dropped).
    var finished = false
    /// Calls held back by `delaysTouchesBegan` / `delaysTouchesEnded` (G2), oldest first.
    var held: [(phase: TouchPhase, point: Point)] = []
}

extension TouchSession {
    /// The scene's recognizers as slots, and by view; empty for a scene without recognizers, so
    /// touch delivery takes its old path at no cost.
    static func gestureSlots(_ scene: Scene) -> (slots: [GestureSlot], byView: [Int: [Int]]) {
        var slots: [GestureSlot] = []
        var byView: [Int: [Int]] = [:]
        var slotOf: [String: Int] = [:]
        for index in scene.views.indices where !scene.views[index].gestureRecognizers.isEmpty || scene.views[index].scroll != nil {
            // S1, S2: a scroll view's own recognizers come first in its list, as in UIKit.
            if let scroll = scene.views[index].scroll {
                let id = scene.views[index].id
                if scroll.delaysContentTouches {
                    var delay = GestureRecognizerConfig(id: id + "#delay", kind: .tap, numberOfTapsRequired: 1)
                    delay.delaysTouchesBegan = true
                    delay.delaysTouchesEnded = false
                    delay.cancelsTouchesInView = false
                    let machine = GestureMachineConfig(kind: .contentTouchDelay(seconds: scene.options.scrollDelay))
                    byView[index, default: []].append(slots.count)
                    slots.append(GestureSlot(view: index, config: delay, machine: GestureRecognizerMachine(config: machine), requireToFail: [], role: .scrollDelay))
                }
                var pan = GestureRecognizerConfig(id: id + "#pan", kind: .pan, numberOfTapsRequired: 1)
                pan.delaysTouchesEnded = false
                let machine = GestureMachineConfig(kind: .pan, tapSlop: scene.options.tapSlop)
                byView[index, default: []].append(slots.count)
                slots.append(GestureSlot(view: index, config: pan, machine: GestureRecognizerMachine(config: machine), requireToFail: [], role: .scrollPan))
            }
            for config in scene.views[index].gestureRecognizers {
                let kind: GestureMachineConfig.Kind
                switch config.kind {
                case .tap, .doubleTap: kind = .tap(taps: config.numberOfTapsRequired)
                case .longPress: kind = .longPress(minimumPressDuration: config.minimumPressDuration)
                case .pan: kind = .pan
                case .swipe: kind = .swipe
                }
                let machineConfig = GestureMachineConfig(
                    kind: kind, touchesRequired: config.numberOfTouchesRequired, tapSlop: scene.options.tapSlop,
                    multiTapInterval: scene.options.multiTapInterval, multiTapRadius: scene.options.multiTapRadius)
                slotOf[config.id] = slots.count
                byView[index, default: []].append(slots.count)
                slots.append(GestureSlot(view: index, config: config, machine: GestureRecognizerMachine(config: machineConfig), requireToFail: []))
            }
        }
        for i in slots.indices {
            slots[i].requireToFail = slots[i].config.requireToFail.compactMap { slotOf[$0] }
        }
        return (slots, byView)
    }

    /// UIKit resets a recognizer once its gesture is over: in a final state, with no touch down
    /// and nothing waiting. Run after each input entry and each timer, so a finished recognizer
    /// neither blocks (G5) nor holds (G2) anything later.
    mutating func resetFinishedRecognizers() {
        for s in gestures.indices where gestures[s].machine.state.isFinal && gestures[s].machine.touches.isEmpty && gestures[s].pending == nil {
            gestures[s].machine.reset()
            gestures[s].seen = []
        }
    }

    /// G1: the enabled recognizers on the hit view and on every ancestor up to the window, from
    /// the hit view up (each view's in its list order). A recognizer whose gesture is over and
    /// whose touches have all ended is reset first; one still busy with other touches, or
    /// waiting for another to fail (G5), does not take the new touch.
    mutating func recognizers(for view: Int) -> [Int] {
        var result: [Int] = []
        var current: Int? = view
        while let v = current {
            for s in gestureSlotsByView[v] ?? [] where gestures[s].config.enabled {
                // S1: the delay is for the scroll view's content, not for touches on the scroll view itself.
                if gestures[s].role == .scrollDelay, v == view { continue }
                if gestures[s].machine.state.isFinal, gestures[s].machine.touches.isEmpty, gestures[s].pending == nil {
                    gestures[s].machine.reset()
                    gestures[s].seen = []
                }
                guard !gestures[s].machine.state.isFinal, gestures[s].pending == nil else { continue }
                result.append(s)
            }
            current = scene.views[v].parent
        }
        return result
    }

    /// A touch begins on a view with recognizers (G1): they see it first, then the view gets
    /// `touchesBegan` unless a recognizer delays it (G2).
    mutating func beginGestureTouch(_ sample: TouchSample, slots: [Int], hitView: Int, view: Int?, tapCount: Int) {
        gestureTouches[sample.touch] = GestureTouch(slots: slots, hitView: hitView, view: view, tapCount: tapCount)
        for s in slots { gestures[s].seen.append(sample.touch) }
        feedRecognizers(sample)
        guard view != nil else { return }
        queue(sample)
    }

    /// Moved, ended or cancelled for a touch that recognizers see.
    mutating func continueGestureTouch(_ sample: TouchSample) {
        feedRecognizers(sample)
        guard gestureTouches[sample.touch]?.view != nil else { return }
        queue(sample)
    }

    /// G1: every recognizer of the touch that is still in play gets the call before the view.
    mutating func feedRecognizers(_ sample: TouchSample) {
        guard let touch = gestureTouches[sample.touch] else { return }
        // A recognizer waiting for another to fail (G5) still follows its own touches.
        let live = touch.slots.filter { !gestures[$0].machine.state.isFinal && gestures[$0].seen.contains(sample.touch) }
        if sample.phase == .ended || sample.phase == .cancelled {
            // A recognizer whose gesture is over still lets go of the touch, so it can be reset.
            for s in touch.slots where gestures[s].machine.state.isFinal {
                _ = gestures[s].machine.touchEnded(sample.touch, at: sample.point, time: sample.time)
            }
        }
        guard !live.isEmpty else { return }
        record("recognizerTouches", .G1, [
            ("touch", .number(Double(sample.touch))), ("phase", .string(sample.phase.rawValue)),
            ("recognizers", .array(live.map { .string(gestures[$0].config.id) })),
        ])
        for s in live {
            let proposal: GestureProposal?
            switch sample.phase {
            case .began: proposal = gestures[s].machine.touchBegan(sample.touch, at: sample.point, time: sample.time)
            case .moved: proposal = gestures[s].machine.touchMoved(sample.touch, at: sample.point, time: sample.time)
            case .ended: proposal = gestures[s].machine.touchEnded(sample.touch, at: sample.point, time: sample.time)
            case .cancelled: proposal = gestures[s].machine.touchCancelled(sample.touch, time: sample.time)
            }
            if let proposal { handle(proposal, slot: s) }
        }
    }

    /// Adds the view's call to the touch's queue and sends what no recognizer holds back (G2).
    mutating func queue(_ sample: TouchSample) {
        guard var touch = gestureTouches[sample.touch], !touch.finished else { return }
        if sample.phase == .cancelled, !touch.began {
            touch.held = []
            touch.finished = true
            gestureTouches[sample.touch] = touch
            return
        }
        touch.held.append((sample.phase, sample.point))
        gestureTouches[sample.touch] = touch
        flush(sample.touch)
        if let after = gestureTouches[sample.touch], let last = after.held.last, last.phase == sample.phase, !after.held.isEmpty {
            let holders = holding(after, id: sample.touch, phase: sample.phase)
            let byScrollView = holders.allSatisfy { gestures[$0].role == .scrollDelay }
            record("touchDelayed", byScrollView ? .S1 : .G2, [
                ("touch", .number(Double(sample.touch))), ("phase", .string(sample.phase.rawValue)),
                ("view", after.view.map(id) ?? .null), ("by", .array(holders.map { .string(gestures[$0].config.id) })),
            ])
        }
    }

    /// G2: the recognizers, still possible, that hold back a call of this phase:
    /// `delaysTouchesBegan` holds every call; `delaysTouchesEnded` (default true) holds the end.
    /// Only recognizers that still have the touch count (one reset since no longer does).
    func holding(_ touch: GestureTouch, id: Int, phase: TouchPhase) -> [Int] {
        touch.slots.filter { s in
            let slot = gestures[s]
            guard slot.machine.state == .possible, slot.seen.contains(id) else { return false }
            return slot.config.delaysTouchesBegan || (phase == .ended && slot.config.delaysTouchesEnded)
        }
    }

    /// Sends the touch's held calls, oldest first, until one is still held back.
    mutating func flush(_ id: Int) {
        while let touch = gestureTouches[id], !touch.finished, let next = touch.held.first {
            guard holding(touch, id: id, phase: next.phase).isEmpty, let view = touch.view else { return }
            gestureTouches[id]?.held.removeFirst()
            if next.phase == .began { gestureTouches[id]?.began = true }
            if next.phase == .ended || next.phase == .cancelled { gestureTouches[id]?.finished = true }
            deliver(next.phase, touch: id, at: next.point, tapCount: touch.tapCount, to: view)
        }
    }
}
