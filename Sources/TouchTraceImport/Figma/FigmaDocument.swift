import TouchTraceEngine

/// A Figma document read once into a flat arena of nodes (parent and child indices, the JSON
/// pointer of each), walked without recursion. Three shapes are read:
///
/// - a file, `GET /v1/files/:key`: `{"document": DOCUMENT, "components": {…}, "componentSets": {…}, …}`;
/// - nodes, `GET /v1/files/:key/nodes?ids=`: `{"nodes": {"1:2": {"document": node, "components": {…}}, …}}`
///   (a plugin's `exportAsync({format: "JSON_REST_V1"})` gives one such entry);
/// - a bare node (`{"id", "type", "children", …}`), as tools save a page or a frame.
///
/// The units are the top-level frames: the frames, components, component sets and instances
/// directly on a page (or in a section on it), or the requested nodes themselves.
struct FigmaDocument {
    struct Node {
        let value: JSONValue
        let pointer: String
        let parent: Int?
        var children: [Int] = []
        let depth: Int
        let id: String?
        let type: String
        let name: String
    }

    struct Unit {
        let node: Int
        let page: Int?
    }

    struct Component {
        let name: String
        let setID: String?
    }

    private(set) var nodes: [Node] = []
    private(set) var byID: [String: Int] = [:]
    private(set) var units: [Unit] = []
    /// Main components (`components`) and component sets (`componentSets`) by id, from every
    /// part of the document.
    private(set) var components: [String: Component] = [:]
    private(set) var componentSets: [String: String] = [:]
    /// Nodes without a readable `type` or `id` (reported by the importer).
    private(set) var untyped: [Int] = []
    /// The prototype's starting frame of each page, by page node index.
    private(set) var startingFrames: [Int: String] = [:]
    /// Layers directly on a page (or in a section on one) that are not frames: no screen holds
    /// them, so an import of the document's frames leaves them out.
    private(set) var looseLayers: [Int] = []

    /// Types that hold a screen: a top-level one is a unit.
    static let frameTypes: Set<String> = ["FRAME", "COMPONENT", "COMPONENT_SET", "INSTANCE"]

    init(_ root: JSONValue, pointer base: String, limits: ImportLimits) throws(ImportError) {
        var tops: [(value: JSONValue, pointer: String)] = []
        if case let .object(members)? = root["nodes"], root["document"] == nil {
            for (key, entry) in members {
                let at = base + "/nodes/" + JSONPointer.escape(key)
                guard let document = entry["document"] else { continue }
                tops.append((document, at + "/document"))
                readComponents(entry)
            }
        } else if let document = root["document"] {
            tops.append((document, base + "/document"))
            readComponents(root)
        } else if root["type"] != nil || root["children"] != nil {
            tops.append((root, base))
        } else {
            throw ImportError(
                .unsupportedDocument,
                "not a Figma document: the JSON has no \"document\", \"nodes\" or node \"type\" (it should be the response of Figma's GET /v1/files/:key or /v1/files/:key/nodes)"
                    + Self.wrapperHint(root, pointer: base))
        }
        for (value, pointer) in tops { try walk(value, pointer: pointer, limits: limits) }
    }

    /// The first layer of a plugin's own export of its nodes (the Plugin API's `x`, `y`,
    /// `width`, `height`, relative to the parent), when no layer has Figma's REST
    /// `absoluteBoundingBox`: such a file has no positions the importer can read.
    var pluginExport: Int? {
        var first: Int?
        for (i, node) in nodes.enumerated() where node.type != "DOCUMENT" && node.type != "CANVAS" {
            if let box = node.value["absoluteBoundingBox"], box != .null { return nil }
            if first == nil, case .number? = node.value["width"], case .number? = node.value["height"], case .number? = node.value["x"], case .number? = node.value["y"] {
                first = i
            }
        }
        return first
    }

    /// The response inside a tool's wrapper: when the top level is no response (no `document`,
    /// `nodes`, `type` or `children`) and exactly one of its members is an object holding
    /// `document` or `nodes`, that member (its key and value).
    static func wrappedResponse(_ root: JSONValue) -> (String, JSONValue)? {
        guard case let .object(members) = root, root["document"] == nil, root["nodes"] == nil, root["type"] == nil, root["children"] == nil
        else { return nil }
        let found = members.prefix(1_000).filter { member in
            guard case .object = member.value else { return false }
            return member.value["document"] != nil || member.value["nodes"] != nil
        }
        guard found.count == 1, let only = found.first else { return nil }
        return (only.key, only.value)
    }

    /// Where a refused document's Figma response seems to be: tools that save a response often
    /// wrap it (`{"Result": {...}}`; one member holding `document` or `nodes` is imported, see
    /// `wrappedResponse`); a member holding a node, or one of several holding responses, is named
    /// by its JSON pointer, else the top level is described.
    static func wrapperHint(_ root: JSONValue, pointer base: String) -> String {
        guard case let .object(members) = root else {
            if case .array = root { return "; its top level is an array, not an object" }
            return "; its top level is not an object"
        }
        for (key, value) in members.prefix(1_000) {
            guard case .object = value else { continue }
            if value["document"] != nil || value["nodes"] != nil || (value["type"] != nil && value["id"] != nil) {
                return "; the member at \(base)/\(JSONPointer.escape(key)) looks like one (a wrapper around Figma's response?): import that member on its own"
            }
        }
        // Figma's error body (`{"status": 403, "err": "Invalid token"}`), saved instead of a response.
        if case let .number(status)? = root["status"], status >= 400, case let .string(err)? = root["err"] ?? root["message"] {
            return "; it is Figma's error response (\(JSONWriter.format(status)) \"\(err.prefix(80))\"): the request that saved it failed"
        }
        let names = members.prefix(5).map { "\"" + String($0.key.prefix(40)) + "\"" }.joined(separator: ", ")
        return members.isEmpty ? "; its top level is an empty object" : "; its top level has \(names)\(members.count > 5 ? ", …" : "")"
    }

    /// Every node under `root`, depth first (document order), on an explicit stack.
    private mutating func walk(_ root: JSONValue, pointer: String, limits: ImportLimits) throws(ImportError) {
        var stack: [(value: JSONValue, pointer: String, parent: Int?, depth: Int)] = [(root, pointer, nil, 0)]
        while let (value, at, parent, depth) = stack.popLast() {
            guard depth <= limits.maxDepth else {
                throw ImportError(.limitExceeded, "nodes nest deeper than \(limits.maxDepth) levels (at \(at))")
            }
            guard nodes.count < limits.maxElements else {
                throw ImportError(.limitExceeded, "the document has more than \(limits.maxElements) nodes")
            }
            guard case .object = value else { continue }
            let id: String? = if case let .string(s)? = value["id"] { s } else { nil }
            let type: String = if case let .string(s)? = value["type"] { s } else { "" }
            let name: String = if case let .string(s)? = value["name"] { s } else { "" }
            let index = nodes.count
            nodes.append(Node(value: value, pointer: at, parent: parent, depth: depth, id: id, type: type, name: name))
            if let parent { nodes[parent].children.append(index) }
            if let id, byID[id] == nil { byID[id] = index }
            if id == nil || type.isEmpty { untyped.append(index) }
            noteUnit(index)
            if case let .array(children)? = value["children"] {
                for (i, child) in children.enumerated().reversed() {
                    stack.append((child, at + "/children/\(i)", index, depth + 1))
                }
            }
        }
    }

    /// Records `index` as a unit when it is a frame on a page (or in a section on one), or a
    /// frame-like root of its own.
    private mutating func noteUnit(_ index: Int) {
        let node = nodes[index]
        if node.type == "CANVAS" {
            if case let .array(points)? = node.value["flowStartingPoints"], case let .string(id)? = points.first?["nodeId"] {
                startingFrames[index] = id
            } else if case let .string(id)? = node.value["prototypeStartNodeID"] {
                startingFrames[index] = id
            }
        }
        guard Self.frameTypes.contains(node.type) else {
            if node.type != "CANVAS", node.type != "SECTION", page(holding: node.parent) != nil { looseLayers.append(index) }
            return
        }
        guard let parent = node.parent else {
            units.append(Unit(node: index, page: nil))
            return
        }
        if let p = page(holding: parent) { units.append(Unit(node: index, page: p)) }
    }

    /// The page (`CANVAS`) a node with this parent lies directly on, through sections only; nil
    /// when the parent is anything else.
    private func page(holding parent: Int?) -> Int? {
        var page = parent
        while let p = page, nodes[p].type == "SECTION" { page = nodes[p].parent }
        return page.flatMap { nodes[$0].type == "CANVAS" ? $0 : nil }
    }

    private mutating func readComponents(_ container: JSONValue) {
        if case let .object(members)? = container["components"] {
            for (id, component) in members {
                guard case let .string(name)? = component["name"] else { continue }
                let set: String? = if case let .string(s)? = component["componentSetId"] { s } else { nil }
                components[id] = Component(name: name, setID: set)
            }
        }
        if case let .object(members)? = container["componentSets"] {
            for (id, set) in members {
                if case let .string(name)? = set["name"] { componentSets[id] = name }
            }
        }
    }

    subscript(index: Int) -> Node { nodes[index] }

    /// The names a class-mapping rule is tried on: the node's, its main component's and that
    /// component's set (for an instance), its set's (for a component in a set).
    func mappingNames(of index: Int) -> [String] {
        let node = nodes[index]
        var names = [node.name]
        if node.type == "INSTANCE", case let .string(componentID)? = node.value["componentId"], let component = components[componentID] {
            names.append(component.name)
            if let set = component.setID.flatMap({ componentSets[$0] }) { names.append(set) }
        }
        if node.type == "COMPONENT", let parent = node.parent, nodes[parent].type == "COMPONENT_SET" {
            names.append(nodes[parent].name)
        }
        return names
    }

    /// The page a node is on, if any.
    func page(of index: Int) -> Int? {
        var p = nodes[index].parent
        while let i = p, nodes[i].type != "CANVAS" { p = nodes[i].parent }
        return p
    }

    /// The nodes of the subtree under `root`, pre-order.
    func subtree(_ root: Int) -> [Int] {
        var result: [Int] = []
        var stack = [root]
        while let n = stack.popLast() {
            result.append(n)
            stack.append(contentsOf: nodes[n].children.reversed())
        }
        return result
    }
}
