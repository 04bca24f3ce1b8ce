import Testing
import TouchTraceEngine

/// The registration list (T1, T2, T6) and action resolution (T3, T4) on their own.
@Suite struct TargetActionTests {
    @Test func addingAnExistingPairMergesEventsAndMovesItToTheEnd() {
        var list = TargetActionList()
        list.add(target: "vc", action: "pay:", for: .touchUpInside)
        list.add(target: nil, action: "log:", for: .touchDown)
        list.add(target: "vc", action: "pay:", for: .touchDown)
        #expect(list.entries == [
            TargetRegistration(target: nil, action: "log:", events: .touchDown),
            TargetRegistration(target: "vc", action: "pay:", events: [.touchDown, .touchUpInside]),
        ])
    }

    @Test func sameActionDifferentTargetsAreDistinct() {
        var list = TargetActionList()
        list.add(target: "a", action: "go:", for: .touchDown)
        list.add(target: nil, action: "go:", for: .touchDown)
        list.add(target: "b", action: "go:", for: .touchDown)
        #expect(list.entries.count == 3)
        #expect(list.allTargets == ["a", nil, "b"])
    }

    @Test func addingNoEventsDoesNothing() {
        var list = TargetActionList()
        list.add(target: "a", action: "go:", for: [])
        #expect(list.entries.isEmpty)
    }

    @Test func dispatchMatchesBitwiseInListOrder() {
        let list = TargetActionList(adding: [
            TargetRegistration(target: "a", action: "all:", events: .allEvents),
            TargetRegistration(target: "a", action: "value:", events: .valueChanged),
            TargetRegistration(target: "a", action: "touch:", events: .allTouchEvents),
        ])
        #expect(list.entries(matching: .touchDown).map(\.action) == ["all:", "touch:"])
        #expect(list.entries(matching: .valueChanged).map(\.action) == ["all:", "value:"])
        #expect(list.entries(matching: [.valueChanged, .touchDown]).map(\.action) == ["all:", "value:", "touch:"])
    }

    @Test func removeNilNilClearsTheEventsFromEveryEntry() {
        var list = TargetActionList(adding: [
            TargetRegistration(target: nil, action: "pay:", events: .touchUpInside),
            TargetRegistration(target: "vc", action: "track:", events: [.touchUpInside, .touchDown]),
        ])
        list.remove(target: .any, action: nil, for: .touchUpInside)
        #expect(list.entries == [TargetRegistration(target: "vc", action: "track:", events: .touchDown)])
        #expect(list.allTargets == ["vc"])
    }

    @Test func removeMatchesTargetAndAction() {
        var list = TargetActionList(adding: [
            TargetRegistration(target: "vc", action: "a:", events: .touchDown),
            TargetRegistration(target: "vc", action: "b:", events: .touchDown),
            TargetRegistration(target: nil, action: "a:", events: .touchDown),
        ])
        list.remove(target: .id("vc"), action: "a:", for: .allEvents)
        #expect(list.entries.map(\.action) == ["b:", "a:"])
        list.remove(target: .id("vc"), action: nil, for: .touchDown)
        #expect(list.entries == [TargetRegistration(target: nil, action: "a:", events: .touchDown)])
        list.remove(target: .any, action: "a:", for: .touchUpInside)
        #expect(list.entries.count == 1)
    }

    @Test func traceNamesUseGroupNamesForCompleteGroups() {
        #expect(ControlEvents.allEvents.traceNames == ["allEvents"])
        #expect(ControlEvents([.allTouchEvents, .valueChanged]).traceNames == ["allTouchEvents", "valueChanged"])
        #expect(ControlEvents([.touchDown, .touchUpInside]).traceNames == ["touchDown", "touchUpInside"])
    }

    static let scene: Scene = {
        let json = try! JSONParser().parse("""
            {"window": {"id": "win", "frame": {"x": 0, "y": 0, "width": 100, "height": 100},
              "viewController": {"id": "vc", "actions": ["save:"]},
              "subviews": [{"id": "b", "class": "UIButton", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}},
                           {"id": "r", "class": "UIButton", "frame": {"x": 0, "y": 0, "width": 10, "height": 10},
                            "control": {"sendActionOverride": {"action": "own:"}}}]},
             "application": {"delegate": {"id": "del", "actions": ["quit:"]}}}
            """)
        return try! SceneDecoder().decode(json)
    }()

    @Test func nilTargetSearchesFromTheSender() {
        let b = Self.scene.viewIndex("b")!
        let found = Self.scene.sendAction("save:", to: nil, from: b, event: "touchUpInside")
        #expect(found.resolution == .responderChain)
        #expect(found.target == "vc")
        #expect(found.searched == ["b", "win", "vc"])
        #expect(found.searchStart == .sender)
        let delegate = Self.scene.sendAction("quit:", to: nil, from: b, event: "touchUpInside")
        #expect(delegate.target == "del")
        #expect(delegate.searched == ["b", "win", "vc", "application", "del"])
        let none = Self.scene.sendAction("nope:", to: nil, from: b, event: "touchUpInside")
        #expect(none.resolution == .unhandled)
        #expect(none.target == nil)
    }

    @Test func nilTargetSearchesFromTheFirstResponder() {
        var scene = Self.scene
        scene.firstResponder = .viewController(0)
        let found = scene.sendAction("save:", to: nil, from: scene.viewIndex("b")!, event: "touchDown")
        #expect(found.searched == ["vc"])
        #expect(found.searchStart == .firstResponder)
    }

    @Test func explicitTargetAndOverride() {
        let explicit = Self.scene.sendAction("x:", to: "vc", from: Self.scene.viewIndex("b")!, event: "touchDown")
        #expect(explicit.resolution == .explicit)
        #expect(explicit.searched.isEmpty)
        let redirected = Self.scene.sendAction("x:", to: nil, from: Self.scene.viewIndex("r")!, event: "touchDown")
        #expect(redirected.resolution == .redirected)
        #expect(redirected.target == "r")
        #expect(redirected.action == "own:")
        #expect(redirected.registeredAction == "x:")
    }
}
