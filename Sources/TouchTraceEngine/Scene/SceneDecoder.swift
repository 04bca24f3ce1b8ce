/// Turns a scene document (format `touchtrace.scene/1`, docs/scene-format.md) into a validated `Scene`.
///
/// Walks the view tree with an explicit stack (no recursion, so nesting cannot overflow the
/// stack), applies UIKit's class defaults (H6), and reports every problem at once, each with the
/// JSON pointer of the field: duplicate or malformed ids, unknown classes and fields, references
/// to ids that do not exist (T5), negative or non-finite numbers, bad enum values, and nesting or
/// view counts over `limits`.
public struct SceneDecoder: Sendable {
    public var limits: SceneLimits

    public init(limits: SceneLimits = SceneLimits()) {
        self.limits = limits
    }

    public static let format = "touchtrace.scene/1"

    /// Parses and decodes a document.
    public func decode(bytes: [UInt8]) throws(InputError) -> Scene {
        let json: JSONValue
        do {
            json = try JSONParser(maxNesting: limits.maxJSONNesting).parse(bytes)
        } catch {
            throw .malformed(error)
        }
        return try decode(json)
    }

    public func decode(_ json: JSONValue, at basePointer: String = "") throws(InputError) -> Scene {
        var builder = SceneBuilder(limits: limits, base: basePointer)
        builder.build(json)
        if !builder.context.problems.isEmpty {
            throw .invalid(builder.context.problems)
        }
        let scene = builder.scene()
        // Counts past the limits (before the constraint checks, which are not free either).
        let complexity = scene.complexityProblems(limits: limits, base: basePointer)
        if !complexity.isEmpty { throw .tooComplex(complexity) }
        // Constraints as UIKit validates them (L6: axis pairing, locations need a second item, a
        // common ancestor), once every id is known.
        let constraintProblems = ConstraintValidation.problems(in: scene)
        if !constraintProblems.isEmpty { throw .invalid(constraintProblems) }
        return scene
    }
}

/// An id the builder has read: the object it names and the JSON pointer of its first use.
struct RegisteredID {
    var ref: ObjectRef
    /// The pointer of the id's first use, or of the object whose `id` member it is (a view's
    /// id: the view's pointer is already made, `/id` is added only when a message needs it).
    var place: String
    var isObjectsID = false

    var pointer: String { isObjectsID ? JSONPointer.join(place, "id") : place }
}

/// A reference to an id that can only be checked once every id is known.
struct PendingReference {
    enum Kind {
        case target, firstResponder, redirect(view: Int), sendActionTarget, requireToFail, constraintItem
    }
    var id: String
    var pointer: String
    var kind: Kind
}

struct SceneBuilder {
    static let topLevelFields = [
        "format", "name", "window", "windows", "application", "firstResponder", "options", "origin",
    ]

    let limits: SceneLimits
    let base: String
    var context = DecodeContext()
    var views: [ViewNode] = []
    var windows: [Int] = []
    var viewControllers: [ViewControllerNode] = []
    var application = ApplicationNode()
    var firstResponder: ResponderRef?
    var options = SceneOptions()
    var name: String?
    /// Every id registered so far, with what it names and the pointer of its first use: one
    /// dictionary, so a view's id is hashed and stored once (the scene's ``Scene/ids`` is made
    /// from it at the end, with the same layout: `mapValues` does not hash again).
    var registered: [String: RegisteredID] = [:]
    var pending: [PendingReference] = []
    var origin: SceneOrigin?
    var originPointer: String?
    var listsWindows = false
    var reportedDepth = false
    var suggestionsMade = 0
    var reportedCount = false
    var usesZPosition = false
    /// References of the list, cell, bar and controller fields, checked once every id is known.
    var classPending: [ClassReference] = []
    /// Bars whose items become views after the tree is read.
    var bars: [Int] = []
    /// Cells read, with their pointers (index paths are checked after the tree is read).
    var cellsRead: [(view: Int, pointer: String)] = []
    /// The pointer of each bar item's id.
    var itemPointers: [String: String] = [:]

    init(limits: SceneLimits, base: String) {
        self.limits = limits
        self.base = base
    }

    func scene() -> Scene {
        var scene = Scene(
            name: name, views: views, windows: windows, viewControllers: viewControllers, application: application,
            firstResponder: firstResponder, options: options, ids: registered.mapValues(\.ref))
        scene.origin = origin
        scene.usesZPosition = usesZPosition
        scene.listsWindows = listsWindows
        return scene
    }

    /// Registers an id, reporting a duplicate with the place of its first use.
    mutating func register(_ id: String, as ref: ObjectRef, at pointer: String) {
        register(id, RegisteredID(ref: ref, place: pointer))
    }

    /// Registers an object's `id` member: `objectPointer` is the object's pointer.
    mutating func register(_ id: String, as ref: ObjectRef, idOf objectPointer: String) {
        register(id, RegisteredID(ref: ref, place: objectPointer, isObjectsID: true))
    }

    /// One hash of the id for a new one (the usual case); a duplicate keeps its first use.
    private mutating func register(_ id: String, _ entry: RegisteredID) {
        guard let first = registered.updateValue(entry, forKey: id) else { return }
        registered[id] = first
        context.fail(entry.pointer, "duplicate id \"\(id)\" (first used at \(first.pointer))")
    }

    mutating func build(_ json: JSONValue) {
        guard let top = context.object(json, at: base, allowed: Self.topLevelFields, what: "the scene") else { return }
        if let value = top["format"], let format = context.string(value, at: base + "/format", what: "format"),
            format != SceneDecoder.format
        {
            context.fail(base + "/format", "unsupported format \"\(format)\"; this server reads \"\(SceneDecoder.format)\"")
        }
        if let value = top["name"] { name = context.string(value, at: base + "/name", what: "name") }
        if let value = top["options"] { readOptions(value, at: base + "/options") }
        if let value = top["application"] { readApplication(value, at: base + "/application") }

        switch (top["window"], top["windows"]) {
        case (nil, nil):
            context.fail(base, "a scene needs \"window\" (one window) or \"windows\" (a list, back to front)")
        case (.some, .some):
            context.fail(base + "/windows", "give either \"window\" or \"windows\", not both")
        case let (window?, nil):
            reserveArena(for: [window])
            readViewTree(window, at: base + "/window")
        case let (nil, list?):
            listsWindows = true
            if let items = context.array(list, at: base + "/windows", what: "windows") {
                if items.isEmpty { context.fail(base + "/windows", "windows must list at least one window") }
                reserveArena(for: items)
                for (i, item) in items.enumerated() {
                    readViewTree(item, at: base + "/windows/\(i)")
                }
            }
        }
        finishClassRoles()
        if let value = top["firstResponder"] {
            if let id = context.string(value, at: base + "/firstResponder", what: "firstResponder") {
                pending.append(PendingReference(id: id, pointer: base + "/firstResponder", kind: .firstResponder))
            }
        }
        resolveReferences()
        resolveClassReferences()
        if let value = top["origin"] {
            readOrigin(value, at: base + "/origin")
            checkOriginIDs()
        }
    }

    /// Sizes the arena and the id table for the view objects of the document's trees (at most
    /// the view limit), counted before they are read: grown one view at a time instead, the
    /// views are copied at every doubling of the arena and every id is hashed again at every
    /// doubling of the table (a quarter of a 1,000-view decode's id registration, issue 27).
    mutating func reserveArena(for roots: [JSONValue]) {
        var stack = roots
        var count = 0
        while count < limits.maxViews, let value = stack.popLast() {
            guard case let .object(members) = value else { continue }
            count += 1
            for member in members where JSONFields.same(member.key, "subviews") {
                if case let .array(items) = member.value { stack.append(contentsOf: items) }
                break
            }
        }
        views.reserveCapacity(views.count + count)
        registered.reserveCapacity(registered.count + count)
    }

    /// Reads one window and all its descendants, depth first, without recursion. With `parent`
    /// (a view already in the arena, at nesting `depth`), reads a subview tree instead and
    /// appends its root to that view's subviews (the `addSubview` layout change).
    mutating func readViewTree(_ json: JSONValue, at pointer: String, parent: Int? = nil, depth: Int = 0) {
        var stack: [(json: JSONValue, pointer: String, parent: Int?, depth: Int)] = [(json, pointer, parent, depth)]
        while let item = stack.popLast() {
            if views.count >= limits.maxViews {
                if !reportedCount {
                    reportedCount = true
                    context.fail(item.pointer, "the scene has more than \(limits.maxViews) views (the limit)")
                }
                return
            }
            guard let (index, subviews) = readView(item.json, at: item.pointer, parent: item.parent) else { continue }
            if let parent = item.parent {
                views[parent].subviews.append(index)
            } else {
                windows.append(index)
            }
            guard let subviews, !subviews.isEmpty else { continue }
            if item.depth + 1 > limits.maxDepth {
                if !reportedDepth {
                    reportedDepth = true
                    context.fail(
                        item.pointer + "/subviews",
                        "views are nested deeper than the limit of \(limits.maxDepth) levels")
                }
                continue
            }
            for (i, child) in subviews.enumerated().reversed() {
                stack.append((child, item.pointer + "/subviews/\(i)", index, item.depth + 1))
            }
        }
    }
}
