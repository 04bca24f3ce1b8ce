import TestSupport
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

/// The Figma importer's API: the shapes of document it reads, how a frame is chosen, the class
/// mapping, and the errors.
@Suite("Figma importer API")
struct FigmaImporterTests {
    static func node(_ id: String, _ name: String, _ type: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ extra: [(String, JSONValue)] = [], children: [JSONValue]? = nil) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(id)), ("name", .string(name)), ("type", .string(type)),
            ("absoluteBoundingBox", .obj(["x": .number(x), "y": .number(y), "width": .number(w), "height": .number(h)])),
        ]
        members += extra.map { (key: $0.0, value: $0.1) }
        if let children { members.append(("children", .array(children))) }
        return .object(members)
    }

    static func file(_ frames: [JSONValue], start: String? = nil, components: JSONValue? = nil) -> JSONValue {
        var page: [(key: String, value: JSONValue)] = [("id", "0:1"), ("name", "Page 1"), ("type", "CANVAS"), ("children", .array(frames))]
        if let start { page.append(("prototypeStartNodeID", .string(start))) }
        var members: [(key: String, value: JSONValue)] = [
            ("document", .obj(["id": "0:0", "name": "Document", "type": "DOCUMENT", "children": .array([.object(page)])])),
        ]
        if let components { members.append(("components", components)) }
        return .object(members)
    }

    static func run(_ json: JSONValue, _ options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportResult {
        try Importer.importDocument(JSONWriter().bytes(json), format: .figma, options: options)
    }

    static let twoScreens = file(
        [
            node("1:1", "Home", "FRAME", 0, 0, 375, 667, children: []),
            node("2:1", "Details", "FRAME", 400, 0, 375, 667, children: [node("2:2", "Body", "TEXT", 416, 100, 100, 20)]),
            node("3:1", "Home", "COMPONENT", 800, 0, 100, 40, children: []),
        ], start: "2:1")

    @Test func framesAreListedAndChosen() throws {
        let list = try Self.run(Self.twoScreens, ImportOptions(list: true))
        #expect(list.units?.map(\.id) == ["1:1", "2:1", "3:1"])
        #expect(list.units?.map(\.initial) == [false, true, false])
        #expect(list.units?[1].views == 2 && list.units?[1].page == "Page 1" && list.units?[1].size == Size(width: 375, height: 667))
        // Default: the prototype's starting frame.
        #expect(try Self.run(Self.twoScreens).scene?["name"] == "Details")
        // By node id, by a unique name; an ambiguous name, an unknown one and a non-frame are errors.
        #expect(try Self.run(Self.twoScreens, ImportOptions(frame: "1:1")).ids["Home"] == "1:1")
        #expect(try Self.run(Self.twoScreens, ImportOptions(frame: "Details")).ids["Details"] == "2:1")
        for (wanted, message) in [("Home", "2 top-level frames are named"), ("Nope", "top-level frames: 1:1"), ("2:2", "is a TEXT, not a frame")] {
            do {
                _ = try Self.run(Self.twoScreens, ImportOptions(frame: wanted))
                Issue.record("\(wanted) imported")
            } catch {
                #expect(error.kind == .unknownScene && error.status == 422 && error.message.contains(message), "\(error)")
            }
        }
    }

    @Test func everyShapeOfFigmaJSONIsRead() throws {
        let frame = Self.node("5:1", "Card", "FRAME", 10, 10, 200, 100, children: [Self.node("5:2", "Dot", "ELLIPSE", 20, 20, 10, 10)])
        // /v1/files/:key/nodes, a bare node, a bare page.
        let nodes = JSONValue.obj(["nodes": .obj(["5:1": .obj(["document": frame, "components": .obj([:])])])])
        let page = JSONValue.obj(["id": "0:1", "name": "Page", "type": "CANVAS", "children": .array([frame])])
        for json in [nodes, frame, page, Self.file([frame])] {
            let result = try Self.run(json)
            #expect(result.ids == ["Card": "5:1", "Card.controller": "5:1", "Dot": "5:2"], "\(JSONWriter().string(json).prefix(40))")
        }
        // Warnings point into the shape they came from.
        let odd = Self.node("5:1", "Card", "FRAME", 10, 10, 200, 100, children: [Self.node("5:2", "Dot", "ELLIPSE", 20, 20, 10, 10, [("opacity", "x")])])
        let fromNodes = try Self.run(.obj(["nodes": .obj(["5:1": .obj(["document": odd])])]))
        #expect(fromNodes.warnings.first?.pointer == "/nodes/5:1/document/children/0")
    }

    @Test func anEnvelopeCarriesTheClassMapping() throws {
        let frame = Self.node("5:1", "Card", "FRAME", 0, 0, 200, 100, children: [Self.node("5:2", "Chip", "FRAME", 10, 10, 50, 20, children: [])])
        let mapping = JSONValue.obj(["rules": .array([.obj(["match": "chip", "class": "UIControl", "customClass": "ChipView"])])])
        let result = try Self.run(.obj(["file": Self.file([frame]), "mapping": mapping]))
        let scene = try SceneDecoder().decode(try #require(result.scene))
        let chip = try #require(scene.viewIndex("Chip"))
        #expect(scene.views[chip].viewClass == .UIControl && scene.views[chip].customClass == "ChipView")
        // Given twice, or with a bad class: errors (422) naming the problem.
        #expect(throws: ImportError.self) {
            try Self.run(.obj(["file": Self.file([frame]), "mapping": mapping]), ImportOptions(mapping: FigmaClassMapping()))
        }
        do {
            _ = try Self.run(.obj(["file": Self.file([frame]), "mapping": .obj(["rules": .array([.obj(["match": "x", "class": "UIWindow"])])])]))
            Issue.record("a window mapping imported")
        } catch {
            #expect(error.kind == .invalidMapping && error.status == 422 && error.message.contains("/mapping/rules/0/class"))
        }
        #expect(throws: ImportError.self) { try Self.run(.obj(["file": Self.file([frame]), "extra": 1])) }
    }

    @Test func classMappingRules() throws {
        #expect(FigmaClassMapping.matches(Array("button*".utf8), Array("button/primary".utf8)))
        #expect(FigmaClassMapping.matches(Array("*/b?tton".utf8), Array("forms/button".utf8)))
        #expect(FigmaClassMapping.matches(Array("a*b*c".utf8), Array("axxbyyc".utf8)))
        #expect(!FigmaClassMapping.matches(Array("a*b*c".utf8), Array("axxbyy".utf8)))
        #expect(FigmaClassMapping.matches(Array("*".utf8), Array("".utf8)))
        let defaults = FigmaClassMapping()
        #expect(defaults.rule(type: "INSTANCE", names: ["Primary", "State=Default", "Button"])?.viewClass == .UIButton)
        #expect(defaults.rule(type: "FRAME", names: ["Dark mode toggle"])?.viewClass == .UISwitch)
        #expect(defaults.rule(type: "TEXT", names: ["Button label"]) == nil, "text keeps its class")
        #expect(defaults.rule(type: "FRAME", names: ["Card"]) == nil)
        let custom = FigmaClassMapping(rules: [.init(match: "Card*", viewClass: .UIControl)], useDefaults: false)
        #expect(custom.rule(type: "TEXT", names: ["Card title"])?.viewClass == .UIControl, "a file's rule without types applies to every type")
        #expect(custom.rule(type: "FRAME", names: ["Button"]) == nil, "defaults off")
        let (decoded, problems) = FigmaClassMapping.decode(custom.json)
        #expect(decoded == custom && problems.isEmpty)
        let (bad, errors) = FigmaClassMapping.decode(.obj(["rules": .array([.obj(["match": "x", "class": "UIButon"]), .obj(["class": "UIButton"])]), "useDefault": true]))
        #expect(bad == nil)
        #expect(errors.map(\.pointer) == ["/useDefault", "/rules/0/class", "/rules/1/match"])
    }

    /// A layer drawn inside a control is not a control itself (a button's "Button label" frame),
    /// and it does not take the control's touches.
    @Test func layersInsideAControlStayPlain() throws {
        let button = Self.node("6:2", "Button", "INSTANCE", 0, 0, 100, 40, children: [Self.node("6:3", "Button content", "FRAME", 0, 0, 100, 40, children: [])])
        let result = try Self.run(Self.file([Self.node("6:1", "Screen", "FRAME", 0, 0, 100, 40, children: [button])]))
        let scene = try SceneDecoder().decode(try #require(result.scene))
        let content = try #require(scene.viewIndex("Button-content"))
        let buttonView = try #require(scene.viewIndex("Button"))
        #expect(scene.views[buttonView].viewClass == .UIButton)
        #expect(scene.views[content].viewClass == .UIView && !scene.views[content].userInteractionEnabled)
        #expect(try TouchTrace.hitTest(HitTestRequest(points: [Point(x: 50, y: 20)], single: true), in: scene)["hitView"] == "Button")
    }

    @Test func badDocumentsAreClearErrors() throws {
        func error(_ bytes: [UInt8], _ limits: ImportLimits = ImportLimits()) -> ImportError? {
            do {
                _ = try Importer.importDocument(bytes, format: .figma, options: ImportOptions(limits: limits))
                return nil
            } catch {
                return error
            }
        }
        let malformed = error(Array("{\"document\": {\"id\": \"0:0\",\n \"type\": }".utf8))
        #expect(malformed?.kind == .malformedJSON && malformed?.status == 400 && malformed?.line == 2 && malformed?.column != nil)
        #expect(error([])?.kind == .malformedJSON)
        #expect(error(Array("fig-kiwi\u{0}\u{1}binary".utf8))?.message.contains("binary format") == true)
        #expect(error(Array("[1, 2]".utf8))?.kind == .unsupportedDocument)
        #expect(error(Array("{\"hello\": 1}".utf8))?.kind == .unsupportedDocument)
        #expect(error(Array("{\"hello\": 1}".utf8))?.message.contains("its top level has \"hello\"") == true)
        #expect(error(Array("[1, 2]".utf8))?.message.contains("JSON object, not array") == true)
        // A response a tool saved inside an envelope: one member holding a response is imported,
        // with a warning naming it and what else the wrapper holds; two are refused, naming one;
        // a member that is a lone node is named, not imported.
        let wrapped = #"{"status": 200, "Result": {"name": "f", "nodes": {"1:2": {"document": {"id": "1:2", "name": "Card", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 10, "height": 20}}}}}}"#
        #expect(error(Array(wrapped.utf8)) == nil)
        if let result = try? Importer.importDocument(Array(wrapped.utf8), format: .figma, options: ImportOptions()) {
            let warning = result.warnings.first { $0.kind == .unsupportedAttribute }
            #expect(warning?.pointer == "/Result")
            #expect(warning?.message.contains("the response at /Result is imported; the wrapper's \"status\" not read") == true, "\(warning?.message ?? "")")
            #expect(result.ids.values.contains("1:2"))
            let bare = try? Importer.importDocument(Array(#"{"Result": {"nodes": {"1:2": {"document": {"id": "1:2", "type": "FRAME"}}}}}"#.utf8), format: .figma, options: ImportOptions())
            #expect(bare?.warnings.first?.lost == "nothing")
        }
        let twice = error(Array(#"{"a": {"nodes": {}}, "b": {"document": {"id": "0:0", "type": "DOCUMENT"}}}"#.utf8))
        #expect(twice?.kind == .unsupportedDocument)
        #expect(twice?.message.contains("the member at /a looks like one") == true, "\(twice?.message ?? "")")
        // A plugin's own export (the Plugin API's x, y, width, height; no absoluteBoundingBox
        // anywhere) has no positions to read: refused, naming the first such layer.
        let plugin = error(Array(#"{"document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [{"name": "Login", "type": "FRAME", "x": 0, "y": 0, "width": 375, "height": 812, "children": [{"name": "Email", "type": "RECTANGLE", "x": 16, "y": 40, "width": 343, "height": 44}]}]}]}}"#.utf8))
        #expect(plugin?.kind == .unsupportedDocument)
        #expect(plugin?.message.contains("a plugin's own export of its nodes: \"Login\" at /document/children/0/children/0 has x, y, width and height") == true, "\(plugin?.message ?? "")")
        // One box anywhere makes it a REST response whose other layers lack theirs (warnings).
        #expect(error(Array(#"{"document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [{"id": "1:1", "name": "Login", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 375, "height": 812}, "children": [{"id": "1:2", "name": "Email", "type": "RECTANGLE", "x": 16, "y": 40, "width": 343, "height": 44}]}]}]}}"#.utf8)) == nil)
        #expect(error(Array(#"{ "status": 403, "err": "Invalid token" }"#.utf8))?.message.contains("it is Figma's error response (403 \"Invalid token\")") == true)
        let lone = error(Array(#"{"Result": {"id": "1:2", "type": "FRAME"}}"#.utf8))
        #expect(lone?.message.contains("the member at /Result looks like one") == true, "\(lone?.message ?? "")")
        // Nesting far beyond the limit stops in the parser (no recursion); nodes over the limits too.
        let deep = Array(String(repeating: "{\"children\": [", count: 100_000).utf8)
        #expect(error(deep)?.kind == .limitExceeded)
        var chain = "{\"id\": \"n\", \"type\": \"FRAME\"}"
        for i in 0..<40 { chain = "{\"id\": \"\(i)\", \"type\": \"FRAME\", \"children\": [\(chain)]}" }
        #expect(error(Array(chain.utf8), ImportLimits(maxDepth: 30))?.kind == .limitExceeded)
        #expect(error(Array(chain.utf8), ImportLimits(maxElements: 10))?.kind == .limitExceeded)
        #expect(error(Array(chain.utf8), ImportLimits(maxBytes: 100))?.kind == .documentTooLarge)
        // Within the limits it imports: 41 nested frames.
        #expect(error(Array(chain.utf8)) == nil)
    }

    /// Rule L5 against Figma's own resizing rules, for every pair of horizontal and vertical
    /// constraints, on a layer off centre and one centred, at several window sizes: LEFT keeps
    /// the left margin, RIGHT the right one, LEFT_RIGHT both, CENTER the offset of the centre,
    /// SCALE everything in proportion (Figma's help, "Apply constraints to define how layers
    /// resize"); a size that would go below zero is zero in both.
    @Test func constraintsResizeAsFigmaDoes() throws {
        let values = ["LEFT", "RIGHT", "LEFT_RIGHT", "CENTER", "SCALE"]
        let vertical = ["LEFT": "TOP", "RIGHT": "BOTTOM", "LEFT_RIGHT": "TOP_BOTTOM", "CENTER": "CENTER", "SCALE": "SCALE"]
        var layers: [JSONValue] = []
        var expected: [(id: String, h: String, v: String, box: Rect)] = []
        var k = 0
        for h in values {
            for v in values {
                for centred in [false, true] {
                    let box = centred ? Rect(x: 150, y: 100, width: 100, height: 100) : Rect(x: 30 + Double(k % 5) * 7, y: 40 + Double(k % 3) * 11, width: 60, height: 30)
                    let id = "L\(k)"
                    layers.append(
                        Self.node(id, id, "RECTANGLE", box.minX, box.minY, box.size.width, box.size.height,
                            [("constraints", .obj(["horizontal": .string(h), "vertical": .string(vertical[v]!)]))]))
                    expected.append((id, h, vertical[v]!, box))
                    k += 1
                }
            }
        }
        let result = try Self.run(Self.file([Self.node("9:1", "Screen", "FRAME", 0, 0, 400, 300, children: layers)]))
        let scene = try SceneDecoder().decode(try #require(result.scene))
        func axis(_ value: String, _ start: Double, _ length: Double, _ old: Double, _ new: Double) -> (Double, Double) {
            switch value {
            case "RIGHT", "BOTTOM": return (start + new - old, length)
            case "LEFT_RIGHT", "TOP_BOTTOM": return (start, max(0, length + new - old))
            case "CENTER": return (start + (new - old) / 2, length)
            case "SCALE": return (start * new / old, length * new / old)
            default: return (start, length)
            }
        }
        for size in [Size(width: 800, height: 300), Size(width: 320, height: 600), Size(width: 400, height: 150)] {
            let change = LayoutChange(.resizeWindow(window: "window", size: size), pointer: "/changes/0")
            let (laidOut, _) = try scene.applying([change], limits: SceneLimits())
            for e in expected {
                let (x, w) = axis(e.h, e.box.minX, e.box.size.width, 400, size.width)
                let (y, h) = axis(e.v, e.box.minY, e.box.size.height, 300, size.height)
                let index = try #require(laidOut.viewIndex(e.id))
                let frame = laidOut.views[index].frame
                let ok = abs(frame.minX - x) < 1e-6 && abs(frame.minY - y) < 1e-6 && abs(frame.size.width - w) < 1e-6 && abs(frame.size.height - h) < 1e-6
                #expect(ok, "\(e.id) \(e.h)/\(e.v) at \(size.width)×\(size.height): expected (\(x), \(y), \(w), \(h)), got \(frame)")
            }
        }
    }
}
