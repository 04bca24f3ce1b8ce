import Testing
import TouchTraceEngine

/// Rule L6 in the layout pass: `layoutSubviews` applies the solved frames (SPEC §4 layout request).
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

    @Test func windowResizeRelaysOutThroughAutoresizingAndConstraints() throws {
        let frames = try Self.frames(#"{"changes": [{"op": "resizeWindow", "window": "win", "width": 800, "height": 400}]}"#)
        #expect(frames["root"] == Self.rect(0, 0, 800, 400))
        #expect(frames["box"] == Self.rect(10, 10, 780, 40))
        #expect(frames["inner"] == Self.rect(0, 0, 790, 10))
    }
}
