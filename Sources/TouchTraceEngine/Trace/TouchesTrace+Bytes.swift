/// The touches response written straight to bytes: the same bytes as
/// `JSONWriter().bytes(touchesResponse(in:))`, without building the `JSONValue` tree (a test
/// checks it on every touches fixture). Keys are written in sorted order per entry kind;
/// scene ids need no escaping (`A-Z a-z 0-9 _ . : -`), other strings are escaped.
extension TouchesTrace {
    public func writeTouchesResponse(in scene: Scene, into out: inout JSONOutput) {
        out.raw("{\"actions\":[")
        var first = true
        for entry in log {
            switch entry.kind {
            case let .action(delivery):
                if !first { out.byte(UInt8(ascii: ",")) }
                first = false
                out.byte(UInt8(ascii: "{"))
                Self.writeDelivery(delivery, rule: delivery.rule, into: &out)
                out.byte(UInt8(ascii: "}"))
            case let .recognizerAction(recognizer, state, action, target):
                if !first { out.byte(UInt8(ascii: ",")) }
                first = false
                out.byte(UInt8(ascii: "{"))
                Self.writeRecognizerAction(recognizer, state, action, target, rule: .G6, in: scene, into: &out)
                out.byte(UInt8(ascii: "}"))
            default:
                continue
            }
        }
        out.raw("],\"controlEvents\":[")
        first = true
        for entry in log {
            guard case let .controlEvent(control, event, touch) = entry.kind else { continue }
            if !first { out.byte(UInt8(ascii: ",")) }
            first = false
            out.raw("{\"control\":")
            out.plainString(scene.views[control].id)
            out.raw(",\"event\":")
            out.string(event)
            out.raw(",\"touch\":")
            Self.writeTouch(touch, into: &out)
            out.byte(UInt8(ascii: "}"))
        }
        out.byte(UInt8(ascii: "]"))
        if reportsFirstResponder {
            out.raw(",\"firstResponder\":")
            if let firstResponder { out.string(scene.id(of: firstResponder)) } else { out.raw("null") }
        }
        out.raw(",\"log\":[")
        for (i, entry) in log.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            entry.writeJSON(in: scene, into: &out)
        }
        out.raw("],\"state\":{")
        let sorted = controls.sorted { scene.views[$0.control].id.utf8.lexicographicallyPrecedes(scene.views[$1.control].id.utf8) }
        for (i, snapshot) in sorted.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.plainString(scene.views[snapshot.control].id)
            out.byte(UInt8(ascii: ":"))
            Self.writeState(snapshot, into: &out)
        }
        out.raw("},\"touches\":[")
        for (i, record) in touches.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.raw(record.delivered ? "{\"delivered\":true,\"hitView\":" : "{\"delivered\":false,\"hitView\":")
            Self.writeID(record.hitView, in: scene, into: &out)
            if let reason = record.ignoredBecause {
                out.raw(",\"ignoredBecause\":")
                out.plainString(reason.rawValue)
            }
            if let recognizer = record.takenBy {
                out.raw(",\"takenBy\":")
                out.string(recognizer.id(in: scene))
            }
            out.raw(",\"tapCount\":")
            out.number(Double(record.tapCount))
            out.raw(",\"touch\":")
            out.number(Double(record.touch))
            out.raw(",\"window\":")
            Self.writeID(record.window, in: scene, into: &out)
            out.byte(UInt8(ascii: "}"))
        }
        out.byte(UInt8(ascii: "]"))
        if !views.isEmpty {
            out.raw(",\"views\":")
            out.bytes.append(contentsOf: JSONWriter().bytes(viewsJSON(in: scene)))
        }
        out.byte(UInt8(ascii: "}"))
    }

    static func writeID(_ view: Int?, in scene: Scene, into out: inout JSONOutput) {
        if let view { out.plainString(scene.views[view].id) } else { out.raw("null") }
    }

    static func writeTouch(_ touch: Int?, into out: inout JSONOutput) {
        if let touch { out.number(Double(touch)) } else { out.raw("null") }
    }

    static func writeBool(_ b: Bool, into out: inout JSONOutput) {
        out.raw(b ? "true" : "false")
    }

    /// `{enabled, highlighted, on?, selected, <value property>?, touchInside, tracking}` in key order.
    static func writeState(_ snapshot: ControlSnapshot, into out: inout JSONOutput) {
        let s = snapshot.state
        var number: (key: ControlProperty, value: Double)?
        if let property = snapshot.valueProperty, property != .on, let value = s.value { number = (property, value) }
        out.byte(UInt8(ascii: "{"))
        if let number, number.key == .currentPage {
            out.raw("\"currentPage\":")
            out.number(number.value)
            out.byte(UInt8(ascii: ","))
        }
        out.raw("\"enabled\":")
        writeBool(s.enabled, into: &out)
        out.raw(",\"highlighted\":")
        writeBool(s.highlighted, into: &out)
        if snapshot.valueProperty == .on {
            out.raw(",\"on\":")
            writeBool(s.on ?? false, into: &out)
        }
        out.raw(",\"selected\":")
        writeBool(s.selected, into: &out)
        if let number, number.key == .selectedSegmentIndex {
            out.raw(",\"selectedSegmentIndex\":")
            out.number(number.value)
        }
        out.raw(",\"touchInside\":")
        writeBool(s.touchInside, into: &out)
        out.raw(",\"tracking\":")
        writeBool(s.tracking, into: &out)
        if let number, number.key != .currentPage, number.key != .selectedSegmentIndex {
            out.byte(UInt8(ascii: ","))
            out.string(number.key.rawValue)
            out.byte(UInt8(ascii: ":"))
            out.number(number.value)
        }
        out.byte(UInt8(ascii: "}"))
    }

    /// An `ActionDelivery`'s members in key order, `rule` included, `type` and `t` when given
    /// (a log entry) between them. No braces.
    static func writeDelivery(_ d: ActionDelivery, rule: RuleID, time: Double? = nil, type: Bool = false, into out: inout JSONOutput) {
        out.raw("\"action\":")
        out.string(d.action)
        out.raw(",\"event\":")
        out.string(d.event)
        if d.resolution == .redirected {
            out.raw(",\"registeredAction\":")
            if let a = d.registeredAction { out.string(a) } else { out.raw("null") }
            out.raw(",\"registeredTarget\":")
            if let t = d.registeredTarget { out.string(t) } else { out.raw("null") }
        }
        out.raw(",\"resolution\":")
        out.plainString(d.resolution.rawValue)
        out.raw(",\"rule\":")
        out.plainString(rule.rawValue)
        if let start = d.searchStart {
            out.raw(",\"searchStart\":")
            out.plainString(start.rawValue)
        }
        out.raw(",\"searched\":[")
        for (i, id) in d.searched.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.string(id)
        }
        out.raw("],\"sender\":")
        out.string(d.sender)
        writeTime(time, into: &out)
        out.raw(",\"target\":")
        if let t = d.target { out.string(t) } else { out.raw("null") }
        if type { out.raw(",\"type\":\"action\"") }
    }

    /// A recognizer's action (G6) in key order; no braces.
    static func writeRecognizerAction(
        _ recognizer: GestureRecognizerRef, _ state: GestureState, _ action: String, _ target: String?, rule: RuleID,
        time: Double? = nil, type: Bool = false, in scene: Scene, into out: inout JSONOutput
    ) {
        out.raw("\"action\":")
        out.string(action)
        out.raw(",\"event\":")
        out.plainString(state.rawValue)
        out.raw(target == nil ? ",\"resolution\":\"unhandled\",\"rule\":" : ",\"resolution\":\"explicit\",\"rule\":")
        out.plainString(rule.rawValue)
        out.raw(",\"searched\":[],\"sender\":")
        out.string(recognizer.id(in: scene))
        writeTime(time, into: &out)
        out.raw(",\"target\":")
        if let target { out.string(target) } else { out.raw("null") }
        if type { out.raw(",\"type\":\"action\"") }
    }

    /// `,"t":…` when set.
    static func writeTime(_ time: Double?, into out: inout JSONOutput) {
        guard let time else { return }
        out.raw(",\"t\":")
        out.number(time)
    }
}

extension TouchesTrace {
    static func writeValue(_ value: ControlPropertyValue, into out: inout JSONOutput) {
        switch value {
        case let .bool(b): writeBool(b, into: &out)
        case let .number(n): out.number(n)
        }
    }

    /// `"action":…,"control":…,"events":[…]` (then `rule`, `t`, `target`, `type` follow).
    static func writeRegistration(
        control: Int, target: String?, action: String?, events: ControlEvents, in scene: Scene, into out: inout JSONOutput
    ) {
        out.raw("\"action\":")
        if let action { out.string(action) } else { out.raw("null") }
        out.raw(",\"control\":")
        out.plainString(scene.views[control].id)
        out.raw(",\"events\":[")
        for (i, name) in events.traceNames.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.string(name)
        }
        out.byte(UInt8(ascii: "]"))
    }
}
