/// The rule of UIKIT-RULES.md that decided a step.
public enum RuleID: String, Sendable, CaseIterable {
    case H1, H2, H3, H4, H5, H6, H7, H8, H9
    case R1, R2, R3, R4
    case C1, C2, C3, C4, C5, C6, C7, C8, C9
    case T1, T2, T3, T4, T5, T6, T7
    case G1, G2, G3, G4, G5, G6
    case S1, S2, S3
    case M1, M2, M3, M4
    case L1, L2, L3, L4, L5, L6
}

/// What happened to a view visited by hit testing.
public enum HitOutcome: String, Sendable {
    /// No subview answered, so the view's own `hitTest` default result was the view itself.
    case hit
    /// A subview answered; the view passes that result up.
    case descend
    /// The view returned nil.
    case rejected
}

/// Why a view returned nil.
public enum HitRejection: String, Sendable {
    case hidden, userInteractionDisabled, transparent, disabledControl, outside, pointInsideOverride,
        hitTestOverride, nonInvertibleTransform
}

/// One view visited by hit testing, in visiting order. Compact (indices, not strings) so that
/// tracing costs little; `HitTestTrace.json` names the views.
public struct HitTestStep: Sendable, Hashable {
    public var view: Int32
    /// The point in the view's own coordinates; nil when its transform is not invertible.
    public var point: Point?
    public var outcome: HitOutcome
    public var reason: HitRejection?
    public var rule: RuleID
    /// What the view's `hitTest` returned (after any override): a view index, or −1 for nil.
    public var result: Int32
}
