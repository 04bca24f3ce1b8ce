import TouchTraceEngine

extension IBImport {
    /// Reads a view element's attributes and property elements into its draft: geometry (L1,
    /// L5), flags (H1, H6, M1, M2), control state (C9), content priorities and intrinsic size
    /// (L6), margins, stack and scroll properties, text. Attributes that only change drawing are
    /// left out knowingly; any other is reported.
    mutating func applyViewAttributes(_ e: Int, to index: Int, isWindow: Bool) {
        let el = tree[e]
        var v = document.views[index]
        if !isWindow { v.frame = doc.frame(of: e) }
        if let f = flag(e, "hidden") { v.hidden = f }
        if let a = number(e, "alpha") { v.alpha = min(1, max(0, a)) }
        if let f = flag(e, "userInteractionEnabled") { v.userInteractionEnabled = f }
        if let f = flag(e, "clipsSubviews") { v.clipsToBounds = f }
        if let f = flag(e, "multipleTouchEnabled") { v.multipleTouchEnabled = f }
        if let f = flag(e, "exclusiveTouch") { v.exclusiveTouch = f }
        if !isWindow { readLayoutAttributes(e, into: &v) }
        if v.viewClass.isControl { v.control = readControl(e, viewClass: v.viewClass) }
        if v.viewClass.isScrollView {
            var scroll = ScrollDraft()
            scroll.delaysContentTouches = flag(e, "delaysContentTouches")
            scroll.canCancelContentTouches = flag(e, "canCancelContentTouches")
            v.scroll = scroll
        }
        // The scene's `text` is a label's text or a button's title (docs/scene-format.md).
        if v.viewClass == .UILabel || v.viewClass == .UIButton {
            v.text = displayText(e)
            v.font = fontSize(e) ?? defaultTitleFontSize(e, viewClass: v.viewClass)
        }
        if let semantic = el["semanticContentAttribute"] {
            if let s = SemanticContentAttribute(rawValue: semantic) {
                v.semanticContentAttribute = s
            } else {
                warn(.invalidValue, e, "semanticContentAttribute=\"\(semantic.prefix(40))\" is not one of UIKit's", lost: "the view's semantic content attribute")
            }
        }
        document.views[index] = v
        reportUnread(e)
    }

    /// Geometry and Auto Layout properties (L5, L6).
    mutating func readLayoutAttributes(_ e: Int, into v: inout ViewDraft) {
        let el = tree[e]
        if let m = tree.child(of: e, named: "autoresizingMask", key: "autoresizingMask") {
            for (attribute, mask) in IBVocabulary.autoresizing where tree[m][attribute] == "YES" { v.autoresizingMask.insert(mask) }
        }
        // `fixedFrame="YES"`: Xcode turns the view's frame into autoresizing constraints at build
        // time, whatever the file's translatesAutoresizingMaskIntoConstraints says.
        let fixedFrame = el["fixedFrame"] == "YES"
        v.translatesAutoresizingMaskIntoConstraints = fixedFrame || el["translatesAutoresizingMaskIntoConstraints"] != "NO"
        let misplaced = el["misplaced"] == "YES" || el["ambiguous"] == "YES"
        if misplaced {
            let what = el["misplaced"] == "YES" ? "misplaced" : "ambiguous"
            warn(.misplacedView, e, "Xcode marks \(describe(e)) \(what): its stored frame is not what its constraints give", lost: "nothing (TouchTrace lays the view out from its constraints)")
        }
        var hugging = AxisPriorities.defaultHugging
        var resistance = AxisPriorities.defaultCompressionResistance
        var hasHugging = false, hasResistance = false
        if let n = priority(e, "horizontalHuggingPriority") { hugging.horizontal = n; hasHugging = true }
        if let n = priority(e, "verticalHuggingPriority") { hugging.vertical = n; hasHugging = true }
        if let n = priority(e, "horizontalCompressionResistancePriority") { resistance.horizontal = n; hasResistance = true }
        if let n = priority(e, "verticalCompressionResistancePriority") { resistance.vertical = n; hasResistance = true }
        if hasHugging { v.contentHugging = hugging }
        if hasResistance { v.compressionResistance = resistance }
        v.alignmentRectInsets = Self.alignmentRectInsets(v.viewClass, tools: doc.toolsVersion)
        if v.viewClass == .UIImageView, !misplaced, let insets = symbolAlignmentInsets(e, frame: v.frame) { v.alignmentRectInsets = insets }
        v.intrinsicContentSize = intrinsicSize(e, viewClass: v.viewClass, frame: v.frame, misplaced: misplaced, insets: v.alignmentRectInsets)
        let d = Self.defaultMargins
        if let m = tree.child(of: e, named: "edgeInsets", key: "layoutMargins") {
            v.layoutMargins = EdgeInsets(
                top: number(m, "top") ?? d.top, left: number(m, "left") ?? d.left,
                bottom: number(m, "bottom") ?? d.bottom, right: number(m, "right") ?? d.right)
        }
        if let m = tree.child(of: e, named: "directionalEdgeInsets", key: "directionalLayoutMargins") {
            v.directionalLayoutMargins = DirectionalEdgeInsets(
                top: number(m, "top") ?? d.top, leading: number(m, "leading") ?? d.left,
                bottom: number(m, "bottom") ?? d.bottom, trailing: number(m, "trailing") ?? d.right)
            if v.layoutMargins != nil { v.directionalLayoutMargins = nil }
        }
        if v.viewClass == .UIStackView { v.stack = readStack(e) }
    }

    /// The standard space between sibling views (`NSLayoutConstraint` "standard" spacing).
    static let standardSpacing = 8.0

    /// UIKit's default layout margins (8 pt on every side), as the engine has them.
    static let defaultMargins = LayoutConfig().layoutMargins

    /// A priority attribute (1…1000).
    mutating func priority(_ e: Int, _ attribute: String) -> Double? {
        guard let n = number(e, attribute) else { return nil }
        return min(1000, max(1, n))
    }

    /// `UIStackView`'s arrangement (L6).
    mutating func readStack(_ e: Int) -> StackDraft {
        var stack = StackDraft()
        let el = tree[e]
        if el["axis"] == "vertical" { stack.axis = .vertical }
        if let d = el["distribution"] {
            if let value = StackConfig.Distribution(rawValue: d) { stack.distribution = value } else {
                warn(.invalidValue, e, "distribution=\"\(d.prefix(40))\" is not a UIStackView distribution", lost: "the distribution (fill used)")
            }
        }
        if let a = el["alignment"] {
            let name = a == "baseline" ? "lastBaseline" : a
            if let value = StackConfig.Alignment(rawValue: name) { stack.alignment = value } else {
                warn(.invalidValue, e, "alignment=\"\(a.prefix(40))\" is not a UIStackView alignment", lost: "the alignment (fill used)")
            }
        }
        if let s = number(e, "spacing") { stack.spacing = s }
        // `spacingType="standard"`: UIStackView.spacingUseSystem, the system spacing between
        // standard views (8 pt, the Auto Layout Guide's standard space).
        if el["spacingType"] == "standard" { stack.spacing = Self.standardSpacing }
        if let id = el["id"], let s = variations.spacings[id] { stack.spacing = s }
        // Xcode writes a stack view's layout margins without the flag when it arranges relative
        // to them: every stack view of the corpus with stored margins (56 in 11 projects, tools
        // versions 13771 to 24765) has its arranged views at those margins, and none writes
        // `layoutMarginsRelativeArrangement`.
        let hasMargins = tree.child(of: e, named: "edgeInsets", key: "layoutMargins") != nil
            || tree.child(of: e, named: "directionalEdgeInsets", key: "directionalLayoutMargins") != nil
        stack.layoutMarginsRelativeArrangement = el["layoutMarginsRelativeArrangement"].map { $0 == "YES" } ?? hasMargins
        // `isBaselineRelativeArrangement` (rule L6-stack-baseline-relative-arrangement): a vertical
        // stack's UISV-spacing runs between baselines; UIKit ignores it in horizontal stacks. Said:
        // the distributing guides of equalSpacing and equalCentering (their attribute is not in the
        // decompiled UIKit: left between frames), and the system spacing between baselines (UIKit's
        // depends on the fonts: 8 pt used).
        if el["baselineRelativeArrangement"] == "YES", stack.axis == .vertical {
            stack.baselineRelativeArrangement = true
            if stack.distribution == .equalSpacing || stack.distribution == .equalCentering {
                warn(
                    .layoutApproximated, e,
                    "baselineRelativeArrangement with \(stack.distribution.rawValue): the spacing is between baselines, the equal gaps between frames",
                    lost: "equal gaps measured between baselines")
            }
            if el["spacingType"] == "standard" {
                warn(
                    .layoutApproximated, e, "baselineRelativeArrangement with the standard spacing: UIKit's system spacing between baselines depends on the fonts; 8 pt used",
                    lost: "the system spacing between baselines")
            }
        }
        return stack
    }

    /// The intrinsic content size: IB's placeholder when the document gives one; otherwise, for
    /// the classes that have one in UIKit, the size Xcode laid the view out with (its stored
    /// frame, in the dimensions that class has: a label's text, a switch's 51 × 31, a slider's
    /// height), because Xcode measured it with the real fonts and images, which a server does
    /// not have. An image view uses its image's size from the document's resources.
    mutating func intrinsicSize(_ e: Int, viewClass: ViewClass, frame: Rect?, misplaced: Bool, insets: EdgeInsets? = nil) -> Size? {
        let el = tree[e]
        func placeholder(_ key: String) -> Double?? {
            guard let raw = el[key] else { return nil }
            if raw == "infinite" { return .some(-1) }
            return .some(number(e, key))
        }
        let pw = placeholder("placeholderIntrinsicWidth"), ph = placeholder("placeholderIntrinsicHeight")
        // IB's placeholder intrinsic size is a design-time stand-in ("Intrinsic Size:
        // Placeholder", for a view whose size the app's code decides). As the app runs the
        // view's class decides: a custom class's `intrinsicContentSize`, which the document
        // cannot state, or, for a plain `<view>` (a UIView, whose `intrinsicContentSize` is
        // (noIntrinsicMetric, noIntrinsicMetric): UIView's documentation), the constraints and
        // content the app's code adds. The placeholder stands in for them, as a placeholder
        // constraint does, and as the app runs that is said so (L6,
        // `layoutApproximated-placeholder-intrinsic-size-stands-in-as-the-app-runs.xib`).
        if pw != nil || ph != nil {
            let size = Size(width: (pw ?? nil) ?? -1, height: (ph ?? nil) ?? -1)
            if !options.canvas, size.width >= 0 || size.height >= 0, let p = el.parent, tree[p].name == "subviews" {
                let given = [
                    size.width >= 0 ? "width \(JSONWriter.format(size.width))" : nil,
                    size.height >= 0 ? "height \(JSONWriter.format(size.height))" : nil,
                ].compactMap { $0 }.joined(separator: " and ")
                let decides = el["customClass"].map { "\($0.prefix(60))'s intrinsicContentSize decides" }
                    ?? (el.name == "view" ? "a UIView has none of its own: the constraints or content the app's code adds decide" : "the content the app's code sets decides")
                warn(
                    .layoutApproximated, e,
                    "\(describe(e)) has a placeholder intrinsic \(given), which Interface Builder uses at design time only: as the app runs \(decides), which the document does not state; the placeholder stands in for it",
                    lost: "the view's run-time intrinsic content size")
            }
            return size
        }
        if viewClass == .UIImageView {
            // The image: the `image` attribute, or the `<imageReference key="image">` Xcode 12 and
            // later write for SF Symbols. A symbol's size is its configuration's, which the
            // document does not state (its resource size is scaled to 128): the stored frame
            // stands for it, as for other content sizes.
            let reference = tree.child(of: e, named: "imageReference", key: "image")
            guard let name = el["image"] ?? reference.flatMap({ tree[$0]["image"] }) else {
                // An image view whose image the app's code sets (the document names none) has no
                // intrinsic content size; Xcode's canvas lays it out at the size it stored, in the
                // dimensions no constraint sets, without calling it ambiguous (stopp-corona's
                // state image and statistics header). On the canvas that size stands in, as for a
                // scrolling text view (below); as the app runs the image decides, which the
                // document does not say. L6, `L6-canvas-image-view-without-an-image-keeps-its-stored-size.xib`.
                guard options.canvas, let frame, !misplaced, el["translatesAutoresizingMaskIntoConstraints"] == "NO" else { return nil }
                let sized = constrainedAxes(e)
                guard !sized.width || !sized.height else { return nil }
                return Size(width: sized.width ? -1 : frame.size.width, height: sized.height ? -1 : frame.size.height)
            }
            let symbol = showsSymbol(e)
            if !symbol, let size = doc.imageSizes[name] { return size }
            if !symbol, let resource = doc.unreadableImageSizes[name] {
                warn(
                    .invalidValue, resource, "the size of image \"\(name.prefix(40))\" is not a finite, non-negative number",
                    lost: "the image view's intrinsic content size (none is used)")
                return nil
            }
        }
        guard let frame, !misplaced else { return nil }
        var axes = Self.intrinsicAxes(viewClass, element: el)
        // Xcode's canvas stretches a plain view that nothing sizes across a stack that does not
        // fill (alignment center, leading, …), where UIKit's `UISV-ambiguity-suppression` gives
        // it no length as the app runs (cwa-app, openfoodfacts, vector-im): on the canvas its
        // stored length across the stack stands for it. A `<view>` that is a control by its
        // action (T1) is such a plain view to Xcode's canvas too; as the app runs its class, a
        // control subclass the document cannot name, sizes it: its stored length stands in for
        // that class's own size, and is said so (iNaturalist's sign-in button).
        let plainElement = (IBVocabulary.viewClasses[el.name] ?? .UIView) == .UIView
        if options.canvas || viewClass == .UIControl, plainElement, let p = el.parent,
            tree[p].name == "subviews", let stack = tree[p].parent, tree[stack].name == "stackView",
            let alignment = tree[stack]["alignment"], alignment != "fill"
        {
            let sized = constrainedAxes(e)
            if tree[stack]["axis"] == "vertical" { axes.width = !sized.width } else { axes.height = !sized.height }
            if !options.canvas, axes.width || axes.height {
                warn(
                    .layoutApproximated, e,
                    "\(describe(e)) is a control by its action, of a class the document cannot name: its stored size across the stack stands in for the size its class gives it",
                    lost: "the control's own content size")
            }
        }
        // A scrolling text view has no intrinsic content size in UIKit (UIScrollView's), yet
        // Xcode's canvas lays one out that no constraint sizes at a size of its own without
        // calling it ambiguous (sentry, IBDecodable, stopp-corona): as with a placeholder
        // constraint, that size stands in for what the app's code decides (it turns scrolling
        // off, or sizes the view), in the dimensions no constraint sizes, and is said so as the
        // app runs.
        if viewClass == .UITextView, el["scrollEnabled"] != "NO" {
            guard el["translatesAutoresizingMaskIntoConstraints"] == "NO", el["fixedFrame"] != "YES" else { return nil }
            let sized = constrainedAxes(e)
            if !options.canvas, !sized.width || !sized.height {
                warn(
                    .layoutApproximated, e,
                    "\(describe(e)) scrolls, so UIKit gives it no intrinsic content size, and no constraint of the document sets its \(!sized.width && !sized.height ? "width or height" : !sized.width ? "width" : "height"): kept at the size Xcode's canvas shows (\(Self.format(frame.size))) as the stand-in for what the app's code does",
                    lost: "the text view's run-time size, which the app's code decides (without it the layout is ambiguous)")
            }
        }
        guard axes.width || axes.height else { return nil }
        // The intrinsic size is the alignment rectangle's (L6): a switch's is 2 pt narrower than its frame.
        let e = insets ?? AutoLayout.alignmentRectInsets(of: viewClass)
        return Size(
            width: axes.width ? max(0, frame.size.width - e.left - e.right) : -1,
            height: axes.height ? max(0, frame.size.height - e.top - e.bottom) : -1)
    }

    /// Whether an image view shows an SF Symbol: `catalog="system"` on the view or on its
    /// `<imageReference key="image">`, or an `image` the document's resources list as a system
    /// symbol (`<image name=… catalog="system">`).
    func showsSymbol(_ e: Int) -> Bool {
        if tree[e]["catalog"] == "system" { return true }
        if let name = tree[e]["image"], doc.symbolImages.contains(name) { return true }
        return tree.child(of: e, named: "imageReference", key: "image").map { tree[$0]["catalog"] == "system" } ?? false
    }

    /// Alignment insets that depend on the iOS release the document was made for, where they
    /// differ from the engine's class default (L6): `UISlider` is laid out 2 pt inside its frame
    /// at each side and 1 pt above its bottom in documents before Xcode 26 (measured: the sliders
    /// of appium's UICatalog, Xcode 7, and IBAnimatable, Xcode 9, 14 of them pinned by their
    /// edges); Xcode 26 documents show none (GoMap's two sliders: thin evidence, the default kept).
    static func alignmentRectInsets(_ viewClass: ViewClass, tools: Double) -> EdgeInsets? {
        guard viewClass == .UISlider, tools > 0, tools < IBBars.xcode26Tools || tools >= IBScreen.unreleasedTools else { return nil }
        return EdgeInsets(top: 0, left: 2, bottom: 1, right: 2)
    }

    /// The dimensions of view `e` that the document's constraints size: a width or height
    /// constraint on it, or both of its edges along that axis (leading and trailing, top and
    /// bottom) tied to something. Arranged subviews are sized by their stack across its axis
    /// (UIStackView's `fill` alignment).
    mutating func constrainedAxes(_ e: Int) -> (width: Bool, height: Bool) {
        guard let id = tree[e]["id"] else { return (false, false) }
        if constraintAttributes == nil {
            // One pass over the document, the first time it is asked (no rescan per view).
            var index: [String: Set<String>] = [:]
            for c in tree.elements.indices where tree[c].name == "constraint" {
                let el = tree[c]
                let holder = el.parent.flatMap { tree[$0].parent }.flatMap { tree[$0]["id"] }
                if let first = el["firstItem"] ?? holder, let a = el["firstAttribute"] { index[first, default: []].insert(a) }
                if let second = el["secondItem"], let a = el["secondAttribute"] { index[second, default: []].insert(a) }
            }
            constraintAttributes = index
        }
        let attributes = constraintAttributes?[id] ?? []
        func has(_ names: String...) -> Bool { names.contains { attributes.contains($0) || attributes.contains($0 + "Margin") } }
        var width = attributes.contains("width") || (has("leading", "left") && has("trailing", "right"))
        var height = attributes.contains("height") || (has("top") && (has("bottom") || attributes.contains("lastBaseline")))
        if let p = tree[e].parent, tree[p].name == "subviews", let stack = tree[p].parent, tree[stack].name == "stackView",
            tree[stack]["alignment"] == nil || tree[stack]["alignment"] == "fill"
        {
            if tree[stack]["axis"] == "vertical" { width = true } else { height = true }
        }
        return (width, height)
    }

    /// The dimensions in which a UIKit class has an intrinsic content size.
    static func intrinsicAxes(_ viewClass: ViewClass, element: XMLTree.Element) -> (width: Bool, height: Bool) {
        switch viewClass {
        case .UILabel, .UIButton, .UITextField, .UIImageView, .UISwitch, .UIStepper, .UISegmentedControl,
            .UIPageControl, .UIActivityIndicatorView, .UIDatePicker, .UIPickerView:
            return (true, true)
        case .UISlider, .UIProgressView, .UISearchBar, .UINavigationBar, .UITabBar, .UIToolbar:
            return (false, true)
        case .UITextView:
            // With scrolling on too, as Xcode's canvas lays it out (`intrinsicSize`).
            return (true, true)
        default:
            return (false, false)
        }
    }

    /// A control's state and values (C7, C9).
    mutating func readControl(_ e: Int, viewClass: ViewClass) -> ControlDraft {
        var control = ControlDraft()
        control.enabled = flag(e, "enabled")
        control.selected = flag(e, "selected")
        control.highlighted = flag(e, "highlighted")
        if viewClass == .UISwitch { control.on = flag(e, "on") }
        let names: [(attribute: String, value: String)]
        switch viewClass {
        case .UISlider: names = [("value", "value"), ("minValue", "minimumValue"), ("maxValue", "maximumValue")]
        case .UIStepper:
            names = [("value", "value"), ("minimumValue", "minimumValue"), ("maximumValue", "maximumValue"), ("stepValue", "stepValue")]
        case .UISegmentedControl: names = [("selectedSegmentIndex", "selectedSegmentIndex")]
        case .UIPageControl: names = [("numberOfPages", "numberOfPages"), ("currentPage", "currentPage")]
        default: names = []
        }
        for (attribute, value) in names { if let n = number(e, attribute) { control.values[value] = n } }
        if viewClass == .UISegmentedControl, let segments = tree.child(of: e, named: "segments") {
            control.values["numberOfSegments"] = Double(tree.children(of: segments, named: "segment").count)
        }
        if let lo = control.values["minimumValue"], let hi = control.values["maximumValue"], lo > hi {
            control.values["maximumValue"] = lo
        }
        // Values a scene cannot hold are dropped, not passed on to be refused: a page count is a
        // whole number (UIPageControl's `numberOfPages` is an `Int`) within the scene's bound
        // (`ControlConfig.maxItemCount`); UIStepper raises on a `stepValue` that is not above 0.
        if let n = control.values["numberOfPages"], n < 0 || n > Double(ControlConfig.maxItemCount) || n.rounded(.down) != n {
            warn(.invalidValue, e, "numberOfPages=\"\(tree[e]["numberOfPages"] ?? JSONWriter.format(n))\" on \(describe(e)) is not a page count (a whole number from 0 to \(ControlConfig.maxItemCount))", lost: "the numberOfPages value (UIKit's default used)")
            control.values["numberOfPages"] = nil
        }
        if let step = control.values["stepValue"], step <= 0 {
            warn(.invalidValue, e, "stepValue=\"\(tree[e]["stepValue"] ?? JSONWriter.format(step))\" on \(describe(e)) is not above 0 (UIStepper raises on it)", lost: "the stepValue value (UIKit's default used)")
            control.values["stepValue"] = nil
        }
        for key in ["continuous", "wraps", "autorepeat"] { if let f = flag(e, key) { control.flags[key] = f } }
        return control
    }

    /// The title font of a button whose document states none (L6, intrinsic content size): a button without a
    /// `<buttonConfiguration>` (the classic `UIButton`, every Xcode release) sets its title in
    /// the 15 pt system font, not the 17 pt a label gets. Measured: the titled buttons of the
    /// corpus with no font, no image and nothing sizing their height are stored 30 pt tall in
    /// 20 projects (an 18 pt line, 15 pt × 1.2, and UIButton's 6 pt above and below the title),
    /// against 34.33 to 35 pt for configured buttons (a 17 pt title). It matters where
    /// TouchTrace estimates a title's size: a button Xcode marks ambiguous or misplaced, whose
    /// stored frame does not stand for its content (amplitude, firebase, iNaturalist, AppAuth).
    /// A configured button keeps the scene's default.
    func defaultTitleFontSize(_ e: Int, viewClass: ViewClass) -> Double? {
        guard viewClass == .UIButton, tree.child(of: e, named: "buttonConfiguration", key: "configuration") == nil else { return nil }
        return Self.classicButtonFontSize
    }

    /// UIButton's title font size without a configuration (measured, `defaultTitleFontSize`).
    static let classicButtonFontSize = 15.0

    /// The font's point size: `pointSize`, or a text style's size.
    func fontSize(_ e: Int) -> Double? {
        guard let f = tree.child(of: e, named: "fontDescription", key: "fontDescription") else { return nil }
        if let size = tree[f]["pointSize"].flatMap(Double.init), size.isFinite, size > 0, size <= 10_000 { return size }
        return tree[f]["style"].flatMap { IBVocabulary.textStyles[$0] }
    }

    /// Warns about the attributes and property elements of a view element that are neither read
    /// nor known to only change drawing.
    mutating func reportUnread(_ e: Int) {
        let el = tree[e]
        for key in el.attributes.keys.sorted()
        where !IBVocabulary.readAttributes.contains(key) && !IBVocabulary.appearanceAttributes.contains(key) {
            warn(.unsupportedAttribute, e, "attribute \(key)=\"\(el.attributes[key]!.prefix(40))\" of \(describe(e)) is not read", lost: "whatever \(key) changes")
        }
        for c in el.children {
            let child = tree[c]
            if IBVocabulary.appearanceChildren.contains(child.name) || IBVocabulary.structuralChildren.contains(child.name) { continue }
            if let key = child["key"], Self.viewKeys.contains(key) { continue }
            if child.name == "variation" || child.name == "userDefinedRuntimeAttributes" { continue }
            // An element with no attribute and no child sets nothing: a property element names
            // its key. Xcode 7.0 and 7.1 wrote an empty `<animations/>` into every view.
            if child.attributes.isEmpty && child.children.isEmpty { continue }
            warn(.unsupportedAttribute, c, "property <\(child.name)\(child["key"].map { " key=\"\($0)\"" } ?? "")> of \(describe(e)) is not read", lost: "whatever it sets", owner: e)
        }
        if let runtime = tree.child(of: e, named: "userDefinedRuntimeAttributes") {
            let keys = tree[runtime].children.compactMap { tree[$0]["keyPath"] }
            warn(.runtimeAttributeIgnored, runtime, "runtime attributes of \(describe(e)) (\(keys.joined(separator: ", "))) are set by code at load time", lost: "the values of \(keys.joined(separator: ", "))", owner: e)
        }
        if el["layoutMarginsFollowReadableWidth"] == "YES" {
            warn(.layoutApproximated, e, "layoutMarginsFollowReadableWidth: the readable content width is not modelled", lost: "margins widened to the readable width on wide screens")
        }
    }
}
