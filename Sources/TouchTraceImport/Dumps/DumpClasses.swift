import TouchTraceEngine

/// Which modelled UIKit class a dumped view is.
///
/// In order: a class TouchTrace models is itself; a UIKit class it does not model (public or
/// private) is the class its documented or runtime superclass chain reaches (`UIButtonLabel` is a
/// `UILabel`, `_UIButtonBarButton` a `UIControl`, `UITableViewWrapperView` a `UIScrollView`);
/// a class `recursiveDescription` printed a `baseClass =` for is that base class. UIKit's
/// description prints `baseClass =` for every class from outside UIKit whose nearest UIKit
/// superclass is not `UIView` (searching public text finds `baseClass = UIButton`,
/// `UITableViewCell`, `UIWindow`, `UIControl`, `UIScrollView`, `UICollectionView`, never
/// `baseClass = UIView`; React Native's `RCTView`, a `UIView` subclass, prints none), so a
/// recursiveDescription class from outside UIKit with no `baseClass` is a `UIView` subclass.
/// What is left — a private UIKit class not in the table, any class of a format that prints no
/// superclass (Sentry's `type`), an XCUITest element type — is the UIKit class its name ends
/// with (`PayButton` → `UIButton`), else `UIView`, and the import says it guessed.
enum DumpClasses {
    struct Resolution: Sendable, Equatable {
        var viewClass: ViewClass
        /// The dumped class when it is not the modelled class itself.
        var customClass: String?
        /// Why the class is a guess (for a `classGuessed` warning); nil when the dump says it.
        var guess: String?
        /// A `UIStackView` (or a subclass) imported as a plain view.
        var stackView = false
    }

    /// How the view's position narrows a name: a `…Cell` inside a collection view is a
    /// collection view cell.
    struct Context: Sendable {
        var insideCollectionView = false
        var isRoot = false
        /// Another platform's classes (Sentry from Android): their names read by that platform's words.
        var foreignPlatform = false
    }

    static func resolve(_ node: DumpNode, format: ImportFormat, context: Context) -> Resolution {
        if let type = node.elementType { return elementType(type, context: context) }
        let printed = node.className
        let name = shortName(printed)
        if name == "UIStackView" || node.baseClass.map(shortName) == "UIStackView" || stackSubclasses.contains(name) {
            return Resolution(viewClass: .UIView, customClass: printed, guess: nil, stackView: true)
        }
        if let known = modelled(name) { return Resolution(viewClass: known, customClass: customName(printed, known), guess: nil) }
        if let known = uikit[name] { return Resolution(viewClass: known, customClass: printed, guess: nil) }
        if let base = node.baseClass.map(shortName), base != name {
            if let known = modelled(base) ?? uikit[base] { return Resolution(viewClass: known, customClass: printed, guess: nil) }
            let guessed = byName(base, context: context)
            return Resolution(
                viewClass: guessed, customClass: printed,
                guess: "its baseClass \(base) is not a UIKit class TouchTrace knows: imported as \(guessed.rawValue), "
                    + (guessed == .UIView ? "its name suggests no other UIKit class" : "the class its name suggests"))
        }
        if format == .recursiveDescription, !isUIKitName(name) {
            // UIKit would have printed a baseClass for a subclass of anything but UIView.
            return Resolution(viewClass: .UIView, customClass: printed, guess: nil)
        }
        let guessed = context.foreignPlatform ? (foreign[name] ?? byName(name, context: context)) : byName(name, context: context)
        let why: String
        switch format {
        case .sentryViewHierarchy: why = "Sentry records the class name, not its superclass"
        case .printHierarchy: why = "_printHierarchy names the class only"
        case .autolayoutTrace: why = "_autolayoutTrace names the class only"
        default: why = "it is a UIKit class TouchTrace has no entry for"
        }
        let what = guessed == .UIView ? "its name suggests no other UIKit class" : "the UIKit class its name suggests"
        return Resolution(viewClass: guessed, customClass: printed, guess: "\(why): imported as \(guessed.rawValue), \(what)")
    }

    /// Android's widget names (the last part of `android.widget.TextView`) whose UIKit
    /// counterpart is not what the name's ending says.
    static let foreign: [String: ViewClass] = [
        "TextView": .UILabel, "AppCompatTextView": .UILabel, "MaterialTextView": .UILabel, "EditText": .UITextField,
        "AppCompatEditText": .UITextField, "TextInputEditText": .UITextField, "CheckBox": .UISwitch, "SwitchCompat": .UISwitch,
        "SwitchMaterial": .UISwitch, "MaterialSwitch": .UISwitch, "RecyclerView": .UIScrollView, "ListView": .UIScrollView,
        "NestedScrollView": .UIScrollView, "HorizontalScrollView": .UIScrollView, "SeekBar": .UISlider, "ProgressBar": .UIProgressView,
    ]

    /// A class a scene may name (a stack view is handled before: its arrangement is not in any
    /// dump, its subviews' frames are, so it is a plain view and layout does not move them).
    static func modelled(_ name: String) -> ViewClass? {
        guard let c = ViewClass(rawValue: name), c.isDeclarable, c != .UIStackView else { return nil }
        return c
    }

    /// UIKit's private `UIStackView` subclasses.
    static let stackSubclasses: Set<String> = ["_UIButtonBarStackView", "_UITAMICAdaptorView"]

    static func customName(_ printed: String, _ known: ViewClass) -> String? {
        printed == known.rawValue ? nil : printed
    }

    /// `MyApp.PayButton` → `PayButton`; `_TtC5MyApp9PayButton` (a Swift class's runtime name)
    /// → `PayButton`; anything else as it is.
    static func shortName(_ name: String) -> String {
        if name.hasPrefix("_TtC") || name.hasPrefix("_TtGC") { return demangled(name) ?? name }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex, !name.contains("<") {
            return String(name[name.index(after: dot)...])
        }
        return name
    }

    /// The class's own name in a Swift runtime class name: the length-prefixed identifier that
    /// ends it (`_TtC5MyApp9PayButton` → `PayButton`, whatever nesting, local contexts or private
    /// discriminators come before); nil when no length prefix fits.
    static func demangled(_ name: String) -> String? {
        let b = Array(name.utf8)
        var i = 4
        while i < b.count {
            // A run of digits ending just before `k`, whose value is the length of the rest.
            guard b[i] >= 0x30, b[i] <= 0x39 else {
                i += 1
                continue
            }
            var k = i
            var n = 0
            while k < b.count, b[k] >= 0x30, b[k] <= 0x39, k - i < 4 {
                n = n * 10 + Int(truncatingIfNeeded: b[k] &- 0x30)
                k += 1
            }
            if n > 0, k + n == b.count, b[k] < 0x30 || b[k] > 0x39 { return b[k...].text }
            i = k
        }
        return nil
    }

    static func isUIKitName(_ name: String) -> Bool {
        if name.hasPrefix("_UI") || name.hasPrefix("__UI") { return true }
        guard name.hasPrefix("UI"), name.count > 2 else { return false }
        let third = name.utf8[name.utf8.index(name.utf8.startIndex, offsetBy: 2)]
        return third >= 0x41 && third <= 0x5A
    }

    /// The UIKit class a name ends with, else `UIView`.
    static func byName(_ name: String, context: Context) -> ViewClass {
        for (suffix, cls) in suffixes where name.hasSuffix(suffix) {
            if cls == .UITableViewCell, context.insideCollectionView { return .UICollectionViewCell }
            if cls == .UIWindow, !context.isRoot { return .UIView }
            return cls
        }
        return .UIView
    }

    /// Longest first: `…TableViewCell` before `…Cell`, `…ImageView` before `…View`.
    static let suffixes: [(String, ViewClass)] = [
        ("CollectionViewCell", .UICollectionViewCell), ("TableViewCell", .UITableViewCell), ("CollectionView", .UICollectionView),
        ("TableView", .UITableView), ("ScrollView", .UIScrollView), ("TextView", .UITextView), ("ImageView", .UIImageView),
        ("VisualEffectView", .UIVisualEffectView), ("ActivityIndicatorView", .UIActivityIndicatorView), ("ProgressView", .UIProgressView),
        ("PickerView", .UIPickerView), ("DatePicker", .UIDatePicker), ("SegmentedControl", .UISegmentedControl),
        ("PageControl", .UIPageControl), ("NavigationBar", .UINavigationBar), ("SearchBar", .UISearchBar), ("TabBar", .UITabBar),
        ("Toolbar", .UIToolbar), ("ToolBar", .UIToolbar), ("TextField", .UITextField), ("SearchField", .UITextField),
        ("Stepper", .UIStepper), ("Slider", .UISlider), ("Switch", .UISwitch), ("Toggle", .UISwitch), ("Button", .UIButton),
        ("Control", .UIControl), ("Label", .UILabel), ("Cell", .UITableViewCell), ("Window", .UIWindow),
    ]

    /// UIKit classes TouchTrace does not model, by the modelled class their superclass chain
    /// reaches: public ones from Apple's documentation, private ones from the iOS runtime
    /// headers' superclasses (`@interface _UIButtonBarButton : UIControl`). Stack view
    /// subclasses are plain views, as `UIStackView` itself is here.
    static let uikit: [String: ViewClass] = {
        var t: [String: ViewClass] = [:]
        for name in [
            // Public (documented superclass UIView).
            "UITableViewHeaderFooterView", "UICollectionReusableView", "UIInputView", "UIPopoverBackgroundView", "UIContentUnavailableView",
            "UIListContentView", "UIEventAttributionView", "UIWebView", "UICalendarView",
            // Containers and transitions.
            "UILayoutContainerView", "UINavigationTransitionView", "UIViewControllerWrapperView", "UITransitionView", "UIDropShadowView",
            "_UIParallaxDimmingView", "UIDimmingView", "_UIPageViewControllerContentView", "_UILayoutGuide", "_UISystemBackgroundView",
            "_UIContainerViewControllerWrapperView", "_UISplitViewControllerPanelImplView", "_UIPanelControllerContentView",
            // Bars.
            "_UIBarBackground", "_UIBarBackgroundShadowView", "_UIBarBackgroundShadowContentImageView", "_UINavigationBarContentView",
            "_UINavigationBarLargeTitleView", "_UINavigationBarModernPromptView", "_UIBackButtonContainerView", "UINavigationItemView",
            "UINavigationItemButtonView", "_UITabBarBackgroundView", "_UIToolbarContentView", "_UINavigationBarTitleView", "_UIBarContentView",
            // Lists.
            "UITableViewCellContentView", "UITableViewCellSelectedBackground", "_UITableViewCellSeparatorView", "UITableViewCellDeleteConfirmationView",
            "_UITableViewHeaderFooterContentView", "_UITableViewHeaderFooterViewBackground", "UISwipeActionPullView",
            "_UIScrollViewScrollIndicator", "_UICollectionViewListCellContentView", "UICollectionViewListCellContentView",
            // Effects, text, search, alerts, input.
            "_UIVisualEffectBackdropView", "_UIVisualEffectSubview", "_UIVisualEffectContentView", "_UIVisualEffectFilterView",
            "_UITextFieldRoundedRectBackgroundViewNeue", "_UITextFieldContentView", "_UITextFieldCanvasView", "_UITextLayoutCanvasView",
            "_UITextContainerView", "_UITextLayoutView", "UITextSelectionView", "_UISearchBarSearchFieldBackgroundView",
            "_UISearchBarSearchContainerView", "_UIAlertControllerView", "_UIAlertControllerActionView", "UIInterfaceActionGroupView",
            "UIInputSetContainerView", "UIInputSetHostView", "_UIPageControlContentView", "_UIPageIndicatorView",
            "_UISlideriOSVisualElement", "UISwitchModernVisualElement", "_UIHostingView", "UIPickerColumnView",
        ] {
            t[name] = .UIView
        }
        for name in ["_UIButtonBarButton", "UITabBarButton", "UITableViewCellEditControl", "UITableViewCellReorderControl", "UITableViewIndex",
                     "_UINavigationBarTitleControl", "UIRefreshControl", "UIColorWell", "UIPasteControl"] {
            t[name] = .UIControl
        }
        for name in ["_UIModernBarButton", "UINavigationButton", "_UITableViewCellActionButton", "UISwipeActionStandardButton",
                     "_UITextFieldClearButton", "UIRoundedRectButton", "UIToolbarTextButton"] {
            t[name] = .UIButton
        }
        for name in ["UIButtonLabel", "UITableViewLabel", "UITabBarButtonLabel", "_UITableViewHeaderFooterViewLabel", "UITextFieldLabel",
                     "UISegmentLabel", "_UINavigationBarTitleLabel"] {
            t[name] = .UILabel
        }
        for name in ["UITabBarSwappableImageView", "UISegment", "UISearchBarBackground", "_UINavigationBarBackground", "_UIBarBackgroundImageView",
                     "_UIStatusBarImageView"] {
            t[name] = .UIImageView
        }
        for name in ["UITableViewWrapperView", "_UIQueuingScrollView", "UIFieldEditor"] { t[name] = .UIScrollView }
        t["UIPickerTableView"] = .UITableView
        t["UISearchBarTextField"] = .UITextField
        t["UICollectionViewListCell"] = .UICollectionViewCell
        for name in ["UITextEffectsWindow", "UIRemoteKeyboardWindow", "_UIAlertControllerShimPresenterWindow"] { t[name] = .UIWindow }
        return t
    }()

    // MARK: XCUITest element types

    /// `XCUIElement.ElementType` names as `debugDescription` prints them → the UIKit class that
    /// usually presents one. Every element but `Other` and `Window` is a guess (a custom control,
    /// a tab bar button or a view with a tap recognizer all show as `Button`).
    static func elementType(_ type: String, context: Context) -> Resolution {
        switch type {
        case "Other", "Group", "Any", "LayoutArea", "LayoutItem":
            return Resolution(viewClass: .UIView, customClass: nil, guess: nil)
        case "Window":
            return context.isRoot
                ? Resolution(viewClass: .UIWindow, customClass: nil, guess: nil)
                : Resolution(viewClass: .UIView, customClass: nil, guess: "a Window element inside another element: imported as a UIView")
        default:
            break
        }
        let cls: ViewClass
        switch type {
        case "Button", "Link", "ToolbarButton", "PopUpButton", "MenuButton": cls = .UIButton
        case "StaticText": cls = .UILabel
        case "Image", "Icon": cls = .UIImageView
        case "TextField", "SecureTextField", "SearchField": cls = .UITextField
        case "TextView": cls = .UITextView
        case "Switch", "Toggle", "CheckBox": cls = .UISwitch
        case "Slider": cls = .UISlider
        case "SegmentedControl", "RadioGroup": cls = .UISegmentedControl
        case "Stepper": cls = .UIStepper
        case "PageIndicator": cls = .UIPageControl
        case "ProgressIndicator": cls = .UIProgressView
        case "ActivityIndicator": cls = .UIActivityIndicatorView
        case "DatePicker": cls = .UIDatePicker
        case "Picker", "PickerWheel": cls = .UIPickerView
        case "ScrollView": cls = .UIScrollView
        case "Table", "Outline": cls = .UITableView
        case "CollectionView", "Grid": cls = .UICollectionView
        case "Cell", "TableRow", "OutlineRow": cls = context.insideCollectionView ? .UICollectionViewCell : .UITableViewCell
        case "NavigationBar": cls = .UINavigationBar
        case "TabBar": cls = .UITabBar
        case "Toolbar": cls = .UIToolbar
        default: cls = .UIView
        }
        return Resolution(
            viewClass: cls, customClass: nil,
            guess: "an XCUITest \(type) element: the accessibility tree gives element types, not classes; imported as \(cls.rawValue)")
    }
}
