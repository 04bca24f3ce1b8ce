import Foundation
import Testing
import TouchTraceEngine
import TestSupport

/// The response the API gives for a layout body against a scene document.
func layoutResponse(scene: JSONValue, request: JSONValue) -> JSONValue {
    do {
        let decoded = try SceneDecoder().decode(scene)
        let parsed = try LayoutRequest.decode(request)
        return try TouchTrace.layout(parsed, in: decoded)
    } catch {
        return error.problemDocument.json
    }
}

/// Runs every fixture under Tests/Fixtures/layout/ (same format and record mode as the
/// hit-testing fixtures: `TOUCHTRACE_RECORD_FIXTURES=1` rewrites `expected`; review the diff).
@Suite struct LayoutFixtures {
    static let files = Fixtures.files(in: "layout")

    @Test func fixturesExistForEveryLayoutRule() throws {
        let names = Self.files.map(\.lastPathComponent)
        for rule in ["L1", "L2", "L3", "L4", "L5", "M4"] {
            #expect(names.contains { $0.hasPrefix(rule + "-") }, "no layout fixture for rule \(rule)")
        }
    }

    /// Every fixture's changes leave a scene whose arena is consistent (detached views included).
    @Test(arguments: files.map(\.lastPathComponent))
    func changesKeepTheArenaInvariants(_ name: String) throws {
        let url = Fixtures.root.appendingPathComponent("layout").appendingPathComponent(name)
        let document = try JSONParser().parse([UInt8](Data(contentsOf: url)))
        guard let sceneJSON = document["scene"], case let .array(cases)? = document["cases"] else { return }
        let scene = try SceneDecoder().decode(sceneJSON)
        for testCase in cases {
            guard let request = testCase["request"], let parsed = try? LayoutRequest.decode(request),
                let result = try? scene.applying(parsed.changes)
            else { continue }
            checkLayoutInvariants(result.scene)
        }
    }

    /// The byte writer of the API's hot path gives exactly the bytes `JSONWriter` gives.
    @Test(arguments: files.map(\.lastPathComponent))
    func bytesMatchTheJSONWriter(_ name: String) throws {
        let url = Fixtures.root.appendingPathComponent("layout").appendingPathComponent(name)
        let document = try JSONParser().parse([UInt8](Data(contentsOf: url)))
        guard let sceneJSON = document["scene"], case let .array(cases)? = document["cases"] else { return }
        let scene = try SceneDecoder().decode(sceneJSON)
        for testCase in cases {
            guard let request = testCase["request"], let parsed = try? LayoutRequest.decode(request),
                let value = try? TouchTrace.layout(parsed, in: scene)
            else { continue }
            let bytes = try TouchTrace.layoutBytes(parsed, in: scene)
            #expect(String(decoding: bytes, as: UTF8.self) == JSONWriter().string(value), "\(name): \(testCase["name"].map { JSONWriter().string($0) } ?? "")")
        }
    }

    @Test(arguments: files.map(\.lastPathComponent))
    func fixture(_ name: String) throws {
        try Fixtures.run(area: "layout", name: name, respond: layoutResponse)
    }
}

/// `touchtrace layout SCENE.json CHANGES.json` prints what `TouchTrace.layout` returns.
@Suite struct LayoutCLITests {
    static let rotation = #"{"changes": [{"op": "resizeWindow", "window": "win", "width": 844, "height": 390}]}"#

    @Test func layoutPrintsTheEngineResponse() async throws {
        let fixture = Fixtures.root.appendingPathComponent("layout/L5-rotation-relayouts-only-resized-views.json")
        let document = try JSONParser().parse([UInt8](Data(contentsOf: fixture)))
        let sceneText = JSONWriter().string(document["scene"]!)
        let changesURL = FileManager.default.temporaryDirectory.appendingPathComponent("touchtrace-layout-\(UInt64.random(in: 0...UInt64.max)).json")
        try Data(Self.rotation.utf8).write(to: changesURL)
        defer { try? FileManager.default.removeItem(at: changesURL) }

        let expected = layoutResponse(scene: document["scene"]!, request: try JSONParser().parse(Self.rotation))
        let (status, output) = try await CLITestSupport.run(["layout", "-", changesURL.path], stdin: sceneText)
        #expect(status == 0)
        #expect(output == JSONWriter().string(expected) + "\n")

        // A bare list of changes works too; a bad change prints the problem document.
        try Data(#"[{"op": "resizeWindow", "window": "win", "width": -1, "height": 390}]"#.utf8).write(to: changesURL)
        let (badStatus, badOutput) = try await CLITestSupport.run(["layout", "-", changesURL.path], stdin: sceneText)
        #expect(badStatus == 1)
        #expect(badOutput.contains("/changes/0/width"))
    }
}
