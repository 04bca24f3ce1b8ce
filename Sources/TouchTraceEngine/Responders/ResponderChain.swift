extension Scene {
    /// `next` of a responder (rule R1): a view controller's root view → the controller; any
    /// other view → its superview; a presented controller → the controller that presented it;
    /// another controller → its root view's superview; a window → the
    /// application; the application → its delegate when the scene declares one; the delegate →
    /// none. A view removed from the tree (and its controller) has no next responder.
    public func nextResponder(of responder: ResponderRef) -> ResponderRef? {
        switch responder {
        case let .view(index):
            if let controller = views[index].viewController { return .viewController(controller) }
            if let parent = views[index].parent { return .view(parent) }
            // A window's is the application; a view removed from its superview has none (UIKit: nil).
            return views[index].isWindow ? .application : nil
        case let .viewController(index):
            // Apple: "If the view controller was presented by another view controller, the next
            // responder is the presenting view controller."
            if let presenting = viewControllers[index].presentingViewController { return .viewController(presenting) }
            let root = viewControllers[index].view
            if let parent = views[root].parent { return .view(parent) }
            // A controller whose root view is itself a window: its next responder is the
            // application; one whose root view was removed has none.
            return views[root].isWindow ? .application : nil
        case .application:
            return application.delegate == nil ? nil : .appDelegate
        case .appDelegate:
            return nil
        }
    }

    /// The responder chain from `start` to its end (rule R1). Finite: every step moves to a
    /// superview, a controller of the current view, or up to the application.
    public func responderChain(from start: ResponderRef) -> [ResponderRef] {
        var chain: [ResponderRef] = [start]
        var current = start
        while let next = nextResponder(of: current) {
            chain.append(next)
            current = next
        }
        return chain
    }

    /// The id of a responder, as traces show it.
    public func id(of responder: ResponderRef) -> String {
        switch responder {
        case let .view(index): return views[index].id
        case let .viewController(index): return viewControllers[index].id
        case .application: return application.id
        case .appDelegate: return application.delegate?.id ?? "appDelegate"
        }
    }
}
