import Foundation
import Testing
import TouchTraceEngine
import TestSupport

/// The `touchtrace` executable prints exactly what the engine (and so the API) returns, and a
/// problem document with exit status 1 for a bad scene.
@Suite struct CLITests {
    static func run(_ arguments: [String], stdin: String? = nil) async throws -> (status: Int32, output: String) {
        try await CLITestSupport.run(arguments, stdin: stdin)
    }


    @Test func hitTestPrintsTheEngineResponse() async throws {
        let path = packageRoot.appendingPathComponent("Examples/map-overlay.json")
        let scene = try SceneDecoder().decode(bytes: [UInt8](Data(contentsOf: path)))
        let expected = try TouchTrace.hitTest(HitTestRequest(points: [Point(x: 330, y: 770)], single: true), in: scene)
        let (status, output) = try await Self.run(["hit-test", "Examples/map-overlay.json", "--point", "330,770"])
        #expect(status == 0)
        #expect(output == JSONWriter().string(expected) + "\n")
        #expect(output.contains("\"hitView\":\"locateButton\""))
    }

    /// The Auto Layout example of the README: laid out without conflicts or ambiguity, the pay
    /// button where the constraints put it (above the bottom safe area), a tap on it reaching the
    /// controller's pay: through the responder chain (T4), and after a rotation still pinned.
    @Test func theAutoLayoutExampleLaysOutAndRoutesTheTap() async throws {
        let (status, output) = try await Self.run(["layout", "Examples/checkout-form.json", "Examples/rotate-checkout.json", "--include-constraints"])
        #expect(status == 0)
        let json = try JSONParser().parse(output)
        #expect(json["conflicts"] == .array([]) && json["ambiguous"] == .array([]))
        #expect(json["frames"]?["payButton"] == .obj(["x": 8, "y": 290, "width": 828, "height": 50]))
        #expect(output.contains("UISV-spacing"))
        let (tapStatus, tap) = try await Self.run(["touches", "Examples/checkout-form.json", "Examples/tap-pay.json"])
        #expect(tapStatus == 0)
        #expect(tap.contains(#""target":"checkoutController""#))
        let (hitStatus, hit) = try await Self.run(["hit-test", "Examples/checkout-form.json", "--point", "195,770"])
        #expect(hitStatus == 0 && hit.contains(#""hitView":"payButton""#))
    }

    @Test func severalPointsGiveAResultsList() async throws {
        let (status, output) = try await Self.run(["hit-test", "Examples/map-overlay.json", "--point", "330,770", "--point", "5,5"])
        #expect(status == 0)
        let json = try JSONParser().parse(output)
        guard case let .array(results)? = json["results"] else {
            Issue.record("no results list in \(output)")
            return
        }
        #expect(results.map { $0["hitView"] } == [.string("locateButton"), .string("overlay")])
    }

    @Test func badSceneFromStandardInputPrintsTheProblemDocument() async throws {
        let (status, output) = try await Self.run(["hit-test", "-", "--point", "1,1"], stdin: #"{"window": {"id": "w", "alpha": 3}}"#)
        #expect(status == 1)
        let json = try JSONParser().parse(output)
        #expect(json["status"] == 422)
        #expect(output.contains("/window/alpha"))
    }

    /// A negative coordinate is a point, not an option, for every operation that takes points.
    @Test func negativeCoordinatesAreAcceptedAfterTheOption() async throws {
        let (status, output) = try await Self.run(["hit-test", "Examples/map-overlay.json", "--point", "-5,-5"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("\"hitView\":null"), "\(output)")
        let (renderStatus, render) = try await Self.run(["render", "Examples/map-overlay.json", "--point", "-5,-5"])
        #expect(renderStatus == 0, "\(render.prefix(300))")
        let (whyStatus, why) = try await Self.run(["why-not", "Examples/map-overlay.json", "--view", "map", "--point", "-5,-5"])
        #expect(whyStatus == 0 || whyStatus == 1, "\(why.prefix(300))")
        #expect(!why.contains("Missing value"), "\(why.prefix(300))")
    }

    @Test func malformedPointIsAUsageError() async throws {
        let (status, _) = try await Self.run(["hit-test", "Examples/map-overlay.json", "--point", "1;2"])
        #expect(status != 0)
    }

    @Test func validateSummarisesAGoodScene() async throws {
        let (status, output) = try await Self.run(["validate", "Examples/map-overlay.json"])
        #expect(status == 0)
        #expect(output == #"{"valid":true,"views":5,"warnings":[],"windows":1}"# + "\n")
    }
}
