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
    public static let tapDuration = TouchSample.tapDuration
    public static let tapPeriod = 0.2
}

