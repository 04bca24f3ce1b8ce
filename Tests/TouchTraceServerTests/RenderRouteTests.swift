import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport
import TouchTraceEngine
import TouchTraceRender
import TouchTraceServer

/// The `render` operation through its three doors — `touchtrace render … -o out.svg`,
/// `GET /v1/scenes/{id}/render.svg?point=…&regions&audit=…` and `POST /v1/render` — gives the
/// bytes the renderer gives for the same scene and request, and the README's picture is what
/// the tool draws today.
@Suite struct RenderRouteTests {
    static let mapPath = packageRoot.appendingPathComponent("Examples/map-overlay.json")

    /// The renderer's own answer for the map example.
    static func expected(_ request: RenderRequest) throws -> [UInt8] {
        let scene = try SceneDecoder().decode(bytes: [UInt8](Data(contentsOf: mapPath)))
        return try SceneRenderer.svg(request, in: PreparedScene(scene, limits: defaultLimits), limits: defaultLimits)
    }

    @Test func storedAndInlineRoutesAnswerTheRenderersBytes() async throws {
        let request = RenderRequest(points: [Point(x: 100, y: 300), Point(x: 330, y: 770)], regions: true, audit: AuditOptions(profile: .apple44))
        let expected = try Self.expected(request)
        let jsonHeaders: HTTPFields = [.contentType: "application/json"]
        try await makeApp(makeAPI()).test(.router) { client in
            try await client.execute(uri: "/v1/scenes/map", method: .put, headers: jsonHeaders, body: ByteBuffer(string: mapScene)) { #expect($0.status == .created) }
            try await client.execute(uri: "/v1/scenes/map/render.svg?point=100,300&point=330,770&regions=true&audit=apple-44", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/svg+xml")
                let same = Array(response.body.readableBytesView) == expected
                #expect(same, "the renderer's bytes")
            }
            let body = #"{"scene": \#(mapScene), "points": [{"x": 100, "y": 300}, {"x": 330, "y": 770}], "regions": true, "audit": "apple-44"}"#
            try await client.execute(uri: "/v1/render", method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/svg+xml")
                let same = Array(response.body.readableBytesView) == expected
                #expect(same, "the renderer's bytes")
            }
            // Without options: the views alone.
            let plain = try Self.expected(RenderRequest())
            try await client.execute(uri: "/v1/scenes/map/render.svg", method: .get) { response in
                let same = Array(response.body.readableBytesView) == plain
                #expect(same, "the renderer's bytes")
            }
        }
    }

    /// Bad options are problem documents naming the parameter; a missing scene is 404.
    @Test func badOptionsAreProblemsWithPointers() async throws {
        let jsonHeaders: HTTPFields = [.contentType: "application/json"]
        try await makeApp(makeAPI()).test(.router) { client in
            try await client.execute(uri: "/v1/scenes/map", method: .put, headers: jsonHeaders, body: ByteBuffer(string: mapScene)) { #expect($0.status == .created) }
            try await client.execute(uri: "/v1/scenes/map/render.svg?audit=apple-45", method: .get) { response in
                #expect([400, 422].contains(response.status.code))
                #expect(response.body.text.contains("apple-45"))
            }
            try await client.execute(uri: "/v1/scenes/map/render.svg?point=1", method: .get) { #expect(response400or422($0)) }
            try await client.execute(uri: "/v1/scenes/nothing/render.svg", method: .get) { #expect($0.status == .notFound) }
            let body = #"{"scene": \#(mapScene), "points": [{"x": 1, "y": 2}], "point": {"x": 1, "y": 2}}"#
            try await client.execute(uri: "/v1/render", method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { response in
                #expect(response.status.code == 422)
                #expect(response.body.text.contains("/points"))
            }
            let unknown = #"{"scene": \#(mapScene), "audit": {"profile": "apple-44", "allow": [{"view": "ghost", "reason": "x"}]}}"#
            try await client.execute(uri: "/v1/render", method: .post, headers: jsonHeaders, body: ByteBuffer(string: unknown)) { response in
                #expect(response.status.code == 422)
                #expect(response.body.text.contains("/audit/allow/0/view"))
            }
            try await client.execute(uri: "/v1/scenes/map/render.svg", method: .post) { #expect($0.status == .methodNotAllowed) }
        }
    }

    func response400or422(_ response: TestResponse) -> Bool { [400, 422].contains(response.status.code) }

    /// `touchtrace render … -o FILE` writes the picture and prints nothing; without `-o` the
    /// picture goes to standard output.
    @Test func commandWritesThePicture() async throws {
        let out = temporaryDirectory("render") + "/map.svg"
        let (status, output) = try await CLITestSupport.run(["render", "Examples/map-overlay.json", "--point", "100,300", "--regions", "-o", out])
        #expect(status == 0, "\(output)")
        #expect(output.isEmpty)
        let expected = try Self.expected(RenderRequest(points: [Point(x: 100, y: 300)], regions: true))
        let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out))) == expected
        #expect(written, "-o writes the renderer's bytes")
        let (status2, printed) = try await CLITestSupport.run(["render", "Examples/map-overlay.json", "--audit", "wcag-2.5.8"])
        #expect(status2 == 0)
        let audited = try Self.expected(RenderRequest(audit: AuditOptions(profile: .wcag258)))
        let printedSame = Array(printed.utf8) == audited
        #expect(printedSame, "standard output is the picture's bytes, as -o writes them")
        let (status3, problem) = try await CLITestSupport.run(["render", "Examples/map-overlay.json", "--audit", "apple-45"])
        #expect(status3 != 0)
        #expect(problem.contains("apple-45"))
    }

    /// The README's picture (docs/pictures/map-overlay-tap.svg) is what
    /// `touchtrace render Examples/map-overlay.json --point 100,300 --regions` draws now.
    /// `TOUCHTRACE_RECORD_FIXTURES=1` writes it again.
    @Test func readmePictureIsWhatTheToolDrawsNow() async throws {
        let picture = packageRoot.appendingPathComponent("docs/pictures/map-overlay-tap.svg")
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let command = "touchtrace render Examples/map-overlay.json --point 100,300 --regions -o docs/pictures/map-overlay-tap.svg"
        #expect(readme.contains(command), "the README says how its picture is made")
        #expect(readme.contains("](docs/pictures/map-overlay-tap.svg)"), "the README shows the picture")
        let out = temporaryDirectory("readme-picture") + "/map.svg"
        let (status, output) = try await CLITestSupport.run(["render", "Examples/map-overlay.json", "--point", "100,300", "--regions", "-o", out])
        #expect(status == 0, "\(output)")
        let drawn = try Data(contentsOf: URL(fileURLWithPath: out))
        if ProcessInfo.processInfo.environment["TOUCHTRACE_RECORD_FIXTURES"] == "1" {
            try FileManager.default.createDirectory(at: picture.deletingLastPathComponent(), withIntermediateDirectories: true)
            try drawn.write(to: picture)
        }
        let committed = try Data(contentsOf: picture)
        let same = committed == drawn
        #expect(same, "run the README's render command (or TOUCHTRACE_RECORD_FIXTURES=1) and commit the picture")
    }
}
