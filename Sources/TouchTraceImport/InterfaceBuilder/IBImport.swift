import TouchTraceEngine

/// One import of an Interface Builder unit (a storyboard scene, or a xib's top-level objects)
/// into a scene document. A value type that accumulates the document, the warnings and the
/// map from IB object ids to what they became; the steps live in `IBImport+*.swift`:
/// controllers and containers, view elements and their attributes, constraints, connections
/// (actions, segues, gesture recognizers).
struct IBImport {
    let doc: IBDocument
    var tree: XMLTree { doc.tree }
    let options: ImportOptions
    var warnings: ImportWarnings
    var ids = UniqueIDs(reserved: ["application"])
    var document: SceneDocument

    /// What an IB object id became.
    enum Imported {
        case view(Int)
        /// A view controller, by its scene id, with the index of its root view.
        case controller(id: String, view: Int)
        /// A layout guide, by its constraint item (`root#safeArea`, a guide id).
        case guide(String)
        case recognizer(id: String)
        /// A bar item, by its scene id (not a view of the document: its bar makes one).
        case barItem(String)
    }
    var objects: [String: Imported] = [:]
    /// The views made from elements, with their element, in document order.
    var viewElements: [(view: Int, element: Int)] = []
    /// The root view of each imported controller element.
    var controllerViews: [Int: Int] = [:]
    /// Controller elements being or already imported (containers must not loop).
    var visitedControllers: Set<Int> = []
    /// How many controllers the one being imported is nested in (containers, embeds).
    var controllerNesting = 0
    /// Recognizer elements already attached (a recognizer belongs to one view).
    var attachedRecognizers: [Int: (view: Int, index: Int)] = [:]
    /// Segues triggered by selecting a cell (V5), by the cell's view index, until `importLists`
    /// gives the cell its index path.
    var cellSegues: [Int: [CellDraft.SelectionAction]] = [:]
    /// The attributes each item id is constrained by, built on first use (`constrainedAxes`).
    var constraintAttributes: [String: Set<String>]?
    /// Ids of the views whose layout margins an imported constraint reads.
    var marginsRead: Set<String> = []
    /// The window's safe-area insets.
    var windowInsets = EdgeInsets.zero
    /// The window's safe-area insets on Xcode's canvas (the same as `windowInsets` with `canvas`).
    var canvasInsets = EdgeInsets.zero
    /// The screen's unsafe edges (without bars).
    var screenUnsafe = EdgeInsets.zero
    /// As the app runs: the windows and top-level views of a xib's freeform views smaller than
    /// the screen (not cells), which the import lays out at their stored size without a
    /// safe-area inset as stand-ins for where the app's code places them (document indices).
    var placedByCode: Set<Int> = []
    /// The bars the unit's controller is shown with.
    var unitBars = IBBars.Heights()
    /// What the document's segues and containers say shows the unit's controller (its inferred
    /// navigation controller, whether it is pushed), computed once per unit.
    var unitContext: IBBars.Context?
    /// The stored frame of the navigation bar the unit's controller is shown below, if any.
    var unitNavigationBar: Rect?
    /// The container view the unit's controller is embedded in (an `embed` segue's source in
    /// this document), with its stored frame, if any.
    var unitContainer: (element: Int, frame: Rect)?
    /// On the canvas, the navigation bar the unit's controller is laid out below because its
    /// stored frames state one, though nothing in the document shows it in a navigation
    /// controller (rule L6-inferred-navigation-bar-from-its-stored-frames): the bar's height.
    var unitBarReadOffFrames: Double?

    static let maxControllerNesting = 16

    /// The document's size-class variations resolved for its device.
    let variations: IBVariations

    init(doc: IBDocument, options: ImportOptions) {
        self.doc = doc
        self.options = options
        variations = IBVariations(doc: doc)
        warnings = ImportWarnings(limit: options.limits.maxWarnings)
        document = SceneDocument(
            format: doc.kind == .storyboard ? .storyboard : .xib, file: options.fileName, name: nil)
    }

    /// A warning about element `e`, located at its start tag.
    /// `owner` gives the IB id when the element has none (a view's runtime attributes, its variations).
    mutating func warn(_ kind: ImportWarning.Kind, _ e: Int?, _ message: String, lost: String, owner: Int? = nil) {
        let el = e.map { tree[$0] }
        warnings.add(
            ImportWarning(
                kind, message, line: el?.position.line, column: el?.position.column,
                sourceID: el?["id"] ?? owner.flatMap { tree[$0]["id"] }, lost: lost))
    }

    /// A short description of an element for messages: `<button id="abc-12-xyz">`.
    func describe(_ e: Int) -> String {
        let el = tree[e]
        if let id = el["id"] { return "<\(el.name) id=\"\(id)\">" }
        if let key = el["key"] { return "<\(el.name) key=\"\(key)\">" }
        return "<\(el.name)>"
    }

    /// A number attribute; an unreadable value is warned about and treated as absent.
    mutating func number(_ e: Int, _ attribute: String) -> Double? {
        guard let raw = tree[e][attribute] else { return nil }
        guard let n = Double(raw), n.isFinite else {
            warn(.invalidValue, e, "\(attribute)=\"\(raw.prefix(40))\" on \(describe(e)) is not a number", lost: "the \(attribute) value (UIKit's default used)")
            return nil
        }
        return n
    }

    /// A YES/NO attribute.
    mutating func flag(_ e: Int, _ attribute: String) -> Bool? {
        guard let raw = tree[e][attribute] else { return nil }
        switch raw {
        case "YES": return true
        case "NO": return false
        default:
            warn(.invalidValue, e, "\(attribute)=\"\(raw.prefix(40))\" on \(describe(e)) is not YES or NO", lost: "the \(attribute) value (UIKit's default used)")
            return nil
        }
    }

    /// The window every unit is imported into: the device's screen (or `size`), with the
    /// device's unsafe edges and the bars the controller shows as its safe-area insets.
    mutating func addWindow(size: Size, insets: EdgeInsets, sourceElement: Int?) -> Int {
        let label = sourceElement.flatMap { tree[$0]["userLabel"] }
        var window = ViewDraft(id: ids.make([label], fallback: "window"), sourceID: nil, viewClass: .UIWindow)
        if let e = sourceElement {
            window.sourceID = tree[e]["id"]
            window.customClass = tree[e]["customClass"]
        }
        window.frame = Rect(origin: .zero, size: size)
        if insets != .zero { window.safeAreaInsets = insets }
        windowInsets = insets
        let index = document.add(window, to: nil)
        if let e = sourceElement, let id = tree[e]["id"] {
            objects[id] = .view(index)
            viewElements.append((index, e))
        }
        return index
    }
}
