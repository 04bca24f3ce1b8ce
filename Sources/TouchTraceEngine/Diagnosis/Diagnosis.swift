/// Why a view does, or does not, get a tap at a point: the answer of the diagnosis stage
/// (``Diagnoser``), made of the hit tester's own answers and, for what happens after hit
/// testing, of a tap replayed by the touch session.
///
/// `causes` lists every reason, in the order UIKit's hit testing meets them (front windows, then
/// from the window down to the view: each level's later siblings before the view on the path,
/// and each view's own checks in `hitTest`'s order, H1, H7, H2/H9), then the view's own
/// subviews and overrides, ancestors that capture, and last what the delivery of a tap shows
/// (a recognizer that cancels the touches, a scroll view that delays them). Each cause names
/// the view responsible and the rule that decides; each comes with a fix.
public struct Diagnosis: Sendable {
    /// The view asked about.
    public var view: Int
    /// The window whose coordinates ``point`` is in (the view's own window); nil when the view
    /// is in no window.
    public var window: Int?
    /// The point, in the coordinates of ``window`` (by default the view's center).
    public var point: Point
    /// Whether a tap at the point reaches the view: no cause that ``Cause/blocks``.
    public var reachable: Bool
    /// What the hit test at the point returns (H1–H10), in the view's window's coordinates.
    public var hitView: Int?
    /// Every reason, in the order hit testing meets them.
    public var causes: [Cause]
    /// What a developer can change, one per cause (in the same order; equal fixes once).
    public var fixes: [Fix]
    /// The frames of the views involved (the view, the hit view, every view a cause names), in
    /// the coordinates of ``window``: the bounding box of each view's bounds, transforms applied.
    public var frames: [(view: Int, frame: Rect)]

    /// One reason the view does not get the tap (or, for ``Kind/scrollViewDelay``, gets it late).
    public struct Cause: Sendable, Hashable {
        /// The kinds of issue 24's why-not operation.
        public enum Kind: String, Sendable, CaseIterable {
            /// The point is outside the bounds of the view named: an ancestor, where the descent
            /// stops (H4), or the view itself (H2).
            case outsideSuperviewBounds
            /// `isUserInteractionEnabled` is false on the view or an ancestor (H1; H6 when it is
            /// the class default of `UILabel` and `UIImageView`).
            case interactionDisabled
            /// The view or an ancestor is hidden (H1).
            case hidden
            /// The view or an ancestor has alpha below 0.01 (H1).
            case transparent
            /// The view or an ancestor is a disabled control (H7).
            case disabledControl
            /// Hit testing answers elsewhere first: a later sibling of the view or of an ancestor
            /// (H3), a window in front (H8), or the view's own subview that takes the touch (R3).
            case coveredBy
            /// The view or an ancestor has zero width or height (H2), or a transform that
            /// squashes it to nothing (H5).
            case zeroSize
            /// A `point(inside:)` or `hitTest` override decides otherwise (H9).
            case hitTestOverride
            /// A recognizer on an ancestor recognizes the tap and cancels the view's touches (G3).
            case gestureRecognizer
            /// A scroll view's `delaysContentTouches` holds `touchesBegan` back (S1): the tap
            /// arrives, late (so a quick tap shows no highlight). Does not block.
            case scrollViewDelay
            /// The view is in no window's tree (H8: only windows are asked).
            case notInWindow
            /// The point is near the bottom edge of the screen, where the system's own gestures
            /// (the Home indicator, Control Center) come first and can hold `touchesBegan` back
            /// (G7): the tap arrives, late. Does not block.
            case systemGestureDelay
            /// The view is inside a subview of a cell itself, and the scene holds no content view
            /// for the cell, which UIKit puts in front of such views (H3): whether it covers the
            /// view cannot be known from the scene. Does not block.
            case contentViewUnknown
            /// A recognizer on an ancestor with `delaysTouchesBegan` (or `delaysTouchesEnded`)
            /// holds the view's calls back until it fails (G2): the tap arrives, late. Does not
            /// block.
            case gestureRecognizerDelay
            /// A running animation on the view or an ancestor switches touches off (H10): a
            /// `UIView.animate` without `.allowUserInteraction`, or a property animator with
            /// `isUserInteractionEnabled = false`.
            case animating
            /// The point is where the view (or an ancestor) is drawn mid-animation, its
            /// presentation layer, not where it is: hit testing uses the model frame, where the
            /// animation ends (H10).
            case animationPresentationElsewhere
            /// A later sibling of the view or of an ancestor (H3), or a later window (H8), answers
            /// the hit test at the point, in a scene whose order of siblings and windows is not
            /// the order of subviews: XCUITest's debugDescription lists elements in accessibility
            /// order. Whether it is in front cannot be known from the scene. Does not block.
            case orderUnknown
        }

        /// How a ``Kind/coveredBy`` view relates to the view asked about.
        public enum Cover: String, Sendable, Hashable {
            /// A later sibling of the view (H3).
            case laterSibling
            /// A later sibling of one of the view's ancestors (H3); ``Cause/via`` is that ancestor.
            case laterSiblingOfAncestor
            /// A window in front (H8).
            case frontWindow
            /// A subview of the view that takes the touch itself (R3).
            case subview
            /// A view controller whose root view is inside the view handles the touch (R1, R3);
            /// ``Cause/view`` is that root view.
            case viewController

            /// Whether it rests on the order of siblings or windows (H3, H8), not on nesting.
            public var isOrder: Bool { self == .laterSibling || self == .laterSiblingOfAncestor || self == .frontWindow }

            /// The rule that decides it.
            public var rule: RuleID {
                switch self {
                case .laterSibling, .laterSiblingOfAncestor: return .H3
                case .frontWindow: return .H8
                case .subview, .viewController: return .R3
                }
            }
        }

        public var kind: Kind
        /// The view responsible: where hit testing decides (the ancestor whose bounds leave the
        /// point out, the covering view, the view a recognizer is attached to, …).
        public var view: Int
        public var rule: RuleID
        /// False only for a cause that delays the tap without taking it away
        /// (``Kind/scrollViewDelay``, ``Kind/systemGestureDelay``,
        /// ``Kind/gestureRecognizerDelay``), or that may block but cannot
        /// be known from the scene (``Kind/contentViewUnknown``, ``Kind/orderUnknown``).
        public var blocks = true
        /// One sentence for people, with the ids and the numbers involved.
        public var detail: String
        /// For ``Kind/coveredBy`` and ``Kind/orderUnknown``: how the covering view relates to
        /// the view.
        public var cover: Cover?
        /// For ``Cover/laterSiblingOfAncestor``: the ancestor whose later sibling it is.
        public var via: Int?
        /// For ``Kind/coveredBy`` and ``Kind/orderUnknown``: what the covering branch's hit
        /// test returned.
        public var answer: Int?
        /// For ``Kind/gestureRecognizer``, ``Kind/scrollViewDelay`` and
        /// ``Kind/gestureRecognizerDelay``: the recognizer.
        public var recognizer: GestureRecognizerRef?
        /// For ``Kind/hitTestOverride``: which override decides (for a redirect, ``answer`` is
        /// where it sends the touch).
        public var override: Override?

        /// The overrides of rule H9.
        public enum Override: String, Sendable, Hashable {
            /// `point(inside:with:)` leaves the point out.
            case pointInside
            /// `hitTest` returns nil where it would return the view itself.
            case passThroughSelf
            /// `hitTest` returns another view where it would return the view itself.
            case redirect
            /// An ancestor's `hitTest` returns the ancestor for every touch inside it.
            case capture
        }
    }

    /// A change a developer can make, in words ("set imageView.isUserInteractionEnabled = true")
    /// and, when one scene change says it, as that change: a `set` of the layout changes
    /// (`{"op": "set", "view": id, "hidden": false}`), which a request's `changes` accepts.
    public struct Fix: Sendable {
        public var kind: Cause.Kind
        /// The view to change.
        public var view: Int
        public var text: String
        /// The property `set` on ``view`` that applies the fix, when one does.
        public var change: ViewProperty?
    }
}
