import TouchTraceEngine

/// What a step expects (`expect:`). Every member is optional; each keeps the JSON pointer of
/// its value so that a failure points at the line that states it and `--update` can rewrite it.
public struct Expectations: Sendable {
    /// The hit view's id; `.some(nil)` expects that nothing is hit (`hitView: null`).
    public var hitView: Expected<String?>?
    /// Views (or view controllers, the window, `application`) that must be in the responder
    /// chain of the hit view, in this order (others may come between).
    public var responderChain: Expected<[String]>?
    /// At least one action sent matches.
    public var action: Expected<ActionMatch>?
    /// The actions sent, exactly, in order (`[]`: none).
    public var actions: Expected<[ActionMatch]>?
    /// These actions are sent in this order; others may come before, between and after.
    public var actionsInclude: Expected<[ActionMatch]>?
    /// The control events sent, exactly, in order: `touchDown`, or `payButton.touchDown` to
    /// name the control too.
    public var controlEvents: Expected<[String]>?
    /// A recognizer's state at the end of the step.
    public var recognizers: [Expected<RecognizerMatch>]
    /// Views' frames (in their superview's coordinates, after the step).
    public var frames: [Expected<FrameMatch>]

    public init() {
        recognizers = []
        frames = []
    }

    public var isEmpty: Bool {
        hitView == nil && responderChain == nil && action == nil && actions == nil && actionsInclude == nil && controlEvents == nil && recognizers.isEmpty
            && frames.isEmpty
    }
}

/// An expected value and where it is in the document.
public struct Expected<Value: Sendable>: Sendable {
    public var value: Value
    public var pointer: String
}

/// An action as the trace records it; members left out match anything.
public struct ActionMatch: Sendable, Hashable {
    public var selector: String?
    /// The target's id; `.some(nil)` expects an unhandled action (no target found).
    public var target: String??
    public var event: String?
    public var sender: String?

    public static let fields = ["selector", "target", "event", "sender"]

    /// Whether an action the step sent matches.
    func matches(_ item: SentAction) -> Bool {
        if let selector, item.action != selector { return false }
        if let target, item.target != target { return false }
        if let event, item.event != event { return false }
        if let sender, item.sender != sender { return false }
        return true
    }

    /// `pay: → checkoutController on touchUpInside (sender payButton)`.
    public var summary: String {
        var s = selector ?? "any action"
        if let target { s += " → " + (target ?? "nothing (unhandled)") }
        if let event { s += " on " + event }
        if let sender { s += " from " + sender }
        return s
    }

    /// The match for an action sent, with the members `like` gives (for `--update`).
    static func from(_ item: SentAction, like pattern: ActionMatch?) -> ActionMatch {
        let full = ActionMatch(selector: item.action, target: .some(item.target), event: item.event, sender: item.sender)
        guard let pattern else { return ActionMatch(selector: full.selector, target: full.target, event: full.event, sender: nil) }
        return ActionMatch(
            selector: pattern.selector == nil ? nil : full.selector, target: pattern.target == nil ? nil : full.target,
            event: pattern.event == nil ? nil : full.event, sender: pattern.sender == nil ? nil : full.sender)
    }
}

/// `recognizer: {id: swipe, state: recognized}`.
public struct RecognizerMatch: Sendable, Hashable {
    public var id: String
    public var state: GestureState
}

/// `frame: {view: payButton, y: 700, height: 50, tolerance: 0.5}`: the members given are compared.
public struct FrameMatch: Sendable, Hashable {
    public var view: String
    public var x: Double?
    public var y: Double?
    public var width: Double?
    public var height: Double?
    public var tolerance: Double

    /// 0.01 pt, the regions' tolerance: `--update` writes frames rounded to it.
    public static let defaultTolerance = 0.01
    public static let members = ["x", "y", "width", "height"]

    func value(_ member: String) -> Double? {
        switch member {
        case "x": return x
        case "y": return y
        case "width": return width
        default: return height
        }
    }
}
