import Testing
import TestSupport
import TouchTraceEngine

/// Random scenes with constraints and stack views (rule L6), valid or not, conflicting or not:
/// nothing traps, and the layout pass — which keeps its Auto Layout system and re-solves window
/// sizes and constants incrementally — agrees with a system solved from scratch on every view
/// the constraints determine; a prepared scene answers with the same bytes.
@Suite struct AutoLayoutRandomizedTests {
    typealias Generator = SplitMix64

    static let horizontal = ["left", "right", "leading", "trailing", "centerX", "leadingMargin", "trailingMargin"]
    static let vertical = ["top", "bottom", "centerY", "firstBaseline", "lastBaseline", "topMargin"]

    static func scene(_ g: inout Generator) -> String {
        let count = g.int(2...6)
        var views: [String] = []
        let names = (0..<count).map { "v\($0)" }
        for (i, name) in names.enumerated() {
            var constraints: [String] = []
            for _ in 0..<g.int(0...5) {
                let partner = g.pick(["root", "root#safeArea", "root#layoutMargins"] + names.filter { $0 != name })
                let relation = g.pick(["==", "==", "<=", ">="])
                let priority = g.pick([1000, 1000, 999, 750, 251, 250])
                let constant = g.int(-60...60)
                switch g.int(0...3) {
                case 0:
                    let a = g.pick(Self.horizontal), b = g.pick(Self.horizontal)
                    constraints.append(#"{"firstAttribute": "\#(a)", "relation": "\#(relation)", "secondItem": "\#(partner)", "secondAttribute": "\#(b)", "constant": \#(constant), "priority": \#(priority)}"#)
                case 1:
                    let a = g.pick(Self.vertical), b = g.pick(Self.vertical)
                    constraints.append(#"{"firstAttribute": "\#(a)", "relation": "\#(relation)", "secondItem": "\#(partner)", "secondAttribute": "\#(b)", "constant": \#(constant), "priority": \#(priority)}"#)
                case 2:
                    let a = g.pick(["width", "height"])
                    constraints.append(#"{"identifier": "\#(name)-\#(a)-\#(constraints.count)", "firstAttribute": "\#(a)", "relation": "\#(relation)", "constant": \#(abs(constant) + 10), "priority": \#(priority)}"#)
                default:
                    let a = g.pick(["width", "height"])
                    let m = g.pick(["0.5", "1", "2"])
                    constraints.append(#"{"firstAttribute": "\#(a)", "secondItem": "\#(partner)", "secondAttribute": "\#(g.pick(["width", "height"]))", "multiplier": \#(m), "priority": \#(priority)}"#)
                }
            }
            let stack = i % 3 == 2
            var view = #"{"id": "\#(name)", "translatesAutoresizingMaskIntoConstraints": false, "constraints": [\#(constraints.joined(separator: ", "))]"#
            if stack {
                let distribution = g.pick(["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"])
                let alignment = g.pick(["fill", "leading", "center", "trailing", "firstBaseline", "lastBaseline"])
                view += #", "class": "UIStackView", "stack": {"axis": "\#(g.pick(["horizontal", "vertical"]))", "distribution": "\#(distribution)", "alignment": "\#(alignment)", "spacing": \#(g.int(0...12))}"#
                let leaves = (0..<g.int(1...4)).map { k in
                    g.int(0...2) == 0
                        ? #"{"id": "\#(name)l\#(k)", "class": "UILabel", "text": "\#(String(repeating: "w", count: g.int(1...9)))"}"#
                        : #"{"id": "\#(name)l\#(k)", "intrinsicContentSize": {"width": \#(g.int(-1...80)), "height": \#(g.int(-1...40))}, "hidden": \#(g.int(0...5) == 0)}"#
                }
                view += #", "subviews": [\#(leaves.joined(separator: ", "))]"#
            }
            views.append(view + "}")
        }
        return #"""
            {"options": {"layoutDirection": "\#(g.pick(["leftToRight", "rightToLeft"]))"},
             "window": {"id": "win", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "safeAreaInsets": {"top": 47, "left": 0, "bottom": 34, "right": 0},
              "subviews": [{"id": "root", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "autoresizingMask": ["flexibleWidth", "flexibleHeight"],
                "subviews": [\#(views.joined(separator: ", "))]}]}}
            """#
    }

    static func changes(_ g: inout Generator, scene: Scene) -> String {
        var list: [String] = []
        for _ in 0..<g.int(1...3) {
            if g.int(0...1) == 0 {
                list.append(#"{"op": "resizeWindow", "window": "win", "width": \#(g.int(200...900)), "height": \#(g.int(200...900))}"#)
            } else {
                // A declared width/height constraint's constant, by identifier when there is one.
                let ids = scene.views.flatMap { $0.layout.constraints.compactMap(\.identifier) }
                guard !ids.isEmpty else { continue }
                list.append(#"{"op": "setConstraint", "constraint": "\#(g.pick(ids))", "constant": \#(g.int(0...120))}"#)
            }
        }
        return #"{"changes": [\#(list.joined(separator: ", "))], "includeConstraints": true}"#
    }

    @Test func randomScenesLayOutConsistently() throws {
        var g = Generator(state: 20_261_122)
        var laidOut = 0
        for trial in 0..<150 {
            let text = Self.scene(&g)
            guard let scene = try? SceneDecoder().decode(bytes: Array(text.utf8)) else { continue }  // refused constraints
            let requestText = Self.changes(&g, scene: scene)
            guard let request = try? LayoutRequest.decode(try JSONParser().parse(Array(requestText.utf8))) else {
                Issue.record("trial \(trial): request did not decode: \(requestText)")
                continue
            }
            let response: JSONValue
            do {
                response = try TouchTrace.layout(request, in: scene)
            } catch {
                continue  // e.g. a duplicate identifier named by setConstraint: a request error, not a crash
            }
            laidOut += 1
            // Against a system solved from scratch on the resulting scene.
            let (result, _) = try scene.applying(request.changes)
            let fresh = AutoLayoutSystem(scene: result)
            let ambiguous = Set(fresh.ambiguousViews)
            for v in fresh.positioned where !ambiguous.contains(v) {
                let f = fresh.frame(of: v)
                let got = response["frames"]?[result.views[v].id]
                for (key, value) in [("x", f.minX), ("y", f.minY), ("width", f.size.width), ("height", f.size.height)] {
                    guard case let .number(n)? = got?[key] else { continue }
                    #expect(abs(n - value) < 1e-6 * max(1, abs(value)), "trial \(trial): \(result.views[v].id).\(key) \(n) vs fresh \(value)\n\(text)\n\(requestText)")
                }
            }
            #expect(String(decoding: try TouchTrace.layoutBytes(request, in: PreparedScene(scene)), as: UTF8.self) == JSONWriter().string(response), "trial \(trial)")
            // Hit tests see the laid-out scene.
            _ = try TouchTrace.hitTest(HitTestRequest(points: [Point(x: 100, y: 100)], single: true), in: scene)
        }
        #expect(laidOut > 60, "only \(laidOut) random scenes were valid")
    }
}
