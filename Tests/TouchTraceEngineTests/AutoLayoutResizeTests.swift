import TestSupport
import Testing
import TouchTraceEngine

/// `AutoLayoutSystem.resize(window:to:)`: a window length moves by an edit variable after its
/// first resize; the results are those of the required bounds, conflicts included.
@Suite struct AutoLayoutResizeTests {
    typealias Cards = AutoLayoutCardsSceneTests

    static func widthBounds(_ system: AutoLayoutSystem, _ window: Int) -> [LayoutConstraint] {
        system.constraints.filter { $0.origin == .window && $0.view == window && $0.firstAttribute == .width }
    }

    /// The cards scene with the root stack pinned to the window: every resize lands on kiwi's
    /// frames (the 768-wide ones are the same as the test's fixed-width root at 768), there and back.
    @Test func cardsSceneFollowsTheWindowToKiwisFrames() throws {
        let nodes = Cards.tree(60)
        let scene = try SceneDecoder().decode(bytes: Array(Cards.sceneJSON(nodes, followsWindow: true).utf8))
        var system = AutoLayoutSystem(scene: scene)
        let win = try #require(scene.viewIndex("win"))
        for (width, expected) in [(768.0, KiwiCardsFrames.kiwiFrames60At768), (1024, KiwiCardsFrames.kiwiFrames60), (1280, nil), (768, KiwiCardsFrames.kiwiFrames60At768)] {
            system.resize(window: win, to: Size(width: width, height: 2000))
            #expect(system.conflicts.isEmpty)
            #expect(Self.widthBounds(system, win).allSatisfy { $0.constant == width })
            let frames = try Cards.absoluteFrames(system, scene, nodes)
            #expect(frames[0] == [0, 0, width, 410])
            // Against a system built from scratch at that size: the same frames (up to rounding)
            // and ambiguous views.
            let fresh = AutoLayoutSystem(scene: system.scene)
            let freshFrames = try Cards.absoluteFrames(fresh, system.scene, nodes)
            let off = nodes.indices.filter { i in zip(frames[i], freshFrames[i]).contains { abs($0 - $1) > 1e-6 } }
            #expect(off.isEmpty, "width \(width): \(off.map { "v\($0): \(frames[$0]) vs fresh \(freshFrames[$0])" })")
            #expect(fresh.ambiguousViews == system.ambiguousViews)
            guard let expected else { continue }
            let differing = nodes.indices.filter { i in zip(frames[i], expected[i]).contains { abs($0 - $1) > 1e-6 } }
            #expect(differing.isEmpty, "width \(width): \(differing.map { "v\($0): \(frames[$0]) vs kiwi \(expected[$0])" })")
        }
    }

    static let pinnedBox = AutoLayoutTests.wrap(
        #"""
        {"id": "box", "translatesAutoresizingMaskIntoConstraints": false, "constraints": [
          {"firstAttribute": "left", "secondItem": "win", "secondAttribute": "left"},
          {"firstAttribute": "right", "secondItem": "win", "secondAttribute": "right"},
          {"identifier": "wide", "firstAttribute": "width", "relation": "greaterThanOrEqual", "constant": 300},
          {"firstAttribute": "top", "secondItem": "win", "secondAttribute": "top"},
          {"firstAttribute": "height", "constant": 10}]}
        """#)

    /// A size the required constraints cannot take breaks the window's bound, as a removal and
    /// re-insertion of the bounds did; the next possible size installs it again.
    @Test func anImpossibleSizeBreaksTheWindowBoundThenRecovers() throws {
        let scene = try AutoLayoutTests.scene(Self.pinnedBox)
        var system = AutoLayoutSystem(scene: scene)
        let win = try #require(scene.viewIndex("win")), box = try #require(scene.viewIndex("box"))
        system.resize(window: win, to: Size(width: 350, height: 800))
        #expect(system.conflicts.isEmpty)
        #expect(system.frame(of: box) == Rect(x: 0, y: 0, width: 350, height: 10))

        system.resize(window: win, to: Size(width: 200, height: 800))
        #expect(system.conflicts.count == 1)
        let broken = try #require(system.conflicts.first)
        #expect(system.constraints[broken.broken].origin == .window)
        #expect(system.constraints[broken.broken].relation == .lessThanOrEqual)
        #expect(broken.involved.contains { system.constraints[$0].identifier == "wide" })
        #expect(system.frame(of: box).size.width >= 300)

        system.resize(window: win, to: Size(width: 500, height: 800))
        #expect(system.conflicts.isEmpty)
        #expect(system.frame(of: box) == Rect(x: 0, y: 0, width: 500, height: 10))
        system.resize(window: win, to: Size(width: 450, height: 600))
        #expect(system.conflicts.isEmpty)
        #expect(system.frame(of: box) == Rect(x: 0, y: 0, width: 450, height: 10))
        #expect(system.frame(of: win) == Rect(x: 0, y: 0, width: 450, height: 600))
    }

    /// Rule L6-view-sizes-are-never-negative through a kept system: a box pinned 100 pt inside
    /// each side of the window is 200 wide, its part solved without the restriction (no size was
    /// negative); a resize to 150 would make it -50, so the kept system is not used and the scene
    /// is solved again with the restriction: the box is 0 wide and a pin is broken and reported,
    /// and back at 400 it is 200 wide again with nothing broken.
    @Test func aResizeThatWouldMakeASizeNegativeSolvesAgainWithTheRestriction() throws {
        let scene = try AutoLayoutTests.scene(
            AutoLayoutTests.wrap(
                #"""
                {"id": "box", "translatesAutoresizingMaskIntoConstraints": false, "constraints": [
                  {"identifier": "left-100", "firstAttribute": "left", "secondItem": "win", "secondAttribute": "left", "constant": 100},
                  {"identifier": "right-100", "firstAttribute": "right", "secondItem": "win", "secondAttribute": "right", "constant": -100},
                  {"firstAttribute": "top", "secondItem": "win", "secondAttribute": "top"},
                  {"firstAttribute": "height", "constant": 10}]}
                """#))
        let box = try #require(scene.viewIndex("box"))
        // One request of window resizes: the layout engine keeps the system of each pass and
        // re-solves it for the next size.
        func resized(_ widths: [Double]) throws -> Scene {
            let changes = JSONValue.array(widths.map { .obj(["op": "resizeWindow", "window": "win", "width": .number($0), "height": 800]) })
            return try scene.applying(LayoutRequest.decode(.obj(["changes": changes])).changes, limits: SceneLimits()).scene
        }
        let narrow = try resized([150])
        #expect(narrow.views[box].frame == Rect(x: 100, y: 0, width: 0, height: 10))
        let conflicts = AutoLayoutSystem(scene: narrow).brokenConstraints
        #expect(conflicts.count == 1)
        #expect(conflicts.allSatisfy { ["left-100", "right-100"].contains($0.broken.identifier) })
        let back = try resized([150, 400])
        #expect(back.views[box].frame == Rect(x: 100, y: 0, width: 200, height: 10))
        #expect(AutoLayoutSystem(scene: back).brokenConstraints.isEmpty)
    }

    /// `updateConstant` on a window bound after a resize: the length goes back to its bounds,
    /// and a later resize moves it again.
    @Test func updatingAWindowBoundAfterAResize() throws {
        let scene = try AutoLayoutTests.scene(Self.pinnedBox)
        var system = AutoLayoutSystem(scene: scene)
        let win = try #require(scene.viewIndex("win")), box = try #require(scene.viewIndex("box"))
        system.resize(window: win, to: Size(width: 800, height: 800))
        #expect(system.frame(of: box).size.width == 800)
        let bounds = system.constraints.indices.filter {
            system.constraints[$0].origin == .window && system.constraints[$0].view == win && system.constraints[$0].firstAttribute == .width
        }
        let lower = try #require(bounds.first { system.constraints[$0].relation == .greaterThanOrEqual })
        let upper = try #require(bounds.first { system.constraints[$0].relation == .lessThanOrEqual })
        system.updateConstant(ofConstraint: lower, to: 700)
        system.updateConstant(ofConstraint: upper, to: 700)
        #expect(system.conflicts.isEmpty)
        #expect(system.frame(of: box).size.width == 700)
        system.resize(window: win, to: Size(width: 650, height: 800))
        #expect(system.conflicts.isEmpty)
        #expect(system.frame(of: box).size.width == 650)
    }
}
