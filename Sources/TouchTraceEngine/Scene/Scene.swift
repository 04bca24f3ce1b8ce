/// A validated scene: every view in one flat array (an arena), windows and view controllers
/// referring to views by index. Built by `SceneDecoder`; immutable in use, copy-safe and
/// `Sendable`.
public struct Scene: Sendable {
    public var name: String?
    /// All views, windows included, in depth-first document order.
    public var views: [ViewNode]
    /// Indices of the window views, in document order (back to front within a level, rule H8).
    public var windows: [Int]
    public var viewControllers: [ViewControllerNode]
    public var application: ApplicationNode
    /// The first responder named by the scene (rule T4).
    public var firstResponder: ResponderRef?
    public var options: SceneOptions
    /// Every id of the scene and what it names.
    public var ids: [String: ObjectRef]
    /// Where an imported scene came from (`origin`): format, file, scene id → source id.
    public var origin: SceneOrigin?
    /// Whether the document listed its windows as `windows` (a list) rather than `window`, so
    /// that problems found later can name views by their JSON pointer (`ViewPointers`).
    public var listsWindows = false
    /// Whether the scene's initial layout cycle has run on it (``laidOut(limits:)``, `applying(_:)`):
    /// constraints and stack views have set their frames.
    public internal(set) var initialLayoutDone = false
    /// Whether some view sets a `layer.zPosition` other than 0: only then does a hit test look
    /// for views drawn on top of the hit view (H3, `HitTester.drawnOnTop`).
    public internal(set) var usesZPosition = false

    public init(
        name: String?, views: [ViewNode], windows: [Int], viewControllers: [ViewControllerNode],
        application: ApplicationNode, firstResponder: ResponderRef?, options: SceneOptions, ids: [String: ObjectRef]
    ) {
        self.name = name
        self.views = views
        self.windows = windows
        self.viewControllers = viewControllers
        self.application = application
        self.firstResponder = firstResponder
        self.options = options
        self.ids = ids
    }

    /// The index of the view with this id.
    public func viewIndex(_ id: String) -> Int? {
        if case let .view(index)? = ids[id] { return index }
        return nil
    }
}

/// What an id names.
public enum ObjectRef: Sendable, Hashable {
    case view(Int)
    case viewController(Int)
    case gestureRecognizer(view: Int, index: Int)
    case application
    case appDelegate
    case layoutGuide(view: Int, index: Int)
}

/// A responder (rule R1): views, view controllers, the application and its delegate.
public enum ResponderRef: Sendable, Hashable {
    case view(Int)
    case viewController(Int)
    case application
    case appDelegate
}

/// A view of the arena.
public struct ViewNode: Sendable {
    public var id: String
    public var viewClass: ViewClass
    public var customClass: String?
    /// The superview's index; nil for windows.
    public var parent: Int?
    /// Subview indices, back to front.
    public var subviews: [Int]
    public var geometry: ViewGeometry
    /// Whether the scene gave the view's geometry (a frame, or center and bounds).
    public var geometryGiven: Bool
    public var level: Double
    /// `hidden` (bit 0) and ``touchesOff`` (bit 1) in one byte: the node is copied whole where
    /// the layout pass copies the views array, and a byte of its own for the flag cost every
    /// copy two instructions (issue 27, branch perf28).
    private var touchFlags: UInt8
    public var alpha: Double { didSet { updateTouchesOff() } }
    public var userInteractionEnabled: Bool { didSet { updateTouchesOff() } }
    public var clipsToBounds: Bool
    public var multipleTouchEnabled: Bool
    public var exclusiveTouch: Bool
    /// `layer.zPosition`: the drawing order among siblings (higher in front); hit testing
    /// ignores it and follows `subviews` (H3).
    public var zPosition: Double
    public var pointInside: TouchArea
    public var hitTest: HitTestOverride
    public var touches: TouchHandling
    public var actions: [String]
    /// The view controller whose root view this is (rule R1).
    public var viewController: Int?
    public var control: ControlConfig?
    /// What a list, cell, text view, bar or bar item adds (V1–V4, F1, B1–B3); nil for other views.
    public var role: ClassRole?
    public var gestureRecognizers: [GestureRecognizerConfig]
    public var scroll: ScrollConfig?
    public var layout: LayoutConfig
    /// The text of a `UILabel`, or the title of a `UIButton` (scene field `text`); used to
    /// estimate the intrinsic content size when the scene gives none (see `TextMetrics`).
    public var text: String?
    /// The point size of the text's font (scene field `font`, default 17, UIKit's body size).
    public var fontSize: Double
    /// `accessibilityIdentifier` (scene field of the same name), as UI tests find the view by;
    /// importers copy it from the design file. Nothing in UIKit's touch rules reads it.
    public var accessibilityIdentifier: String?
    /// True once a `removeFromSuperview` change took the view out of its superview. A detached
    /// view stays in the arena with its id and its own subviews (so a later `addSubview` can put
    /// it back, as an app holding a reference can), but has no parent, is not a window, and is
    /// not hit-tested, laid out or listed in `frames`.
    public var detached: Bool
    /// The animation running on the view when the scene was taken (scene field `animation`,
    /// H10), or nil.
    public var animation: ViewAnimation? { didSet { updateTouchesOff() } }
}

/// A running animation on a view (H10): how it was started, whether it lets touches through,
/// and where the view is drawn now. The view's own geometry is the model's (where the animation
/// ends), which is what hit testing uses; `presentationFrame` is only for the diagnosis.
public struct ViewAnimation: Sendable, Hashable {
    /// How the animation was started.
    public enum Kind: String, Sendable, CaseIterable {
        /// `UIView.animate(withDuration:…)` (and the keyframe and transition block animations):
        /// "user interactions are temporarily disabled for the views being animated" unless the
        /// options include `.allowUserInteraction`.
        case uiViewAnimate
        /// `UIViewPropertyAnimator`: `isUserInteractionEnabled` defaults to true.
        case propertyAnimator
        /// A `CAAnimation` added to the view's layer (Core Animation alone): touches are not
        /// switched off.
        case coreAnimation
    }

    public var kind: Kind
    /// Whether touches reach the view while it animates: `.allowUserInteraction` in the options
    /// of a block animation (default false), a property animator's `isUserInteractionEnabled`
    /// (default true); always true for Core Animation.
    public var allowsUserInteraction: Bool
    /// Where the view is drawn now (`layer.presentation()`), in its superview's coordinates;
    /// nil when the scene does not say.
    public var presentationFrame: Rect?

    public init(kind: Kind, allowsUserInteraction: Bool? = nil, presentationFrame: Rect? = nil) {
        self.kind = kind
        self.allowsUserInteraction = allowsUserInteraction ?? (kind != .uiViewAnimate)
        self.presentationFrame = presentationFrame
    }
}

extension ViewNode {
    // In an extension, and made by the memberwise initialiser: an initialiser that sets `self`'s
    // properties one by one builds the node in a temporary and copies it out (its strings and
    // arrays retained, then the temporary destroyed), once per decoded view (issue 27).
    public init(id: String, viewClass: ViewClass, parent: Int?) {
        self.init(
            id: id, viewClass: viewClass, customClass: nil, parent: parent, subviews: [],
            geometry: ViewGeometry(center: .zero, bounds: .zero), geometryGiven: false, level: 0,
            touchFlags: viewClass.defaultUserInteractionEnabled ? 0 : 2, alpha: 1,
            userInteractionEnabled: viewClass.defaultUserInteractionEnabled, clipsToBounds: false,
            multipleTouchEnabled: false, exclusiveTouch: false, zPosition: 0, pointInside: .bounds, hitTest: .default,
            touches: .forward, actions: [], viewController: nil, control: viewClass.isControl ? ControlConfig() : nil,
            role: nil, gestureRecognizers: [], scroll: viewClass.isScrollView ? ScrollConfig() : nil, layout: LayoutConfig(),
            text: nil, fontSize: 17, accessibilityIdentifier: nil, detached: false, animation: nil)
    }

    public var hidden: Bool {
        get { touchFlags & 1 != 0 }
        set {
            touchFlags = newValue ? touchFlags | 1 : touchFlags & ~1
            updateTouchesOff()
        }
    }

    /// Whether the hit test skips the view before looking at the point: it is hidden, its
    /// `isUserInteractionEnabled` is false (set, or its class's default), its alpha is below
    /// 0.01 (H1, H6), or a running animation switches its touches off (H10). Kept by the four
    /// properties it is made of, so that the hit test reads one flag per visited view and works
    /// out which of them it is only for a view it rejects (``touchesOffReason``).
    public var touchesOff: Bool { touchFlags & 2 != 0 }

    /// Whether a running animation switches the view's touches off (H10): ``animation`` says so
    /// (a `UIView.animate` without `.allowUserInteraction`, a property animator with
    /// `isUserInteractionEnabled = false`).
    public var animationDisablesInteraction: Bool { animation.map { !$0.allowsUserInteraction } ?? false }

    /// Why the hit test skips a view whose ``touchesOff`` is set, in the order of its checks:
    /// hidden (H1), `isUserInteractionEnabled` false (H6 when the class's default switched it
    /// off, as for UILabel and UIImageView; H1 otherwise), alpha below 0.01 (H1), a running
    /// animation (H10).
    public var touchesOffReason: (reason: HitTestTrace.Rejection, rule: RuleID) {
        if hidden { return (.hidden, .H1) }
        if !userInteractionEnabled { return (.userInteractionDisabled, viewClass.defaultUserInteractionEnabled ? .H1 : .H6) }
        if alpha < UIKitConstants.minimumHittableAlpha { return (.transparent, .H1) }
        return (.animating, .H10)
    }

    private mutating func updateTouchesOff() {
        let off = hidden || !userInteractionEnabled || alpha < UIKitConstants.minimumHittableAlpha || animationDisablesInteraction
        touchFlags = off ? touchFlags | 2 : touchFlags & ~2
    }

    /// The frame in the superview's coordinates (rule L1).
    public var frame: Rect { geometry.frame }
    /// A window: a top-level view (no superview) that was not detached by `removeFromSuperview`.
    public var isWindow: Bool { parent == nil && !detached }
}

/// A view's `point(inside:with:)` (rules H2 and H9), in its bounds coordinates.
public enum TouchArea: Sendable, Hashable {
    /// UIKit's default: the bounds, half-open.
    case bounds
    /// The bounds grown (negative insets) or shrunk (positive insets).
    case insets(EdgeInsets)
    /// A circle about the bounds' middle; radius given, or half the shorter side.
    case circle(radius: Double?)
    case roundedRect(cornerRadius: Double)
    /// A union of rectangles, in bounds coordinates.
    case rects([Rect])
    /// A polygon, in bounds coordinates (even-odd rule).
    case polygon([Point])
    case never
}

/// A view's `hitTest(_:with:)` override (rule H9).
public enum HitTestOverride: Sendable, Hashable {
    case `default`
    /// Returns nil where the default result would be the view itself.
    case passThroughSelf
    /// Returns itself where the default result is itself or a descendant.
    case capture
    /// Returns the view at this index where the default result would be the view itself.
    case redirect(Int)
}

/// What a responder does with `touchesBegan/Moved/Ended/Cancelled` (rule R3).
public enum TouchHandling: String, Sendable, CaseIterable {
    case forward, handle, handleAndForward
}

/// A view controller (rule R1). Its root view is `view`.
public struct ViewControllerNode: Sendable {
    public var id: String
    public var customClass: String?
    public var actions: [String]
    public var touches: TouchHandling
    public var view: Int
    /// The controller that presented this one (`presentingViewController`): its next responder
    /// (R1).
    public var presentingViewController: Int? = nil
}

/// The application and its optional delegate (rule R1).
public struct ApplicationNode: Sendable {
    public var id: String = "application"
    public var actions: [String] = []
    public var delegate: AppDelegateNode?
}

public struct AppDelegateNode: Sendable {
    public var id: String
    public var actions: [String]
}

extension ViewNode {
    /// The list a cell belongs to: a table cell's nearest `UITableView` ancestor, a collection
    /// cell's nearest `UICollectionView` ancestor, or nil (V1). One walk for the decoder, which
    /// attaches cells to their lists, and the touches stage, which selects rows.
    static func list(of cell: Int, in views: [ViewNode]) -> Int? {
        let wanted: ViewClass = views[cell].viewClass == .UITableViewCell ? .UITableView : .UICollectionView
        var current = views[cell].parent
        while let v = current {
            if views[v].viewClass == wanted { return v }
            current = views[v].parent
        }
        return nil
    }
}
