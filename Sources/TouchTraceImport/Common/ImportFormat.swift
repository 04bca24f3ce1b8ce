import TouchTraceEngine

/// The design formats TouchTrace imports. Interface Builder's two (`xib`, `storyboard`) are read
/// by the Interface Builder importer; `figma` (the JSON of Figma's REST API) by the Figma importer;
/// the runtime hierarchy dumps (`recursive-description`, `xcuitest`, `print-hierarchy`,
/// `autolayout-trace`, `sentry-view-hierarchy`) by the dump importer (docs/import-dumps.md); `penpot` (Transit JSON
/// of Penpot's API, the `.penpot` ZIP) and `sketch` (the `.sketch` ZIP, a page's JSON, a ZIP of a
/// document kept in folders) by the
/// design importers of docs/import-design.md.
public enum ImportFormat: String, Sendable, CaseIterable {
    case xib, storyboard, figma, penpot, sketch
    /// UIKit's `recursiveDescription` (lldb `po`, Chisel's `pviews`, Cycript), optionally with a
    /// `_printHierarchy` of the view controllers in the same text.
    case recursiveDescription = "recursive-description"
    /// XCUITest's `XCUIApplication().debugDescription` (or an element's).
    case xcuitest
    /// `UIViewController._printHierarchy` alone (no frames).
    case printHierarchy = "print-hierarchy"
    /// `UIView._autolayoutTrace` (the view tree with Auto Layout's ambiguity marks; no frames).
    case autolayoutTrace = "autolayout-trace"
    /// Sentry's `view-hierarchy.json` attachment.
    case sentryViewHierarchy = "sentry-view-hierarchy"

    /// The format a file name implies by its extension (`Main.storyboard` → `.storyboard`), or nil.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        let ext = fileName[fileName.index(after: dot)...].lowercased()
        switch ext {
        case "xib": self = .xib
        case "storyboard": self = .storyboard
        case "json", "fig": self = .figma
        case "penpot": self = .penpot
        case "sketch": self = .sketch
        default: return nil
        }
    }
}

extension ImportFormat {
    /// The format a document's first bytes show, for a document sent without a name: JSON is
    /// Figma's unless it is Sentry's view hierarchy or a dump envelope (`sniffJSONDump`); text
    /// that is not XML is a hierarchy dump when `sniffDump` recognizes one; Interface Builder's
    /// XML names its kind in the root element's `type`
    /// (`com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB`, `….CocoaTouch.XIB`, tvOS's
    /// `com.apple.InterfaceBuilder.AppleTV.Storyboard`). Nil when neither shows.
    public static func sniff(_ bytes: [UInt8]) -> ImportFormat? {
        if let design = sniffDesign(bytes) { return design }
        let head = bytes.prefix(4_096)
        guard let first = head.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) else { return nil }
        if first == UInt8(ascii: "{") { return sniffJSONDump(bytes) ?? .figma }
        let text = String(decoding: head, as: UTF8.self)
        guard let type = text.range(of: "com.apple.InterfaceBuilder") else { return sniffDump(bytes) }
        let rest = text[type.upperBound...].prefix { $0 != "\"" }
        return rest.contains("Storyboard") ? .storyboard : .xib
    }
}

/// What an import may be asked for, besides the document's bytes.
public struct ImportOptions: Sendable {
    /// Which part of the document to import: a storyboard scene (its `sceneID`, or the id of
    /// its view controller), or a xib's top-level object (its id). Nil: a storyboard's initial
    /// view controller (else its first scene), every top-level view of a xib. For Figma, the
    /// same as `frame`.
    public var scene: String?
    /// Figma: the frame to import, by node id (`12:34`, any frame-like node) or by the name of a
    /// top-level frame. Nil: the page's prototype starting frame, else the first top-level frame.
    public var frame: String?
    /// Figma: the rules that give layers UIKit classes by name (nil: `FigmaClassMapping.defaults`).
    public var mapping: FigmaClassMapping?
    /// A storyboard view controller by its Storyboard ID (`storyboardIdentifier`).
    public var controller: String?
    /// List the document's scenes (or top-level objects) instead of importing one.
    public var list: Bool
    /// The document's file name, recorded in the scene's `origin.file`.
    public var fileName: String?
    /// Lay the scene out as the design tool's canvas shows the document rather than as the app
    /// runs: for Interface Builder, placeholder constraints are kept (Xcode's canvas applies
    /// them; the built app does not) and the canvas's own safe-area insets are used (Xcode 26
    /// counts the device's unsafe edges twice). Off by default: a scene describes the running app.
    public var canvas: Bool
    public var limits: ImportLimits
    /// Hierarchy dumps: what the dump cannot say, per view (docs/import-dumps.md#overlay): a JSON
    /// object `{"views": {"<scene id or address>": {"enabled", "targets", "gestureRecognizers", …}}}`.
    public var overlay: JSONValue?
    /// Hierarchy dumps: a `_printHierarchy` given as a second text, attached to the views of the
    /// `recursiveDescription` by address (the same as both in one text).
    public var controllers: [UInt8]?

    public init(
        scene: String? = nil, controller: String? = nil, list: Bool = false, fileName: String? = nil,
        canvas: Bool = false, limits: ImportLimits = ImportLimits(), frame: String? = nil, mapping: FigmaClassMapping? = nil
    ) {
        self.scene = scene
        self.frame = frame
        self.mapping = mapping
        self.controller = controller
        self.list = list
        self.fileName = fileName
        self.canvas = canvas
        self.limits = limits
    }
}

/// Bounds on what an import reads, so that no input can exhaust memory or time. The defaults
/// are far above what Interface Builder writes (the largest file of the test corpus has 216 KB,
/// about 3,400 elements, 20 levels of nesting and 30 attributes on an element) and what Figma
/// writes (the largest Figma file of the corpus has 2 MB, 1,205 nodes, 9 levels of nodes). For a
/// Figma document `maxDepth` counts nodes (JSON nesting may be twice that plus 16) and
/// `maxElements` nodes.
public struct ImportLimits: Sendable, Hashable {
    /// The largest document, in bytes (the server's default body limit).
    public var maxBytes: Int
    /// The deepest element nesting.
    public var maxDepth: Int
    /// The most attributes on one element.
    public var maxAttributesPerElement: Int
    /// The longest start tag, in bytes (a label's long `text` is an attribute).
    public var maxTagBytes: Int
    /// The most elements in a document.
    public var maxElements: Int
    /// The most warnings listed; the rest are counted in one last warning.
    public var maxWarnings: Int
    /// Bounds on a ZIP archive (`.sketch`, `.penpot`), checked before anything is inflated.
    public var archive: ArchiveLimits

    public init(
        maxBytes: Int = 8 << 20, maxDepth: Int = 256, maxAttributesPerElement: Int = 256, maxTagBytes: Int = 1 << 20,
        maxElements: Int = 500_000, maxWarnings: Int = 1_000, archive: ArchiveLimits = ArchiveLimits()
    ) {
        self.archive = archive
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxAttributesPerElement = maxAttributesPerElement
        self.maxTagBytes = maxTagBytes
        self.maxElements = maxElements
        self.maxWarnings = maxWarnings
    }
}
