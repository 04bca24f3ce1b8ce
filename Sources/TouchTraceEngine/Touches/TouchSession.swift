/// Replays touches against a scene and records everything UIKit would do: hit testing at
/// `began` (R2), delivery along the responder chain (R3), control tracking (R4, C1–C9),
/// control events and target-action (T1–T4), multiple touches (M1–M3).
///
/// A value type owning a copy of the scene (programmatic edits change it, so later hit tests see
/// them); no clock but the input's own `t`, no I/O. Every loop is over the input, the responder
/// chain or a registration list; nothing recurses over the view tree.
struct TouchSession {
    var scene: Scene
    /// The window whose coordinates the input uses (nil: the front-most).
    let referenceWindow: Int?
    var controls: [Int: ControlTracking] = [:]
    var targetLists: [Int: TargetActionList] = [:]
    var touches: [TouchRecord] = []
    /// Touches that are down, in the order they began.
    var active: [ActiveTouch] = []
    /// The last touch that ended (M3).
    var lastEnded: (touch: Int, time: Double, point: Point, tapCount: Int)?
    var log: [JSONValue] = []
    var controlEvents: [JSONValue] = []
    var actions: [JSONValue] = []
    /// The time of the event being processed, shown on log entries; nil outside touch input.
    var time: Double?
    /// The scene's gesture recognizers (G1–G6); empty when it has none.
    var gestures: [GestureSlot]
    var gestureSlotsByView: [Int: [Int]]
    /// Touches that recognizers see, by touch id (G1, G2).
    var gestureTouches: [Int: GestureTouch] = [:]

    struct TouchRecord {
        var touch: Int
        var hitView: Int?
        var window: Int?
        var tapCount: Int
        var delivered: Bool
        var ignoredBecause: String?
        /// The recognizer (or scroll view recognizer) that took the touch from its view (G3, S1, S2).
        var takenBy: String?
    }

    struct ActiveTouch {
        var touch: Int
        var view: Int?
        var window: Int?
        var delivered: Bool
        var tapCount: Int
    }

    init(scene: Scene, referenceWindow: Int?) {
        self.scene = scene
        self.referenceWindow = referenceWindow
        (gestures, gestureSlotsByView) = Self.gestureSlots(scene)
    }

    // MARK: - Log

    /// Appends a log entry: `type`, `rule`, `t` (during touch input) and the given fields.
    mutating func record(_ type: String, _ rule: RuleID, _ fields: [(key: String, value: JSONValue)]) {
        var members: [(key: String, value: JSONValue)] = [("type", .string(type)), ("rule", .string(rule.rawValue))]
        if let time { members.append(("t", .number(time))) }
        members += fields
        log.append(.object(members))
    }

    func id(_ view: Int) -> JSONValue { .string(scene.views[view].id) }

    // MARK: - Controls

    /// The control's tracking machine, made from the scene on first use.
    mutating func tracker(_ view: Int) -> ControlTracking {
        if let existing = controls[view] { return existing }
        let node = scene.views[view]
        let control = node.control ?? ControlConfig()
        let (kind, value, on) = ControlKind.from(node.viewClass, control)
        let config = ControlTrackingConfig(
            bounds: node.geometry.bounds, touchArea: node.pointInside, margin: scene.options.controlTrackingMargin,
            beginTracking: control.beginTracking, continueTracking: control.continueTracking, kind: kind)
        let state = ControlState(
            enabled: control.enabled, selected: control.selected, highlighted: control.highlighted, value: value, on: on)
        let machine = ControlTracking(config: config, state: state)
        controls[view] = machine
        return machine
    }

    /// The control's registrations, built from the scene through `add` so that duplicates merge (T1).
    mutating func targetList(_ view: Int) -> TargetActionList {
        if let existing = targetLists[view] { return existing }
        let list = TargetActionList(adding: scene.views[view].control?.targets ?? [])
        targetLists[view] = list
        return list
    }

    /// Final control states (C9): every control of the scene, by id.
    mutating func stateJSON() -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        for index in scene.views.indices where scene.views[index].control != nil {
            let machine = tracker(index)
            let s = machine.state
            var fields: [(key: String, value: JSONValue)] = [
                ("enabled", .bool(s.enabled)), ("selected", .bool(s.selected)), ("highlighted", .bool(s.highlighted)),
                ("tracking", .bool(s.tracking)), ("touchInside", .bool(s.touchInside)),
            ]
            if let property = machine.config.kind.valueProperty {
                if property == .on {
                    fields.append(("on", .bool(s.on ?? false)))
                } else if let value = s.value {
                    fields.append((property.rawValue, .number(value)))
                }
            }
            members.append((scene.views[index].id, .object(fields)))
        }
        return .object(members)
    }

    // MARK: - Control events and target-action

    /// `sendActions(for: event)` from the control (C2–C7, T7): a `controlEvent` entry, then one
    /// `sendAction` per matching registration of a snapshot of the list, in order (T2).
    mutating func send(_ event: ControlEvents, name: String, from control: Int, touch: Int?, rule: RuleID) {
        let touchJSON: JSONValue = touch.map { .number(Double($0)) } ?? .null
        record("controlEvent", rule, [("control", id(control)), ("event", .string(name)), ("touch", touchJSON)])
        controlEvents.append(.obj(["control": id(control), "event": .string(name), "touch": touchJSON]))
        let snapshot = targetList(control).entries(matching: event)
        for registration in snapshot {
            let delivery = scene.sendAction(registration.action, to: registration.target, from: control, event: name)
            guard case let .object(fields) = delivery.json else { continue }
            record("action", delivery.rule, fields.filter { $0.key != "rule" })
            actions.append(delivery.json)
        }
    }
}
