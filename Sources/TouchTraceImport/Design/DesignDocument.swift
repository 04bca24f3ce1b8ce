import TouchTraceEngine

/// A design document (Penpot, Sketch) read into one neutral form: a flat arena of layers, each
/// with its geometry relative to its parent, what it shows, how it follows a resize, its flex
/// layout and prototype taps. Each format's reader fills it; `DesignImport` turns one screen of
/// it into a scene document, so both formats share the mapping rules (docs/import-design.md).
struct DesignDocument {
    var format: ImportFormat
    var nodes: [DesignNode] = []
    /// The screens that can be imported on their own (boards, artboards), in the order listed.
    var units: [DesignUnit] = []
    /// Source id → node index.
    var byID: [String: Int] = [:]
    /// Prototype destinations that exist (screens by id), to tell a link to something outside.
    var destinations: Set<String> = []

    init(format: ImportFormat) {
        self.format = format
    }

    subscript(_ n: Int) -> DesignNode {
        get { nodes[n] }
        set { nodes[n] = newValue }
    }

    @discardableResult
    mutating func add(_ node: DesignNode) -> Int {
        let index = nodes.count
        nodes.append(node)
        if let parent = node.parent { nodes[parent].children.append(index) }
        if byID[node.id] == nil { byID[node.id] = index }
        return index
    }

    /// Every node under `root` (itself included), pre-order, without recursion.
    func subtree(_ root: Int) -> [Int] {
        var out: [Int] = []
        var stack = [root]
        while let n = stack.popLast() {
            out.append(n)
            stack.append(contentsOf: nodes[n].children.reversed())
        }
        return out
    }
}

/// A screen of a design document: a Penpot board on a page, a Sketch artboard.
struct DesignUnit {
    var node: Int
    var page: String
    /// The prototype's starting screen (a Penpot flow's start, Sketch's `isFlowHome`).
    var initial: Bool
}

/// How a layer follows its parent's resize along one axis, as UIKit's autoresizing flags:
/// which of the leading margin, the length and the trailing margin are flexible.
/// `keepsCentreOffset` is a centred layer that keeps its distance from the centre (Figma's and
/// Penpot's `center`), which UIKit's proportional margins do only for a centred layer.
struct Resizing: Hashable {
    var flexibleStart = false
    var flexibleLength = false
    var flexibleEnd = true
    var keepsCentreOffset = false

    static let start = Resizing()
    static let end = Resizing(flexibleStart: true, flexibleLength: false, flexibleEnd: false)
    static let both = Resizing(flexibleStart: false, flexibleLength: true, flexibleEnd: false)
    static let centre = Resizing(flexibleStart: true, flexibleLength: false, flexibleEnd: true, keepsCentreOffset: true)
    static let scale = Resizing(flexibleStart: true, flexibleLength: true, flexibleEnd: true)
}

/// A flex layout (Penpot's `layout: flex`): what `UIStackView` needs, plus what it cannot say.
struct FlexLayout {
    enum Justify: String { case start, center, end, spaceBetween = "space-between", spaceAround = "space-around", spaceEvenly = "space-evenly" }
    enum Align: String { case start, center, end, stretch }
    var horizontal: Bool
    /// The gap between items along the axis.
    var gap: Double
    var padding: EdgeInsets
    var justify: Justify
    var align: Align
    /// The container's own length follows its content (Penpot's `auto` sizing).
    var hugsWidth: Bool
    var hugsHeight: Bool
    /// The arranged children in flow order (absolutely placed ones left out).
    var flow: [Int]
}

/// A child's part in its parent's flex layout.
struct FlexItem {
    var fillWidth = false
    var fillHeight = false
    /// The child's length follows its content (a text's, a nested layout's).
    var hugWidth = false
    var hugHeight = false
    var absolute = false
    var margin = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    var minWidth: Double?
    var maxWidth: Double?
    var minHeight: Double?
    var maxHeight: Double?
}

/// One layer.
struct DesignNode {
    var id: String
    var name: String
    /// The format's own type (`frame`, `rect`; `artboard`, `shapeGroup`), for messages.
    var type: String
    /// Figma's name for the same kind of layer (`FRAME`, `GROUP`, `INSTANCE`, `TEXT`,
    /// `RECTANGLE`, …): the class mapping's `types` use these.
    var mappingType: String
    /// Names the class mapping is tried on: the layer's, then its component's or symbol's.
    var mappingNames: [String]
    /// Where the layer is in what was sent: a JSON pointer, prefixed with the archive entry.
    var pointer: String
    var parent: Int?
    var children: [Int] = []
    /// The untransformed frame in the parent's coordinates (rule L1: with a transform, the
    /// frame sets the center and the bounds' size).
    var frame: Rect
    /// The linear part of the transform relative to the parent, about the center; nil for none.
    var transform: Transform2D?
    /// The bounding box the file stores for the layer, on the page (the oracle's reference).
    var storedBox: Rect?
    var viewClass: ViewClass
    var hidden = false
    var alpha: Double?
    var clips = false
    var text: String?
    var fontSize: Double?
    var horizontal = Resizing.start
    var vertical = Resizing.start
    var layout: FlexLayout?
    var item = FlexItem()
    /// Prototype taps as selectors (`navigate:<id>`, `overlay:<id>`, `back:`, `close:`, `openURL:…`).
    var taps: [String] = []
    init(id: String, name: String, type: String, mappingType: String, pointer: String, parent: Int?, frame: Rect, viewClass: ViewClass) {
        self.id = id
        self.name = name
        self.type = type
        self.mappingType = mappingType
        self.mappingNames = [name]
        self.pointer = pointer
        self.parent = parent
        self.frame = frame
        self.viewClass = viewClass
    }
}
