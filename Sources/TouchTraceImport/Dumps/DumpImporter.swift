import TouchTraceEngine

/// Runtime hierarchy dumps → scene documents (docs/import-dumps.md): UIKit's
/// `recursiveDescription` (with `_printHierarchy`'s controllers when the text has them too, or
/// `options.controllers`), XCUITest's `debugDescription`, `_printHierarchy` alone,
/// `_autolayoutTrace`, and Sentry's `view-hierarchy.json`.
///
/// The body may also be an envelope, `{"dump": <the dump: a string, or Sentry's JSON>,
/// "controllers": <a _printHierarchy>, "overlay": <an overlay>}`, so that one HTTP request
/// carries what a dump cannot say (`DumpOverlay`).
///
/// ```swift
/// let result = try DumpImporter.importDocument(Array(text.utf8), format: .recursiveDescription)
/// let scene = try SceneDecoder().decode(result.scene!)
/// ```
public enum DumpImporter {
    public static func importDocument(
        _ bytes: [UInt8], format: ImportFormat, options: ImportOptions = ImportOptions()
    ) throws(ImportError) -> ImportResult {
        var warnings = ImportWarnings(limit: options.limits.maxWarnings)
        let input = try DumpInput.read(bytes, format: format, options: options)
        var format = format
        if format == .printHierarchy || format == .recursiveDescription, let sniffed = input.text.flatMap({ ImportFormat.sniffDump($0) }),
            sniffed == .recursiveDescription || sniffed == .printHierarchy
        {
            // One text may hold both; the importer reads whichever it holds.
            format = sniffed
        }
        var tree: DumpTree
        switch format {
        case .recursiveDescription, .printHierarchy:
            var text = input.text ?? []
            if let controllers = input.controllers {
                text += [0x0A] + controllers
            }
            var lines = try DumpText.lines(text, limits: options.limits)
            // A UI test's hit-test failure report names views of different superviews: not a dump.
            let report = HitTestReport.find(in: lines)
            report?.strip(&lines)
            var parser = RecursiveDescriptionParser(lines: lines, limits: options.limits, warnings: warnings)
            tree = try parser.parse()
            warnings = parser.warnings
            if let report {
                if tree.nodes.isEmpty, tree.controllers.isEmpty { throw report.refusal }
                warnings.add(report.skipped)
            }
        case .autolayoutTrace:
            let lines = try DumpText.lines(input.text ?? [], limits: options.limits)
            var parser = AutolayoutTraceParser(lines: lines, limits: options.limits, warnings: warnings)
            tree = try parser.parse()
            warnings = parser.warnings
        case .xcuitest:
            let lines = try DumpText.lines(input.text ?? [], limits: options.limits)
            var parser = XCUITestParser(lines: lines, limits: options.limits, warnings: warnings)
            tree = try parser.parse()
            warnings = parser.warnings
        case .sentryViewHierarchy:
            var parser = SentryViewHierarchyParser(bytes: input.text ?? [], limits: options.limits, warnings: warnings)
            if let json = input.json {
                tree = try parser.read(json, at: input.jsonBase)
            } else {
                tree = try parser.parse()
            }
            warnings = parser.warnings
        default:
            throw ImportError(.unsupportedFormat, "\(format.rawValue) is not a hierarchy dump format")
        }
        // A _printHierarchy alone: its controllers' views are the tree.
        var direct: [Int: Int] = [:]
        let controllersOnly = tree.nodes.isEmpty && !tree.controllers.isEmpty
        if controllersOnly {
            direct = DumpSceneBuilder.treeFromControllers(&tree)
            format = .printHierarchy
        }
        formatWarnings(format, tree: tree, controllersOnly: controllersOnly, &warnings)
        reactNativeWarning(tree, &warnings)

        var builder = DumpSceneBuilder(tree: tree, format: format, options: options, warnings: warnings)
        builder.resolveClassesAndIDs()
        if tree.nodes.isEmpty {
            builder.warn(
                .emptyDocument, nil, "the document holds no view of a hierarchy dump: the scene is an empty window", lost: "nothing")
            var window = ViewDraft(id: "window", sourceID: nil, viewClass: .UIWindow)
            window.frame = Rect(x: 0, y: 0, width: 0, height: 0)
            builder.document.add(window, to: nil)
            return try finish(builder, overlay: nil, input: input, format: format)
        }
        // The overlay is read against the nodes before the drafts are built (what it supplies
        // is not warned about), and applied to the scene after.
        var overlay: DumpOverlay?
        if let value = input.overlay {
            overlay = try DumpOverlay.decode(value, at: input.overlayBase, builder: builder, strict: false)
            builder.overlaid = overlay?.supplied() ?? [:]
        }
        builder.recognizerViews = Set(tree.recognizers.compactMap(\.viewAddress))
        builder.build()
        if controllersOnly {
            attachDirect(direct, &builder)
        } else {
            builder.attachControllers()
        }
        builder.attachRecognizers()
        if let value = input.overlay, overlay != nil {
            // Controllers are attached now: names of controllers resolve.
            overlay = try DumpOverlay.decode(value, at: input.overlayBase, builder: builder)
        }
        return try finish(builder, overlay: overlay, input: input, format: format)
    }

    /// Each controller of a `_printHierarchy` alone on the view made for it.
    static func attachDirect(_ direct: [Int: Int], _ builder: inout DumpSceneBuilder) {
        for (k, c) in builder.tree.controllers.enumerated() {
            guard let n = direct[k], let draft = builder.draftOfNode[n] else {
                let reason = c.viewClass == nil ? "its view is not loaded" : "its view is not in the window"
                builder.warnings.add(c.object.warning(c.viewClass == nil ? .controllerUnattached : .viewOutsideHierarchy, "\(reason): not imported", lost: "this controller"))
                continue
            }
            let id = builder.ids.make([DumpClasses.shortName(c.object.className)], fallback: "viewController")
            builder.document.views[draft].viewController = ControllerDraft(id: id, sourceID: c.object.sourceID, customClass: c.object.className)
        }
    }

    /// The warnings about what a format never records (one per import).
    static func formatWarnings(_ format: ImportFormat, tree: DumpTree, controllersOnly: Bool, _ warnings: inout ImportWarnings) {
        switch format {
        case .xcuitest:
            warnings.add(
                ImportWarning(
                    .propertiesUnknown,
                    "XCUITest's debugDescription is the accessibility tree: views hidden from accessibility are not in it (a transparent view covering a button is missing), and it records no alpha, hidden, clipsToBounds or userInteractionEnabled: UIKit's class defaults are assumed",
                    line: tree.nodes.first?.line, column: tree.nodes.first?.column, lost: "views that are not accessibility elements, and those flags"))
        case .sentryViewHierarchy:
            warnings.add(
                ImportWarning(
                    .propertiesUnknown,
                    "Sentry's view hierarchy records no userInteractionEnabled, clipsToBounds or enabled state: UIKit's class defaults are assumed (a UILabel or UIImageView takes no touches, a control is enabled)",
                    lost: "those properties", pointer: tree.nodes.first?.pointer))
        case .autolayoutTrace:
            warnings.add(
                ImportWarning(
                    .propertiesUnknown,
                    "an _autolayoutTrace names each view's class, address and Auto Layout state, not its frame, hidden, alpha or userInteractionEnabled: every view has an empty frame and UIKit's class defaults (import a recursiveDescription of the same window for the geometry)",
                    line: tree.nodes.first?.line, column: tree.nodes.first?.column, lost: "every frame and flag"))
        case .printHierarchy where controllersOnly:
            warnings.add(
                ImportWarning(
                    .propertiesUnknown,
                    "a _printHierarchy names controllers and their views' classes, not frames: every view has an empty frame (import it together with a recursiveDescription of the window)",
                    line: tree.controllers.first?.object.line, column: tree.controllers.first?.object.column, lost: "every frame"))
        default:
            break
        }
    }

    /// React Native's views test hits their own way (`RCTView`'s `hitTest:withEvent:`, and the new
    /// architecture's `RCTViewComponentView`): they skip only hidden views and views with interaction
    /// off — not alpha —, test subviews outside their bounds unless they clip, order subviews by
    /// `zIndex`, and follow `pointerEvents` (`box-none`, `box-only`), which no dump prints. The scene
    /// applies UIKit's default hit testing to them; one warning says so (docs/import-dumps.md,
    /// "React Native's views").
    static func reactNativeWarning(_ tree: DumpTree, _ warnings: inout ImportWarnings) {
        let native = tree.nodes.filter { $0.className.hasPrefix("RCT") }
        guard let first = native.first else { return }
        let count = native.count == 1 ? "1 React Native view" : "\(native.count) React Native views"
        warnings.add(
            ImportWarning(
                .propertiesUnknown,
                "\(count) (the first \(first.className.prefix(80))\(first.address.map { " " + $0 } ?? "")\(first.line.map { " (line \($0))" } ?? "")) \(native.count == 1 ? "tests" : "test") hits as React Native's RCTView does, not as UIKit's default: "
                    + "one at alpha 0 still takes touches, a subview outside the bounds of one that does not clip is still hit, subviews are asked in zIndex order, "
                    + "and pointerEvents (box-none, box-only) is not in the dump. UIKit's rules are applied to them: a cause about their alpha, bounds, order or covering may not hold — check pointerEvents and zIndex where the views are made",
                line: first.line, column: first.column, lost: "React Native's hit testing of those views", pointer: first.pointer))
    }

    /// The scene, with the overlay written in; the import result.
    ///
    /// With an overlay the scene is checked by the scene decoder, and every problem reported at
    /// its place in the overlay (the overlay is the user's JSON). Without one it is not: what the
    /// importer makes is valid by construction (ids made by `UniqueIDs`, finite frames of no
    /// negative size, classes and their parts from `ViewClass`), and that is checked where it
    /// costs nothing per request — every fixture, corpus file and fuzzed input's scene is
    /// decoded by the tests and the fuzz harnesses. The check would be over half of a large
    /// dump's import time (the 50 ms budget of a 1 MB dump, docs/import-dumps.md#benchmark).
    static func finish(_ builder: DumpSceneBuilder, overlay: DumpOverlay?, input: DumpInput, format: ImportFormat) throws(ImportError) -> ImportResult {
        let document = builder.document
        // The id map walks every view: made once, for the scene's origin and the result.
        let ids = document.ids
        var scene = document.json(ids: ids)
        var origins: [(scene: String, overlay: String)] = []
        guard let overlay else {
            return ImportResult(format: format, scene: scene, warnings: builder.warnings.all, ids: ids)
        }
        var sceneIDOfSource: [String: String] = [:]
        for (id, source) in ids where sceneIDOfSource[source] == nil { sceneIDOfSource[source] = id }
        (scene, origins) = overlay.apply(to: scene, document: document, draftOfNode: builder.draftOfNode, sceneIDOfSource: sceneIDOfSource)
        do {
            _ = try SceneDecoder().decode(scene)
        } catch {
            let (inOverlay, other) = DumpOverlay.locate(error.problems, origins: origins)
            if !inOverlay.isEmpty {
                throw ImportError(
                    .invalidOverlay, "the overlay makes a scene that does not load: \(inOverlay.count + other.count) problem\(inOverlay.count + other.count == 1 ? "" : "s")",
                    problems: inOverlay + other)
            }
            let list = other.prefix(5).map(\.description).joined(separator: "; ")
            throw ImportError(.unsupportedDocument, "the imported scene does not load (an importer bug, please report it): \(list)")
        }
        return ImportResult(format: format, scene: scene, warnings: builder.warnings.all, ids: ids)
    }
}

/// What an import request holds: the dump's bytes (or Sentry's parsed JSON), a second text of
/// controllers, an overlay, each with where it came from.
struct DumpInput {
    var text: [UInt8]?
    var json: JSONValue?
    var jsonBase = ""
    var controllers: [UInt8]?
    var overlay: JSONValue?
    var overlayBase = ""

    /// The body as it is, unpacked from a `{"dump", "controllers", "overlay"}` envelope, or the
    /// dump string of a WebDriver response (`ImportFormat.webDriverValue`).
    static func read(_ bytes: [UInt8], format: ImportFormat, options: ImportOptions) throws(ImportError) -> DumpInput {
        var input = DumpInput(text: bytes, controllers: options.controllers, overlay: options.overlay)
        guard ImportFormat.looksLikeJSONObject(bytes) else { return input }
        try options.limits.checkSize(bytes)
        if format != .sentryViewHierarchy, let text = ImportFormat.webDriverValue(bytes) {
            // A WebDriver response (`{"value": "<the dump>"}`): the string, where it is.
            input.text = text
            return input
        }
        var warnings = ImportWarnings(limit: 1)
        if format == .sentryViewHierarchy, !ImportFormat.isDumpEnvelope(bytes) { return input }
        let value = try SentryViewHierarchyParser.parseJSON(bytes, limits: options.limits, warnings: &warnings)
        guard case .object = value, value["dump"] != nil else {
            if format == .sentryViewHierarchy { input.json = value }
            return input
        }
        var context = DecodeContext()
        _ = context.object(value, at: "", allowed: ["dump", "controllers", "overlay"], what: "a dump envelope")
        switch value["dump"] {
        case let .string(s)?: input.text = Array(s.utf8)
        case let v? where format == .sentryViewHierarchy:
            input.json = v
            input.jsonBase = "/dump"
            input.text = nil
        case let v?:
            context.fail("/dump", "the dump is a string (a \(format.rawValue) text), not \(v.typeName)")
        case nil: break
        }
        if let v = value["controllers"] {
            if case let .string(s) = v { input.controllers = Array(s.utf8) } else { context.fail("/controllers", "controllers is a string (a _printHierarchy), not \(v.typeName)") }
        }
        if let v = value["overlay"] {
            if input.overlay != nil {
                context.fail("/overlay", "the overlay is given twice (in the body and as an option); give one")
            }
            input.overlay = v
            input.overlayBase = "/overlay"
        }
        if !context.problems.isEmpty {
            throw ImportError(.invalidOverlay, "the dump envelope is not valid", problems: context.problems)
        }
        return input
    }
}
