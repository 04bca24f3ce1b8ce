import Testing
import TouchTraceEngine

/// The hit test reads one "touches off" flag per visited view (hidden, isUserInteractionEnabled
/// false, alpha below 0.01: H1, H6; a running animation that switches touches off: H10), kept
/// by the four properties it is made of, and works out the reason only for a rejected view, in
/// the order of UIKit's checks. These cases change the properties after the scene is built
/// (`set` changes), which is where a flag computed once would go stale.
@Suite struct TouchesOffFlagTests {
    static let sceneText = """
        {"window": {"id": "win", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "subviews": [
          {"id": "card", "frame": {"x": 20, "y": 20, "width": 200, "height": 100}},
          {"id": "badge", "class": "UILabel", "frame": {"x": 20, "y": 200, "width": 200, "height": 100}},
          {"id": "pulse", "frame": {"x": 20, "y": 400, "width": 200, "height": 100}, "animation": {"kind": "uiViewAnimate"}}]}}
        """

    static func rejection(_ id: String, after changes: String) throws -> (reason: HitTestTrace.Rejection?, rule: RuleID?) {
        let scene = try SceneDecoder().decode(bytes: Array(sceneText.utf8))
        let changed = try scene.applying(
            try LayoutRequest.decode(try JSONParser().parse("{\"changes\": \(changes)}")).changes).scene
        let view = changed.viewIndex(id)!
        let frame = changed.views[view].frame
        let trace = HitTester(scene: changed).hitTest(Point(x: frame.origin.x + 10, y: frame.origin.y + 10))
        let step = trace.steps.first { $0.view == Int32(view) }
        return step?.outcome == .rejected ? (step?.reason, step?.rule) : (nil, nil)
    }

    @Test func H1H6H10touchesOffFollowsSetChanges() throws {
        #expect(try Self.rejection("card", after: "[]") == (nil, nil))
        #expect(try Self.rejection("card", after: #"[{"op": "set", "view": "card", "userInteractionEnabled": false}]"#) == (.userInteractionDisabled, .H1))
        #expect(try Self.rejection("card", after: #"[{"op": "set", "view": "card", "userInteractionEnabled": false}, {"op": "set", "view": "card", "userInteractionEnabled": true}]"#) == (nil, nil))
        #expect(try Self.rejection("card", after: #"[{"op": "set", "view": "card", "alpha": 0.005}]"#) == (.transparent, .H1))
        #expect(try Self.rejection("card", after: #"[{"op": "set", "view": "card", "alpha": 0.005}, {"op": "set", "view": "card", "alpha": 0.5}]"#) == (nil, nil))
        #expect(try Self.rejection("card", after: #"[{"op": "set", "view": "card", "hidden": true, "userInteractionEnabled": false}]"#) == (.hidden, .H1))
        // A label's class default switched it off (H6); switched on, it takes the touch.
        #expect(try Self.rejection("badge", after: "[]") == (.userInteractionDisabled, .H6))
        #expect(try Self.rejection("badge", after: #"[{"op": "set", "view": "badge", "userInteractionEnabled": true}]"#) == (nil, nil))
        // An animating view: H10, unless an earlier check (alpha, then isUserInteractionEnabled) rejects it first.
        #expect(try Self.rejection("pulse", after: "[]") == (.animating, .H10))
        #expect(try Self.rejection("pulse", after: #"[{"op": "set", "view": "pulse", "alpha": 0}]"#) == (.transparent, .H1))
        #expect(try Self.rejection("pulse", after: #"[{"op": "set", "view": "pulse", "alpha": 0, "userInteractionEnabled": false}]"#) == (.userInteractionDisabled, .H1))
    }
}
