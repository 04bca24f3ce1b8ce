import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Testing
import TouchTraceEngine
import TouchTraceServer
import TouchTraceStore

/// `POST /v1/import` with a `.sketch` or `.penpot` archive as the body itself (as the CLI takes
/// the file), Penpot's Transit JSON read off its bytes, hostile archives answered 4xx at once,
/// and the preflights of design-tool plugins (CORS, Private Network Access).
@Suite struct DesignImportRouteTests {
    /// A .sketch file of our own: a home artboard whose hotspot navigates to a second artboard.
    static var sketchArchive: [UInt8] {
        let page = """
            {"_class": "page", "do_objectID": "PAGE-1", "name": "Page 1", "layers": [
              {"_class": "artboard", "do_objectID": "AB-HOME", "name": "Home", "isFlowHome": true, "resizingConstraint": 63,
               "frame": {"_class": "rect", "x": 0, "y": 0, "width": 375, "height": 667}, "layers": [
                {"_class": "MSImmutableHotspotLayer", "do_objectID": "HS-NEXT", "name": "Next", "resizingConstraint": 63,
                 "frame": {"_class": "rect", "x": 20, "y": 600, "width": 335, "height": 44},
                 "flow": {"_class": "MSImmutableFlowConnection", "destinationArtboardID": "AB-NEXT", "animationType": 0}}]},
              {"_class": "artboard", "do_objectID": "AB-NEXT", "name": "Next", "resizingConstraint": 63,
               "frame": {"_class": "rect", "x": 400, "y": 0, "width": 375, "height": 667}, "layers": []}]}
            """
        let document = #"{"_class": "document", "do_objectID": "DOC", "pages": [{"_class": "MSJSONFileReference", "_ref_class": "MSImmutablePage", "_ref": "pages/PAGE-1"}]}"#
        let meta = #"{"appVersion": "70", "version": 136, "pagesAndArtboards": {}}"#
        return TestZIP([TestZIP.Entry("document.json", document), TestZIP.Entry("meta.json", meta), TestZIP.Entry("pages/PAGE-1.json", page)]).bytes
    }

    static let zipHeaders: HTTPFields = [.contentType: "application/zip"]

    @Test(arguments: [HTTPTransport.router, .live])
    func aSketchArchiveIsTheBodyAndItsHotspotIsAButton(_ transport: HTTPTransport) async throws {
        try await makeApp(makeAPI()).test(over: transport) { client in
            try await client.execute(uri: "/v1/import?store=home", method: .post, headers: Self.zipHeaders, body: ByteBuffer(bytes: Self.sketchArchive)) { response in
                #expect(response.status == .created, "\(response.body.text)")
                #expect(response.body.json?["format"] == "sketch")
                #expect(response.body.json?["scene"]?["origin"]?["ids"]?["Next"] == "HS-NEXT")
            }
            try await client.execute(uri: "/v1/scenes/home/touches", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"tap": {"x": 100, "y": 620}}"#)) { response in
                guard case let .array(actions)? = response.body.json?["actions"], let action = actions.first else {
                    Issue.record("no action: \(response.body.text)")
                    return
                }
                #expect(action["action"] == "navigate:AB-NEXT")
                #expect(action["sender"] == "Next")
            }
            // The same bytes as application/octet-stream, listing the artboards.
            try await client.execute(uri: "/v1/import?list=true", method: .post, headers: [.contentType: "application/octet-stream"], body: ByteBuffer(bytes: Self.sketchArchive)) { response in
                #expect(response.status == .ok)
                guard case let .array(scenes)? = response.body.json?["scenes"] else {
                    Issue.record("no list: \(response.body.text)")
                    return
                }
                #expect(scenes.count == 2)
                #expect(scenes.first?["initial"] == true)
            }
        }
    }

    @Test func penpotsTransitIsReadOffItsBytes() async throws {
        let board = #"{"~#shape": {"~:id": "~ub0000000-0000-4000-8000-000000000001", "~:name": "Board", "~:type": "~:frame", "~:x": 0, "~:y": 0, "~:width": 320, "~:height": 480, "~:parent-id": "~u00000000-0000-0000-0000-000000000000", "~:frame-id": "~u00000000-0000-0000-0000-000000000000"}}"#
        let root = #"{"~#shape": {"~:id": "~u00000000-0000-0000-0000-000000000000", "~:type": "~:frame", "~:name": "Root Frame", "~:shapes": ["~ub0000000-0000-4000-8000-000000000001"]}}"#
        let body = #"{"~:id": "~uf0000000-0000-4000-8000-000000000001", "~:data": {"~:pages": ["~up"], "~:pages-index": {"~up": {"~:id": "~up", "~:name": "Page", "~:objects": {"~u00000000-0000-0000-0000-000000000000": "# + root + #", "~ub0000000-0000-4000-8000-000000000001": "# + board + "}}}}}"
        try await makeApp(makeAPI()).test(.router) { client in
            try await client.execute(uri: "/v1/import", method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok, "\(response.body.text)")
                #expect(response.body.json?["format"] == "penpot")
                #expect(response.body.json?["scene"]?["window"]?["frame"]?["width"] == 320)
            }
        }
    }

    @Test(arguments: [HTTPTransport.router, .live])
    func hostileArchivesAreRefusedAtOnce(_ transport: HTTPTransport) async throws {
        var bomb = TestZIP.Entry("pages/P.json", [], deflated: Array(repeating: 0, count: 64))
        bomb.declaredSize = 100 << 20
        let archives = [
            TestZIP([TestZIP.Entry("document.json", "{}"), TestZIP.Entry("../../etc/passwd", "x")]).bytes,
            TestZIP([TestZIP.Entry("document.json", "{}"), bomb]).bytes,
            TestZIP([TestZIP.Entry("document.json", "{}")], declaredCount: 65_000).bytes,
        ]
        try await makeApp(makeAPI()).test(over: transport) { client in
            for archive in archives {
                try await client.execute(uri: "/v1/import", method: .post, headers: Self.zipHeaders, body: ByteBuffer(bytes: archive)) { response in
                    #expect(response.status == .unprocessableContent, "\(response.body.text)")
                    #expect(response.headers[.contentType] == "application/problem+json")
                    // The reason, not "cannot tell the format".
                    #expect(response.body.text.contains("entry") || response.body.text.contains("entries"), "\(response.body.text)")
                }
            }
            // How long the refusal takes is measured where nothing else competes for the two
            // cores' cooperative threads: HostileArchiveTests times the importer itself (under a
            // second each); over HTTP in the parallel suite a round trip waited up to 17 s for a
            // thread, which says nothing about the archive.
        }
    }

    @Test func bytesOfNoAcceptedFormatSayWhatTheyAre() async throws {
        try await makeApp(makeAPI()).test(.router) { client in
            try await client.execute(uri: "/v1/import", method: .post, headers: jsonHeaders, body: ByteBuffer(string: "[1, 2, 3]")) { response in
                #expect(response.status.code >= 400 && response.status.code < 500)
                #expect(response.body.text.contains("JSON array"), "\(response.body.text)")
                #expect(response.body.text.contains("penpot") && response.body.text.contains("sketch"))
            }
        }
    }

    /// Chrome's Private Network Access: a plugin iframe calling a local service first asks
    /// `Access-Control-Request-Private-Network: true`; an allowed origin's preflight says yes.
    @Test(arguments: HTTPTransport.allCases)
    func privateNetworkAccessPreflights(_ transport: HTTPTransport) async throws {
        let api = TouchTraceAPI(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, cors: try CORSPolicy(["null", "https://penpot.app"])), store: MemorySceneStore())
        let name = HTTPField.Name("Access-Control-Request-Private-Network")!
        let answer = HTTPField.Name("Access-Control-Allow-Private-Network")!
        try await makeApp(api).test(over: transport) { client in
            for origin in ["null", "https://penpot.app"] {
                try await client.execute(uri: "/v1/import", method: .options, headers: [.origin: origin, .accessControlRequestMethod: "POST", name: "true"]) { response in
                    #expect(response.status == .noContent)
                    #expect(response.headers[answer] == "true")
                    #expect(response.headers[.accessControlAllowOrigin] == origin)
                }
            }
            try await client.execute(uri: "/v1/import", method: .options, headers: [.origin: "null", .accessControlRequestMethod: "POST"]) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[answer] == nil)
            }
            try await client.execute(uri: "/v1/import", method: .options, headers: [.origin: "https://evil.example", .accessControlRequestMethod: "POST", name: "true"]) { response in
                #expect(response.headers[answer] == nil)
                #expect(response.headers[.accessControlAllowOrigin] == nil)
            }
        }
    }
}
