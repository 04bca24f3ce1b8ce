import TestSupport
import Testing
import TouchTraceEngine

/// The 'cards' scene of kiwi_reference.py built as a TouchTrace scene — UIStackViews (margins-relative,
/// spacing 8, alignment fill; columns `fill`, rows `fillEqually`) and leaves with intrinsic sizes —
/// laid out by `AutoLayoutSystem`, against kiwisolver's frames for the benchmark's direct system
/// (tree and frames shared with the solver tests through TestSupport).
@Suite struct AutoLayoutCardsSceneTests {
    typealias Node = CardsTree.Node

    /// `_make_cards(n)` (TestSupport).
    static func tree(_ n: Int) -> [Node] { CardsTree(n).nodes }

    /// The scene document: root `v0` pinned to the window's top-left with width 1024, or, with
    /// `followsWindow`, to the window's leading, trailing and top edges (the wired benchmark's form,
    /// Benchmarks/Sources/CardsSceneGenerator).
    static func sceneJSON(_ nodes: [Node], followsWindow: Bool = false) -> String {
        func view(_ i: Int) -> String {
            let n = nodes[i]
            if n.children.isEmpty {
                return #"{"id": "v\#(i)", "intrinsicContentSize": {"width": \#(n.iw), "height": \#(n.ih)}}"#
            }
            let horizontal = n.depth % 2 == 1
            var s = #"{"id": "v\#(i)", "class": "UIStackView", "stack": {"axis": "\#(horizontal ? "horizontal" : "vertical")", "#
            s += #""distribution": "\#(horizontal ? "fillEqually" : "fill")", "alignment": "fill", "spacing": 8, "layoutMarginsRelativeArrangement": true}"#
            if i == 0 {
                s += #", "translatesAutoresizingMaskIntoConstraints": false, "constraints": ["#
                s += #"{"firstAttribute": "leading", "secondItem": "win", "secondAttribute": "leading"}, "#
                s += #"{"firstAttribute": "top", "secondItem": "win", "secondAttribute": "top"}, "#
                s += followsWindow
                    ? #"{"firstAttribute": "trailing", "secondItem": "win", "secondAttribute": "trailing"}]"#
                    : #"{"identifier": "rootWidth", "firstAttribute": "width", "constant": 1024}]"#
            }
            s += #", "subviews": ["# + n.children.map(view).joined(separator: ", ") + "]}"
            return s
        }
        return #"{"window": {"id": "win", "frame": {"x": 0, "y": 0, "width": 1024, "height": 2000}, "subviews": ["# + view(0) + "]}}"
    }

    /// Frames in root coordinates (the root is at the window's origin), as kiwi's are.
    static func absoluteFrames(_ system: AutoLayoutSystem, _ scene: Scene, _ nodes: [Node]) throws -> [[Double]] {
        var out: [[Double]] = []
        for i in nodes.indices {
            let v = try #require(scene.viewIndex("v\(i)"))
            let f = system.frame(of: v)
            var x = f.minX, y = f.minY
            if nodes[i].parent >= 0 {
                x += out[nodes[i].parent][0]
                y += out[nodes[i].parent][1]
            }
            out.append([x, y, f.size.width, f.size.height])
        }
        return out
    }

    @Test func cardsSceneMatchesTheSolverBenchmarkFrames() throws {
        let nodes = Self.tree(60)
        let scene = try SceneDecoder().decode(bytes: Array(Self.sceneJSON(nodes).utf8))
        #expect(ConstraintValidation.problems(in: scene).isEmpty)
        let system = AutoLayoutSystem(scene: scene)
        #expect(system.conflicts.isEmpty)
        let frames = try Self.absoluteFrames(system, scene, nodes)
        var differing: [Int] = []
        for i in nodes.indices where zip(frames[i], KiwiCardsFrames.kiwiFrames60[i]).contains(where: { abs($0 - $1) > 1e-6 }) {
            differing.append(i)
        }
        #expect(differing.isEmpty, "differ: \(differing.map { "v\($0): \(frames[$0]) vs kiwi \(KiwiCardsFrames.kiwiFrames60[$0])" })")
    }

    @Test(arguments: [false, true])
    func changingTheRootWidthConstantResolvesToKiwisFrames(tracking: Bool) throws {
        let nodes = Self.tree(60)
        let scene = try SceneDecoder().decode(bytes: Array(Self.sceneJSON(nodes).utf8))
        var system = AutoLayoutSystem(scene: scene, tracksRequiredEqualities: tracking)
        let rootWidth = try #require(system.constraints.firstIndex { $0.identifier == "rootWidth" })
        system.updateConstant(ofConstraint: rootWidth, to: 768)
        #expect(system.conflicts.isEmpty)
        let frames = try Self.absoluteFrames(system, scene, nodes)
        let differing = nodes.indices.filter { i in zip(frames[i], KiwiCardsFrames.kiwiFrames60At768[i]).contains { abs($0 - $1) > 1e-6 } }
        #expect(differing.isEmpty, "differ: \(differing.map { "v\($0): \(frames[$0]) vs kiwi \(KiwiCardsFrames.kiwiFrames60At768[$0])" })")
    }
}
