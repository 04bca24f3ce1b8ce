/// The hit-test trace (openapi.yaml, docs/trace-schema.md): the answer to "which view does a touch at
/// this point hit?" (UIKit's `hitTest(_:with:)`, rules H1–H10), with every view visited on the way.
///
/// Compact: views are scene indices, steps are small values; `ResponseEncoder`
/// (Encoding/HitTestTrace+Encoding.swift) names the views when the trace is written.
public struct HitTestTrace: Sendable {
    /// The point asked about, in the coordinates it was given in.
    public var point: Point
    /// The hit view's index, or nil.
    public var hitView: Int?
    /// The window that returned the hit view, or nil.
    public var window: Int?
    /// Windows in the order they were asked (rule H8).
    public var windowOrder: [Int]
    /// Every view visited, in order (empty unless traced).
    public var steps: [Step]
    /// Views drawn over the hit view's branch at the point because of their `layer.zPosition`,
    /// which hit testing ignores (H3); empty when no view of the scene sets a zPosition.
    public var drawnOnTop: [DrawnOnTop] = []

    /// A sibling that Core Animation draws in front of a view on the hit path because its
    /// `layer.zPosition` is higher, although it is behind that view in `subviews`: hit testing
    /// follows subview order (H3), so the view drawn on top does not get the touch.
    public struct DrawnOnTop: Sendable, Hashable {
        /// The view drawn on top (behind `over` in subview order).
        public var view: Int
        /// The view on the hit path it is drawn over (the hit view or one of its ancestors).
        public var over: Int
    }

    /// What happened to a view visited by hit testing.
    public enum Outcome: String, Sendable {
        /// No subview answered, so the view's own `hitTest` default result was the view itself.
        case hit
        /// A subview answered; the view passes that result up.
        case descend
        /// The view returned nil.
        case rejected
    }

    /// Why a view returned nil.
    public enum Rejection: String, Sendable {
        case hidden, userInteractionDisabled, transparent, disabledControl, outside, pointInsideOverride,
            hitTestOverride, nonInvertibleTransform
        /// A running animation switches the view's touches off (H10).
        case animating
    }

    /// One view visited by hit testing, in visiting order. Compact (indices, not strings) so that
    /// tracing costs little.
    public struct Step: Sendable, Hashable {
        public var view: Int32
        /// The point in the view's own coordinates; nil when its transform is not invertible.
        public var point: Point?
        public var outcome: Outcome
        public var reason: Rejection?
        public var rule: RuleID
        /// What the view's `hitTest` returned (after any override): a view index, or −1 for nil.
        public var result: Int32
    }
}
