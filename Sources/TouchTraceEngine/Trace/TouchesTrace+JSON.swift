/// The one place the touches trace becomes JSON (openapi.yaml; docs/trace-schema.md lists every
/// field): ids are looked up in the scene, sentences for the arbitration's decisions written,
/// and `controlEvents` and `actions` read off the log.
extension TouchesTrace {
    /// `{touches, log, controlEvents, actions, state}`: the touches response.
    public func touchesResponse(in scene: Scene) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("touches", touchesJSON(in: scene)), ("log", logJSON(in: scene)), ("controlEvents", controlEventsJSON(in: scene)),
            ("actions", actionsJSON(in: scene)), ("state", stateJSON(in: scene)),
        ]
        if !views.isEmpty { members.append(("views", viewsJSON(in: scene))) }
        if reportsFirstResponder { members.append(("firstResponder", firstResponder.map { .string(scene.id(of: $0)) } ?? .null)) }
        return .object(members)
    }

    /// The response's `views`: per scroll view, list and tab bar by id, `contentOffset` (S3),
    /// `indexPathsForSelectedRows` / `indexPathsForSelectedItems` (V2, V3), `selectedIndex` (B2).
    public func viewsJSON(in scene: Scene) -> JSONValue {
        .object(views.map { snapshot in
            var fields: [(key: String, value: JSONValue)] = []
            if let offset = snapshot.contentOffset { fields.append(("contentOffset", offset.json)) }
            if let selected = snapshot.selected {
                let table = scene.views[snapshot.view].viewClass == .UITableView
                fields.append((table ? "indexPathsForSelectedRows" : "indexPathsForSelectedItems", .array(selected.map { $0.json(table: table) })))
            }
            if let index = snapshot.selectedIndex { fields.append(("selectedIndex", index.map { .number(Double($0)) } ?? .null)) }
            return (scene.views[snapshot.view].id, .object(fields))
        })
    }

    /// The response's `touches`: per touch, `touch`, `hitView`, `window`, `tapCount`,
    /// `delivered`, and `ignoredBecause` / `takenBy` when set.
    public func touchesJSON(in scene: Scene) -> JSONValue {
        .array(touches.map { record in
            var fields: [(key: String, value: JSONValue)] = [
                ("touch", .number(Double(record.touch))), ("hitView", scene.idOrNull(record.hitView)),
                ("window", scene.idOrNull(record.window)),
                ("tapCount", .number(Double(record.tapCount))), ("delivered", .bool(record.delivered)),
            ]
            if let reason = record.ignoredBecause { fields.append(("ignoredBecause", .string(reason.rawValue))) }
            if let recognizer = record.takenBy { fields.append(("takenBy", .string(recognizer.id(in: scene)))) }
            return .object(fields)
        })
    }

    /// The response's `log`: every entry with `type`, `rule`, `t` (during touch input) and its fields.
    public func logJSON(in scene: Scene) -> JSONValue {
        .array(log.map { $0.json(in: scene) })
    }

    /// The response's `controlEvents`: `[{control, event, touch}]`, one per `controlEvent` entry.
    public func controlEventsJSON(in scene: Scene) -> JSONValue {
        var events: [JSONValue] = []
        for entry in log {
            guard case let .controlEvent(control, event, touch) = entry.kind else { continue }
            events.append(.object([("control", scene.idJSON(control)), ("event", .string(event)), ("touch", touch.touchJSON)]))
        }
        return .array(events)
    }

    /// The response's `actions`: one per `action` entry, with its `rule`.
    public func actionsJSON(in scene: Scene) -> JSONValue {
        var actions: [JSONValue] = []
        for entry in log {
            switch entry.kind {
            case let .action(delivery):
                actions.append(delivery.json)
            case let .recognizerAction(recognizer, state, action, target):
                var members = Self.recognizerActionMembers(recognizer, state, action, target, in: scene)
                members.append(("rule", .string(RuleID.G6.rawValue)))
                actions.append(.object(members))
            default:
                continue
            }
        }
        return .array(actions)
    }

    /// The response's `state`: every control by id, with `enabled`, `selected`, `highlighted`,
    /// `tracking`, `touchInside`, and its class's value property.
    public func stateJSON(in scene: Scene) -> JSONValue {
        .object(controls.map { snapshot in
            let s = snapshot.state
            var fields: [(key: String, value: JSONValue)] = [
                ("enabled", .bool(s.enabled)), ("selected", .bool(s.selected)), ("highlighted", .bool(s.highlighted)),
                ("tracking", .bool(s.tracking)), ("touchInside", .bool(s.touchInside)),
            ]
            if let property = snapshot.valueProperty {
                if property == .on {
                    fields.append(("on", .bool(s.on ?? false)))
                } else if let value = s.value {
                    fields.append((property.rawValue, .number(value)))
                }
            }
            return (scene.views[snapshot.control].id, .object(fields))
        })
    }

    /// A recognizer's action (G6): it calls its target directly, so there is no responder-chain
    /// search: an explicit target is `explicit`, a nil target `unhandled`.
    static func recognizerActionMembers(
        _ recognizer: GestureRecognizerRef, _ state: GestureState, _ action: String, _ target: String?, in scene: Scene
    ) -> [(key: String, value: JSONValue)] {
        [
            ("sender", .string(recognizer.id(in: scene))), ("event", .string(state.rawValue)), ("action", .string(action)),
            ("target", .string(orNull: target)), ("resolution", .string(target == nil ? "unhandled" : "explicit")),
            ("searched", .array([])),
        ]
    }
}

extension TouchesTrace.Kind {
    /// The entry's `type` in the log.
    public var type: String {
        switch self {
        case .hitTest: return "hitTest"
        case .multiTap: return "multiTap"
        case .touchIgnored: return "touchIgnored"
        case let .touches(phase, _, _, _, _, _): return phase.method
        case let .tracking(call, _, _, _): return call.rawValue
        case .state: return "state"
        case .controlEvent: return "controlEvent"
        case .action, .recognizerAction: return "action"
        case .set: return "set"
        case .addTarget: return "addTarget"
        case .removeTarget: return "removeTarget"
        case .recognizerTouches: return "recognizerTouches"
        case .gestureRecognizer: return "gestureRecognizer"
        case .gestureRecognizerWaits: return "gestureRecognizerWaits"
        case .touchDelayed: return "touchDelayed"
        case .cancelsTouchesInView: return "cancelsTouchesInView"
        case .scroll: return "scroll"
        case .drawnOnTop: return "drawnOnTop"
        case .needsLayout: return "needsLayout"
        case .layoutSubviews: return "layoutSubviews"
        case .becomeFirstResponder: return "becomeFirstResponder"
        case .resignFirstResponder: return "resignFirstResponder"
        case .firstResponderKept: return "firstResponderKept"
        case .cellState: return "cellState"
        case .delegateCall: return "delegate"
        case .noSelection: return "noSelection"
        case .popViewController: return "popViewController"
        case .selectTab: return "selectTab"
        }
    }
}

extension TouchesTrace.Entry {
    /// The log entry: `type`, `rule`, `t` (when set) and the kind's fields.
    public func json(in scene: Scene) -> JSONValue {
        var m: [(key: String, value: JSONValue)] = []
        m.reserveCapacity(11)
        m.append(("type", .string(kind.type)))
        m.append(("rule", .string(rule.rawValue)))
        if let time { m.append(("t", .number(time))) }
        func id(_ view: Int) -> JSONValue { scene.idJSON(view) }
        func touchJSON(_ touch: Int) -> JSONValue { .number(Double(touch)) }
        func ids(_ recognizers: [GestureRecognizerRef]) -> JSONValue { .array(recognizers.map { .string($0.id(in: scene)) }) }
        switch kind {
        case let .hitTest(touch, point, hitView, window, tapCount):
            m += [("touch", touchJSON(touch)), ("point", point.json), ("hitView", scene.idOrNull(hitView)),
                  ("window", scene.idOrNull(window)), ("tapCount", .number(Double(tapCount)))]
        case let .multiTap(touch, tapCount, previousTouch):
            m += [("touch", touchJSON(touch)), ("tapCount", .number(Double(tapCount))), ("previousTouch", touchJSON(previousTouch))]
        case let .touchIgnored(touch, view, reason, otherTouch, exclusiveView):
            m += [("touch", touchJSON(touch)), ("view", id(view)), ("reason", .string(reason.rawValue)), ("otherTouch", touchJSON(otherTouch))]
            if let exclusiveView { m.append(("exclusiveView", id(exclusiveView))) }
        case let .touches(phase, responder, touch, forwarded, handling, point):
            m += [("responder", .string(scene.id(of: responder))), ("touch", touchJSON(touch)), ("forwarded", .bool(forwarded)),
                  ("handling", .string(handling.rawValue))]
            if handling == .control, phase != .cancelled { m.append(("point", point?.json ?? .null)) }
        case let .tracking(_, control, touch, returned):
            m += [("control", id(control)), ("touch", touchJSON(touch))]
            if let returned { m.append(("returned", .bool(returned))) }
        case let .state(control, property, value):
            m += [("control", id(control)), ("property", .string(property.rawValue)), ("value", value.json)]
        case let .controlEvent(control, event, touch):
            m += [("control", id(control)), ("event", .string(event)), ("touch", touch.touchJSON)]
        case let .action(delivery):
            if case let .object(fields) = delivery.json { m += fields.filter { $0.key != "rule" } }
        case let .recognizerAction(recognizer, state, action, target):
            m += TouchesTrace.recognizerActionMembers(recognizer, state, action, target, in: scene)
        case let .set(control, property, value, tracking):
            m += [("control", id(control)), ("property", .string(property.rawValue)), ("value", value?.json ?? .null),
                  ("tracking", .bool(tracking)), ("by", "code")]
        case let .addTarget(control, registration):
            m.append(("control", id(control)))
            if case let .object(fields) = registration.json { m += fields }
        case let .removeTarget(control, target, action, events):
            m += [("control", id(control)), ("target", .string(orNull: target)), ("action", .string(orNull: action)),
                  ("events", .array(events.traceNames.map(JSONValue.string)))]
        case let .recognizerTouches(touch, phase, recognizers):
            m += [("touch", touchJSON(touch)), ("phase", .string(phase.rawValue)), ("recognizers", ids(recognizers))]
        case let .gestureRecognizer(recognizer, from, to, reason):
            m += [("recognizer", .string(recognizer.id(in: scene))), ("view", id(recognizer.view)),
                  ("from", .string(from.rawValue)), ("to", .string(to.rawValue)), ("reason", .string(reason.sentence(in: scene)))]
        case let .gestureRecognizerWaits(recognizer, wants, reason, waitingFor):
            m += [("recognizer", .string(recognizer.id(in: scene))), ("view", id(recognizer.view)),
                  ("wants", .string(wants.rawValue)), ("reason", .string(reason.sentence(in: scene))), ("waitingFor", ids(waitingFor))]
        case let .touchDelayed(touch, phase, view, by):
            m += [("touch", touchJSON(touch)), ("phase", .string(phase.rawValue)), ("view", scene.idOrNull(view)), ("by", ids(by))]
        case let .cancelsTouchesInView(recognizer, touch, view, touchesCancelled, dropped):
            m += [("recognizer", .string(recognizer.id(in: scene))), ("touch", touchJSON(touch)), ("view", id(view)),
                  ("touchesCancelled", .bool(touchesCancelled))]
            if !dropped.isEmpty { m.append(("dropped", .array(dropped.map { .string($0.rawValue) }))) }
        case let .scroll(scrollView, phase, touch, motion):
            m += [("scrollView", id(scrollView)), ("phase", .string(phase.rawValue)), ("touch", touch.touchJSON)]
            m += motion.members
        default:
            m += classMembers(in: scene)
        }
        return .object(m)
    }
}

extension GestureReason {
    /// The reason as the trace's `reason` sentence.
    public func sentence(in scene: Scene) -> String {
        switch self {
        case let .recognizer(reason):
            return reason
        case let .controlWins(control):
            let view = scene.views[control]
            return "\(view.viewClass.rawValue) \"\(view.id)\" wins the touch: gestureRecognizerShouldBegin returned false"
        case let .contentTouchesCannotBeCancelled(content):
            return "canCancelContentTouches is false: \(scene.views[content].id) keeps the touch and the view does not scroll"
        case let .controlKeepsTouch(control):
            return "touchesShouldCancel(in: \(scene.views[control].id)) returned false (a UIControl): it keeps the touch and the view does not scroll"
        case let .requiredRecognized(other):
            return "\(other.id(in: scene)), which it requires to fail, recognized"
        case let .otherRecognized(other):
            return "\(other.id(in: scene)) recognized first; two recognizers cannot both recognize"
        case .scrollBeganWithinDelay:
            return "scrolling began within the delay: the content never sees the touch"
        }
    }
}

extension Scene {
    /// A view's id as a JSON string.
    func idJSON(_ view: Int) -> JSONValue { .string(views[view].id) }

    /// A view's id, or null.
    func idOrNull(_ view: Int?) -> JSONValue { view.map { .string(views[$0].id) } ?? .null }
}

extension Optional where Wrapped == Int {
    /// A touch id as a number, or null.
    var touchJSON: JSONValue { map { .number(Double($0)) } ?? .null }
}
