/// The answer to a touches request (``TouchTrace/touches(_:in:limits:)``): the typed trace and
/// the scene its view indices refer to (as the touches left it: programmatic edits and scrolled
/// offsets included; indices never change during a request).
public struct TouchesResult: Sendable {
    public var scene: Scene
    public var trace: TouchesTrace
    /// Each touch's hit test at `began` (R2) with every view visited, when the request asked for
    /// them (``TouchRequest/tracesHitTests``); empty otherwise. The trace's `hitTest` log entries
    /// say the same in short.
    public var hitTests: [TouchHitTest]

    public init(scene: Scene, trace: TouchesTrace, hitTests: [TouchHitTest] = []) {
        self.scene = scene
        self.trace = trace
        self.hitTests = hitTests
    }

    /// Every action sent, in order: controls' actions (T2–T4) and recognizers' (G6).
    public var actions: [SentAction] { trace.sentActions(in: scene) }
    /// Every control event sent (`sendActions(for:)`), in order.
    public var controlEvents: [SentControlEvent] { trace.sentControlEvents }
}

/// The answer to an actions request (``TouchTrace/actions(_:in:limits:)``): `sendActions(for:)`
/// called from code (T7) after the request's `addTarget` (T1) and `removeTarget` (T6) calls.
public struct ActionsResult: Sendable {
    public var scene: Scene
    /// `log`, `actions`, `controlEvents` (with no touch) and the final control states.
    public var trace: TouchesTrace
    /// The sender's registration list after the changes, in dispatch order.
    public var targets: [TargetRegistration]
    /// `allTargets`: every target of the list once, a nil target (the responder chain) as nil.
    public var allTargets: [String?]

    /// Every action sent, in order (T2–T4).
    public var actions: [SentAction] { trace.sentActions(in: scene) }
    /// Every control event sent, in order.
    public var controlEvents: [SentControlEvent] { trace.sentControlEvents }
}

/// One action a touches or actions request sent, as the response's `actions` lists it: a
/// control's `sendAction(_:to:for:)` (T2–T4), or a gesture recognizer calling its target (G6:
/// the recognizer's id is the sender, the state that fired it the event; it searches nothing).
public struct SentAction: Sendable, Hashable {
    /// Where it went.
    public var delivery: ActionDelivery
    /// The rule that decided it (T2, T3, T4; G6 for a recognizer's action).
    public var rule: RuleID
    /// The recognizer that sent it (G6), or nil for a control's action.
    public var recognizer: GestureRecognizerRef?

    public var sender: String { delivery.sender }
    public var event: String { delivery.event }
    public var action: String { delivery.action }
    /// The id of the object that received it; nil when unhandled.
    public var target: String? { delivery.target }
    public var resolution: ActionDelivery.Resolution { delivery.resolution }
}

/// One control event sent (C2–C7, T7): `sendActions(for:)` with `event`, from a touch or from code.
public struct SentControlEvent: Sendable, Hashable {
    /// The control's view index.
    public var control: Int
    public var event: String
    /// The touch that caused it; nil when code sent it (T7).
    public var touch: Int?
}

extension TouchesTrace {
    /// The actions of the log, in order, as the response's `actions` lists them.
    public func sentActions(in scene: Scene) -> [SentAction] {
        var actions: [SentAction] = []
        for entry in log {
            switch entry.kind {
            case let .action(delivery):
                actions.append(SentAction(delivery: delivery, rule: delivery.rule))
            case let .recognizerAction(recognizer, state, action, target):
                actions.append(SentAction(
                    delivery: ActionDelivery.recognizerAction(recognizer.id(in: scene), state: state, action: action, target: target),
                    rule: .G6, recognizer: recognizer))
            default:
                continue
            }
        }
        return actions
    }

    /// The control events of the log, in order.
    public var sentControlEvents: [SentControlEvent] {
        log.compactMap { entry in
            guard case let .controlEvent(control, event, touch) = entry.kind else { return nil }
            return SentControlEvent(control: control, event: event, touch: touch)
        }
    }
}

extension ActionDelivery {
    /// A gesture recognizer's action (G6) as a delivery: it calls its target directly, so there
    /// is no responder-chain search: an explicit target is `explicit`, a nil target `unhandled`.
    static func recognizerAction(_ sender: String, state: GestureState, action: String, target: String?) -> ActionDelivery {
        ActionDelivery(
            sender: sender, event: state.rawValue, action: action, target: target, resolution: target == nil ? .unhandled : .explicit,
            searched: [], searchStart: nil, registeredTarget: nil, registeredAction: nil)
    }
}
