import Testing
import TouchTraceEngine
import TestSupport

/// Rule L6 in the layout pass: `layoutSubviews` applies the solved frames (openapi.yaml layout request).
@Suite struct AutoLayoutLayoutPassTests {
    static let scene = #"""
        {"window": {"id": "win", "frame": {"x": 0, "y": 0, "width": 400, "height": 800}, "subviews": [
          {"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 800}, "autoresizingMask": ["flexibleWidth", "flexibleHeight"],
           "subviews": [
            {"id": "box", "translatesAutoresizingMaskIntoConstraints": false, "subviews": [
               {"id": "inner", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "autoresizingMask": ["flexibleWidth"]}],
             "constraints": [
              {"firstAttribute": "leading", "secondItem": "root", "secondAttribute": "leading", "constant": 10},
              {"firstAttribute": "trailing", "secondItem": "root", "secondAttribute": "trailing", "constant": -10},
              {"firstAttribute": "top", "secondItem": "root", "secondAttribute": "top", "constant": 10},
              {"firstAttribute": "height", "constant": 40}]},
            {"id": "row", "class": "UIStackView", "frame": {"x": 0, "y": 100, "width": 320, "height": 50},
             "stack": {"distribution": "fillEqually", "spacing": 10}, "subviews": [{"id": "a"}, {"id": "b"}]}]}]}}
        """#

    static func frames(_ changes: String) throws -> JSONValue {
        let scene = try SceneDecoder().decode(bytes: Array(Self.scene.utf8))
        let request = try LayoutRequest.decode(try JSONParser().parse(Array(changes.utf8)))
        return try #require(try TouchTrace.layout(request, in: scene)["frames"])
    }

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> JSONValue {
        .obj(["x": .number(x), "y": .number(y), "width": .number(w), "height": .number(h)])
    }

    @Test func initialLayoutAppliesConstraintsAndStackViews() throws {
        let frames = try Self.frames(#"{"changes": []}"#)
        #expect(frames["box"] == Self.rect(10, 10, 380, 40))
        #expect(frames["a"] == Self.rect(0, 0, 155, 50))
        #expect(frames["b"] == Self.rect(165, 0, 155, 50))
        // The box was 0 × 0 in the scene: its flexible-width subview grew with it (L5).
        #expect(frames["inner"] == Self.rect(0, 0, 390, 10))
    }

    @Test func constraintChangesReachTheFramesInTheSamePass() throws {
        let frames = try Self.frames(#"{"changes": [{"op": "setConstraint", "view": "box", "index": 0, "constant": 30}]}"#)
        #expect(frames["box"] == Self.rect(30, 10, 360, 40))
        // box's size changed: its flexible-width subview followed (L5).
        #expect(frames["inner"] == Self.rect(0, 0, 370, 10))
        let added = try Self.frames(#"{"changes": [{"op": "addConstraint", "view": "box", "constraint": {"firstAttribute": "height", "constant": 80, "priority": 999}}, {"op": "setConstraint", "view": "box", "index": 3, "active": false}]}"#)
        #expect(added["box"] == Self.rect(10, 10, 380, 80))
    }

    @Test func windowResizeRelaysOutThroughAutoresizingAndConstraints() throws {
        let frames = try Self.frames(#"{"changes": [{"op": "resizeWindow", "window": "win", "width": 800, "height": 400}]}"#)
        #expect(frames["root"] == Self.rect(0, 0, 800, 400))
        #expect(frames["box"] == Self.rect(10, 10, 780, 40))
        #expect(frames["inner"] == Self.rect(0, 0, 790, 10))
    }

    /// A content-size change reaches the frames in the next pass: Auto Layout's solution moved
    /// subviews of `row` and of `root`, so their `layoutSubviews` run with `constraintsChanged`.
    static let stackScene = #"""
        {"window": {"id": "win", "frame": {"x": 0, "y": 0, "width": 400, "height": 800}, "subviews": [
          {"id": "root", "frame": {"x": 0, "y": 0, "width": 400, "height": 800}, "subviews": [
            {"id": "column", "class": "UIStackView", "translatesAutoresizingMaskIntoConstraints": false,
             "stack": {"axis": "vertical", "alignment": "leading", "spacing": 8},
             "constraints": [
              {"firstAttribute": "leading", "secondItem": "root", "secondAttribute": "leading", "constant": 16},
              {"firstAttribute": "top", "secondItem": "root", "secondAttribute": "top", "constant": 20}],
             "subviews": [
              {"id": "title", "intrinsicContentSize": {"width": 120, "height": 24}},
              {"id": "body", "intrinsicContentSize": {"width": 200, "height": 60}}]}]}]}}
        """#

    @Test func contentSizeChangeMarksTheSuperviewsOfMovedViews() throws {
        let scene = try SceneDecoder().decode(bytes: Array(Self.stackScene.utf8))
        let before = try #require(try TouchTrace.layout(LayoutRequest.decode(.obj(["changes": .array([])])), in: scene)["frames"])
        #expect(before["column"] == Self.rect(16, 20, 200, 92))
        #expect(before["body"] == Self.rect(0, 32, 200, 60))
        let changes = #"{"changes": [{"op": "set", "view": "title", "intrinsicContentSize": {"width": 260, "height": 48}}]}"#
        let response = try TouchTrace.layout(LayoutRequest.decode(try JSONParser().parse(Array(changes.utf8))), in: scene)
        let frames = try #require(response["frames"])
        #expect(frames["title"] == Self.rect(0, 0, 260, 48))
        #expect(frames["body"] == Self.rect(0, 56, 200, 60))
        #expect(frames["column"] == Self.rect(16, 20, 260, 116))
        // Who ran and why: the column's superview (its size changed) and the column (its
        // arranged subviews moved), both marked by Auto Layout (L6).
        guard case let .array(calls)? = response["layoutSubviews"] else {
            Issue.record("no layoutSubviews list")
            return
        }
        let marked = calls.compactMap { call -> String? in
            guard case let .string(view)? = call["view"], case let .string(reason)? = call["reason"] else { return nil }
            return view + ":" + reason
        }
        #expect(marked.contains("root:constraintsChanged"))
        #expect(marked.contains("column:constraintsChanged") || marked.contains("column:boundsSizeChanged"))
        // The title got a new size from the column's layoutSubviews: its own bounds changed (L2).
        #expect(marked.contains("title:boundsSizeChanged"))
        #expect(response["ambiguous"] == .array([]))
    }

    @Test func settingPrioritiesKeepsTheOtherAxis() throws {
        let scene = try SceneDecoder().decode(bytes: Array(Self.stackScene.utf8))
        let changes = #"{"changes": [{"op": "set", "view": "title", "contentHugging": {"vertical": 700}, "compressionResistance": {"horizontal": 999}}]}"#
        let (laidOut, _) = try scene.applying(try LayoutRequest.decode(try JSONParser().parse(Array(changes.utf8))).changes)
        let title = try #require(laidOut.viewIndex("title"))
        let hugging = laidOut.views[title].layout.contentHugging
        let resistance = laidOut.views[title].layout.compressionResistance
        #expect((hugging.horizontal, hugging.vertical) == (250, 700))
        #expect((resistance.horizontal, resistance.vertical) == (999, 750))
    }

    @Test func badPriorityChangesNameTheField() throws {
        let changes = #"{"changes": [{"op": "set", "view": "title", "contentHugging": {"vertical": 1001, "sideways": 3}}]}"#
        let value = try JSONParser().parse(Array(changes.utf8))
        do {
            _ = try LayoutRequest.decode(value)
            Issue.record("accepted a priority of 1001")
        } catch {
            let text = String(describing: error.problemDocument.json)
            #expect(text.contains("/changes/0/contentHugging/vertical"))
            #expect(text.contains("/changes/0/contentHugging/sideways"))
        }
    }

    @Test func includeConstraintsListsDeclaredAndGeneratedOnes() throws {
        let scene = try SceneDecoder().decode(bytes: Array(Self.stackScene.utf8))
        let request = try LayoutRequest.decode(try JSONParser().parse(Array(#"{"includeConstraints": true}"#.utf8)))
        let response = try TouchTrace.layout(request, in: scene)
        guard case let .array(list)? = response["constraints"] else {
            Issue.record("no constraints")
            return
        }
        func strings(_ key: String) -> [String] {
            list.compactMap { if case let .string(s)? = $0[key] { s } else { nil } }
        }
        #expect(Set(strings("origin")) == ["window", "autoresizingMask", "intrinsicContentSize", "stackView", "scene"])
        #expect(strings("identifier").contains("UISV-spacing"))
        #expect(strings("description").contains("title.width <= 120 @250"))
        #expect(strings("pointer").contains("/window/subviews/0/subviews/0/constraints/0"))
        // The byte writer agrees, and without the flag there is no list.
        #expect(String(decoding: try TouchTrace.layoutBytes(request, in: scene), as: UTF8.self) == JSONWriter().string(response))
        #expect(try TouchTrace.layout(LayoutRequest(changes: []), in: scene)["constraints"] == nil)
    }
}
