import TouchTraceEngine

/// What an import produced: the scene document (docs/scene-format.md, accepted by
/// `SceneDecoder`, its `origin.ids` mapping every scene id to its source element), the
/// warnings, and for a list request the document's units instead of a scene.
public struct ImportResult: Sendable {
    public var format: ImportFormat
    /// The scene document; nil for a list.
    public var scene: JSONValue?
    public var warnings: [ImportWarning]
    /// Scene id → source element id (the scene's `origin.ids`).
    public var ids: [String: String]
    /// For a list request: the scenes (storyboard) or top-level objects (xib) that can be imported.
    public var units: [ImportUnit]?

    public init(format: ImportFormat, scene: JSONValue?, warnings: [ImportWarning], ids: [String: String], units: [ImportUnit]? = nil) {
        self.format = format
        self.scene = scene
        self.warnings = warnings
        self.ids = ids
        self.units = units
    }

    /// The CLI's output and the HTTP response: `{"format", "scene", "warnings"}` (the id map is
    /// in `scene.origin.ids`, so a stored scene keeps it), or `{"format", "scenes", "warnings"}`
    /// for a list. Write it with `JSONWriter` (sorted keys).
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("format", .string(format.rawValue)), ("warnings", .array(warnings.map(\.json))),
        ]
        if let units { members.append(("scenes", .array(units.map(\.json)))) }
        if let scene { members.append(("scene", scene)) }
        return .object(members)
    }
}

/// A part of a document that can be imported on its own: a storyboard scene, a xib top-level
/// object, a Figma top-level frame.
public struct ImportUnit: Sendable, Hashable {
    /// What `ImportOptions.scene` takes to import it (a storyboard `sceneID`, an object id).
    public var id: String
    /// Its view controller's id in the source, if any.
    public var controller: String?
    /// A storyboard controller's Storyboard ID (`ImportOptions.controller`).
    public var storyboardIdentifier: String?
    /// The source element (`viewController`, `navigationController`, `view`, …).
    public var element: String
    public var customClass: String?
    /// The name the design tool shows (a storyboard scene's title).
    public var name: String?
    /// The size it is laid out at.
    public var size: Size?
    /// Whether it is the storyboard's initial view controller.
    public var initial: Bool
    /// How many view elements it has (its own, not its children's scenes); for Figma, nodes.
    public var views: Int
    /// Figma: the page (canvas) the frame is on.
    public var page: String?

    public init(
        id: String, controller: String?, storyboardIdentifier: String?, element: String, customClass: String?,
        name: String?, size: Size?, initial: Bool, views: Int, page: String? = nil
    ) {
        self.page = page
        self.id = id
        self.controller = controller
        self.storyboardIdentifier = storyboardIdentifier
        self.element = element
        self.customClass = customClass
        self.name = name
        self.size = size
        self.initial = initial
        self.views = views
    }

    /// The list entry; `page` only for Figma frames.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(id)), ("controller", .string(orNull: controller)),
            ("storyboardIdentifier", .string(orNull: storyboardIdentifier)), ("element", .string(element)),
            ("customClass", .string(orNull: customClass)), ("name", .string(orNull: name)),
            ("size", size.map { .obj(["width": .number($0.width), "height": .number($0.height)]) } ?? .null),
            ("initial", .bool(initial)), ("views", .number(Double(views))),
        ]
        if let page { members.append(("page", .string(page))) }
        return .object(members)
    }
}
