/// Where one `sendAction(_:to:for:)` call ended up (rules T2–T4).
public struct ActionDelivery: Sendable, Hashable {
    /// How the target was found.
    public enum Resolution: String, Sendable, CaseIterable {
        /// The registration named a target (T2).
        case explicit
        /// A nil target, resolved by asking the responder chain (T4).
        case responderChain
        /// The control overrides `sendAction(_:to:for:)` and sent the action elsewhere (T3).
        case redirected
        /// A nil target, and no responder in the chain implements the action (T4).
        case unhandled
    }

    /// Where a nil-target search started (T4).
    public enum SearchStart: String, Sendable {
        /// The scene's first responder.
        case firstResponder
        /// No first responder: the sender itself (observed practice, not documented).
        case sender
    }

    /// The control that sent the action.
    public var sender: String
    /// The event name of the dispatch (`touchUpInside`, or the group name a request gave).
    public var event: String
    /// The selector finally sent.
    public var action: String
    /// The id of the object that receives it; nil when unhandled.
    public var target: String?
    public var resolution: Resolution
    /// For a nil target: the responders asked, in order, the one that answered included.
    public var searched: [String]
    public var searchStart: SearchStart?
    /// For a redirected action (T3): the registration's own target and action.
    public var registeredTarget: String?
    public var registeredAction: String?

    /// The rule that decided the delivery.
    public var rule: RuleID {
        switch resolution {
        case .explicit: return .T2
        case .responderChain, .unhandled: return .T4
        case .redirected: return .T3
        }
    }
}

extension Scene {
    /// Whether a responder implements a selector: it lists it in its `actions` (T4).
    public func canPerform(_ action: String, _ responder: ResponderRef) -> Bool {
        switch responder {
        case let .view(index): return views[index].actions.contains(action)
        case let .viewController(index): return viewControllers[index].actions.contains(action)
        case .application: return application.actions.contains(action)
        case .appDelegate: return application.delegate?.actions.contains(action) ?? false
        }
    }

    /// `UIControl.sendAction(_:to:for:)` for one registration of the control at `sender`
    /// (rules T3, T4):
    /// - a `sendActionOverride` redirects every action to its own target ("self" is the control)
    ///   and selector (T3);
    /// - otherwise `UIApplication.sendAction(_:to:from:for:)` runs: an explicit target receives
    ///   the action; a nil target is resolved by walking the responder chain from the first
    ///   responder, or from the sender when the scene has none, asking each responder whether it
    ///   implements the action (T4).
    public func sendAction(_ action: String, to target: String?, from sender: Int, event: String) -> ActionDelivery {
        let senderID = views[sender].id
        var delivery = ActionDelivery(
            sender: senderID, event: event, action: action, target: target, resolution: .explicit, searched: [])
        if let override = views[sender].control?.sendActionOverride {
            delivery.registeredTarget = target
            delivery.registeredAction = action
            delivery.action = override.action
            delivery.target = override.target == "self" ? senderID : override.target
            delivery.resolution = .redirected
            return delivery
        }
        guard target == nil else { return delivery }
        let start: ResponderRef
        if let first = firstResponder {
            start = first
            delivery.searchStart = .firstResponder
        } else {
            start = .view(sender)
            delivery.searchStart = .sender
        }
        var candidate: ResponderRef? = start
        while let responder = candidate {
            delivery.searched.append(id(of: responder))
            if canPerform(action, responder) {
                delivery.target = id(of: responder)
                delivery.resolution = .responderChain
                return delivery
            }
            candidate = nextResponder(of: responder)
        }
        delivery.resolution = .unhandled
        return delivery
    }
}
