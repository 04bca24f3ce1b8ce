import Foundation
import TestSupport
import Testing
import TouchTraceEngine

/// A touch's hit test at `began` (R2), kept by the touches replay on request
/// (`TouchRequest.tracesHitTests`), is the hit-test operation's trace for the same point, window
/// and changes: `touchtrace check` explains a tap with it instead of hit-testing the point again.
@Suite struct TouchHitTestTests {
    @Test(arguments: Fixtures.files(in: "touches").map(\.lastPathComponent))
    func theFirstTouchsHitTestIsTheHitTestOperations(_ name: String) throws {
        let url = Fixtures.root.appendingPathComponent("touches").appendingPathComponent(name)
        let document = try JSONParser().parse([UInt8](Data(contentsOf: url)))
        guard let sceneJSON = document["scene"], case let .array(cases)? = document["cases"] else {
            Issue.record("\(name): no scene or cases")
            return
        }
        let prepared = try SceneDecoder().decode(sceneJSON).prepared
        for testCase in cases {
            guard let json = testCase["request"], var request = try? TouchRequest.decode(json),
                case let .touch(sample)? = request.steps.first, sample.phase == .began
            else { continue }
            request.tracesHitTests = true
            guard let result = try? TouchTrace.touches(request, in: prepared, limits: defaultLimits) else { continue }
            let plain = try TouchTrace.touches(TouchRequest(steps: request.steps, window: request.window, changes: request.changes), in: prepared, limits: defaultLimits)
            #expect(ResponseEncoder.bytes(result) == ResponseEncoder.bytes(plain), "\(name): keeping the hit tests changes the touches answer")
            #expect(result.hitTests.count == result.trace.touches.count, "\(name): one hit test per touch")
            let hitTest = try #require(result.hitTests.first)
            #expect(hitTest.touch == sample.touch)
            let alone = try TouchTrace.hitTest(
                HitTestRequest(points: [sample.point], single: true, window: request.window, changes: request.changes), in: prepared,
                limits: defaultLimits)
            #expect(
                ResponseEncoder.bytes(hitTest.trace, in: hitTest.scene) == ResponseEncoder.bytes(alone),
                "\(name): \(testCase["name"] ?? .null)")
        }
    }
}
