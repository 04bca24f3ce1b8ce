import Foundation
import Testing
import TestSupport
import TouchTraceEngine
import TouchTraceRender

/// The golden pictures (Tests/Fixtures/render/): each `NAME.json` holds a scene and a render
/// request; `NAME.svg` is the picture it must give, byte for byte. Files are named after the
/// rule the picture shows. Record with `TOUCHTRACE_RECORD_FIXTURES=1` (and look at the SVGs).
@Suite struct RenderFixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/render")
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()
    static var recording: Bool { ProcessInfo.processInfo.environment["TOUCHTRACE_RECORD_FIXTURES"] == "1" }

    /// A fixture's scene and request, parsed.
    static func load(_ name: String) throws -> (document: JSONValue, scene: Scene, request: RenderRequest) {
        let document = try JSONParser().parse([UInt8](Data(contentsOf: folder.appendingPathComponent(name))))
        let scene = try SceneDecoder().decode(document["scene"] ?? .null)
        let request = try RenderRequest.decode(document["request"] ?? .obj([:]))
        return (document, scene, request)
    }

    static func render(_ name: String) throws -> [UInt8] {
        let (_, scene, request) = try load(name)
        return try SceneRenderer.svg(request, in: PreparedScene(scene, limits: defaultLimits), limits: defaultLimits)
    }

    @Test func fixturesCoverWhatThePicturesMustShow() throws {
        // Transforms (H5), hidden views (H1), overlapping windows (H8), a tap path (H3),
        // regions with covered parts, audit findings, a running animation (H10).
        for prefix in ["H1-", "H3-", "H5-", "H8-", "H10-", "targetSize-"] {
            #expect(Self.names.contains { $0.hasPrefix(prefix) }, "no render fixture for \(prefix)")
        }
        let requests = try Self.names.map { try Self.load($0).request }
        #expect(requests.contains { !$0.points.isEmpty }, "a fixture with a tap path")
        #expect(requests.contains { $0.regions }, "a fixture with regions")
        #expect(requests.contains { $0.audit != nil }, "a fixture with audit findings")
    }

    @Test(arguments: names)
    func fixture(_ name: String) throws {
        let (document, _, _) = try Self.load(name)
        if case let .string(rule)? = document["rule"] {
            #expect(name.hasPrefix(rule + "-"), "\(name): the file name must start with its \"rule\"")
        } else {
            Issue.record("\(name): a render fixture needs \"rule\"")
        }
        let svg = try Self.render(name)
        let golden = Self.folder.appendingPathComponent(String(name.dropLast(".json".count)) + ".svg")
        if Self.recording {
            try Data(svg).write(to: golden)
            return
        }
        guard let expected = try? Data(contentsOf: golden) else {
            Issue.record("\(name): no golden picture; run with TOUCHTRACE_RECORD_FIXTURES=1 and look at it")
            return
        }
        let same = [UInt8](expected) == svg
        #expect(same, "\(name): the picture differs from \(golden.lastPathComponent)\n\(firstDifference([UInt8](expected), svg))")
        let again = try Self.render(name) == svg
        #expect(again, "\(name): the same input gives the same bytes")
        let xml = try SVGDocument(svg)
        #expect(xml.root == "svg")
    }

    /// The first line that differs, for a readable failure.
    func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String {
        let la = String(decoding: a, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let lb = String(decoding: b, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(la.count, lb.count) where (i < la.count ? la[i] : nil) != (i < lb.count ? lb[i] : nil) {
            return "line \(i + 1):\nexpected: \(i < la.count ? String(la[i]) : "(end)")\nactual:   \(i < lb.count ? String(lb[i]) : "(end)")"
        }
        return "same lines"
    }
}
