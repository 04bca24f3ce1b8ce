import Testing
import TouchTraceEngine
import TestSupport

/// Arena invariants that hold after layout changes: ids map to their nodes, parent and subview
/// links agree, every view is a window, a window's descendant, or a detached view's subtree.
func checkLayoutInvariants(_ scene: Scene, sourceLocation: SourceLocation = #_sourceLocation) {
    for (index, view) in scene.views.enumerated() {
        #expect(scene.ids[view.id] == .view(index), "id \(view.id) does not map to its view", sourceLocation: sourceLocation)
        for child in view.subviews {
            #expect(scene.views[child].parent == index, "\(scene.views[child].id)'s parent is not \(view.id)", sourceLocation: sourceLocation)
        }
        if let parent = view.parent {
            #expect(scene.views[parent].subviews.filter { $0 == index }.count == 1, "\(view.id) is not listed once by its parent", sourceLocation: sourceLocation)
            #expect(!view.detached, "\(view.id) has a superview but is marked detached", sourceLocation: sourceLocation)
        } else {
            #expect(scene.windows.contains(index) != view.detached, "\(view.id) must be a window or detached", sourceLocation: sourceLocation)
        }
    }
}

private func scene(_ text: String) throws -> Scene { try SceneDecoder().decode(bytes: Array(text.utf8)) }

private func changes(_ text: String) throws -> [LayoutChange] {
    try LayoutRequest.decode(try JSONParser().parse("{\"changes\": \(text)}")).changes
}

private func problems(_ body: () throws(InputError) -> Void) -> [SceneProblem] {
    do {
        try body()
        return []
    } catch {
        if case .malformed = error { return [SceneProblem(pointer: "", message: "malformed")] }
        return error.problems
    }
}

private let sample = """
    {"window": {"id": "win", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "subviews": [
      {"id": "list", "class": "UIScrollView", "frame": {"x": 0, "y": 0, "width": 390, "height": 800}, "autoresizingMask": ["flexibleWidth", "flexibleHeight"],
       "subviews": [{"id": "row", "frame": {"x": 0, "y": 0, "width": 390, "height": 44}, "autoresizingMask": ["flexibleWidth"]}]},
      {"id": "pay", "class": "UIButton", "frame": {"x": 20, "y": 800, "width": 350, "height": 44}, "autoresizingMask": ["flexibleWidth", "flexibleTopMargin"], "text": "Pay", "font": 15}]}}
    """

@Suite struct LayoutTests {
    @Test func sceneReadsTextAndFontAndRejectsABadFont() throws {
        let s = try scene(sample)
        let pay = s.views[s.viewIndex("pay")!]
        #expect(pay.text == "Pay" && pay.fontSize == 15)
        #expect(s.views[s.viewIndex("row")!].fontSize == 17)
        let bad = problems { () throws(InputError) in _ = try SceneDecoder().decode(try! JSONParser().parse(#"{"window": {"id": "w", "text": 3, "font": -1}}"#)) }
        #expect(bad.map(\.pointer) == ["/window/text", "/window/font"])
    }

    @Test func textEstimateIsIsolatedAndDocumented() {
        #expect(TextMetrics.estimatedSize(of: "Hello", fontSize: 17) == Size(width: 43, height: 21))
        #expect(TextMetrics.estimatedSize(of: "", fontSize: 17) == .zero)
        #expect(TextMetrics.estimatedSize(of: "ab\nabcd", fontSize: 10) == Size(width: 20, height: 24))
    }

    @Test func applyingLeavesTheOriginalSceneUnchangedAndKeepsInvariants() throws {
        let original = try scene(sample)
        let list = try changes("""
            [{"op": "resizeWindow", "window": "win", "width": 844, "height": 390},
             {"op": "addSubview", "to": "list", "subview": {"id": "row2", "frame": {"x": 0, "y": 44, "width": 844, "height": 44}}},
             {"op": "removeFromSuperview", "view": "row"},
             {"op": "addSubview", "view": "pay", "to": "list", "at": 0}]
            """)
        let (result, _) = try original.applying(list)
        checkLayoutInvariants(result)
        #expect(original.views.count == 4)
        #expect(original.views[original.viewIndex("win")!].frame.size == Size(width: 390, height: 844))
        #expect(result.views[result.viewIndex("row")!].detached)
        #expect(result.views[result.viewIndex("list")!].subviews.map { result.views[$0].id } == ["pay", "row2"])
        #expect(!result.attachedViews.contains(result.viewIndex("row")!))
        #expect(result.views[result.viewIndex("win")!].isWindow && !result.views[result.viewIndex("row")!].isWindow)
        // R1: a removed view has no next responder (UIKit: nil); a window's is the application.
        #expect(result.responderChain(from: .view(result.viewIndex("row")!)) == [.view(result.viewIndex("row")!)])
        #expect(result.nextResponder(of: .view(result.viewIndex("win")!)) == .application)
    }

    @Test func aDetachedViewKeepsItsMarkUntilItIsAddedBack() throws {
        let s = try scene(sample)
        let (_, trace) = try s.applying(try changes("""
            [{"op": "removeFromSuperview", "view": "row"}, {"op": "setNeedsLayout", "view": "row"},
             {"op": "addSubview", "view": "row", "to": "win"}]
            """))
        #expect(trace.calls.map { s.views[$0.view].id } == ["win", "list", "row"])
        #expect(trace.calls.map(\.reason) == [.subviewAdded, .subviewRemoved, .setNeedsLayout])
    }

    @Test func removingAWindowDoesNothing() throws {
        let s = try scene(sample)
        let (result, trace) = try s.applying(try changes(#"[{"op": "removeFromSuperview", "view": "win"}]"#))
        #expect(result.windows == s.windows && trace.calls.isEmpty)
        #expect(trace.log.contains { if case .noEffect = $0 { true } else { false } })
    }

    @Test func setChecksPropertiesAgainstTheViewClass() throws {
        let s = try scene(sample)
        let found = problems { () throws(InputError) in
            _ = try s.applying(try! changes(#"[{"op": "set", "view": "row", "enabled": false, "on": true}, {"op": "set", "view": "pay", "enabled": false, "hidden": true}]"#))
        }
        #expect(found.map(\.pointer) == ["/changes/0/enabled", "/changes/0/on"])
        let (result, trace) = try s.applying(try changes(#"[{"op": "set", "view": "pay", "enabled": false, "alpha": 0.5, "autoresizingMask": []}]"#))
        let pay = result.views[result.viewIndex("pay")!]
        #expect(pay.control?.enabled == false && pay.alpha == 0.5 && pay.layout.autoresizingMask.isEmpty)
        #expect(trace.calls.isEmpty, "set changes no geometry, so nothing relayouts (L2)")
    }

    @Test func aNewViewIsDecodedWithTheSceneRulesAtItsPointer() throws {
        let s = try scene(sample)
        let found = problems { () throws(InputError) in
            _ = try s.applying(try! changes(#"[{"op": "setNeedsLayout", "view": "row"}, {"op": "addSubview", "to": "win", "subview": {"id": "x", "class": "UIWindow", "alpha": 3, "subviews": [{"id": "pay"}]}}]"#))
        }
        #expect(found.map(\.pointer) == ["/changes/1/subview/class", "/changes/1/subview/alpha", "/changes/1/subview/subviews/0/id"])
    }

    @Test func hitTestRequestAppliesChangesFirst() throws {
        let s = try scene(sample)
        let body = try JSONParser().parse(#"{"point": {"x": 400, "y": 360}, "changes": [{"op": "resizeWindow", "window": "win", "width": 844, "height": 390}]}"#)
        let request = try HitTestRequest.decode(body)
        #expect(request.changes.count == 1)
        let answer = try TouchTrace.hitTest(request, in: s)
        #expect(answer["hitView"] == .string("pay"))
        let before = try TouchTrace.hitTest(HitTestRequest(points: [Point(x: 200, y: 360)], single: true), in: s)
        #expect(before["hitView"] == .string("list"))
    }

    @Test func layoutRequestDecodingReportsPointers() {
        let found = problems { () throws(InputError) in
            _ = try LayoutRequest.decode(try! JSONParser().parse(#"{"changes": [{"op": "setCenter", "view": "a", "center": {"x": 1}}, 3], "includeInitialLayout": 1, "scene": {}}"#))
        }
        #expect(found.map(\.pointer) == ["/scene", "/changes/0/center/y", "/changes/1", "/includeInitialLayout"])
        #expect((try? LayoutRequest.decode(try! JSONParser().parse(#"{"scene": {}}"#), extraFields: ["scene"])) != nil)
    }

    /// A chain at the depth limit, every level flexible: the resize cascades 1,000 levels deep
    /// and the update cycle visits them all, with loops and explicit stacks (no recursion).
    @Test func deepChainsAutoresizeAndLayOutWithoutRecursion() throws {
        var view: JSONValue = .obj(["id": "v999", "frame": Rect(x: 0, y: 0, width: 100, height: 10).json, "autoresizingMask": .array([.string("flexibleWidth")])])
        for depth in stride(from: 998, through: 1, by: -1) {
            view = .obj([
                "id": .string("v\(depth)"), "frame": Rect(x: 0, y: 0, width: 100, height: 10).json,
                "autoresizingMask": .array([.string("flexibleWidth")]), "subviews": .array([view]),
            ])
        }
        let s = try SceneDecoder().decode(.obj(["window": .obj(["id": "win", "frame": Rect(x: 0, y: 0, width: 100, height: 100).json, "subviews": .array([view])])]))
        let (result, trace) = try s.applying([
            LayoutChange(.resizeWindow(window: "win", size: Size(width: 200, height: 100)), pointer: "/changes/0"),
            LayoutChange(.setNeedsLayout(view: "v500"), pointer: "/changes/1"),
            LayoutChange(.layoutIfNeeded(view: "v999"), pointer: "/changes/2"),
        ])
        #expect(result.views[result.viewIndex("v999")!].frame.size.width == 200)
        #expect(trace.calls.count == 1000)
        #expect(trace.calls.first.map { result.views[$0.view].id } == "win")
        #expect(trace.calls.allSatisfy { $0.pass == .layoutIfNeeded })
    }

    @Test func sizeToFitKeepsTheOriginAndUsesTheEstimate() throws {
        let s = try scene(sample)
        let (result, _) = try s.applying(try changes(#"[{"op": "sizeToFit", "view": "pay"}]"#))
        // "Pay" at 15 pt: 3 × 7.5 = 22.5 → 23 wide; 1.2 × 15 = 18 high, plus 12 of button padding.
        #expect(result.views[result.viewIndex("pay")!].frame == Rect(x: 20, y: 800, width: 23, height: 30))
    }
}
