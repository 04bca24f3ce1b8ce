/// A target-action registration (rule T1): a nil target means "the responder chain".
public struct TargetRegistration: Sendable, Hashable {
    /// The target's id, or nil for the responder chain.
    public var target: String?
    public var action: String
    public var events: ControlEvents

    public init(target: String?, action: String, events: ControlEvents) {
        self.target = target
        self.action = action
        self.events = events
    }
}

/// A control subclass overriding `sendAction(_:to:for:)` (rule T3).
public struct SendActionOverride: Sendable, Hashable {
    /// "self" or an id.
    public var target: String
    public var action: String
}

/// The `control` object of a scene view. Fields used by later rules are stored as given.
public struct ControlConfig: Sendable {
    public var enabled = true
    public var selected = false
    public var highlighted = false
    public var targets: [TargetRegistration] = []
    public var beginTracking = true
    public var continueTracking = true
    public var sendActionOverride: SendActionOverride?
    /// UISwitch.
    public var on: Bool?
    /// UISlider, UIStepper, UISegmentedControl (`selectedSegmentIndex`), UIPageControl
    /// (`currentPage`): numeric values by name.
    public var values: [String: Double] = [:]
    /// UISlider `continuous` (C7), UIStepper `wraps`/`autorepeat`: flags by name.
    public var flags: [String: Bool] = [:]

    /// The most segments (`numberOfSegments`) or pages (`numberOfPages`) a control may have. UIKit
    /// sets no limit (the properties are `Int`); this one keeps every count far inside `Int`'s
    /// range, so arithmetic on it cannot overflow.
    public static let maxItemCount = 1_000_000

    public init() {}
}

/// A gesture recognizer as the scene declares it (rules G1–G6; stored for later issues).
public struct GestureRecognizerConfig: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case tap, doubleTap, longPress, pan, swipe
    }
    public var id: String
    public var kind: Kind
    public var enabled = true
    public var numberOfTapsRequired: Int
    public var numberOfTouchesRequired = 1
    public var minimumPressDuration = 0.5
    public var cancelsTouchesInView = true
    public var delaysTouchesBegan = false
    public var delaysTouchesEnded = true
    public var requireToFail: [String] = []
    public var targets: [(target: String?, action: String)] = []
    /// A swipe's `direction` (G6): default `.right`, UIKit's.
    public var direction: SwipeDirections = .right
}

/// The `scroll` object of a `UIScrollView` (rules S1–S8).
public struct ScrollConfig: Sendable {
    public var contentSize: Size = .zero
    public var delaysContentTouches = true
    public var canCancelContentTouches = true
    /// The rest, rarely given, behind one reference so that scroll views stay small in the arena.
    public var motion: ScrollMotionSettings { get { settings ?? .defaults } set { settings = newValue } }
    var settings: ScrollMotionSettings?
    public init() {}
}

/// How a scroll view moves (rules S4–S7): UIKit's defaults.
public final class ScrollMotionSettings: Sendable {
    /// UIKit's defaults, shared by every scroll view that changes none of them.
    public static let defaults = ScrollMotionSettings()

    /// `contentInset` (no automatic adjustment is modelled: this is `adjustedContentInset`).
    public let contentInset: EdgeInsets
    public let bounces: Bool
    public let alwaysBounceHorizontal: Bool
    public let alwaysBounceVertical: Bool
    /// `isScrollEnabled`: false disables the scroll view's pan recognizer.
    public let scrollEnabled: Bool
    public let pagingEnabled: Bool
    public let directionalLockEnabled: Bool
    /// `decelerationRate` per millisecond: `normal` 0.998, `fast` 0.99.
    public let decelerationRate: Double

    public init(
        contentInset: EdgeInsets = .zero, bounces: Bool = true, alwaysBounceHorizontal: Bool = false, alwaysBounceVertical: Bool = false,
        scrollEnabled: Bool = true, pagingEnabled: Bool = false, directionalLockEnabled: Bool = false,
        decelerationRate: Double = UIKitConstants.decelerationRateNormal
    ) {
        self.contentInset = contentInset
        self.bounces = bounces
        self.alwaysBounceHorizontal = alwaysBounceHorizontal
        self.alwaysBounceVertical = alwaysBounceVertical
        self.scrollEnabled = scrollEnabled
        self.pagingEnabled = pagingEnabled
        self.directionalLockEnabled = directionalLockEnabled
        self.decelerationRate = decelerationRate
    }
}

/// `UIView.AutoresizingMask`, with UIKit's bit values (rule L5).
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

    public static let named: [(name: String, mask: AutoresizingMask)] = [
        ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
        ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
        ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
    ]
}

/// A priority pair per axis (content hugging, compression resistance). A view starts with
/// UIKit's defaults, and a scene or an importer changes the axes its document states.
public struct AxisPriorities: Sendable, Hashable {
    public var horizontal: Double
    public var vertical: Double

    /// UIKit's default content hugging priority on both axes, `UILayoutPriority.defaultLow`
    /// (250), as Apple's Auto Layout Guide gives it for views with an intrinsic size (L6).
    public static let defaultHugging = AxisPriorities(horizontal: 250, vertical: 250)
    /// UIKit's default compression resistance on both axes, `UILayoutPriority.defaultHigh` (750) (L6).
    public static let defaultCompressionResistance = AxisPriorities(horizontal: 750, vertical: 750)
}

/// A constraint as the scene declares it (rule L6; solved by the Auto Layout issue). Items are
/// view ids, layout-guide ids, or `<viewId>#safeArea` / `<viewId>#layoutMargins`.
public struct ConstraintSpec: Sendable, Hashable {
    public enum Relation: String, Sendable {
        case equal = "==", lessThanOrEqual = "<=", greaterThanOrEqual = ">="
    }
    public static let attributes: Set<String> = [
        "left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY",
        "firstBaseline", "lastBaseline", "leftMargin", "rightMargin", "topMargin", "bottomMargin",
        "leadingMargin", "trailingMargin", "centerXWithinMargins", "centerYWithinMargins", "notAnAttribute",
    ]
    public var identifier: String?
    public var firstItem: String
    public var firstAttribute: String
    public var relation: Relation
    public var secondItem: String?
    public var secondAttribute: String
    public var multiplier: Double
    public var constant: Double
    public var priority: Double
    /// The pointer of the constraint in the scene document, for error reports.
    public var pointer: String
    /// `isActive`: an inactive constraint is kept (and validated) but not installed.
    public var active: Bool = true
}

/// A `UILayoutGuide` declared on a view.
public struct LayoutGuideSpec: Sendable, Hashable {
    public var id: String
}

/// `UIStackView` properties.
public struct StackConfig: Sendable, Hashable {
    public enum Axis: String, Sendable, CaseIterable { case horizontal, vertical }
    public enum Distribution: String, Sendable, CaseIterable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }
    public enum Alignment: String, Sendable, CaseIterable {
        case fill, leading, top, firstBaseline, center, trailing, bottom, lastBaseline
    }
    public var axis: Axis = .horizontal
    public var distribution: Distribution = .fill
    public var alignment: Alignment = .fill
    public var spacing: Double = 0
    public var layoutMarginsRelativeArrangement = false
    /// `isBaselineRelativeArrangement`: a vertical stack's spacing runs from the last baseline of
    /// one arranged view to the first baseline of the next (`UISV-spacing`); ignored in
    /// horizontal stacks, as UIKit ignores it.
    public var baselineRelativeArrangement = false
}

/// The layout fields of a view (rules L1–L6). Stored from the scene; used by the layout issues.
public struct LayoutConfig: Sendable {
    public var autoresizingMask: AutoresizingMask = []
    public var translatesAutoresizingMaskIntoConstraints = true
    public var constraints: [ConstraintSpec] = []
    public var layoutGuides: [LayoutGuideSpec] = []
    /// −1 in a dimension means "no intrinsic size" (`UIView.noIntrinsicMetric`).
    public var intrinsicContentSize = Size(width: -1, height: -1)
    public var contentHugging = AxisPriorities.defaultHugging
    public var compressionResistance = AxisPriorities.defaultCompressionResistance
    /// UIKit's default layout margins are 8 on every side. Physical (left, right): they do not
    /// flip in right-to-left layouts.
    public var layoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    /// `directionalLayoutMargins` when the scene gives them instead of `layoutMargins`; they
    /// resolve against the view's own direction (see `Scene.layoutMargins(of:)`).
    public var directionalLayoutMargins: DirectionalEdgeInsets?
    /// `semanticContentAttribute`: with the scene's `layoutDirection`, decides the view's
    /// `effectiveUserInterfaceLayoutDirection` (see `Scene.layoutDirection(of:)`).
    public var semanticContentAttribute: SemanticContentAttribute = .unspecified
    /// `safeAreaInsets` when the scene declares them (all zero included: a view UIKit gives none,
    /// such as a sheet on a canvas that draws none); nil: derived from the superview's (a
    /// window's: none), see `AutoLayout.safeAreaInsets(of:in:frame:)`.
    public var safeAreaInsets: EdgeInsets?
    /// `alignmentRectInsets` when the scene declares them; nil: the class's (L6).
    public var alignmentRectInsets: EdgeInsets?
    public var stack: StackConfig?
    public init() {}
}

/// Named behaviour switches of a scene, with UIKit's values as defaults (see `UIKitConstants`).
public struct SceneOptions: Sendable, Hashable {
    public var controlTrackingMargin = UIKitConstants.controlTrackingMargin
    public var scrollDelay = UIKitConstants.scrollViewTouchDelay
    public var tapSlop = UIKitConstants.tapSlop
    public var multiTapInterval = UIKitConstants.multiTapInterval
    public var multiTapRadius = UIKitConstants.multiTapRadius
    /// The app's `userInterfaceLayoutDirection` (the trait collection's `layoutDirection`).
    public var layoutDirection: LayoutDirection = .leftToRight
    public init() {}
}

/// `UIUserInterfaceLayoutDirection`.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    case leftToRight, rightToLeft
}

/// `UISemanticContentAttribute`: whether a view's content flips in a right-to-left layout.
public enum SemanticContentAttribute: String, Sendable, Hashable, CaseIterable {
    /// Follows the app's layout direction.
    case unspecified
    /// Playback controls (play, rewind): never flip.
    case playback
    /// Directional controls (a D-pad, a text-alignment control): never flip.
    case spatial
    case forceLeftToRight, forceRightToLeft
}

/// `NSDirectionalEdgeInsets`: leading and trailing instead of left and right.
public struct DirectionalEdgeInsets: Sendable, Hashable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}
