/// The UIKit classes a scene can name. Each brings its class defaults (rule H6) and behaviour
/// (controls, scroll views, stack views).
public enum ViewClass: String, CaseIterable, Sendable {
    case UIView, UIWindow, UIControl, UIButton, UILabel, UIImageView, UIScrollView, UIStackView
    case UISwitch, UISlider, UISegmentedControl, UIStepper, UIPageControl, UITextField, UITextView
    case UIDatePicker, UIPickerView, UITableView, UITableViewCell, UICollectionView, UICollectionViewCell
    case UIVisualEffectView, UIActivityIndicatorView, UIProgressView
    case UINavigationBar, UITabBar, UIToolbar, UISearchBar
    /// The control view a bar makes for each of its items (B1–B3): not written in documents
    /// (items are declared in their bar's `bar` object), shown in traces under the item's id.
    case UIBarButtonItem, UITabBarItem

    /// Whether the class is a `UIControl` subclass (tracking, target-action, rule H7).
    public var isControl: Bool {
        switch self {
        case .UIControl, .UIButton, .UISwitch, .UISlider, .UISegmentedControl, .UIStepper, .UIPageControl,
            .UITextField, .UIDatePicker, .UIBarButtonItem, .UITabBarItem:
            return true
        default: return false
        }
    }

    /// Whether the class is a `UIScrollView` (or a subclass).
    public var isScrollView: Bool {
        switch self {
        case .UIScrollView, .UITableView, .UICollectionView, .UITextView: return true
        default: return false
        }
    }

    /// Rule H6: `UILabel` and `UIImageView` start with `userInteractionEnabled == false`;
    /// every other class with true.
    public var defaultUserInteractionEnabled: Bool {
        switch self {
        case .UILabel, .UIImageView: return false
        default: return true
        }
    }

    /// Whether a document may name the class (bar item views are made by their bars).
    public var isDeclarable: Bool { self != .UIBarButtonItem && self != .UITabBarItem }

    /// Whether the class is a bar with items (B1–B3).
    public var isBar: Bool {
        switch self {
        case .UINavigationBar, .UITabBar, .UIToolbar: return true
        default: return false
        }
    }

    /// The known class names, for the "unknown class" error.
    public static var knownNames: String { allCases.filter(\.isDeclarable).map(\.rawValue).joined(separator: ", ") }
}
