import Foundation
import Testing
import TouchTraceEngine

/// Arena invariants of every decoded scene: ids map to their nodes, parent and subview links
/// agree, windows have no parent, controllers point at views that point back.
func checkInvariants(_ scene: Scene) {
    for (index, view) in scene.views.enumerated() {
        #expect(scene.ids[view.id] == .view(index), "id \(view.id) does not map to its view")
        for child in view.subviews {
            #expect(scene.views[child].parent == index, "\(scene.views[child].id)'s parent is not \(view.id)")
        }
        if let parent = view.parent {
            #expect(scene.views[parent].subviews.filter { $0 == index }.count == 1, "\(view.id) is not listed once by its parent")
        } else {
            #expect(scene.windows.contains(index), "\(view.id) has no parent but is not a window")
        }
        if let controller = view.viewController {
            #expect(scene.viewControllers[controller].view == index)
        }
    }
    #expect(Set(scene.ids.keys).count == scene.ids.count)
}

@Suite struct SceneInvariantTests {
    @Test(arguments: Fixtures.files(in: "hit-testing").map(\.lastPathComponent))
    func fixtureScenesKeepTheArenaInvariants(_ name: String) throws {
        let url = Fixtures.root.appendingPathComponent("hit-testing").appendingPathComponent(name)
        let document = try JSONParser().parse(Array(try String(contentsOf: url, encoding: .utf8).utf8))
        guard let sceneJSON = document["scene"], let scene = try? SceneDecoder().decode(sceneJSON) else { return }
        checkInvariants(scene)
    }

    /// Touches fixtures too: bars add a control view per item (B1–B3).
    @Test(arguments: Fixtures.files(in: "touches").map(\.lastPathComponent))
    func touchesFixtureScenesKeepTheArenaInvariants(_ name: String) throws {
        let url = Fixtures.root.appendingPathComponent("touches").appendingPathComponent(name)
        let document = try JSONParser().parse(Array(try String(contentsOf: url, encoding: .utf8).utf8))
        guard let sceneJSON = document["scene"], let scene = try? SceneDecoder().decode(sceneJSON) else { return }
        checkInvariants(scene)
    }

    @Test func viewsAreInDepthFirstDocumentOrder() throws {
        let scene = try SceneDecoder().decode(bytes: Array("""
            {"windows": [{"id": "w1", "subviews": [{"id": "a", "subviews": [{"id": "a1"}, {"id": "a2"}]}, {"id": "b"}]},
                         {"id": "w2", "level": 1, "subviews": [{"id": "c"}]}]}
            """.utf8))
        #expect(scene.views.map(\.id) == ["w1", "a", "a1", "a2", "b", "w2", "c"])
        #expect(scene.windows == [0, 5])
        #expect(HitTester(scene: scene).windowOrder == [5, 0])
        checkInvariants(scene)
    }
}
