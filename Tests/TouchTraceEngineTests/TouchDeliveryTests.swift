import Foundation
import Testing
import TouchTraceEngine
import TestSupport

/// Touch delivery end to end: deep scenes, touches left down, other windows, and the CLI.
@Suite struct TouchDeliveryTests {
    static func run(_ scene: String, _ request: String) throws -> JSONValue {
        let decoded = try SceneDecoder().decode(JSONParser().parse(scene))
        return try TouchTrace.touches(TouchRequest.decode(JSONParser().parse(request)), in: decoded)
    }

    @Test func deliveryAlongAThousandViewChainOnASmallStack() async {
        let bytes = DeepSceneTests.chainScene(depth: 1000)
        let outcome = Mutex<Int?>(nil)
        await DeepSceneTests.onSmallStack {
            guard let scene = try? SceneDecoder().decode(bytes: bytes),
                let request = try? TouchRequest.decode(JSONParser().parse(#"{"tap": {"x": 50, "y": 50}}"#)),
                let response = try? TouchTrace.touches(request, in: scene),
                case let .array(log)? = response["log"]
            else { return }
            _ = JSONWriter().string(response)
            outcome.withLock { $0 = log.count }
        }
        // hitTest, then touchesBegan and touchesEnded each through v999…v0, w, application.
        #expect(outcome.withLock { $0 } == 1 + 2 * 1002)
    }

    @Test func aTouchLeftDownKeepsItsControlTracking() throws {
        let scene = #"{"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "subviews": [{"id": "b", "class": "UIButton", "frame": {"x": 0, "y": 0, "width": 50, "height": 50}}]}}"#
        let response = try Self.run(scene, #"{"touches": [{"touch": 7, "phase": "began", "x": 10, "y": 10, "t": 0}]}"#)
        #expect(response["state"]?["b"]?["tracking"] == true)
        #expect(response["state"]?["b"]?["highlighted"] == true)
        #expect(response["touches"] == .array([.obj(["touch": 7, "hitView": "b", "window": "w", "tapCount": 1, "delivered": true])]))
    }

    @Test func pointsAreInTheNamedWindowsCoordinates() throws {
        let scene = #"""
            {"windows": [
              {"id": "back", "frame": {"x": 0, "y": 0, "width": 400, "height": 400},
               "subviews": [{"id": "b", "class": "UIButton", "frame": {"x": 300, "y": 300, "width": 50, "height": 50}}]},
              {"id": "front", "frame": {"x": 200, "y": 200, "width": 100, "height": 100}, "userInteractionEnabled": false}]}
            """#
        // (110, 110) in the front window is (310, 310) on screen: inside b, local (10, 10).
        let response = try Self.run(scene, #"{"tap": {"x": 110, "y": 110}, "window": "front"}"#)
        guard case let .array(touches)? = response["touches"], case let .array(log)? = response["log"] else {
            Issue.record("no touches or log")
            return
        }
        #expect(touches.first?["hitView"] == "b")
        #expect(log.contains { $0["type"] == "touchesBegan" && $0["point"] == .obj(["x": 10, "y": 10]) })
    }

    @Test func cliTouchesAndActionsPrintTheEngineResponse() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchtrace-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sceneText = #"{"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "viewController": {"id": "vc", "actions": ["go:"]}, "subviews": [{"id": "b", "class": "UIButton", "frame": {"x": 0, "y": 0, "width": 50, "height": 50}, "control": {"targets": [{"target": null, "action": "go:", "events": ["touchUpInside"]}]}}]}}"#
        let touchesText = #"{"tap": {"x": 10, "y": 10}}"#
        let actionsText = #"{"sender": "b", "events": ["touchUpInside"]}"#
        for (name, text) in [("scene.json", sceneText), ("touches.json", touchesText), ("actions.json", actionsText), ("bad.json", #"{"tap": {"x": 1}}"#)] {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let scene = try SceneDecoder().decode(JSONParser().parse(sceneText))

        let touches = try await CLITestSupport.run(["touches", path("scene.json"), path("touches.json")])
        #expect(touches.status == 0)
        let expectedTouches = try TouchTrace.touches(TouchRequest.decode(JSONParser().parse(touchesText)), in: scene)
        #expect(touches.output == JSONWriter().string(expectedTouches) + "\n")

        let actions = try await CLITestSupport.run(["actions", path("scene.json"), path("actions.json")])
        #expect(actions.status == 0)
        let expectedActions = try TouchTrace.actions(ActionsRequest.decode(JSONParser().parse(actionsText)), in: scene)
        #expect(actions.output == JSONWriter().string(expectedActions) + "\n")
        #expect(actions.output.contains(#""target":"vc""#))

        let bad = try await CLITestSupport.run(["touches", path("scene.json"), path("bad.json")])
        #expect(bad.status == 1)
        #expect(bad.output.contains(#""pointer":"/tap/y""#))
    }
}
