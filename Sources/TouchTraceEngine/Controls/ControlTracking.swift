/// A `UIControl`'s touch tracking as a state machine (rules C1–C9, R4), in the shape of
/// swift-nio's state machines: each `mutating` method takes one input (a touch phase with the
/// point in the control's bounds coordinates, or a programmatic change) and returns the
/// `ControlTrackingAction`s the caller performs in order: log the touch-method call, call the
/// tracking methods, change state, dispatch control events.
///
/// It knows nothing about scenes: `ControlTrackingConfig` carries everything it needs, so every
/// transition is tested on its own (ControlTrackingTests).
package struct ControlTracking: Sendable, Hashable {
    /// Where the control is in its tracking of a touch.
    public enum Phase: Sendable, Hashable {
        /// No touch.
        case idle
        /// `beginTracking` returned true for this touch (C1); the control consumes it (R4).
        case tracking(touch: Int)
        /// `beginTracking` returned false (C1): later moved/ended calls are forwarded.
        case refused(touch: Int)
        /// `continueTracking` returned false (C3): tracking stopped silently; later calls are forwarded.
        case stopped(touch: Int)
    }

    public var config: ControlTrackingConfig
    public internal(set) var state: ControlState
    public internal(set) var phase: Phase = .idle
    /// Where the tracked touch began (bounds coordinates), for the slider mapping (C7).
    public internal(set) var startPoint: Point?
    /// The value when the tracked touch began (C7: a non-continuous slider compares to it).
    public internal(set) var startValue: Double?

    public init(config: ControlTrackingConfig, state: ControlState) {
        self.config = config
        self.state = state
    }

    /// C5: inside, while tracking, is the bounds grown by the margin on every side, OR the
    /// control's own `point(inside:)` (so an enlarged touch area enlarges tracking too). A point
    /// that cannot be converted (a non-invertible transform) is outside.
    public func isInside(_ p: Point?) -> Bool {
        guard let p else { return false }
        let m = config.margin
        let grown = config.bounds.inset(by: EdgeInsets(top: -m, left: -m, bottom: -m, right: -m))
        return grown.contains(p) || config.touchArea.contains(p, bounds: config.bounds)
    }
}

/// What a control needs to know to track touches, taken from the scene (or built by hand in tests).
package struct ControlTrackingConfig: Sendable, Hashable {
    /// The control's bounds (its own coordinates).
    public var bounds: Rect
    /// Its `point(inside:)` (H2, H9), which also counts as inside while tracking (C5).
    public var touchArea: TouchArea
    /// C5's margin, `options.controlTrackingMargin` (default 70 points).
    public var margin: Double
    /// What the control's `beginTracking(_:with:)` returns (C1).
    public var beginTracking: Bool
    /// What the control's `continueTracking(_:with:)` returns (C3).
    public var continueTracking: Bool
    /// The class's value behaviour and primary action (C6, C7).
    public var kind: ControlKind
}

/// The state a control reports (C9) plus the tracking flags and its value.
public struct ControlState: Sendable, Hashable {
    public var enabled = true
    public var selected = false
    public var highlighted = false
    public var tracking = false
    public var touchInside = false
    /// The numeric value of a value control: `value` (UISlider, UIStepper),
    /// `selectedSegmentIndex` (UISegmentedControl, −1 for none) or `currentPage`
    /// (UIPageControl); nil for other classes. A UISwitch uses `on`.
    public var value: Double?
    /// UISwitch's `isOn`.
    public var on: Bool?
}

/// A control property the machine changes, named as traces show it.
public enum ControlProperty: String, Sendable, CaseIterable {
    case tracking, touchInside, highlighted, enabled, selected, on, value, selectedSegmentIndex, currentPage
}

/// A property's new value.
public enum ControlPropertyValue: Sendable, Hashable {
    case bool(Bool)
    case number(Double)
}

/// The tracking methods of `UIControl` a transition calls.
public enum TrackingCall: String, Sendable, CaseIterable {
    case beginTracking, continueTracking, endTracking, cancelTracking
}

/// One thing the caller must do, in order (the output of a `ControlTracking` transition).
package enum ControlTrackingAction: Sendable, Hashable {
    /// The control's touch method consumed the call: it is not passed to the next responder
    /// (R4; C1 for a touch whose `beginTracking` returned false).
    case consume(RuleID)
    /// The control's touch method passed the call to its next responder (C1, C3).
    case forward(RuleID)
    /// A tracking method was called; `returned` for begin/continue.
    case call(TrackingCall, returned: Bool?, RuleID)
    /// A property changed (only real changes are reported).
    case set(ControlProperty, ControlPropertyValue, RuleID)
    /// `sendActions(for:)` with one event: the caller dispatches it to the targets (T2) before
    /// performing the next action.
    case send(ControlEvents, RuleID)
}
