/// Replays touches against a scene and records everything UIKit would do: hit testing at
/// `began` (R2), delivery along the responder chain (R3), control tracking (R4, C1–C9),
/// control events and target-action (T1–T4), multiple touches (M1–M3). Who gets a touch when
/// recognizers and scroll views take part (G1–G6, S1, S2) is the `GestureArena`'s decision;
/// the session performs it (TouchSession+Arena.swift).
///
/// A value type owning a copy of the scene (programmatic edits change it, so later hit tests see
/// them); no clock but the input's own `t`, no I/O. Every loop is over the input, the responder
/// chain or a registration list; nothing recurses over the view tree. What happened is appended
/// to `trace` as typed entries; the response is written from it by `ResponseEncoder` (Encoding/).
struct TouchSession {
    var scene: Scene
    /// The window whose coordinates the input uses (nil: the front-most).
    let referenceWindow: Int?
    var controls: [Int: ControlTracking] = [:]
    var targetLists: [Int: TargetActionList] = [:]
    /// Touches that are down, in the order they began.
    var active: [ActiveTouch] = []
    /// The last touch that ended (M3).
    var lastEnded: (touch: Int, time: Double, point: Point, tapCount: Int)?
    var trace = TouchesTrace()
    /// The time of the event being processed, shown on log entries; nil outside touch input.
    var time: Double?
    /// The scene's gesture recognizers and scroll views (G1–G6, S1, S2); empty when it has none.
    var arena: GestureArena
    /// The input entry being handled, when it is a touch (scrolls follow its point, S3).
    var currentSample: TouchSample?
    /// Scroll views a touch moved, by view (S3–S7).
    var scrolls: [Int: ScrollMotion] = [:]
    /// Views marked as needing layout in the current event (L2), laid out after it (L3).
    var layoutMarks: [(view: Int, reason: LayoutTrace.Reason, marks: Int)] = []
    /// Cells highlighted by a touch, by touch (V1).
    var highlightedCells: [Int: Int] = [:]
    /// Selected index paths per list view (V2, V3), made from the scene on first use.
    var selections: [Int: [CellIndexPath]] = [:]
    /// A tab bar's selected index (B2), made from the scene on first use.
    var tabSelections: [Int: Int?] = [:]
    /// Touches whose cell received `touchesBegan` (V2).
    var cellsSeen: Set<Int> = []
    /// Touches that focused a text input (F1).
    var focusedBy: Set<Int> = []
    /// Touches taken by a recognizer while they began, before their record exists (S5).
    var takenAtBegan: [Int: GestureRecognizerRef] = [:]
    /// Each touch's full hit-test trace at began, when the request asked for them (nil: not kept).
    var hitTests: [TouchHitTest]?

    struct ActiveTouch {
        var touch: Int
        /// Where the touch began (S7: a directional lock looks at the movement from here).
        var start: Point
        var view: Int?
        var window: Int?
        var delivered: Bool
        var tapCount: Int
    }

    init(scene: Scene, referenceWindow: Int?) {
        self.scene = scene
        self.referenceWindow = referenceWindow
        arena = GestureArena(scene: scene)
    }

    /// Appends a log entry at the current time.
    mutating func record(_ rule: RuleID, _ kind: TouchesTrace.Kind) {
        trace.log.append(TouchesTrace.Entry(time: time, rule: rule, kind: kind))
    }

    // MARK: - Controls

    /// The control's tracking machine, made from the scene on first use.
    mutating func tracker(_ view: Int) -> ControlTracking {
        if let existing = controls[view] { return existing }
        let control = scene.views[view].control ?? ControlConfig()
        let (kind, value, on) = ControlKind.from(scene.views[view].viewClass, control)
        let config = ControlTrackingConfig(
            bounds: scene.views[view].geometry.bounds, touchArea: scene.views[view].pointInside,
            margin: scene.options.controlTrackingMargin,
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

    /// Records the final state of every control of the scene (C9), in scene order.
    mutating func recordControlStates() {
        trace.controls = []
        for index in scene.views.indices where scene.views[index].control != nil {
            let machine = tracker(index)
            trace.controls.append(TouchesTrace.ControlSnapshot(control: index, state: machine.state, valueProperty: machine.config.kind.valueProperty))
        }
    }

    // MARK: - Control events and target-action

    /// `sendActions(for: event)` from the control (C2–C7, T7): a `controlEvent` entry, then one
    /// `sendAction` per matching registration of a snapshot of the list, in order (T2).
    mutating func send(_ event: ControlEvents, name: String, from control: Int, touch: Int?, rule: RuleID) {
        record(rule, .controlEvent(control: control, event: name, touch: touch))
        for registration in targetList(control).entries(matching: event) {
            let delivery = scene.sendAction(registration.action, to: registration.target, from: control, event: name)
            record(delivery.rule, .action(delivery))
        }
        // B1, B2: a bar listens to its item views' touchUpInside.
        if event.contains(.touchUpInside), case let .barItem(bar, item)? = scene.views[control].role {
            barItemTapped(control, bar: bar, item: item, touch: touch)
        }
    }
}

extension ControlEvents {
    /// The name of the first single event in the mask, in bit order (`names.first`, without
    /// building the list).
    var firstName: String {
        Self.named.first { $0.event.rawValue.nonzeroBitCount == 1 && contains($0.event) }?.name ?? ""
    }
}
