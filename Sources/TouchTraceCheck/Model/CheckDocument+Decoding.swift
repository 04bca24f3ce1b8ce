import TouchTraceEngine

extension CheckDocument {
    /// The members of an expectation document.
    public static let fields = ["format", "name", "scene", "scenes", "device", "orientation", "window", "audit", "steps"]
    /// The optional `format` value.
    public static let format = "touchtrace.check/1"
    /// The most steps one document may hold.
    public static let maxSteps = 10_000

    /// Decodes a document, reporting every problem with its JSON pointer. `extraFields` are
    /// members a transport reads itself (none today).
    public static func decode(_ json: JSONValue, extraFields: [String] = []) -> (document: CheckDocument?, problems: [SceneProblem]) {
        var context = DecodeContext()
        guard let f = context.object(json, at: "", allowed: fields + extraFields, what: "an expectation document") else {
            return (nil, context.problems)
        }
        if let value = f["format"], let s = context.string(value, at: "/format", what: "format"), s != format {
            context.fail("/format", "format must be \"\(format)\", not \"\(s)\"")
        }
        var document = CheckDocument(name: nil, scenes: [], screen: nil, audit: AuditOptions(), steps: [])
        if let value = f["name"] { document.name = context.string(value, at: "/name", what: "name") }

        switch (f["scene"], f["scenes"]) {
        case (nil, nil):
            context.fail("", "an expectation document needs \"scene\" (a scene file, or the scene itself) or \"scenes\" (several, by name)")
        case (.some, .some):
            context.fail("/scenes", "give either \"scene\" or \"scenes\", not both")
        case let (scene?, nil):
            if let reference = sceneReference(scene, at: "/scene", context: &context) {
                document.scenes = [(defaultSceneName, reference, "/scene")]
            }
        case let (nil, scenes?):
            if case let .object(members) = scenes, !members.isEmpty {
                for member in members {
                    let at = JSONPointer.join("/scenes", member.key)
                    guard DecodeContext.isValidIdentifier(member.key) else {
                        context.fail(at, "\"\(member.key)\" is not a valid scene name (letters, digits, _ . : -)")
                        continue
                    }
                    if let reference = sceneReference(member.value, at: at, context: &context) {
                        document.scenes.append((member.key, reference, at))
                    }
                }
            } else {
                context.fail("/scenes", "scenes must be an object naming at least one scene ({\"checkout\": \"checkout.json\"})")
            }
        }

        document.screen = screen(f, context: &context)
        if let value = f["audit"] { document.audit = AuditOptions.decode(value, at: "/audit", context: &context) }

        let sceneNames = document.scenes.map(\.name)
        if let value = f["steps"], let items = context.array(value, at: "/steps", what: "steps") {
            if items.isEmpty { context.fail("/steps", "steps must list at least one step") }
            if items.count > maxSteps {
                context.fail("/steps", "at most \(maxSteps) steps, not \(items.count)")
            } else {
                for (i, item) in items.enumerated() {
                    if let step = CheckStep.decode(item, number: i + 1, at: "/steps/\(i)", scenes: sceneNames, context: &context) {
                        document.steps.append(step)
                    }
                }
            }
        } else if f["steps"] == nil {
            context.fail("", "an expectation document needs \"steps\" (a list of steps)")
        }
        // The steps that could be read run even beside problems, so that one run reports every
        // problem (the run answers the problems, not a report, when there are any).
        return (document, context.problems)
    }

    /// A `scene` value (or one of `scenes`): a name, a design file reference, or a scene document.
    package static func decodeSceneReference(_ value: JSONValue, at pointer: String, context: inout DecodeContext) -> SceneReference? {
        sceneReference(value, at: pointer, context: &context)
    }

    static func sceneReference(_ value: JSONValue, at pointer: String, context: inout DecodeContext) -> SceneReference? {
        switch value {
        case let .string(s) where !s.isEmpty: return .named(s)
        case .object where value["file"] != nil || value["document"] != nil:
            return designReference(value, at: pointer, context: &context).map { .design($0) }
        case .object: return .inline(value)
        default:
            context.fail(pointer, "a scene is a file name (a scene, a design file or a dump; over HTTP, a stored scene's id), {file, scene, controller, frame, canvas} or a scene document, not \(value.typeName)")
            return nil
        }
    }

    /// `{file: Main.storyboard, scene: …, controller: …, frame: …, canvas: true, format: …}`, and
    /// over HTTP `document` (the file's content).
    static func designReference(_ value: JSONValue, at pointer: String, context: inout DecodeContext) -> DesignReference? {
        guard let f = context.object(value, at: pointer, allowed: DesignReference.fields, what: "a design file reference") else { return nil }
        let before = context.problems.count
        var reference = DesignReference(file: "", pointer: pointer)
        if let v = f["file"], let s = context.string(v, at: pointer + "/file", what: "file") {
            if s.isEmpty { context.fail(pointer + "/file", "file must name the design file") }
            reference.file = s
        } else if f["file"] == nil {
            reference.file = "document"
        }
        if let v = f["document"] {
            switch v {
            case .string, .object, .array: reference.document = v
            default: context.fail(pointer + "/document", "document is the design file's content: a string (XML) or JSON, not \(v.typeName)")
            }
        }
        for key in ["format", "scene", "controller", "frame"] {
            guard let v = f[key], let s = context.string(v, at: pointer + "/" + key, what: key) else { continue }
            switch key {
            case "format": reference.format = s
            case "scene": reference.scene = s
            case "controller": reference.controller = s
            default: reference.frame = s
            }
        }
        if reference.scene != nil, reference.controller != nil {
            context.fail(pointer + "/controller", "give either \"scene\" or \"controller\", not both")
        }
        if let v = f["canvas"], let b = context.bool(v, at: pointer + "/canvas", what: "canvas") { reference.canvas = b }
        return context.problems.count == before ? reference : nil
    }

    /// `device` (and `orientation`) or `window`.
    static func screen(_ f: JSONFields, context: inout DecodeContext) -> ScreenSize? {
        var landscape = false
        if let value = f["orientation"], let o = context.string(value, at: "/orientation", what: "orientation") {
            if o == "landscape" { landscape = true } else if o != "portrait" {
                context.fail("/orientation", "orientation must be portrait or landscape, not \"\(o)\"")
            }
            if f["device"] == nil { context.fail("/orientation", "orientation goes with \"device\"") }
        }
        switch (f["device"], f["window"]) {
        case (.some, .some):
            context.fail("/window", "give either \"device\" or \"window\", not both")
            return nil
        case let (device?, nil):
            guard let name = context.string(device, at: "/device", what: "device") else { return nil }
            guard let d = Device.named(name) else {
                let message = "unknown device \"\(name)\"" + IDSuggestion.didYouMean(name, in: Device.all.map(\.name))
                context.fail("/device", message + "; give \"window\": {\"width\", \"height\"} for another size (docs/check.md lists the devices)")
                return nil
            }
            let (w, h) = landscape ? (max(d.width, d.height), min(d.width, d.height)) : (d.width, d.height)
            return ScreenSize(width: w, height: h, label: "\(d.name), \(landscape ? "landscape" : "portrait"): \(Measure.format(w))×\(Measure.format(h)) pt", pointer: "/device")
        case let (nil, window?):
            guard let size = context.numberObject(window, at: "/window", keys: ["width", "height"], what: "window", defaults: [0, 0]) else { return nil }
            for (k, key) in ["width", "height"].enumerated() where size[k] <= 0 || size[k] > 100_000 {
                context.fail("/window/" + key, "\(key) must be more than 0 and at most 100000")
            }
            return ScreenSize(width: size[0], height: size[1], label: "\(Measure.format(size[0]))×\(Measure.format(size[1])) pt", pointer: "/window")
        case (nil, nil):
            return nil
        }
    }
}
