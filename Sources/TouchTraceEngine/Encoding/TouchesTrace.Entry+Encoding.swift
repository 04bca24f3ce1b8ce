/// One log entry of the touches trace as JSON (TouchesTrace+Encoding.swift writes the rest of the
/// answer; TouchesTrace.Entry+Classes.swift the entries of scrolling, focus, lists and bars):
/// `type`, `rule`, `t` (when set) and the kind's fields, merged in sorted key order.
extension TouchesTrace.Entry {
    func write(in scene: Scene, into out: inout JSONOutput) {
        typealias W = TouchesTrace
        func id(_ view: Int) { out.plainString(scene.views[view].id) }
        func touchKey(_ touch: Int) {
            out.member(",\"touch\":", number: Double(touch))
        }
        /// `,"rule":…[,"t":…]` (every kind has a key before `rule`); the keys between `t` and
        /// `type` are the caller's.
        func ruleAndTime() {
            out.member(",\"rule\":", plain: self.rule.rawValue)
            W.writeTime(time, into: &out)
        }
        /// `ruleAndTime()`, then `,"touch":…`.
        func ruleTimeAndTouch(_ touch: Int) {
            ruleAndTime()
            touchKey(touch)
        }
        func type(_ name: StaticString) {
            out.raw(",\"type\":\"")
            out.raw(name)
            out.byte(UInt8(ascii: "\""))
        }
        func ids(_ recognizers: [GestureRecognizerRef]) { out.strings(recognizers.map { $0.id(in: scene) }) }
        switch kind {
        case .scroll, .drawnOnTop, .needsLayout, .layoutSubviews, .becomeFirstResponder, .resignFirstResponder, .firstResponderKept,
            .cellState, .delegateCall, .noSelection, .popViewController, .selectTab:
            writeClassEntry(in: scene, into: &out)
            return
        default:
            break
        }
        out.byte(UInt8(ascii: "{"))
        switch kind {
        case let .hitTest(touch, point, hitView, window, tapCount):
            out.member("\"hitView\":", id: hitView, in: scene)
            out.member(",\"point\":", point: point)
            ruleAndTime()
            out.member(",\"tapCount\":", number: Double(tapCount))
            touchKey(touch)
            type("hitTest")
            out.member(",\"window\":", id: window, in: scene)
        case let .multiTap(touch, tapCount, previousTouch):
            out.member("\"previousTouch\":", number: Double(previousTouch))
            ruleAndTime()
            out.member(",\"tapCount\":", number: Double(tapCount))
            touchKey(touch)
            type("multiTap")
        case let .touchIgnored(touch, view, reason, otherTouch, exclusiveView):
            if let exclusiveView {
                out.member("\"exclusiveView\":", id: exclusiveView, in: scene)
                out.byte(UInt8(ascii: ","))
            }
            out.member("\"otherTouch\":", number: Double(otherTouch))
            out.member(",\"reason\":", plain: reason.rawValue)
            ruleTimeAndTouch(touch)
            type("touchIgnored")
            out.member(",\"view\":", id: view, in: scene)
        case let .touches(phase, responder, touch, forwarded, handling, point):
            out.raw(forwarded ? "\"forwarded\":true,\"handling\":" : "\"forwarded\":false,\"handling\":")
            out.plainString(handling.rawValue)
            if handling == .control, phase != .cancelled {
                out.raw(",\"point\":")
                if let point { out.point(point) } else { out.raw("null") }
            }
            out.member(",\"responder\":", string: scene.id(of: responder))
            ruleTimeAndTouch(touch)
            out.member(",\"type\":", plain: phase.method)
        case let .tracking(call, control, touch, returned):
            out.member("\"control\":", id: control, in: scene)
            if let returned { out.raw(returned ? ",\"returned\":true" : ",\"returned\":false") }
            ruleTimeAndTouch(touch)
            out.member(",\"type\":", plain: call.rawValue)
        case let .state(control, property, value):
            out.member("\"control\":", id: control, in: scene)
            out.member(",\"property\":", plain: property.rawValue)
            ruleAndTime()
            type("state")
            out.raw(",\"value\":")
            W.writeValue(value, into: &out)
        case let .controlEvent(control, event, touch):
            out.member("\"control\":", id: control, in: scene)
            out.member(",\"event\":", string: event)
            ruleAndTime()
            out.member(",\"touch\":", integer: touch)
            type("controlEvent")
        case let .action(delivery):
            W.writeDelivery(delivery, rule: self.rule, time: time, type: true, into: &out)
        case let .recognizerAction(recognizer, state, action, target):
            W.writeDelivery(
                .recognizerAction(recognizer.id(in: scene), state: state, action: action, target: target), rule: self.rule, time: time, type: true,
                into: &out)
        case let .set(control, property, value, tracking):
            out.member("\"by\":\"code\",\"control\":", id: control, in: scene)
            out.member(",\"property\":", plain: property.rawValue)
            ruleAndTime()
            out.raw(tracking ? ",\"tracking\":true" : ",\"tracking\":false")
            type("set")
            out.raw(",\"value\":")
            if let value { W.writeValue(value, into: &out) } else { out.raw("null") }
        case let .addTarget(control, registration):
            W.writeRegistration(control: control, action: registration.action, events: registration.events, in: scene, into: &out)
            ruleAndTime()
            out.member(",\"target\":", stringOrNull: registration.target)
            type("addTarget")
        case let .removeTarget(control, target, action, events):
            W.writeRegistration(control: control, action: action, events: events, in: scene, into: &out)
            ruleAndTime()
            out.member(",\"target\":", stringOrNull: target)
            type("removeTarget")
        case let .recognizerTouches(touch, phase, recognizers):
            out.member("\"phase\":", plain: phase.rawValue)
            out.raw(",\"recognizers\":")
            ids(recognizers)
            ruleTimeAndTouch(touch)
            type("recognizerTouches")
        case let .gestureRecognizer(recognizer, from, to, reason):
            out.member("\"from\":", plain: from.rawValue)
            out.member(",\"reason\":", string: reason.sentence(in: scene))
            out.member(",\"recognizer\":", string: recognizer.id(in: scene))
            ruleAndTime()
            out.member(",\"to\":", plain: to.rawValue)
            type("gestureRecognizer")
            out.member(",\"view\":", id: recognizer.view, in: scene)
        case let .gestureRecognizerWaits(recognizer, wants, reason, waitingFor):
            out.member("\"reason\":", string: reason.sentence(in: scene))
            out.member(",\"recognizer\":", string: recognizer.id(in: scene))
            ruleAndTime()
            type("gestureRecognizerWaits")
            out.member(",\"view\":", id: recognizer.view, in: scene)
            out.raw(",\"waitingFor\":")
            ids(waitingFor)
            out.member(",\"wants\":", plain: wants.rawValue)
        case let .touchDelayed(touch, phase, view, by):
            out.raw("\"by\":")
            ids(by)
            out.member(",\"phase\":", plain: phase.rawValue)
            ruleTimeAndTouch(touch)
            type("touchDelayed")
            out.member(",\"view\":", id: view, in: scene)
        case let .cancelsTouchesInView(recognizer, touch, view, touchesCancelled, dropped):
            if !dropped.isEmpty {
                out.raw("\"dropped\":[")
                for (i, phase) in dropped.enumerated() {
                    if i > 0 { out.byte(UInt8(ascii: ",")) }
                    out.plainString(phase.rawValue)
                }
                out.raw("],")
            }
            out.member("\"recognizer\":", string: recognizer.id(in: scene))
            ruleTimeAndTouch(touch)
            out.raw(touchesCancelled ? ",\"touchesCancelled\":true" : ",\"touchesCancelled\":false")
            type("cancelsTouchesInView")
            out.member(",\"view\":", id: view, in: scene)
        case .scroll, .drawnOnTop, .needsLayout, .layoutSubviews, .becomeFirstResponder, .resignFirstResponder, .firstResponderKept,
            .cellState, .delegateCall, .noSelection, .popViewController, .selectTab:
            break
        }
        out.byte(UInt8(ascii: "}"))
    }
}
