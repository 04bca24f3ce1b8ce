import TouchTraceEngine

/// A view of a scene document being assembled by an importer, with the scene format's fields
/// (docs/scene-format.md). Nil and empty fields are left out of the document, so UIKit's
/// defaults apply.
public struct ViewDraft: Sendable {
    public var id: String
    /// The element's id in the source, for the scene's `origin.ids`.
    public var sourceID: String?
    public var viewClass: ViewClass
    public var customClass: String?
    public var frame: Rect?
    /// A transform about the center (`frame` is then the untransformed frame, rule L1).
    public var transform: Transform2D?
    public var hidden: Bool?
    public var alpha: Double?
    public var userInteractionEnabled: Bool?
    public var clipsToBounds: Bool?
    public var multipleTouchEnabled: Bool?
    public var exclusiveTouch: Bool?
    public var autoresizingMask: AutoresizingMask = []
    public var translatesAutoresizingMaskIntoConstraints = true
    public var intrinsicContentSize: Size?
    public var contentHugging: AxisPriorities?
    public var compressionResistance: AxisPriorities?
    public var layoutMargins: EdgeInsets?
    public var directionalLayoutMargins: DirectionalEdgeInsets?
    public var safeAreaInsets: EdgeInsets?
    /// `alignmentRectInsets` when they differ from the class's (L6).
    public var alignmentRectInsets: EdgeInsets?
    public var semanticContentAttribute: SemanticContentAttribute?
    public var stack: StackDraft?
    public var control: ControlDraft?
    public var scroll: ScrollDraft?
    public var gestureRecognizers: [RecognizerDraft] = []
    public var constraints: [ConstraintDraft] = []
    public var layoutGuides: [GuideDraft] = []
    /// Selectors this view implements (T4).
    public var actions: [String] = []
    /// The view controller whose root view this is (R1).
    public var viewController: ControllerDraft?
    public var text: String?
    public var font: Double?
    /// `selection` of a table or collection view (V1–V4).
    public var selection: ListDraft?
    /// `cell` of a table or collection view cell (V1–V4).
    public var cell: CellDraft?
    /// `bar` of a navigation bar, tab bar or toolbar (B1–B3).
    public var bar: BarDraft?
    /// The view's `accessibilityIdentifier` in the design file.
    public var accessibilityIdentifier: String?
    /// Indices of the subviews in the document's `views`, back to front.
    public var subviews: [Int] = []

    public init(id: String, sourceID: String?, viewClass: ViewClass) {
        self.id = id
        self.sourceID = sourceID
        self.viewClass = viewClass
    }
}

/// A view controller (its root view is the view that carries it).
public struct ControllerDraft: Sendable {
    public var id: String
    public var sourceID: String?
    public var customClass: String?
    public var actions: [String] = []
    /// The id of the controller that presented this one (R1: its next responder).
    public var presentingViewController: String?

    public init(id: String, sourceID: String?, customClass: String?) {
        self.id = id
        self.sourceID = sourceID
        self.customClass = customClass
    }
}

/// A control's state and target-action registrations (T1).
public struct ControlDraft: Sendable {
    public var enabled: Bool?
    public var selected: Bool?
    public var highlighted: Bool?
    public var on: Bool?
    /// `value`, `minimumValue`, `maximumValue`, `stepValue`, `numberOfSegments`, … by name.
    public var values: [String: Double] = [:]
    /// `continuous`, `wraps`, `autorepeat` by name.
    public var flags: [String: Bool] = [:]
    public var targets: [TargetRegistration] = []

    public init() {}
}

/// `UIStackView`'s arrangement (L6).
public struct StackDraft: Sendable, Hashable {
    public var axis: StackConfig.Axis = .horizontal
    public var distribution: StackConfig.Distribution = .fill
    public var alignment: StackConfig.Alignment = .fill
    public var spacing: Double = 0
    public var layoutMarginsRelativeArrangement = false
    /// `isBaselineRelativeArrangement` (written only when set; UIKit ignores it in horizontal stacks).
    public var baselineRelativeArrangement = false
    public init() {}
}

/// A scroll view's touch handling (S1, S2) and, from a runtime dump, where it was scrolled (S3, S4).
public struct ScrollDraft: Sendable {
    public var delaysContentTouches: Bool?
    public var canCancelContentTouches: Bool?
    /// The bounds origin (S3).
    public var contentOffset: Point?
    public var contentSize: Size?
    /// The adjusted content inset (S4).
    public var contentInset: EdgeInsets?
    public init() {}
}

/// A gesture recognizer attached to a view (G1–G6).
public struct RecognizerDraft: Sendable {
    public var id: String
    public var sourceID: String?
    public var kind: GestureRecognizerConfig.Kind
    public var enabled: Bool?
    public var numberOfTapsRequired: Int?
    public var numberOfTouchesRequired: Int?
    public var minimumPressDuration: Double?
    public var cancelsTouchesInView: Bool?
    public var delaysTouchesBegan: Bool?
    public var delaysTouchesEnded: Bool?
    public var targets: [(target: String?, action: String)] = []

    public init(id: String, sourceID: String?, kind: GestureRecognizerConfig.Kind) {
        self.id = id
        self.sourceID = sourceID
        self.kind = kind
    }
}

/// A constraint in the scene format; items are scene ids, layout-guide ids, or
/// `<viewId>#safeArea` / `<viewId>#layoutMargins`.
public struct ConstraintDraft: Sendable, Hashable {
    public var identifier: String?
    public var firstItem: String
    public var firstAttribute: String
    public var relation: ConstraintSpec.Relation = .equal
    public var secondItem: String?
    public var secondAttribute: String?
    public var multiplier: Double = 1
    public var constant: Double = 0
    public var priority: Double = 1000
    /// Where the constraint came from (for a warning if the scene decoder refuses it).
    public var sourceID: String?
    public var position: XMLPosition?

    public init(firstItem: String, firstAttribute: String) {
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
    }
}

/// A custom `UILayoutGuide` owned by a view.
public struct GuideDraft: Sendable, Hashable {
    public var id: String
    public var sourceID: String?
    public init(id: String, sourceID: String?) {
        self.id = id
        self.sourceID = sourceID
    }
}

/// A table or collection view's selection settings and delegate (V1–V4).
public struct ListDraft: Sendable, Hashable {
    public var allowsSelection: Bool?
    public var allowsMultipleSelection: Bool?
    public var delegate: String?
    public init() {}
}

/// A cell's index path (section, row or item) and initial selection (V1–V4).
public struct CellDraft: Sendable, Hashable {
    public var section: Int
    public var item: Int
    public var table: Bool
    public var selected: Bool?
    /// What selecting the cell sends (V5: a segue from the cell), as (target, action).
    public var selectionActions: [SelectionAction] = []
    /// The scene's own value (a target id or nil, and a selector).
    public typealias SelectionAction = CellConfig.SelectionAction
    public init(section: Int, item: Int, table: Bool) {
        self.section = section
        self.item = item
        self.table = table
    }
}

/// A bar's items (B1–B3): a navigation bar's back, left and right items, a tab bar's or a
/// toolbar's items.
public struct BarDraft: Sendable {
    public struct Item: Sendable {
        public var id: String
        public var sourceID: String?
        public var title: String?
        public var enabled: Bool?
        public var target: String?
        public var action: String?
        public var viewController: String?
        public init(id: String, sourceID: String?) {
            self.id = id
            self.sourceID = sourceID
        }
    }

    public var backItem: Item?
    public var leftItems: [Item] = []
    public var rightItems: [Item] = []
    public var items: [Item] = []
    public var selectedIndex: Int?
    public var tabBarController: String?
    public var delegate: String?
    public init() {}
}
