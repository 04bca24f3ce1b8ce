/// What a view of one of UIKit's list, text and bar classes adds to the scene (rules V1–V4, F1,
/// F2, B1–B3). A view has at most one such role, kept behind one reference so that views without
/// one (nearly all) stay small.
public indirect enum ClassRole: Sendable {
    /// A `UITableView` or `UICollectionView`: its selection settings and delegate (V1–V4).
    case list(ListConfig)
    /// A `UITableViewCell` or `UICollectionViewCell`: its index path and the delegate's answers
    /// for it, declared as data (V1–V4).
    case cell(CellConfig)
    /// A `UITextView`: whether it is editable and selectable (F1).
    case textView(TextViewConfig)
    /// A `UINavigationBar`, `UITabBar` or `UIToolbar`: its items (B1–B3).
    case bar(BarConfig)
    /// A bar item's view, made by its bar (B1–B3): `bar` is the bar's index, `item` the item's
    /// index in the bar's `items` (−1 for a navigation bar's back item).
    case barItem(bar: Int, item: Int)
}

/// An index path (`IndexPath`): a section and a row (table) or item (collection).
public struct CellIndexPath: Sendable, Hashable, Comparable {
    public var section: Int
    public var item: Int

    public static func < (a: CellIndexPath, b: CellIndexPath) -> Bool {
        (a.section, a.item) < (b.section, b.item)
    }
}

/// A table or collection view's selection settings (V3, V4) and delegate (V2).
public struct ListConfig: Sendable, Hashable {
    /// `allowsSelection`: false, and no touch selects a row (V4).
    public var allowsSelection = true
    /// `allowsMultipleSelection`: a tap toggles a row instead of moving the selection (V3).
    public var allowsMultipleSelection = false
    /// The id of the `delegate` (a view controller or a view), or nil: no delegate is told (V2).
    public var delegate: String?
    public init() {}
}

/// A cell's index path and what the delegate answers for it (V1–V4).
public struct CellConfig: Sendable, Hashable {
    /// `tableView(_:willSelectRowAt:)`'s answer: the same row (the default), none (nil), or
    /// another index path.
    public enum WillSelect: Sendable, Hashable {
        case same, none, other(CellIndexPath)
    }

    public var indexPath: CellIndexPath
    /// Whether the index path was given; otherwise it is the cell's place among its list's cells.
    public var indexPathGiven: Bool
    /// `isSelected` when the scene loads (`indexPathsForSelectedRows`).
    public var selected = false
    /// `tableView(_:shouldHighlightRowAt:)` / `collectionView(_:shouldHighlightItemAt:)`: false
    /// skips the highlight and the whole selection (V4).
    public var shouldHighlight = true
    /// `tableView(_:willSelectRowAt:)` (tables).
    public var willSelect = WillSelect.same
    /// `collectionView(_:shouldSelectItemAt:)` (collections).
    public var shouldSelect = true
    /// V5: what selecting the cell sends besides the delegate's `didSelect…`: a storyboard
    /// segue from the cell (`performSegue(withIdentifier:sender:)` on its controller), as an
    /// action to a target (nil: the responder chain's, T4).
    public var selectionActions: [SelectionAction] = []

    /// One action a cell's selection sends (V5).
    public struct SelectionAction: Sendable, Hashable {
        public var target: String?
        public var action: String
        public init(target: String?, action: String) {
            self.target = target
            self.action = action
        }
    }

    public init(indexPath: CellIndexPath, indexPathGiven: Bool) {
        self.indexPath = indexPath
        self.indexPathGiven = indexPathGiven
    }
}

/// A `UITextView`'s `isEditable` and `isSelectable` (F1): either makes a tap focus it.
public struct TextViewConfig: Sendable, Hashable {
    public var editable = true
    public var selectable = true
    public init() {}
}

/// A bar's items (B1–B3). Items are not views in UIKit (`UIBarButtonItem`, `UITabBarItem`); the
/// bar shows each in a control view of its own, which the scene makes too, so hit tests and
/// traces name items by their ids.
public struct BarConfig: Sendable, Hashable {
    /// The items left to right (a navigation bar's `leftItems` then `rightItems`; a tab bar's or a
    /// toolbar's `items`).
    public var items: [BarItem] = []
    /// A navigation bar's back item.
    public var backItem: BarItem?
    /// A tab bar: the index of the selected item when the scene loads (`selectedIndex`).
    public var selectedIndex: Int?
    /// A tab bar: the tab bar controller's id (its `selectedIndex` changes, B2).
    public var tabBarController: String?
    /// A tab bar: the tab bar controller's delegate's id, told `tabBarController(_:didSelect:)`.
    public var delegate: String?
    public init() {}
}

/// One bar item (`UIBarButtonItem`, `UITabBarItem`).
public struct BarItem: Sendable, Hashable {
    /// Where a navigation bar item sits.
    public enum Placement: String, Sendable, Hashable {
        case back, left, right, item
    }

    public var id: String
    public var title: String?
    public var enabled = true
    public var placement: Placement
    /// The item's frame in the bar, given or laid out by the bar.
    public var frame: Rect?
    /// `target` and `action` (bar button items): sent like a control's action, nil target
    /// through the responder chain from the first responder (T4).
    public var target: String?
    public var action: String?
    /// A tab item's view controller; a back item's: the controller it pops (B1, B2).
    public var viewController: String?

    public init(id: String, placement: Placement) {
        self.id = id
        self.placement = placement
    }
}
