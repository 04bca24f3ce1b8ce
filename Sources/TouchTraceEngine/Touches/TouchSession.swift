/// Replays touches against a scene and records everything UIKit would do: hit testing at
/// `began` (R2), delivery along the responder chain (R3), control tracking (R4, C1–C9),
/// control events and target-action (T1–T4), multiple touches (M1–M3). Who gets a touch when
/// recognizers and scroll views take part (G1–G6, S1, S2) is the `GestureArena`'s decision;
/// what scrolling, list selection, text focus and bar items make of it is their handlers'
/// (`ScrollDriver`, `ListSelection`, `TextFocus`, `BarItems`): value types that know no scene and
/// return effects. The session delivers, performs and records.
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
    var scrolling = ScrollDriver()
    var selection = ListSelection()
    var focus = TextFocus()
    var bars = BarItems()
    var layoutMarks = LayoutMarks()
    /// Touches taken by a recognizer while they began, before their record exists (S5).
    var takenAtBegan: [Int: GestureRecognizerRef] = [:]
    /// Each touch's full hit-test trace at began, when the request asked for them (nil: not kept).
    var hitTests: [TouchHitTest]?
    /// The hit view every touch gets instead of hit testing's answer: the diagnosis replays a
    /// tap delivered to the view it is asked about (Diagnosis/Diagnoser+Delivery.swift).
    var givenHitView: Int?

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

    /// Performs a handler's effects in order.
    mutating func perform(_ effects: [SessionEffect]) {
        for effect in effects {
            switch effect {
            case let .record(rule, kind): record(rule, kind)
            case let .setContentOffset(view, offset): setOffset(offset, of: view)
            case let .sendActions(event, name, control, touch, rule): send(event, name: name, from: control, touch: touch, rule: rule)
            case let .becomeFirstResponder(view): scene.firstResponder = .view(view)
            case let .sendSelectionAction(action, target, cell):
                record(.V5, .action(scene.sendAction(action, to: target, from: cell, event: "selection")))
            }
        }
    }

    // MARK: - Layout marks (L2, L3), kept by `LayoutMarks`

    /// S3: the scroll view's bounds origin becomes `offset`; a change marks it for layout (L2).
    /// Decision: only the scroll view is marked, not its superview (docs/uikit-rules.md#s3).
    mutating func setOffset(_ offset: Point, of view: Int) {
        guard scene.views[view].geometry.bounds.origin != offset else { return }
        scene.views[view].geometry.bounds.origin = offset
        perform([layoutMarks.mark(view, .boundsOriginChanged)])
    }

    /// The update cycle after an event (L3).
    mutating func flushLayout() {
        guard !layoutMarks.isEmpty else { return }
        let scene = self.scene
        perform(layoutMarks.flush { scene.depth(of: $0) })
    }

    /// Moves the session's clock to a new event at `t`: the previous event's update cycle runs
    /// first.
    mutating func startEvent(at t: Double) {
        if let current = time, current == t { return }
        flushLayout()
    }
}
