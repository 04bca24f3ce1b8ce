/// One entry of a request's `changes` list (openapi.yaml): a UIKit call that changes geometry, the
/// view tree or layout state. Changes apply in order; after the last one an update cycle lays
/// out every view that needs it (rules L2, L3).
public struct LayoutChange: Sendable {
    public var op: Op
    /// The JSON pointer of the change in the request (`/changes/3`), for error reports.
    public var pointer: String

    public init(_ op: Op, pointer: String) {
        self.op = op
        self.pointer = pointer
    }

    /// The operations, named as in the request's `op` field.
    public enum Op: Sendable {
        /// `view.frame = frame` (L1): sets `center` and `bounds.size`; missing members keep
        /// their current values.
        case setFrame(view: String, frame: RectPatch)
        /// `view.bounds = bounds`: the center stays; missing members keep their current values.
        case setBounds(view: String, bounds: RectPatch)
        /// `view.center = center`: a move, which never relayouts the view (L2).
        case setCenter(view: String, center: Point)
        /// `view.transform = transform`: about the center; no layout (L2).
        case setTransform(view: String, transform: Transform2D)
        /// Property assignments that do not change geometry (`hidden`, `alpha`, `enabled`, …).
        case set(view: String, properties: [ViewProperty])
        /// `parent.addSubview(view)`, `parent.insertSubview(view, at:)`,
        /// `insertSubview(_:aboveSubview:)` or `insertSubview(_:belowSubview:)` (M4). `to` may be
        /// left out with `above` or `below` (the sibling's superview).
        case addSubview(subview: SubviewSource, to: String?, position: SubviewPosition)
        case removeFromSuperview(view: String)
        case bringSubviewToFront(view: String)
        case sendSubviewToBack(view: String)
        case setNeedsLayout(view: String)
        case layoutIfNeeded(view: String)
        /// `view.sizeToFit()`: the size becomes `sizeThatFits`, the frame's origin stays.
        case sizeToFit(view: String)
        /// `scrollView.contentOffset = offset`, which is the bounds origin (S3).
        case scroll(view: String, contentOffset: Point)
        /// The window's size changes, its frame origin stays (a rotation is a resize).
        case resizeWindow(window: String, size: Size)
        /// `view.addConstraint(c)` / `c.isActive = true` for a new constraint (L6), declared as
        /// in the scene format; `firstItem` defaults to `view`.
        case addConstraint(view: String, constraint: ConstraintSpec)
        /// `constraint.constant = …`, `.priority = …`, `.isActive = …` on a declared constraint (L6).
        case setConstraint(ConstraintReference, constant: Double?, priority: Double?, active: Bool?)
    }

    /// A declared constraint: by its `identifier` (unique in the scene), or by its owning view
    /// and index in that view's `constraints`.
    public enum ConstraintReference: Sendable {
        case identifier(String)
        case index(view: String, index: Int)
    }

    /// Where `addSubview` puts the view among its new siblings (M4).
    public enum SubviewPosition: Sendable, Hashable {
        /// `addSubview(_:)`: in front of every sibling.
        case front
        /// `insertSubview(_:at:)`; an index past the end appends, as UIKit does at run time.
        case index(Int)
        /// `insertSubview(_:aboveSubview:)`: just in front of that sibling.
        case above(String)
        /// `insertSubview(_:belowSubview:)`: just behind that sibling.
        case below(String)
    }

    /// The view `addSubview` adds: an existing one by id (it moves, M4), or a new view object.
    public enum SubviewSource: Sendable {
        case existing(String)
        /// A view object of the scene format, decoded when the change applies.
        case new(JSONValue)
    }

    /// Whether the Auto Layout system of the last layout pass can stay (re-solved incrementally
    /// for a window size or a constant, untouched for changes Auto Layout does not read); every
    /// other change builds it again at the next pass.
    var keepsAutoLayoutSystem: Bool {
        switch op {
        case .resizeWindow, .setNeedsLayout, .layoutIfNeeded: return true
        case let .setConstraint(_, _, priority, active): return priority == nil && active == nil
        case let .set(_, properties): return properties.allSatisfy(\.isIgnoredByAutoLayout)
        default: return false
        }
    }

    /// The name of the operation, as the request spells it.
    public var name: String {
        switch op {
        case .setFrame: return "setFrame"
        case .addConstraint: return "addConstraint"
        case .setConstraint: return "setConstraint"
        case .setBounds: return "setBounds"
        case .setCenter: return "setCenter"
        case .setTransform: return "setTransform"
        case .set: return "set"
        case .addSubview: return "addSubview"
        case .removeFromSuperview: return "removeFromSuperview"
        case .bringSubviewToFront: return "bringSubviewToFront"
        case .sendSubviewToBack: return "sendSubviewToBack"
        case .setNeedsLayout: return "setNeedsLayout"
        case .layoutIfNeeded: return "layoutIfNeeded"
        case .sizeToFit: return "sizeToFit"
        case .scroll: return "scroll"
        case .resizeWindow: return "resizeWindow"
        }
    }
}

/// A rectangle in which any member may be missing; missing members keep the current value.
public struct RectPatch: Sendable, Hashable {
    public var x: Double?
    public var y: Double?
    public var width: Double?
    public var height: Double?

    public init(x: Double? = nil, y: Double? = nil, width: Double? = nil, height: Double? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(_ rect: Rect) {
        self.init(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height)
    }

    /// `current` with the given members replaced.
    public func applied(to current: Rect) -> Rect {
        Rect(
            x: x ?? current.origin.x, y: y ?? current.origin.y,
            width: width ?? current.size.width, height: height ?? current.size.height)
    }
}

/// A property a `set` change assigns. None of them changes geometry, so none marks a view as
/// needing layout (L2); `text`, `font` and `intrinsicContentSize` feed `sizeThatFits` and, later,
/// Auto Layout (L6), as do the content priorities.
public enum ViewProperty: Sendable {
    case hidden(Bool), alpha(Double), userInteractionEnabled(Bool), clipsToBounds(Bool)
    case multipleTouchEnabled(Bool), exclusiveTouch(Bool)
    /// `layer.zPosition`: drawing order only; hit testing ignores it (H3).
    case zPosition(Double)
    /// `UIControl` state (C9).
    case enabled(Bool), selected(Bool), highlighted(Bool)
    /// `UISwitch.isOn`; a programmatic change sends no event (C7).
    case on(Bool)
    case autoresizingMask(AutoresizingMask), translatesAutoresizingMaskIntoConstraints(Bool)
    case intrinsicContentSize(Size)
    /// `setContentHuggingPriority(_:for:)` / `setContentCompressionResistancePriority(_:for:)`:
    /// the axes given change, the others keep their priority.
    case contentHugging(horizontal: Double?, vertical: Double?)
    case compressionResistance(horizontal: Double?, vertical: Double?)
    case text(String?), font(Double)
    case touches(TouchHandling), actions([String]), pointInside(TouchArea)

    /// Properties Auto Layout never reads (state, appearance, touch handling).
    var isIgnoredByAutoLayout: Bool {
        switch self {
        case .alpha, .userInteractionEnabled, .clipsToBounds, .multipleTouchEnabled, .exclusiveTouch, .zPosition, .enabled, .selected,
            .highlighted, .on, .touches, .actions, .pointInside:
            return true
        default:
            return false
        }
    }

    /// The field name in the request.
    public var key: String {
        switch self {
        case .hidden: return "hidden"
        case .alpha: return "alpha"
        case .userInteractionEnabled: return "userInteractionEnabled"
        case .clipsToBounds: return "clipsToBounds"
        case .multipleTouchEnabled: return "multipleTouchEnabled"
        case .exclusiveTouch: return "exclusiveTouch"
        case .zPosition: return "zPosition"
        case .enabled: return "enabled"
        case .selected: return "selected"
        case .highlighted: return "highlighted"
        case .on: return "on"
        case .autoresizingMask: return "autoresizingMask"
        case .translatesAutoresizingMaskIntoConstraints: return "translatesAutoresizingMaskIntoConstraints"
        case .intrinsicContentSize: return "intrinsicContentSize"
        case .contentHugging: return "contentHugging"
        case .compressionResistance: return "compressionResistance"
        case .text: return "text"
        case .font: return "font"
        case .touches: return "touches"
        case .actions: return "actions"
        case .pointInside: return "pointInside"
        }
    }
}
