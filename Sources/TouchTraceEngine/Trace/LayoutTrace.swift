/// The layout trace (openapi.yaml, docs/trace-schema.md): what applying changes did, every
/// `layoutSubviews` call and the full log (rules L2–L6). The initial
/// cycle's part is kept apart so that responses can leave it out (openapi.yaml).
public struct LayoutTrace: Sendable {
    public var initialCalls: [Call] = []
    public var initialLog: [Entry] = []
    public var calls: [Call] = []
    public var log: [Entry] = []
    public init() {}

    /// Why a view needed layout when its `layoutSubviews` ran (rules L2, L3, L5).
    public enum Reason: String, Sendable, CaseIterable {
        /// L3: the scene's initial layout cycle, or a view created by a change (never laid out).
        case initialLayout
        /// L2: `setNeedsLayout()` was called on the view.
        case setNeedsLayout
        /// L2: the view's bounds size changed (`setFrame`, `setBounds`, `resizeWindow`, `sizeToFit`).
        case boundsSizeChanged
        /// L2: the view's bounds origin changed (a scroll: `contentOffset` is the bounds origin).
        case boundsOriginChanged
        /// L5: the view's size changed because its superview's size changed (autoresizing).
        case superviewSizeChanged
        /// L2: a subview's size changed ("a change of size also marks the superview").
        case subviewSizeChanged
        /// L2: a subview was added (`addSubview`, `insertSubview(at:)`, or moved here, M4).
        case subviewAdded
        /// L2: a subview was removed (`removeFromSuperview`, or moved to another superview, M4).
        case subviewRemoved
        /// L2: the subviews were reordered (`bringSubviewToFront`, `sendSubviewToBack`, M4).
        case subviewsReordered
        /// L6: Auto Layout's solution moved or resized a subview (a content size, a priority, an
        /// arranged subview or a constraint's other item changed); UIKit's engine then marks the
        /// superview, whose `layoutSubviews` applies the new frame.
        case constraintsChanged

        /// The rule id (docs/uikit-rules.md) that makes this reason mark a view.
        public var rule: String {
            switch self {
            case .initialLayout: return "L3"
            case .superviewSizeChanged: return "L5"
            case .constraintsChanged: return "L6"
            default: return "L2"
            }
        }
    }

    /// What ran a `layoutSubviews` call (rule L3).
    public enum Pass: String, Sendable {
        /// The scene's initial layout cycle (reported only on request).
        case initial
        /// A `layoutIfNeeded` change, at once.
        case layoutIfNeeded
        /// The update cycle that runs after the last change.
        case updateCycle
    }

    /// One `layoutSubviews` call: the view, the reason that first marked it since its last layout,
    /// and how many times it was marked (several marks before a cycle give one call, L3).
    public struct Call: Sendable, Hashable {
        public var view: Int
        public var reason: Reason
        public var marks: Int
        public var pass: Pass
        /// The index of the change that ran it (`layoutIfNeeded`), or nil for a cycle.
        public var change: Int?
    }

    /// One entry of a layout `log`, in the order things happened.
    public enum Entry: Sendable, Hashable {
        /// A change started applying.
        case change(index: Int, op: String)
        /// A view was marked as needing layout; `coalesced` when it already needed it (L3).
        case needsLayout(view: Int, reason: Reason, coalesced: Bool)
        /// Autoresizing (L5) moved or resized a subview: its untransformed frame before and after.
        case autoresized(view: Int, superview: Int, from: Rect, to: Rect)
        /// `layoutIfNeeded` started at this view: the topmost ancestor that needed layout (L3).
        case layoutIfNeeded(requested: Int, start: Int)
        /// L4: a view controller's callbacks around its root view's `layoutSubviews`.
        case viewWillLayoutSubviews(viewController: Int)
        case layoutSubviews(Call)
        case viewDidLayoutSubviews(viewController: Int)
        /// A change that UIKit accepts but that does nothing (for example removing a window).
        case noEffect(index: Int, why: String)
        /// A change UIKit carries out differently from what it asks for (M4: an index past the
        /// end appends).
        case note(index: Int, rule: RuleID, detail: String)
    }
}
