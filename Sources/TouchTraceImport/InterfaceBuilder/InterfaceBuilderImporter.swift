import TouchTraceEngine

/// Interface Builder documents (`.xib`, `.storyboard`) → scene documents.
///
/// A storyboard imports one scene: `options.scene` (a `sceneID` or a view controller's id),
/// `options.controller` (a Storyboard ID), else the initial view controller, else the first
/// scene. A xib imports its top-level views (each in a window of its size) or the one
/// `options.scene` names. The scene is laid out for the document's device: a window of the
/// device's size with the device's unsafe edges and the controller's bars as safe-area insets.
public enum InterfaceBuilderImporter {
    public static func importDocument(
        _ bytes: [UInt8], format: ImportFormat, options: ImportOptions
    ) throws(ImportError) -> ImportResult {
        let tree = try XMLTree.parse(bytes, limits: options.limits)
        let doc = try IBDocument(tree: tree)
        var importer = IBImport(doc: doc, options: options)
        // The document says what it is; `format` only chose this importer (the result names the
        // format read).
        let actual: ImportFormat = doc.kind == .storyboard ? .storyboard : .xib
        // (No closures in this typed-throws function: Swift 6.3.1's optimizer crashes on them in
        // a release build. The document-wide warnings are made in `warnDocument`.)
        importer.warnDocument()
        let units = doc.units
        if options.list {
            importer.warnVariations(in: nil)
            return ImportResult(format: actual, scene: nil, warnings: importer.warnings.all, ids: [:], units: summaries(units, doc))
        }
        let selected = try select(units, doc: doc, options: options)
        importer.warnVariations(in: selected)
        importer.document.name = sceneName(of: selected.first, doc) ?? options.fileName
        if selected.isEmpty {
            importer.warn(.emptyDocument, doc.root, "the document has no scenes or top-level views: the scene is an empty window", lost: "nothing")
            let screen = doc.screen(canvas: options.canvas)
            _ = importer.addWindow(size: screen?.size ?? Size(width: 375, height: 667), insets: screen?.insets ?? .zero, sourceElement: nil)
        } else if doc.kind == .storyboard {
            importer.importStoryboardUnit(selected[0])
        } else {
            importer.importXibUnits(selected)
        }
        importer.reportDockViews(selected)
        importer.sizeFramelessCells()
        importer.importConstraints()
        importer.importConnections()
        importer.importBarItems()
        importer.importLists()
        importer.resolveMargins()
        importer.reportSymbolSizedImageViews()
        importer.reportArrangedViewsWithoutALength()
        var warnings = importer.warnings
        var document = importer.document
        var decoded: Scene?
        let scene = try document.validated(warnings: &warnings, decoded: &decoded)
        importer.warnings = warnings
        importer.document = document
        if let decoded {
            // One layout of the imported scene answers both (rules L6 and H1–H9).
            let prepared = PreparedScene(decoded, limits: SceneLimits())
            importer.reportLayoutProblems(in: prepared)
            // The views the first layout leaves undetermined, read from its kept Auto Layout system
            // (as `initialConflicts` is), for both warnings: no layout request of their own.
            let undetermined = prepared.initialAmbiguous
            importer.reportUnreachableControls(in: prepared, undetermined: Set(undetermined))
            importer.reportAmbiguousLayout(in: prepared, undetermined: undetermined)
        }
        warnings = importer.warnings
        return ImportResult(format: actual, scene: scene, warnings: warnings.all, ids: document.ids)
    }

    /// The units to import, as the options ask.
    static func select(_ units: [IBDocument.Unit], doc: IBDocument, options: ImportOptions) throws(ImportError) -> [IBDocument.Unit] {
        let tree = doc.tree
        func available() -> String {
            let list = units.prefix(50).map { u -> String in
                var s = u.id
                if let c = tree[u.element]["id"], c != u.id { s += " (controller \(c))" }
                if let sb = tree[u.element]["storyboardIdentifier"] { s += " [\(sb)]" }
                return s
            }
            return list.isEmpty ? "the document has none" : "available: " + list.joined(separator: ", ")
        }
        if let wanted = options.controller {
            guard doc.kind == .storyboard else {
                throw ImportError(.unknownScene, "a controller (Storyboard ID) can only be chosen in a storyboard")
            }
            guard let unit = units.first(where: { tree[$0.element]["storyboardIdentifier"] == wanted }) else {
                throw ImportError(.unknownScene, "no view controller has the Storyboard ID \"\(wanted)\"; \(available())")
            }
            return [unit]
        }
        if let wanted = options.scene {
            guard let unit = units.first(where: { $0.id == wanted || tree[$0.element]["id"] == wanted }) else {
                throw ImportError(.unknownScene, "no scene or top-level object has the id \"\(wanted)\"; \(available())")
            }
            return [unit]
        }
        switch doc.kind {
        case .xib:
            return units.filter { tree[$0.element].name != "viewController" || doc.rootView(of: $0.element) != nil }
        case .storyboard:
            if let initial = doc.initialController, let unit = units.first(where: { tree[$0.element]["id"] == initial }) {
                return [unit]
            }
            return units.first.map { [$0] } ?? []
        }
    }

    /// The list entries of the units.
    static func summaries(_ units: [IBDocument.Unit], _ doc: IBDocument) -> [ImportUnit] {
        var result: [ImportUnit] = []
        for unit in units { result.append(summary(unit, doc)) }
        return result
    }

    /// The name a unit's scene shows in Interface Builder, or its element's user label.
    static func sceneName(of unit: IBDocument.Unit?, _ doc: IBDocument) -> String? {
        guard let unit else { return nil }
        if let scene = unit.scene { return doc.name(ofScene: scene, controller: unit.element) }
        return doc.tree[unit.element]["userLabel"]
    }

    /// A list entry for a unit.
    static func summary(_ unit: IBDocument.Unit, _ doc: IBDocument) -> ImportUnit {
        let tree = doc.tree
        let e = unit.element
        let isController = IBVocabulary.controllers.contains(tree[e].name)
        let root = isController ? doc.rootView(of: e) : e
        let views = root.map { r in tree.subtree(of: r).filter { doc.isView($0) }.count } ?? 0
        let size = root.flatMap { doc.frame(of: $0)?.size } ?? (isController ? doc.screen(canvas: false)?.size : nil)
        return ImportUnit(
            id: unit.id, controller: isController ? tree[e]["id"] : nil,
            storyboardIdentifier: tree[e]["storyboardIdentifier"], element: tree[e].name, customClass: tree[e]["customClass"],
            name: unit.scene.map { doc.name(ofScene: $0, controller: e) } ?? tree[e]["userLabel"] ?? nil, size: size,
            initial: doc.initialController != nil && tree[e]["id"] == doc.initialController, views: views)
    }
}

extension IBImport {
    /// The warnings about the whole document: an unknown device (and the screen inferred for
    /// it), another platform. (Size-class variations are said per unit: `warnVariations`.)
    mutating func warnDocument() {
        if doc.device == nil, let device = tree.child(of: doc.root, named: "device") {
            let inferred = IBScreen(doc: doc, canvas: false, unitRoot: nil)?.device
            let what = inferred.map { d in
                "the screen is taken from the document's root views (\(Self.format(d.size))), with \(JSONWriter.format(d.insets.top)) pt at the top and \(JSONWriter.format(d.insets.bottom)) at the bottom as on \(d.notched ? "iPhones without a home button" : "devices with a home button") of that size"
            } ?? "the screen is taken from each unit's root view where it is a screen's size (at least 320 × 480), else the unit has a window of its own size without unsafe edges"
            warn(
                .layoutApproximated, device, "unknown device \"\(tree[device]["id"] ?? "")\": \(what)",
                lost: "the device's exact screen size and safe area")
        }
        // A known id whose root views show a screen of another size that no model of the table
        // has (Xcode 16 draws `ipad11_0rounded` at 834 × 1210, the table's is 834 × 1194): the
        // screen is laid out at that size with the id's own unsafe edges (IBScreen), which the
        // document does not state. Said where they are not what the size alone would suggest (a
        // rounded iPad's 24 and 20 where a screen of that size suggests an old iPad's 20 and 0),
        // not where they agree (a root 20 pt short of an iPhone 8's screen).
        if let known = doc.device, !known.landscape, let stated = doc.statedScreen, !IBDevice.hasModel(of: stated),
            let device = tree.child(of: doc.root, named: "device")
        {
            let bySize = IBDevice.inferred(id: known.id, size: stated, landscape: false)
            if bySize.insets.top != known.insets.top || bySize.insets.bottom != known.insets.bottom {
                warn(
                    .layoutApproximated, device,
                    "device \"\(known.id)\" is drawn at \(Self.format(stated)), a screen the device table lacks: laid out at that size with the id's own unsafe edges, \(JSONWriter.format(known.insets.top)) pt at the top and \(JSONWriter.format(known.insets.bottom)) at the bottom (its \(Self.format(known.size)) model's), which the document does not state; a screen of that size alone would suggest \(JSONWriter.format(bySize.insets.top)) and \(JSONWriter.format(bySize.insets.bottom))",
                    lost: "the device's exact safe area")
            }
        }
        if doc.platform.contains("AppleTV") {
            warn(
                .platformApproximated, doc.root, "the document targets \(doc.platform): read with iOS's rules (touches, not focus)",
                lost: "the platform's own interaction model (tvOS's focus engine)")
        }
    }

    /// The size-class variations for other traits than the device's that lie in what is
    /// imported: the selected units (a storyboard's scenes, a xib's top-level views), or the
    /// whole document for a listing (`selected` nil). A scene with no such variation of its own
    /// (a storyboard reference's placeholder scene, a scene beside the one that varies) is laid
    /// out as the document says, so it gets no warning.
    mutating func warnVariations(in selected: [IBDocument.Unit]?) {
        let roots = Set(selected.map { $0.map { $0.scene ?? $0.element } } ?? [doc.root])
        var counts: [String: Int] = [:]
        var first: Int?
        for (key, v) in variations.otherTraits where tree.isInside(v, anyOf: roots) {
            counts[key, default: 0] += 1
            first = min(first ?? v, v)
        }
        guard let first else { return }
        let keys = counts.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
        warn(
            .layoutApproximated, first,
            "size-class variations for other traits are not installed: the scene is laid out for \(variations.description); variations: \(keys)",
            lost: "the layout for other size classes (a resize does not switch variations)", owner: tree[first].parent)
    }

    /// Views in a storyboard scene's dock (objects beside its controller) or left at a xib's top
    /// level when another object was chosen are in no window until code adds them.
    mutating func reportDockViews(_ selected: [IBDocument.Unit]) {
        guard doc.kind == .storyboard else { return }
        for unit in selected {
            guard let scene = unit.scene, let objects = tree.child(of: scene, named: "objects") else { continue }
            for e in tree[objects].children where e != unit.element && doc.isView(e) {
                warn(.viewOutsideHierarchy, e, "\(describe(e)) sits in the scene's dock: it is in no view hierarchy until code adds it", lost: "the view")
            }
        }
    }
}
