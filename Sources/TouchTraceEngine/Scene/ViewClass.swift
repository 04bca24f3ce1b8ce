/// The UIKit classes a scene can name. Each brings its class defaults (rule H6) and behaviour
/// (controls, scroll views, stack views).
public enum ViewClass: String, CaseIterable, Sendable {
    case UIView, UIWindow, UIControl, UIButton, UILabel, UIImageView, UIScrollView, UIStackView
    case UISwitch, UISlider, UISegmentedControl, UIStepper, UIPageControl, UITextField, UITextView
    case UIDatePicker, UIPickerView, UITableView, UITableViewCell, UICollectionView, UICollectionViewCell
    case UIVisualEffectView, UIActivityIndicatorView, UIProgressView
    case UINavigationBar, UITabBar, UIToolbar, UISearchBar

    /// Whether the class is a `UIControl` subclass (tracking, target-action, rule H7).
    public var isControl: Bool {
        switch self {
        case .UIControl, .UIButton, .UISwitch, .UISlider, .UISegmentedControl, .UIStepper, .UIPageControl,
            .UITextField, .UIDatePicker:
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

    /// The known class names, for the "unknown class" error.
    public static var knownNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
