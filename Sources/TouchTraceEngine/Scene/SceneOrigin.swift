/// Where an imported scene came from (scene field `origin`): the design format, the file, and
/// the map from each scene id to the id of the source element it was made from (an Interface
/// Builder object id, a Figma node id), so that any result can be found in the design tool.
/// Validated when the scene is decoded (every mapped scene id must exist); nothing else in the
/// engine reads it.
public struct SceneOrigin: Sendable, Hashable {
    /// The source format: `xib`, `storyboard`, `figma`, or another name.
    public var format: String
    public var file: String?
    /// Scene id → source element id.
    public var ids: [String: String]

    public init(format: String, file: String?, ids: [String: String]) {
        self.format = format
        self.file = file
        self.ids = ids
    }
}

extension SceneBuilder {
    /// `{"format", "file", "ids": {sceneId: sourceId}}`; the scene ids are checked in
    /// `checkOriginIDs()` once every id is known.
    mutating func readOrigin(_ value: JSONValue, at pointer: String) {
        guard let f = context.object(value, at: pointer, allowed: ["format", "file", "ids"], what: "origin") else { return }
        var origin = SceneOrigin(format: "", file: nil, ids: [:])
        if let v = f["format"] {
            origin.format = context.string(v, at: pointer + "/format", what: "origin format") ?? ""
        } else {
            context.fail(pointer + "/format", "origin needs a \"format\" (for example \"storyboard\")")
        }
        if let v = f["file"] { origin.file = context.string(v, at: pointer + "/file", what: "origin file") }
        if let v = f["ids"], case let .object(members) = v {
            for member in members {
                let p = JSONPointer.join(pointer + "/ids", member.key)
                if let source = context.string(member.value, at: p, what: "a source id") { origin.ids[member.key] = source }
            }
        } else if let v = f["ids"] {
            context.fail(pointer + "/ids", "origin ids must be an object {sceneId: sourceId}, not \(v.typeName)")
        }
        self.origin = origin
        originPointer = pointer
    }

    /// Every scene id the origin maps must name an object of the scene.
    mutating func checkOriginIDs() {
        guard let origin, let originPointer else { return }
        for id in origin.ids.keys.sorted() where registered[id] == nil {
            context.fail(JSONPointer.join(originPointer + "/ids", id), "origin maps \"\(id)\", which is not an id of the scene")
        }
    }
}
