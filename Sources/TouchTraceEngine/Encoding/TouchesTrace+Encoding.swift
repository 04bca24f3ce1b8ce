/// The touches and actions answers as JSON (openapi.yaml; docs/trace-schema.md lists every
/// field): the one writer, straight to bytes from the typed trace, keys in sorted order.
/// `controlEvents` and `actions` are read off the log, so each fact is kept once. Scene ids need
/// no escaping (`A-Z a-z 0-9 _ . : -`); other strings are escaped.
extension TouchesTrace {
    /// `{actions, controlEvents, firstResponder?, log, state, touches, views?}`: the touches answer.
    func writeTouchesResponse(in scene: Scene, into out: inout JSONOutput) {
        out.raw("{\"actions\":")
        writeActions(in: scene, into: &out)
        out.raw(",\"controlEvents\":")
        writeControlEvents(in: scene, into: &out)
        if reportsFirstResponder {
            out.member(",\"firstResponder\":", stringOrNull: firstResponder.map { scene.id(of: $0) })
        }
        out.raw(",\"log\":")
        writeLog(in: scene, into: &out)
        out.raw(",\"state\":")
        writeState(in: scene, into: &out)
        out.raw(",\"touches\":[")
        for (i, record) in touches.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            out.raw(record.delivered ? "{\"delivered\":true,\"hitView\":" : "{\"delivered\":false,\"hitView\":")
            out.id(record.hitView, in: scene)
            if let reason = record.ignoredBecause {
                out.member(",\"ignoredBecause\":", plain: reason.rawValue)
            }
            if let recognizer = record.takenBy {
                out.member(",\"takenBy\":", string: recognizer.id(in: scene))
            }
            out.member(",\"tapCount\":", number: Double(record.tapCount))
            out.member(",\"touch\":", number: Double(record.touch))
            out.member(",\"window\":", id: record.window, in: scene)
            out.byte(UInt8(ascii: "}"))
        }
        out.byte(UInt8(ascii: "]"))
        if !views.isEmpty {
            out.raw(",\"views\":")
            writeViews(in: scene, into: &out)
        }
        out.byte(UInt8(ascii: "}"))
    }

    /// `[…]`: one per `action` entry of the log, with its `rule`.
    func writeActions(in scene: Scene, into out: inout JSONOutput) {
        out.byte(UInt8(ascii: "["))
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
                Self.writeDelivery(.recognizerAction(recognizer.id(in: scene), state: state, action: action, target: target), rule: .G6, into: &out)
                out.byte(UInt8(ascii: "}"))
            default:
                continue
            }
        }
        out.byte(UInt8(ascii: "]"))
    }

    /// `[{control, event, touch}]`: one per `controlEvent` entry of the log.
    func writeControlEvents(in scene: Scene, into out: inout JSONOutput) {
        out.byte(UInt8(ascii: "["))
        var first = true
        for entry in log {
            guard case let .controlEvent(control, event, touch) = entry.kind else { continue }
            if !first { out.byte(UInt8(ascii: ",")) }
            first = false
            Self.write(SentControlEvent(control: control, event: event, touch: touch), in: scene, into: &out)
        }
        out.byte(UInt8(ascii: "]"))
    }

    static func write(_ event: SentControlEvent, in scene: Scene, into out: inout JSONOutput) {
        out.member("{\"control\":", plain: scene.views[event.control].id)
        out.member(",\"event\":", string: event.event)
        out.member(",\"touch\":", integer: event.touch)
        out.byte(UInt8(ascii: "}"))
    }

    /// `[…]`: every entry with `type`, `rule`, `t` (during touch input) and its fields.
    func writeLog(in scene: Scene, into out: inout JSONOutput) {
        out.byte(UInt8(ascii: "["))
        for (i, entry) in log.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            entry.write(in: scene, into: &out)
        }
        out.byte(UInt8(ascii: "]"))
    }

    /// `{id: {currentPage?, enabled, highlighted, on?, selected, selectedSegmentIndex?,
    /// touchInside, tracking, value?}}`: every control by id (C9), with its class's value property.
    func writeState(in scene: Scene, into out: inout JSONOutput) {
        out.object(scene.sortedByID(controls, view: { $0.control }), id: { scene.views[$0.control].id }) { out, snapshot in
            Self.writeState(snapshot, into: &out)
        }
    }

    /// `{id: {contentOffset?, indexPathsForSelectedRows | indexPathsForSelectedItems?,
    /// selectedIndex?}}`: scroll views' offsets (S3), lists' selections (V2, V3), tab bars'
    /// selected index (B2), by id.
    func writeViews(in scene: Scene, into out: inout JSONOutput) {
        out.object(scene.sortedByID(views, view: { $0.view }), id: { scene.views[$0.view].id }) { out, snapshot in
            var first = true
            func key(_ fragment: StaticString) {
                out.byte(UInt8(ascii: first ? "{" : ","))
                first = false
                out.raw(fragment)
            }
            if let offset = snapshot.contentOffset {
                key("\"contentOffset\":")
                out.point(offset)
            }
            if let selected = snapshot.selected {
                let table = scene.views[snapshot.view].viewClass == .UITableView
                key(table ? "\"indexPathsForSelectedRows\":[" : "\"indexPathsForSelectedItems\":[")
                for (j, path) in selected.enumerated() {
                    if j > 0 { out.byte(UInt8(ascii: ",")) }
                    out.indexPath(path, table: table)
                }
                out.byte(UInt8(ascii: "]"))
            }
            if let index = snapshot.selectedIndex {
                key("\"selectedIndex\":")
                out.integer(index)
            }
            if first { out.byte(UInt8(ascii: "{")) }
            out.byte(UInt8(ascii: "}"))
        }
    }

    /// `{enabled, highlighted, on?, selected, <value property>?, touchInside, tracking}` in key order.
    static func writeState(_ snapshot: ControlSnapshot, into out: inout JSONOutput) {
        let s = snapshot.state
        var number: (key: ControlProperty, value: Double)?
        if let property = snapshot.valueProperty, property != .on, let value = s.value { number = (property, value) }
        out.byte(UInt8(ascii: "{"))
        if let number, number.key == .currentPage {
            out.member("\"currentPage\":", number: number.value)
            out.byte(UInt8(ascii: ","))
        }
        out.raw("\"enabled\":")
        out.bool(s.enabled)
        out.raw(",\"highlighted\":")
        out.bool(s.highlighted)
        if snapshot.valueProperty == .on {
            out.raw(",\"on\":")
            out.bool(s.on ?? false)
        }
        out.raw(",\"selected\":")
        out.bool(s.selected)
        if let number, number.key == .selectedSegmentIndex {
            out.member(",\"selectedSegmentIndex\":", number: number.value)
        }
        out.raw(",\"touchInside\":")
        out.bool(s.touchInside)
        out.raw(",\"tracking\":")
        out.bool(s.tracking)
        if let number, number.key != .currentPage, number.key != .selectedSegmentIndex {
            out.byte(UInt8(ascii: ","))
            out.string(number.key.rawValue)
            out.byte(UInt8(ascii: ":"))
            out.number(number.value)
        }
        out.byte(UInt8(ascii: "}"))
    }

    /// An action's members in key order, `rule` included, `type` and `t` when given (a log
    /// entry) between them; no braces. A recognizer's action (G6) is a delivery too
    /// (``ActionDelivery/recognizerAction(_:state:action:target:)``).
    static func writeDelivery(_ d: ActionDelivery, rule: RuleID, time: Double? = nil, type: Bool = false, into out: inout JSONOutput) {
        out.member("\"action\":", string: d.action)
        out.member(",\"event\":", string: d.event)
        if d.resolution == .redirected {
            out.member(",\"registeredAction\":", stringOrNull: d.registeredAction)
            out.member(",\"registeredTarget\":", stringOrNull: d.registeredTarget)
        }
        out.member(",\"resolution\":", plain: d.resolution.rawValue)
        out.member(",\"rule\":", plain: rule.rawValue)
        if let start = d.searchStart {
            out.member(",\"searchStart\":", plain: start.rawValue)
        }
        out.raw(",\"searched\":")
        out.strings(d.searched)
        out.member(",\"sender\":", string: d.sender)
        writeTime(time, into: &out)
        out.member(",\"target\":", stringOrNull: d.target)
        if type { out.raw(",\"type\":\"action\"") }
    }

    /// `,"t":…` when set.
    static func writeTime(_ time: Double?, into out: inout JSONOutput) {
        guard let time else { return }
        out.member(",\"t\":", number: time)
    }

    static func writeValue(_ value: ControlPropertyValue, into out: inout JSONOutput) {
        switch value {
        case let .bool(b): out.bool(b)
        case let .number(n): out.number(n)
        }
    }

    /// `"action":…,"control":…,"events":[…]` (then `rule`, `t`, `target`, `type` follow).
    static func writeRegistration(
        control: Int, action: String?, events: ControlEvents, in scene: Scene, into out: inout JSONOutput
    ) {
        out.member("\"action\":", stringOrNull: action)
        out.member(",\"control\":", plain: scene.views[control].id)
        out.raw(",\"events\":")
        out.strings(events.traceNames)
    }
}

extension TargetRegistration {
    /// `{action, events, target}`, the events by name in bit order.
    func write(into out: inout JSONOutput) {
        out.member("{\"action\":", string: action)
        out.raw(",\"events\":")
        out.strings(events.traceNames)
        out.member(",\"target\":", stringOrNull: target)
        out.byte(UInt8(ascii: "}"))
    }
}

extension JSONOutput {
    /// `{row, section}` in a table, `{item, section}` in a collection.
    mutating func indexPath(_ path: CellIndexPath, table: Bool) {
        raw(table ? "{\"row\":" : "{\"item\":")
        number(Double(path.item))
        raw(",\"section\":")
        number(Double(path.section))
        byte(UInt8(ascii: "}"))
    }
}
