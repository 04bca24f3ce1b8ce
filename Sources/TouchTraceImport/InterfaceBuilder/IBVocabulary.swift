import TouchTraceEngine

/// Interface Builder's XML vocabulary: which elements are views of which UIKit class, which
/// attributes and property elements the importer reads, and which it knowingly leaves out
/// because they only change drawing (colours, fonts, images, content modes…), so that every
/// other one can be reported.
enum IBVocabulary {
    /// View elements with a modelled class (UIKit's class for the element).
    static let viewClasses: [String: ViewClass] = [
        "view": .UIView, "button": .UIButton, "label": .UILabel, "imageView": .UIImageView,
        "stackView": .UIStackView, "scrollView": .UIScrollView, "tableView": .UITableView,
        "tableViewCell": .UITableViewCell, "tableViewCellContentView": .UIView,
        "collectionView": .UICollectionView, "collectionViewCell": .UICollectionViewCell,
        "collectionViewCellContentView": .UIView, "collectionReusableView": .UIView,
        "textField": .UITextField, "textView": .UITextView, "switch": .UISwitch, "slider": .UISlider,
        "segmentedControl": .UISegmentedControl, "stepper": .UIStepper, "pageControl": .UIPageControl,
        "navigationBar": .UINavigationBar, "tabBar": .UITabBar, "toolbar": .UIToolbar, "searchBar": .UISearchBar,
        "datePicker": .UIDatePicker, "pickerView": .UIPickerView, "activityIndicatorView": .UIActivityIndicatorView,
        "progressView": .UIProgressView, "visualEffectView": .UIVisualEffectView, "window": .UIWindow,
        "control": .UIControl, "containerView": .UIView,
        // UIColorWell and UIPasteControl are UIControl subclasses (iOS 14, iOS 16): controls.
        "colorWell": .UIControl, "pasteControl": .UIControl,
    ]

    /// UIKit's own class name where the element's class is not the scene class (kept as the
    /// view's `customClass` when the document names none).
    static let uikitClassNames: [String: String] = [
        "tableViewCellContentView": "UITableViewCellContentView", "collectionReusableView": "UICollectionReusableView",
        "mapView": "MKMapView", "wkWebView": "WKWebView", "webView": "UIWebView", "glkView": "GLKView",
        "skView": "SKView", "sceneKitView": "SCNView", "mtkView": "MTKView", "arskView": "ARSKView",
        "arscnView": "ARSCNView", "arView": "ARView", "containerView": "UIView",
        "colorWell": "UIColorWell", "pasteControl": "UIPasteControl",
    ]

    /// Elements that are view controllers (a storyboard scene's root object, or a xib object).
    static let controllers: Set<String> = [
        "viewController", "tableViewController", "collectionViewController", "navigationController",
        "tabBarController", "splitViewController", "pageViewController", "glkViewController",
        "avPlayerViewController", "hostingController", "viewControllerPlaceholder", "searchContainerViewController",
    ]

    /// Controllers that contain others and draw their bars themselves.
    static let containerControllers: Set<String> = ["navigationController", "tabBarController", "splitViewController", "pageViewController"]

    /// Gesture recognizer elements and the modelled type each becomes (nil: not modelled).
    static let recognizers: [String: GestureRecognizerConfig.Kind?] = [
        "tapGestureRecognizer": .tap, "longPressGestureRecognizer": .longPress, "panGestureRecognizer": .pan,
        // Xcode writes long presses under this misspelt name too (sic; 2 files of the corpus).
        "pongPressGestureRecognizer": .longPress,
        "swipeGestureRecognizer": .swipe, "screenEdgePanGestureRecognizer": .pan,
        "pinchGestureRecognizer": nil, "rotationGestureRecognizer": nil, "hoverGestureRecognizer": nil,
    ]

    /// IB's autoresizing-mask attributes and UIKit's names for them (L5).
    static let autoresizing: [(attribute: String, mask: AutoresizingMask)] = [
        ("flexibleMinX", .flexibleLeftMargin), ("widthSizable", .flexibleWidth), ("flexibleMaxX", .flexibleRightMargin),
        ("flexibleMinY", .flexibleTopMargin), ("heightSizable", .flexibleHeight), ("flexibleMaxY", .flexibleBottomMargin),
    ]

    /// Constraint attributes as IB writes them → the scene format's (L6).
    static let constraintAttributes: [String: String] = [
        "left": "left", "right": "right", "top": "top", "bottom": "bottom", "leading": "leading",
        "trailing": "trailing", "width": "width", "height": "height", "centerX": "centerX", "centerY": "centerY",
        "baseline": "lastBaseline", "lastBaseline": "lastBaseline", "firstBaseline": "firstBaseline",
        "leftMargin": "leftMargin", "rightMargin": "rightMargin", "topMargin": "topMargin",
        "bottomMargin": "bottomMargin", "leadingMargin": "leadingMargin", "trailingMargin": "trailingMargin",
        "centerXWithinMargins": "centerXWithinMargins", "centerYWithinMargins": "centerYWithinMargins",
    ]

    /// Dynamic-type text styles → their point size at the default content size (Apple's Human
    /// Interface Guidelines, "Typography", Large size).
    static let textStyles: [String: Double] = [
        "UICTFontTextStyleLargeTitle": 34, "UICTFontTextStyleTitle0": 34, "UICTFontTextStyleTitle1": 28,
        "UICTFontTextStyleTitle2": 22, "UICTFontTextStyleTitle3": 20, "UICTFontTextStyleHeadline": 17,
        "UICTFontTextStyleBody": 17, "UICTFontTextStyleCallout": 16, "UICTFontTextStyleSubhead": 15,
        "UICTFontTextStyleFootnote": 13, "UICTFontTextStyleCaption1": 12, "UICTFontTextStyleCaption2": 11,
    ]

    /// View attributes the importer reads (elsewhere in this folder).
    static let readAttributes: Set<String> = [
        "id", "key", "customClass", "userLabel", "frame", "hidden", "alpha", "userInteractionEnabled",
        "clipsSubviews", "multipleTouchEnabled", "exclusiveTouch", "enabled", "selected", "highlighted",
        "translatesAutoresizingMaskIntoConstraints", "fixedFrame", "misplaced", "ambiguous",
        "horizontalHuggingPriority", "verticalHuggingPriority", "horizontalCompressionResistancePriority",
        "verticalCompressionResistancePriority", "placeholderIntrinsicWidth", "placeholderIntrinsicHeight",
        "insetsLayoutMarginsFromSafeArea", "preservesSuperviewLayoutMargins", "layoutMarginsFollowReadableWidth",
        "semanticContentAttribute", "axis", "distribution", "alignment", "spacing", "spacingType", "baselineRelativeArrangement",
        "layoutMarginsRelativeArrangement", "on", "value", "minValue", "maxValue", "minimumValue", "maximumValue",
        "stepValue", "wraps", "autorepeat", "continuous", "selectedSegmentIndex", "numberOfPages", "currentPage",
        "delaysContentTouches", "canCancelContentTouches", "text", "title", "placeholder", "scrollEnabled",
        "image", "numberOfLines", "allowsSelection", "allowsMultipleSelection",
    ]

    /// View attributes that only change drawing, text input, data or Xcode's own bookkeeping: left
    /// out knowingly (hit testing ignores drawn content, rule H4), so they raise no warning.
    static let appearanceAttributes: Set<String> = [
        "contentMode", "opaque", "clearsContextBeforeDrawing", "autoresizesSubviews", "contentHorizontalAlignment",
        "contentVerticalAlignment", "lineBreakMode", "textAlignment", "baselineAdjustment", "minimumFontSize",
        "minimumScaleFactor", "adjustsFontSizeToFit", "adjustsFontForContentSizeCategory", "adjustsImageWhenHighlighted",
        "adjustsImageWhenDisabled", "showsTouchWhenHighlighted", "reversesTitleShadowWhenHighlighted",
        "buttonType", "borderStyle", "highlightedImage", "style", "hidesWhenStopped", "animating", "progress",
        "progressViewStyle", "progressImage", "trackImage", "segmentControlStyle", "searchBarStyle", "barStyle",
        "translucent", "showsHorizontalScrollIndicator", "showsVerticalScrollIndicator", "bounces", "bouncesZoom",
        "alwaysBounceVertical", "alwaysBounceHorizontal", "pagingEnabled", "directionalLockEnabled",
        "keyboardDismissMode", "dataMode", "separatorStyle", "rowHeight", "estimatedRowHeight", "sectionHeaderHeight",
        "sectionFooterHeight", "estimatedSectionHeaderHeight", "estimatedSectionFooterHeight",
        "sectionIndexMinimumDisplayRowCount", "selectionStyle", "indentationWidth", "indentationLevel",
        "accessoryType", "editingAccessoryType", "hidesAccessoryWhenEditing", "shouldIndentWhileEditing",
        "showsReorderControl", "textLabel", "detailTextLabel", "imageView", "tableViewCell", "reuseIdentifier",
        "editable", "selectable", "dataDetectorTypes", "usesAttributedText", "hasAttributedTitle", "background",
        "clearButtonMode", "colorPixelFormat", "depthStencilPixelFormat", "enableSetNeedsDisplay", "datePickerMode",
        "minuteInterval", "useCurrentDate", "maximumValueImage", "minimumValueImage", "mapType", "tag",
        "customModule", "customModuleProvider", "colorLabel", "verifyAmbiguity", "largeTitles", "prefersLargeTitles",
        "restorationIdentifier", "contentInsetAdjustmentBehavior",
        // The access control of the outlets Xcode generates for the object (the document's own
        // attribute, which Xcode also writes on a view: Organic Maps' header view).
        "propertyAccessControl",
        "allowsSelectionDuringEditing", "allowsMultipleSelectionDuringEditing", "prefetchingEnabled",
        "dragInteractionEnabled", "springLoaded", "insetsContentViewsToSafeArea", "cellLayoutMarginsFollowReadableWidth",
        "separatorInsetReference", "contentViewInsetsToSafeArea", "itemPositioning", "itemSpacing", "itemWidth",
        "barPosition", "hidesForSinglePage", "defersCurrentPageDisplay", "momentary", "apportionsSegmentWidthsByContent",
        "springLoadedInteraction", "showsCancelButton", "showsBookmarkButton", "showsScopeBar", "showsSearchResultsButton",
        "prompt", "allowsEditingTextAttributes", "textContentType", "spellCheckingType", "autocorrectionType",
        "autocapitalizationType", "keyboardType", "returnKeyType", "secureTextEntry", "enablesReturnKeyAutomatically",
        "clearsOnBeginEditing", "minimumZoomScale", "maximumZoomScale", "scrollsToTop", "indicatorStyle",
        "contentInsetAdjustment", "preferredMaxLayoutWidth", "lineHeightMultiple", "highlightedTextColor",
        "showsLargeContentViewer", "pointerInteraction", "changesSelectionAsPrimaryAction", "role", "menuInteraction",
        "showsMenuAsPrimaryAction", "preferredBehavioralStyle", "titleAlignment", "configurationUpdateHandler",
        "isAccessibilityElement", "accessibilityLabel", "accessibilityHint", "pinned",
        "adjustsLetterSpacingToFitWidth", "adjustsImageSizeForAccessibilityContentSizeCategory", "catalog", "zoomEnabled",
        "rotateEnabled", "pitchEnabled", "showsUserLocation", "showsPointsOfInterest", "simulatedAppContext",
        "showsSelectionImmediatelyOnTouchBegin",
    ]

    /// Property elements of a view that only change drawing or text input, or that Xcode keeps for
    /// its canvas: left out knowingly.
    static let appearanceChildren: Set<String> = [
        "rect", "autoresizingMask", "color", "fontDescription", "font", "nil", "textInputTraits", "state", "point",
        "inset", "edgeInsets", "directionalEdgeInsets", "attributedString", "string", "mutableString", "segments",
        "size", "date", "locale", "collectionViewFlowLayout", "collectionViewLayout", "textAttributes", "offsetWrapper",
        "image", "imageReference", "preferredSymbolConfiguration", "freeformSimulatedSizeMetrics",
        "simulatedStatusBarMetrics", "simulatedTopBarMetrics", "simulatedBottomBarMetrics", "simulatedOrientationMetrics",
        "simulatedScreenMetrics", "blurEffect", "vibrancyEffect", "integer", "real", "boolean", "dataDetectorType",
        "wkWebViewConfiguration", "wkPreferences", "audiovisualMediaTypes", "buttonConfiguration",
        "backgroundConfiguration", "accessibility", "accessibilityConfiguration", "gestureRecognizers", "items",
        "scopeButtonTitles", "keyCommands", "textContainer", "edgeInsetsWrapper", "contentInsets", "behavior",
        "tableViewCellContentConfiguration", "traits", "interactions", "menu", "pointerStyleProvider", "frame",
    ]

    /// Every other element name Interface Builder writes, and what the importer does with it
    /// (`IBVocabularyTests` checks that every element of the corpus is a view, controller,
    /// recognizer, property element or one of these).
    static let documentElements: [String: String] = [
        "document": "the root: kind, tools version, platform", "dependencies": "Xcode's plug-in versions (ignored)",
        "deployment": "the deployment target (ignored)", "plugIn": "ignored", "capability": "ignored",
        "device": "the screen (IBScreen)", "scenes": "a storyboard's scenes", "scene": "a storyboard scene (a unit)",
        "objects": "a scene's or a xib's objects", "placeholder": "File's Owner, First Responder, Exit (connection targets)",
        "customObject": "an object of the dock: not a responder of the scene (actionDropped)", "exit": "the Exit placeholder of unwind segues",
        "connections": "read", "action": "target-action (T1–T4)", "outlet": "read for delegates, File's Owner's view and the window's root controller",
        "outletCollection": "gesture recognizers (G1)", "segue": "actions naming what they show; relationships and embeds build containers",
        "constraint": "Auto Layout (L6)", "navigationItem": "a navigation bar's items (B1)", "barButtonItem": "bar items (B1, B3)",
        "tabBarItem": "tab bar items (B2)", "toolbarItems": "a navigation controller's toolbar items (B3)",
        "rightBarButtonItems": "a navigation item's items (B1)", "leftBarButtonItems": "a navigation item's items (B1)",
        "tableViewSection": "static cells' sections (V1)", "viewControllerLayoutGuide": "top and bottom layout guides (L6)",
        "exclude": "size-class variations", "include": "size-class variations", "segment": "a segmented control's segment count",
        "simulatedMetricsContainer": "the document's default simulated metrics", "simulatedNavigationBarMetrics": "a simulated navigation bar",
        "simulatedTabBarMetrics": "a simulated tab bar", "simulatedToolbarMetrics": "a simulated toolbar",
        "userDefinedRuntimeAttribute": "runtimeAttributeIgnored", "resources": "image sizes (intrinsic content size)",
        "namedColor": "drawing only", "systemColor": "drawing only", "designables": "IBDesignable build status (ignored)",
        "designable": "IBDesignable build status (ignored)", "fragment": "attributed text (drawing only)",
        "attributes": "attributed text (drawing only)", "paragraphStyle": "attributed text (drawing only)",
        "tabStops": "attributed text (drawing only)", "textTab": "attributed text (drawing only)", "customFonts": "fonts (drawing only)",
        "mutableData": "archived data (ignored)", "array": "values of runtime attributes (ignored)", "bool": "values of runtime attributes (ignored)",
        "value": "an archived value of a controller (contentSizeForViewInPopover: a popover's size, not modelled)",
        "options": "text view options (drawing only)", "accessibilityTraits": "accessibility (not a touch rule)",
        "adaptation": "a storyboard's presentation adaptations (not modelled)", "extendedEdge": "edges for extended layout (the bars' opacity decides)",
        "inferredMetricsTieBreakers": "Xcode's simulated-metrics bookkeeping (ignored)", "keyCommand": "keyboard shortcuts (not touch)",
        "refreshControl": "a table's pull-to-refresh control (needs a drag; not imported)",
        "searchDisplayController": "a deprecated search controller (not a view)",
    ]

    /// Structural children the importer reads.
    static let structuralChildren: Set<String> = [
        "subviews", "constraints", "connections", "viewLayoutGuide", "layoutGuides", "cells", "prototypes",
        "sections", "variation", "userDefinedRuntimeAttributes", "mask",
    ]
}
