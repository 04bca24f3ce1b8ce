import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TouchTraceEngine
import TouchTraceServer
import TouchTraceStore

/// Every route's success path and every error status, in memory (`.router`) and over a real
/// socket (`.live`), with one test body for both.
@Suite struct RouteTests {
    static let transports = HTTPTransport.allCases

    @Test(arguments: transports)
    func healthAndOpenAPI(_ transport: HTTPTransport) async throws {
        try await makeApp(makeAPI()).test(over: transport) { client in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.body.json == .obj(["status": "ok"]))
            }
            try await client.execute(uri: "/openapi.yaml", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/yaml")
                #expect(response.body.text.hasPrefix("openapi: 3.1"))
            }
        }
    }

    @Test(arguments: transports)
    func sceneLifecycle(_ transport: HTTPTransport) async throws {
        try await makeApp(makeAPI()).test(over: transport) { client in
            // POST stores under a new id.
            let created = try await client.execute(uri: "/v1/scenes", method: .post, headers: jsonHeaders, body: ByteBuffer(string: mapScene)) { response in
                #expect(response.status == .created)
                #expect(response.headers[.eTag] == "\"v1\"")
                let id = response.body.json?["id"]
                if case let .string(id)? = id { #expect(response.headers[.location] == "/v1/scenes/\(id)") }
                #expect(response.body.json?["views"] == 5)
                return id
            }
            guard case let .string(id)? = created else {
                Issue.record("no id")
                return
            }
            // GET returns the document as sent, with its ETag.
            try await client.execute(uri: "/v1/scenes/\(id)", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] == "\"v1\"")
                #expect(response.body.text == mapScene)
            }
            // PUT with the right If-Match replaces and bumps the version.
            try await client.execute(uri: "/v1/scenes/\(id)", method: .put, headers: [.contentType: "application/json", .ifMatch: "\"v1\""], body: ByteBuffer(string: mapScene)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] == "\"v2\"")
            }
            // The list shows it.
            try await client.execute(uri: "/v1/scenes?limit=10", method: .get) { response in
                #expect(response.status == .ok)
                guard case let .array(scenes)? = response.body.json?["scenes"] else { Issue.record("no scenes"); return }
                #expect(scenes.count == 1)
                #expect(scenes.first?["version"] == 2)
                #expect(scenes.first?["name"] == "A transparent overlay over a map")
            }
            // Hit testing on the stored scene.
            try await client.execute(uri: "/v1/scenes/\(id)/hit-test", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"point": {"x": 330, "y": 770}}"#)) { response in
                #expect(response.status == .ok)
                #expect(response.body.json?["hitView"] == "locateButton")
            }
            // DELETE, then it is gone.
            try await client.execute(uri: "/v1/scenes/\(id)", method: .delete) { response in
                #expect(response.status == .noContent)
            }
            try await client.execute(uri: "/v1/scenes/\(id)", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "application/problem+json")
            }
        }
    }

    @Test(arguments: transports)
    func putCreatesUnderAClientIdAndVersionsSurviveDeletes(_ transport: HTTPTransport) async throws {
        try await makeApp(makeAPI()).test(over: transport) { client in
            try await client.execute(uri: "/v1/scenes/checkout", method: .put, headers: jsonHeaders, body: ByteBuffer(string: mapScene)) { response in
                #expect(response.status == .created)
                #expect(response.headers[.eTag] == "\"v1\"")
            }
            try await client.execute(uri: "/v1/scenes/checkout", method: .delete) { #expect($0.status == .noContent) }
            // A stale ETag from before the delete never matches the new document.
            try await client.execute(uri: "/v1/scenes/checkout", method: .put, headers: jsonHeaders, body: ByteBuffer(string: mapScene)) { response in
                #expect(response.status == .created)
                #expect(response.headers[.eTag] == "\"v3\"")
            }
            try await client.execute(uri: "/v1/scenes/checkout", method: .put, headers: [.contentType: "application/json", .ifNoneMatch: "*"], body: ByteBuffer(string: mapScene)) { response in
                #expect(response.status == .preconditionFailed)
            }
        }
    }

    @Test(arguments: transports)
    func inlineHitTestWithSeveralPoints(_ transport: HTTPTransport) async throws {
        let body = #"{"scene": \#(mapScene), "points": [{"x": 330, "y": 770}, {"x": 5, "y": 5}]}"#
        try await makeApp(makeAPI()).test(over: transport) { client in
            try await client.execute(uri: "/v1/hit-test", method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok)
                guard case let .array(results)? = response.body.json?["results"] else { Issue.record("no results"); return }
                #expect(results.map { $0["hitView"] } == ["locateButton", "overlay"])
            }
        }
    }

    @Test(arguments: transports)
    func touchesAndActionsOnStoredAndInlineScenes(_ transport: HTTPTransport) async throws {
        try await makeApp(makeAPI()).test(over: transport) { client in
            try await client.execute(uri: "/v1/scenes/map", method: .put, headers: jsonHeaders, body: ByteBuffer(string: mapScene)) { #expect($0.status == .created) }
            try await client.execute(uri: "/v1/scenes/map/touches", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"tap": {"x": 330, "y": 770}}"#)) { response in
                #expect(response.status == .ok)
                guard case let .array(actions)? = response.body.json?["actions"] else { Issue.record("no actions"); return }
                #expect(actions.first?["target"] == "mapVC")
                #expect(actions.first?["action"] == "locate:")
            }
            try await client.execute(uri: "/v1/scenes/map/actions", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"sender": "locateButton", "events": ["touchUpInside"]}"#)) { response in
                #expect(response.status == .ok)
                #expect(response.body.json?["allTargets"] == .array(["mapVC"]))
            }
            let inline = #"{"scene": \#(mapScene), "tap": {"x": 330, "y": 770}, "count": 2}"#
            try await client.execute(uri: "/v1/touches", method: .post, headers: jsonHeaders, body: ByteBuffer(string: inline)) { response in
                #expect(response.status == .ok)
                #expect(response.body.text.contains("touchDownRepeat"))
            }
            let actions = #"{"scene": \#(mapScene), "sender": "locateButton", "events": ["touchDown"]}"#
            try await client.execute(uri: "/v1/actions", method: .post, headers: jsonHeaders, body: ByteBuffer(string: actions)) { #expect($0.status == .ok) }
            // A sequence that cannot happen is a 422 with a pointer.
            try await client.execute(uri: "/v1/scenes/map/touches", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"touches": [{"touch": 1, "phase": "moved", "x": 1, "y": 1, "t": 0}]}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.text.contains("/touches/0"))
            }
            try await client.execute(uri: "/v1/scenes/map/actions", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"sender": "root", "events": ["touchDown"]}"#)) {
                #expect($0.status == .unprocessableContent)
            }
        }
    }

    @Test(arguments: transports)
    func layoutAndChangesBeforeATrace(_ transport: HTTPTransport) async throws {
        let rotate = #"[{"op": "resizeWindow", "window": "win", "width": 844, "height": 390}]"#
        try await makeApp(makeAPI()).test(over: transport) { client in
            try await client.execute(uri: "/v1/scenes/map", method: .put, headers: jsonHeaders, body: ByteBuffer(string: mapScene)) { #expect($0.status == .created) }
            try await client.execute(uri: "/v1/scenes/map/layout", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"changes": \#(rotate)}"#)) { response in
                #expect(response.status == .ok)
                #expect(response.body.json?["frames"]?["locateButton"] == .obj(["x": 774, "y": 306, "width": 44, "height": 44]))
            }
            // The tap after the rotation reaches the button where it now is; the stored scene is unchanged.
            try await client.execute(uri: "/v1/scenes/map/hit-test", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"point": {"x": 790, "y": 320}, "changes": \#(rotate)}"#)) { response in
                #expect(response.body.json?["hitView"] == "locateButton")
            }
            try await client.execute(uri: "/v1/scenes/map/hit-test", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"point": {"x": 790, "y": 320}}"#)) { response in
                #expect(response.body.json?["hitView"] == .null)  // outside the portrait window
            }
            try await client.execute(uri: "/v1/scenes/map", method: .get) { #expect($0.body.text == mapScene) }
            try await client.execute(uri: "/v1/layout", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"scene": \#(mapScene), "changes": [{"op": "setFrame", "view": "nope", "frame": {"width": -1}}]}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.text.contains("/changes/0"))
            }
        }
    }

    @Test(arguments: transports)
    func errorStatuses(_ transport: HTTPTransport) async throws {
        try await makeApp(makeAPI(maxBodySize: 4096)).test(over: transport) { client in
            // 400 malformed JSON, with the position.
            try await client.execute(uri: "/v1/scenes", method: .post, headers: jsonHeaders, body: ByteBuffer(string: "{\"window\": ")) { response in
                #expect(response.status == .badRequest)
                #expect(response.headers[.contentType] == "application/problem+json")
                #expect(response.body.json?["title"] == "Malformed JSON")
            }
            // 404 unknown scene, for reads and traces.
            try await client.execute(uri: "/v1/scenes/nope", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/v1/scenes/nope/hit-test", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"point": {"x": 1, "y": 1}}"#)) {
                #expect($0.status == .notFound)
            }
            // 404 unknown path, 405 wrong method on a known one (with Allow).
            try await client.execute(uri: "/v2/things", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/v1/scenes/x", method: .patch) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET, PUT, DELETE")
            }
            try await client.execute(uri: "/v1/hit-test", method: .get) { #expect($0.status == .methodNotAllowed) }
            try await client.execute(uri: "/health", method: .post) { #expect($0.status == .methodNotAllowed) }
            // 412 stale If-Match; 400 for a malformed one.
            try await client.execute(uri: "/v1/scenes/s1", method: .put, headers: jsonHeaders, body: ByteBuffer(string: mapScene)) { #expect($0.status == .created) }
            try await client.execute(uri: "/v1/scenes/s1", method: .put, headers: [.contentType: "application/json", .ifMatch: "\"v7\""], body: ByteBuffer(string: mapScene)) { response in
                #expect(response.status == .preconditionFailed)
                #expect(response.body.text.contains("the current version is \\\"v1\\\""))
            }
            try await client.execute(uri: "/v1/scenes/s1", method: .delete, headers: [.ifMatch: "\"v9\""]) { #expect($0.status == .preconditionFailed) }
            try await client.execute(uri: "/v1/scenes/s1", method: .put, headers: [.contentType: "application/json", .ifMatch: "seven"], body: ByteBuffer(string: mapScene)) {
                #expect($0.status == .badRequest)
            }
            // 413 past the body limit.
            let big = "{\"name\": \"" + String(repeating: "x", count: 5000) + "\", \"window\": {\"id\": \"w\"}}"
            try await client.execute(uri: "/v1/scenes", method: .post, headers: jsonHeaders, body: ByteBuffer(string: big)) { response in
                #expect(response.status == .contentTooLarge)
                #expect(response.headers[.contentType] == "application/problem+json")
            }
            // 415 wrong content type.
            try await client.execute(uri: "/v1/scenes", method: .post, headers: [.contentType: "text/plain"], body: ByteBuffer(string: mapScene)) {
                #expect($0.status == .unsupportedMediaType)
            }
            // 422 invalid scene: every problem with its pointer.
            let invalid = #"{"window": {"id": "w", "alpha": 5, "subviews": [{"id": "w"}]}}"#
            try await client.execute(uri: "/v1/scenes", method: .post, headers: jsonHeaders, body: ByteBuffer(string: invalid)) { response in
                #expect(response.status == .unprocessableContent)
                guard case let .array(errors)? = response.body.json?["errors"] else { Issue.record("no errors"); return }
                #expect(Set(errors.compactMap { error -> String? in if case let .string(p)? = error["pointer"] { p } else { nil } }) == ["/window/alpha", "/window/subviews/0/id"])
            }
            // 422 for an inline scene names pointers under /scene.
            try await client.execute(uri: "/v1/hit-test", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"scene": {"window": {"id": "w", "hidden": 1}}, "point": {"x": 0, "y": 0}}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.text.contains("/scene/window/hidden"))
                #expect(response.body.json?["type"] == "https://touchtrace.dev/problems/invalid-scene")
            }
            // 422 for a bad request body: an invalid request, not an invalid scene.
            try await client.execute(uri: "/v1/scenes/s1/hit-test", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"point": {"x": "a"}}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.text.contains("/point/x"))
                #expect(response.body.text.contains("/point/y"))
                #expect(response.body.json?["type"] == "https://touchtrace.dev/problems/invalid-request")
                #expect(response.body.json?["title"] == "Invalid request")
            }
            // 400 for a bad query.
            try await client.execute(uri: "/v1/scenes?limit=0", method: .get) { #expect($0.status == .badRequest) }
        }
    }

    @Test(arguments: transports)
    func idsThatCouldEscapeTheDataDirectoryAreRejected(_ transport: HTTPTransport) async throws {
        let directory = temporaryDirectory()
        let store = try FileSceneStore(directory: directory)
        try await makeApp(makeAPI(store: store)).test(over: transport) { client in
            for path in ["/v1/scenes/..%2F..%2Fetc%2Fpasswd", "/v1/scenes/%2E%2E", "/v1/scenes/.hidden", "/v1/scenes/a%00b"] {
                try await client.execute(uri: path, method: .put, headers: jsonHeaders, body: ByteBuffer(string: mapScene)) { response in
                    #expect(response.status == .badRequest || response.status == .notFound, "\(path) → \(response.status)")
                }
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .badRequest || response.status == .notFound, "\(path) → \(response.status)")
                }
            }
        }
        // Nothing but the store's own change counter (docs/deploy.md), made when it opens.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0 != ".changes" }.isEmpty)
    }

    /// A stored scene laid out by constraints: hit tests and touches see the frames of its
    /// initial layout cycle (kept with the cached scene); the layout route starts from the
    /// scene as stored, so its trace can show that cycle.
    @Test(arguments: transports)
    func storedAutoLayoutScenesAreHitTestedAfterTheirInitialLayout(_ transport: HTTPTransport) async throws {
        let scene = #"{"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "subviews": [{"id": "row", "class": "UIStackView", "translatesAutoresizingMaskIntoConstraints": false, "constraints": [{"firstAttribute": "leading", "secondItem": "w", "secondAttribute": "leading", "constant": 16}, {"firstAttribute": "trailing", "secondItem": "w", "secondAttribute": "trailing", "constant": -16}, {"firstAttribute": "top", "secondItem": "w", "secondAttribute": "top", "constant": 60}], "subviews": [{"id": "pay", "class": "UIButton", "text": "Pay", "control": {"targets": [{"target": null, "action": "pay:", "events": ["touchUpInside"]}]}}]}]}}"#
        try await makeApp(makeAPI()).test(over: transport) { client in
            try await client.execute(uri: "/v1/scenes/al", method: .put, headers: jsonHeaders, body: ByteBuffer(string: scene)) { #expect($0.status == .created) }
            for _ in 0..<2 {  // a miss, then a cache hit
                try await client.execute(uri: "/v1/scenes/al/hit-test", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"point": {"x": 100, "y": 70}}"#)) { response in
                    #expect(response.body.json?["hitView"] == "pay")
                }
            }
            try await client.execute(uri: "/v1/scenes/al/touches", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"tap": {"x": 100, "y": 70}}"#)) { response in
                #expect(response.body.text.contains("pay:"))
            }
            try await client.execute(uri: "/v1/scenes/al/layout", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"changes": [], "includeInitialLayout": true}"#)) { response in
                #expect(response.body.text.contains(#""pass":"initial""#))
                #expect(response.body.json?["frames"]?["row"]?["y"] == .number(60))
            }
        }
    }

    @Test func pathTraversalIdIsA400() async throws {
        try await makeApp(makeAPI()).test(.router) { client in
            try await client.execute(uri: "/v1/scenes/..%2F..%2Fetc%2Fpasswd", method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(response.body.json?["title"] == "Invalid scene id")
            }
        }
    }

    @Test func bearerTokenWhenConfigured() async throws {
        try await makeApp(makeAPI(authToken: "s3cret")).test(.router) { client in
            try await client.execute(uri: "/v1/scenes", method: .get) { response in
                #expect(response.status == .unauthorized)
                #expect(response.headers[.wwwAuthenticate] == "Bearer")
            }
            try await client.execute(uri: "/v1/scenes", method: .get, headers: [.authorization: "Bearer s3cret"]) { #expect($0.status == .ok) }
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test func metricsCountRequestsAndCacheHits() async throws {
        try await makeApp(makeAPI()).test(.router) { client in
            try await client.execute(uri: "/v1/scenes/m", method: .put, headers: jsonHeaders, body: ByteBuffer(string: mapScene)) { #expect($0.status == .created) }
            for _ in 0..<3 {
                try await client.execute(uri: "/v1/scenes/m/hit-test", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"point": {"x": 1, "y": 1}}"#)) { #expect($0.status == .ok) }
            }
            try await client.execute(uri: "/metrics", method: .get) { response in
                let text = response.body.text
                #expect(text.contains("touchtrace_scenes_stored 1"))
                #expect(text.contains("touchtrace_scene_cache_hits_total 3"))
                #expect(text.contains(#"touchtrace_http_requests_total{route="/v1/scenes/{id}/hit-test",method="POST",status="200"} 3"#))
                #expect(text.contains("touchtrace_http_request_duration_seconds_bucket"))
            }
        }
    }
}
