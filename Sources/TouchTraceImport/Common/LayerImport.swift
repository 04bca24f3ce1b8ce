import TouchTraceEngine

/// One import of a design tool's layer tree into a scene document — a Figma frame, a Penpot
/// board, a Sketch artboard: a value type that accumulates the document, the warnings and what
/// each layer became. Its state and the rules the formats share (`LayerImport+Layout.swift`) are
/// written once; each format reads its own document model in `FigmaImport+*.swift` and
/// `DesignImport+*.swift` (constrained extensions), and keeps what only it needs in
/// ``formatState``.
struct LayerImport<Doc: LayerDocument> {
    let doc: Doc
    let options: ImportOptions
    let mapping: FigmaClassMapping.Compiled
    var warnings: ImportWarnings
    var ids = UniqueIDs(reserved: ["application"])
    var document: SceneDocument

    /// The view each imported layer became (a container's layer: the container, not its inner stack).
    var viewOfNode: [Int: Int] = [:]
    /// The layer each view came from (an inner stack: its container's layer).
    var nodeOfView: [Int: Int] = [:]
    /// Views inside a view mapped to a control (their touches belong to the control).
    var insideControl: Set<Int> = []
    /// The stack views made from layouts (Figma's auto layout, flex layouts), by view index.
    var stacks: [Int: StackInfo] = [:]
    /// A container view's inner stack view (a layout that packs its children).
    var innerStack: [Int: Int] = [:]
    /// The screen's view controller: every prototype action is sent to it.
    var controllerID = ""
    /// The screen's root view (its view controller's), or -1.
    var rootView = -1
    /// What only this format's import keeps.
    var formatState = Doc.ImportState()

    typealias Slot = LayerSlot

    init(doc: Doc, options: ImportOptions, mapping: FigmaClassMapping, warnings: ImportWarnings) {
        self.doc = doc
        self.options = options
        self.mapping = FigmaClassMapping.Compiled(mapping)
        self.warnings = warnings
        document = SceneDocument(format: doc.sceneFormat, file: options.fileName, name: nil)
    }

    /// The `alignmentRectInsets` a view made from a design layer declares: none of its own (nil)
    /// for a class whose alignment rectangle is its frame, zero for one whose UIKit drawing insets
    /// it (`UISwitch` 2 pt at the right, `UISegmentedControl` 1 pt at the bottom: rule L6). A
    /// design tool lays out and stores a layer's box (Figma's auto layout places each child's
    /// `absoluteBoundingBox`; Penpot's flex layout, CSS's border boxes), and the box is the view's
    /// frame, whatever class the layer is mapped to: with the class's insets a 56 pt toggle in an
    /// auto-layout row came out 58 wide (rule L6-design-boxes-are-frames-controls-keep-no-alignment-insets).
    static func designAlignmentInsets(_ viewClass: ViewClass) -> EdgeInsets? {
        AutoLayout.alignmentRectInsets(of: viewClass) == .zero ? nil : .zero
    }

    /// Layer `n` as a warning names it: `"Name" (FRAME 12:34)`.
    func describe(_ n: Int) -> String { doc.describe(n) }

    /// A warning about layer `n`: its id, name and pointer.
    mutating func warn(_ kind: ImportWarning.Kind, _ n: Int?, _ message: String, lost: String) {
        let layer = n.map(doc.warningSubject)
        warnings.add(ImportWarning(kind, message, sourceID: layer?.id, lost: lost, pointer: layer?.pointer, sourceName: layer?.name))
    }
}

/// A design tool's document model as `LayerImport` reads it: layers by index.
protocol LayerDocument {
    /// What only this format's import keeps while it runs.
    associatedtype ImportState: LayerImportState
    /// The format the scene document is made from.
    var sceneFormat: ImportFormat { get }
    /// The file's id of layer `n` (a view's `sourceID`).
    func sourceID(_ n: Int) -> String?
    /// Layer `n` as a warning names it.
    func describe(_ n: Int) -> String
    /// Layer `n`'s id, pointer and name, as a warning about it carries them.
    func warningSubject(_ n: Int) -> (id: String?, pointer: String, name: String)
    /// Layer `n`'s parent layer, whether the file hides it, whether it clips its content, and
    /// its box on the page as the file stores it.
    func parentLayer(_ n: Int) -> Int?
    func isHiddenLayer(_ n: Int) -> Bool
    func clipsLayer(_ n: Int) -> Bool
    func storedBox(_ n: Int) -> Rect?
}

/// A format's own state in a `LayerImport`, empty at the start.
protocol LayerImportState {
    init()
}
