/// One log entry of the touches trace as JSON (TouchesTrace+Encoding.swift writes the rest of the
/// answer; TouchesTrace.Entry+Classes.swift the entries of scrolling, focus, lists and bars):
/// `type`, `rule`, `t` (when set) and the kind's fields, merged in sorted key order.
extension TouchesTrace.Entry {
    func write(in scene: Scene, into out: inout JSONOutput) {
        typealias W = TouchesTrace
        func id(_ view: Int) { out.plainString(scene.views[view].id) }
        func rule() {
            out.raw("\"rule\":")
            out.plainString(self.rule.rawValue)
        }
        /// `"rule":…[,"t":…]`, then the keys between `t` and `type` are the caller's.
        func ruleAndTime() {
            rule()
            W.writeTime(time, into: &out)
        }
        func type(_ name: StaticString) {
            out.raw(",\"type\":\"")
            out.raw(name)
            out.byte(UInt8(ascii: "\""))
        }
        func touchKey(_ touch: Int) {
            out.raw(",\"touch\":")
            out.number(Double(touch))
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
            out.raw("\"hitView\":")
            out.id(hitView, in: scene)
            out.raw(",\"point\":")
            out.point(point)
            out.byte(UInt8(ascii: ","))
            ruleAndTime()
            out.raw(",\"tapCount\":")
            out.number(Double(tapCount))
            touchKey(touch)
            type("hitTest")
            out.raw(",\"window\":")
            out.id(window, in: scene)
        case let .multiTap(touch, tapCount, previousTouch):
            out.raw("\"previousTouch\":")
            out.number(Double(previousTouch))
            out.byte(UInt8(ascii: ","))
            ruleAndTime()
            out.raw(",\"tapCount\":")
            out.number(Double(tapCount))
            touchKey(touch)
            type("multiTap")
        case let .touchIgnored(touch, view, reason, otherTouch, exclusiveView):
            if let exclusiveView {
                out.raw("\"exclusiveView\":")
                id(exclusiveView)
                out.byte(UInt8(ascii: ","))
            }
            out.raw("\"otherTouch\":")
            out.number(Double(otherTouch))
            out.raw(",\"reason\":")
            out.plainString(reason.rawValue)
            out.byte(UInt8(ascii: ","))
            ruleAndTime()
            touchKey(touch)
            type("touchIgnored")
            out.raw(",\"view\":")
            id(view)
        case let .touches(phase, responder, touch, forwarded, handling, point):
            out.raw(forwarded ? "\"forwarded\":true,\"handling\":" : "\"forwarded\":false,\"handling\":")
            out.plainString(handling.rawValue)
            if handling == .control, phase != .cancelled {
                out.raw(",\"point\":")
                if let point { out.point(point) } else { out.raw("null") }
            }
            out.raw(",\"responder\":")
            out.string(scene.id(of: responder))
            out.byte(UInt8(ascii: ","))
            ruleAndTime()
            touchKey(touch)
            out.raw(",\"type\":")
            out.plainString(phase.method)
        case let .tracking(call, control, touch, returned):
            out.raw("\"control\":")
            id(control)
            if let returned { out.raw(returned ? ",\"returned\":true" : ",\"returned\":false") }
            out.byte(UInt8(ascii: ","))
            ruleAndTime()
            touchKey(touch)
            out.raw(",\"type\":")
            out.plainString(call.rawValue)
        case let .state(control, property, value):
            out.raw("\"control\":")
            id(control)
            out.raw(",\"property\":")
            out.plainString(property.rawValue)
            out.byte(UInt8(ascii: ","))
            ruleAndTime()
            type("state")
            out.raw(",\"value\":")
            W.writeValue(value, into: &out)
        case let .controlEvent(control, event, touch):
            out.raw("\"control\":")
            id(control)
            out.raw(",\"event\":")
            out.string(event)
            out.byte(UInt8(ascii: ","))
            ruleAndTime()
            out.raw(",\"touch\":")
            out.integer(touch)
            type("controlEvent")
        case let .action(delivery):
            W.writeDelivery(delivery, rule: self.rule, time: time, type: true, into: &out)
        case let .recognizerAction(recognizer, state, action, target):
            W.writeDelivery(
                .recognizerAction(recognizer.id(in: scene), state: state, action: action, target: target), rule: self.rule, time: time, type: true,
                into: &out)
        case let .set(control, property, value, tracking):
            out.raw("\"by\":\"code\",\"control\":")
            id(control)
            out.raw(",\"property\":")
            out.plainString(property.rawValue)
            out.byte(UInt8(ascii: ","))
            ruleAndTime()
            out.raw(tracking ? ",\"tracking\":true" : ",\"tracking\":false")
            type("set")
            out.raw(",\"value\":")
            if let value { W.writeValue(value, into: &out) } else { out.raw("null") }
        case let .addTarget(control, registration):
            W.writeRegistration(control: control, action: registration.action, events: registration.events, in: scene, into: &out)
            out.byte(UInt8(ascii: ","))
            ruleAndTime()
            out.raw(",\"target\":")
            out.string(orNull: registration.target)
            type("addTarget")
        case let .removeTarget(control, target, action, events):
            W.writeRegistration(control: control, action: action, events: events, in: scene, into: &out)
            out.byte(UInt8(ascii: ","))
            ruleAndTime()
            out.raw(",\"target\":")
            out.string(orNull: target)
            type("removeTarget")
        case let .recognizerTouches(touch, phase, recognizers):
            out.raw("\"phase\":")
            out.plainString(phase.rawValue)
            out.raw(",\"recognizers\":")
            ids(recognizers)
            out.byte(UInt8(ascii: ","))
            ruleAndTime()
            touchKey(touch)
            type("recognizerTouches")
        case let .gestureRecognizer(recognizer, from, to, reason):
            out.raw("\"from\":")
            out.plainString(from.rawValue)
            out.raw(",\"reason\":")
            out.string(reason.sentence(in: scene))
            out.raw(",\"recognizer\":")
            out.string(recognizer.id(in: scene))
            out.byte(UInt8(ascii: ","))
            ruleAndTime()
            out.raw(",\"to\":")
            out.plainString(to.rawValue)
            type("gestureRecognizer")
            out.raw(",\"view\":")
            id(recognizer.view)
        case let .gestureRecognizerWaits(recognizer, wants, reason, waitingFor):
            out.raw("\"reason\":")
            out.string(reason.sentence(in: scene))
            out.raw(",\"recognizer\":")
            out.string(recognizer.id(in: scene))
            out.byte(UInt8(ascii: ","))
            ruleAndTime()
            type("gestureRecognizerWaits")
            out.raw(",\"view\":")
            id(recognizer.view)
            out.raw(",\"waitingFor\":")
            ids(waitingFor)
            out.raw(",\"wants\":")
            out.plainString(wants.rawValue)
        case let .touchDelayed(touch, phase, view, by):
            out.raw("\"by\":")
            ids(by)
            out.raw(",\"phase\":")
            out.plainString(phase.rawValue)
            out.byte(UInt8(ascii: ","))
            ruleAndTime()
            touchKey(touch)
            type("touchDelayed")
            out.raw(",\"view\":")
            out.id(view, in: scene)
        case let .cancelsTouchesInView(recognizer, touch, view, touchesCancelled, dropped):
            if !dropped.isEmpty {
                out.raw("\"dropped\":[")
                for (i, phase) in dropped.enumerated() {
                    if i > 0 { out.byte(UInt8(ascii: ",")) }
                    out.plainString(phase.rawValue)
                }
                out.raw("],")
            }
            out.raw("\"recognizer\":")
            out.string(recognizer.id(in: scene))
            out.byte(UInt8(ascii: ","))
            ruleAndTime()
            touchKey(touch)
            out.raw(touchesCancelled ? ",\"touchesCancelled\":true" : ",\"touchesCancelled\":false")
            type("cancelsTouchesInView")
            out.raw(",\"view\":")
            id(view)
        case .scroll, .drawnOnTop, .needsLayout, .layoutSubviews, .becomeFirstResponder, .resignFirstResponder, .firstResponderKept,
            .cellState, .delegateCall, .noSelection, .popViewController, .selectTab:
            break
        }
        out.byte(UInt8(ascii: "}"))
    }
}
