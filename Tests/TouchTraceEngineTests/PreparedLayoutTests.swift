import Foundation
import Testing
import TestSupport
@testable import TouchTraceEngine

/// A layout request continues from the engine its prepared scene kept after the initial cycle
/// (issue 27) instead of running that cycle again from the scene as decoded with the kept Auto
/// Layout system. Both must answer the same bytes, with the initial cycle's calls shown and not:
/// every layout and Auto Layout fixture's requests are answered both ways here.
@Suite struct PreparedLayoutTests {
    static let files = Fixtures.files(in: "layout") + Fixtures.files(in: "autolayout")

    /// The answer as the layout request gave it before: the initial cycle run again from the
    /// scene as decoded, with the preparation's solved system.
    static func rerun(_ request: LayoutRequest, in prepared: PreparedScene, limits: SceneLimits) throws(InputError) -> [UInt8] {
        let (result, trace, system) = try prepared.scene.applyingWithAutoLayout(
            request.changes, limits: limits, initialAutoLayout: prepared.initialAutoLayout)
        let autoLayout = AutoLayoutOutcome(system ?? AutoLayoutSystem(scene: result), includeConstraints: request.includeConstraints)
        return ResponseEncoder.bytes(LayoutResult(scene: result, trace: trace, includeInitialLayout: request.includeInitialLayout, autoLayout: autoLayout))
    }

    static func answers(_ request: LayoutRequest, _ prepared: PreparedScene) -> (continued: String, rerun: String) {
        let limits = SceneLimits()
        let continued: String
        do { continued = String(decoding: ResponseEncoder.bytes(try TouchTrace.layout(request, in: prepared, limits: limits)), as: UTF8.self) } catch {
            continued = "\(error)"
        }
        let rerun: String
        do { rerun = String(decoding: try Self.rerun(request, in: prepared, limits: limits), as: UTF8.self) } catch { rerun = "\(error)" }
        return (continued, rerun)
    }

    @Test(arguments: files.map { $0.deletingLastPathComponent().lastPathComponent + "/" + $0.lastPathComponent })
    func continuingAnswersAsRerunningTheInitialCycle(_ name: String) throws {
        let document = try JSONParser().parse([UInt8](Data(contentsOf: Fixtures.root.appendingPathComponent(name))))
        guard let sceneJSON = document["scene"], case let .array(cases)? = document["cases"] else { return }
        let prepared = PreparedScene(try SceneDecoder().decode(sceneJSON), limits: SceneLimits())
        var compared = 0
        for testCase in cases {
            guard let json = testCase["request"], var request = try? LayoutRequest.decode(json) else { continue }
            for initial in [false, true] {
                request.includeInitialLayout = initial
                request.includeConstraints = initial
                let (continued, rerun) = Self.answers(request, prepared)
                #expect(continued == rerun, "\(name), includeInitialLayout \(initial)")
                compared += 1
            }
        }
        #expect(compared > 0 || cases.isEmpty)
    }

    /// The card scene (stack views, intrinsic sizes; the solver benchmark's) with a window resize,
    /// and the same prepared scene answering many requests in turn.
    @Test func theCardSceneAnswersAlikeRequestAfterRequest() throws {
        let nodes = AutoLayoutCardsSceneTests.tree(240)
        let scene = try SceneDecoder().decode(bytes: Array(AutoLayoutCardsSceneTests.sceneJSON(nodes, followsWindow: true).utf8))
        let prepared = PreparedScene(scene, limits: SceneLimits())
        for width in [768.0, 1024, 600, 768] {
            let request = LayoutRequest(changes: [LayoutChange(.resizeWindow(window: "win", size: Size(width: width, height: 2000)), pointer: "/changes/0")])
            let (continued, rerun) = Self.answers(request, prepared)
            #expect(continued == rerun, "width \(width)")
            #expect(continued.hasPrefix("{"))
        }
    }
}
