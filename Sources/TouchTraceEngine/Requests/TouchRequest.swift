/// A touches request (docs/touches.md): a touch sequence to replay against a scene.
///
/// The body is exactly one of
/// - `{"touches": [{"touch": 1, "phase": "began", "x": 40, "y": 720, "t": 0}, …]}`: explicit
///   phases; entries with the same `t` form one event;
/// - `{"tap": {"x", "y"}, "count": n}`: n taps, each a new touch (ids 1…n), began at
///   `0.2 × i` and ended 0.1 s later at the same point, so successive taps count up (M3);
/// - `{"drag": {"from": {x, y}, "to": {x, y}, "steps": 5, "duration": 0.3}}`: touch 1 begins at
///   `from` at t = 0, moves `steps` times in equal steps (move k at `duration × k / (steps + 1)`,
///   at `from + (to − from) × k / steps`), and ends at `to` at t = `duration`;
/// - `{"longPress": {"x", "y"}, "duration": 1}`: touch 1 begins and, `duration` seconds later,
///   ends at the same point,
///
/// plus optional `"window"` (the id of the window whose coordinates the points are in; by
/// default the front-most). An explicit list may also hold programmatic edits between events:
/// `{"t": 0.1, "set": {"view": "slider", "enabled": false, "value": 0.5}}` (C7, C8, C9).
public struct TouchRequest: Sendable {
    public var window: String?
    /// The input in order, shorthands expanded.
    public var steps: [TouchStep]
    /// Layout changes applied (with one layout cycle) before the first touch (openapi.yaml).
    public var changes: [LayoutChange]
    /// Keep each touch's full hit-test trace at began (``TouchesResult/hitTests``), for callers
    /// that explain a touch (`touchtrace check`) without hit-testing the point again. Not part
    /// of the JSON request; off by default (the trace's `hitTest` entries are enough there).
    public var tracesHitTests: Bool

    public init(steps: [TouchStep], window: String? = nil, changes: [LayoutChange] = [], tracesHitTests: Bool = false) {
        self.steps = steps
        self.window = window
        self.changes = changes
        self.tracesHitTests = tracesHitTests
    }

    /// The most entries (after expanding shorthands) one request may hold.
    public static let maxSteps = 10_000
    /// The most taps of one `tap` shorthand.
    public static let maxTapCount = 100
    /// The most moves of one `drag` shorthand.
    public static let maxDragSteps = 1_000
    /// Shorthand defaults (decisions): a drag has 5 moves over 0.3 s; a long press lasts 1 s.
    public static let defaultDragSteps = 5
    public static let defaultDragDuration = 0.3
    public static let defaultLongPressDuration = 1.0
    /// The tap shorthand's rhythm: a tap lasts 0.1 s and taps start 0.2 s apart.
    public static let tapDuration = 0.1
    public static let tapPeriod = 0.2
}

/// A touch's phase, as `UITouch.Phase`.
public enum TouchPhase: String, Sendable, CaseIterable {
    case began, moved, ended, cancelled

    /// The `UIResponder` method that delivers this phase.
    public var method: String {
        switch self {
        case .began: return "touchesBegan"
        case .moved: return "touchesMoved"
        case .ended: return "touchesEnded"
        case .cancelled: return "touchesCancelled"
        }
    }
}

/// One touch at one instant.
public struct TouchSample: Sendable, Hashable {
    /// The touch's id: the same finger for its whole life (R2).
    public var touch: Int
    public var phase: TouchPhase
    /// In the request window's coordinates.
    public var point: Point
    /// Seconds on the input's own clock.
    public var time: Double
    /// The JSON pointer of the entry that produced it, for error reports.
    public var pointer: String

    public init(touch: Int, phase: TouchPhase, point: Point, time: Double, pointer: String = "") {
        self.touch = touch
        self.phase = phase
        self.point = point
        self.time = time
        self.pointer = pointer
    }
}

/// A property set by code between events (C7: no events; C8: disabling does not cancel; C9).
public struct ControlEdit: Sendable, Hashable {
    /// The control's id (checked against the scene when the request runs).
    public var view: String
    public var property: ControlProperty
    public var value: ControlPropertyValue
    public var time: Double
    public var pointer: String

    public init(view: String, property: ControlProperty, value: ControlPropertyValue, time: Double, pointer: String = "") {
        self.view = view
        self.property = property
        self.value = value
        self.time = time
        self.pointer = pointer
    }

    /// The properties an edit may set: flags and the value properties.
    public static let flagProperties: [ControlProperty] = [.enabled, .selected, .on]
    public static let numberProperties: [ControlProperty] = [.value, .selectedSegmentIndex, .currentPage]
}

/// One entry of the input.
public enum TouchStep: Sendable, Hashable {
    case touch(TouchSample)
    case set(ControlEdit)

    public var time: Double {
        switch self {
        case let .touch(sample): return sample.time
        case let .set(edit): return edit.time
        }
    }

    public var pointer: String {
        switch self {
        case let .touch(sample): return sample.pointer
        case let .set(edit): return edit.pointer
        }
    }
}
