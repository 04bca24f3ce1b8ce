import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TouchTraceEngine
import TouchTraceServer

/// What a newcomer meets first: errors a person can act on, the version, the exit codes, the
/// server's start and stop lines.
@Suite struct FrontDoorTests {
    /// `PUT /v1/scenes/my/scene` says ids cannot contain `/` (400, as for `%2F`); a misspelt
    /// operation on a stored scene lists the operations (404).
    @Test(arguments: [HTTPTransport.router, .live])
    func pathsUnderScenesExplainTheMistake(_ transport: HTTPTransport) async throws {
        try await makeApp(makeAPI()).test(over: transport) { client in
            for (method, path) in [(HTTPRequest.Method.put, "/v1/scenes/my/scene"), (.get, "/v1/scenes/a/b/c"), (.post, "/v1/scenes/my/scene/hit-test")] {
                try await client.execute(uri: path, method: method, headers: jsonHeaders, body: ByteBuffer(string: mapScene)) { response in
                    #expect(response.status == .badRequest, "\(method) \(path)")
                    #expect(response.body.json?["type"] == .string(ProblemType.invalidSceneID.uri))
                    let detail = response.body.json?["detail"]
                    #expect(detail.map { "\($0)".contains("cannot contain \\\"/\\\"") } == true, "\(String(describing: detail))")
                    #expect(response.body.text.contains("A-Z a-z 0-9 _ . -"))
                }
            }
            try await client.execute(uri: "/v1/scenes/map/hitest", method: .post, headers: jsonHeaders, body: ByteBuffer(string: "{}")) { response in
                #expect(response.status == .notFound)
                #expect(response.body.text.contains("no operation \\\"hitest\\\""))
                #expect(response.body.text.contains("hit-test, touches, actions, layout, validate"))
            }
            try await client.execute(uri: "/v2/nothing", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.body.text.contains("There is no route GET /v2/nothing"))
            }
        }
    }

    /// An unknown id in a request suggests the id that was meant.
    @Test func unknownIdsInRequestsSuggestTheIdMeant() async throws {
        try await makeApp(makeAPI()).test(.router) { client in
            let cases: [(String, String, String)] = [
                ("/v1/layout", #""changes": [{"op": "setNeedsLayout", "view": "locatebutton"}]"#, "/changes/0/view"),
                ("/v1/hit-test", #""point": {"x": 1, "y": 1}, "window": "Win""#, "/window"),
            ]
            for (path, request, pointer) in cases {
                let body = "{\"scene\": \(mapScene), \(request)}"
                try await client.execute(uri: path, method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .unprocessableContent)
                    guard case let .array(errors)? = response.body.json?["errors"], let first = errors.first else {
                        Issue.record("no errors: \(response.body.text)")
                        return
                    }
                    #expect(first["pointer"] == .string(pointer))
                    #expect("\(first["message"] ?? .null)".contains("did you mean"), "\(response.body.text)")
                }
            }
        }
    }

    @Test func unknownIdsInScenesSuggestTheIdMeant() throws {
        let scene = #"{"window": {"id": "win", "subviews": [{"id": "payButton", "class": "UIButton", "control": {"targets": [{"target": "checkoutVC", "action": "pay:", "events": ["touchUpInside"]}]}}], "viewController": {"id": "checkoutVc"}}}"#
        do {
            _ = try SceneDecoder().decode(bytes: Array(scene.utf8))
            Issue.record("the scene should be invalid")
        } catch {
            #expect(error.problems.first?.message == "unknown target id \"checkoutVC\" (did you mean \"checkoutVc\"?) (rule T5: a target must exist in the scene)")
        }
    }

    /// `validate` warns (it does not fail) about views nothing can touch, each with its pointer.
    @Test func validateWarnsAboutWhatNothingCanTouch() async throws {
        let scene = #"{"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "subviews": [{"id": "b", "class": "UIButton", "frame": {"x": 10, "y": 10, "width": 20, "height": 20}}, {"id": "cover", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}}, {"id": "out", "frame": {"x": 200, "y": 0, "width": 10, "height": 10}}, {"id": "z"}]}}"#
        try await makeApp(makeAPI()).test(.router) { client in
            try await client.execute(uri: "/v1/validate", method: .post, headers: jsonHeaders, body: ByteBuffer(string: "{\"scene\": \(scene)}")) { response in
                #expect(response.status == .ok)
                guard case let .array(warnings)? = response.body.json?["warnings"] else {
                    Issue.record("no warnings: \(response.body.text)")
                    return
                }
                #expect(warnings.map { $0["kind"] } == ["unreachableControl", "outsideSuperview", "emptyFrame"])
                #expect(warnings.map { $0["pointer"] } == ["/scene/window/subviews/0", "/scene/window/subviews/2", "/scene/window/subviews/3"])
                #expect("\(warnings[0]["message"] ?? .null)".contains("covered by cover, a later sibling"))
            }
        }
        let cli = try await CLITestSupport.run(["validate", "-"], stdin: scene)
        #expect(cli.status == 0, "warnings are not errors")
        #expect(cli.output.contains(#""pointer":"/window/subviews/0""#))
    }

    @Test func versionAndExitCodes() async throws {
        let version = try await CLITestSupport.run(["--version"])
        #expect(version.status == 0)
        #expect(version.output == TouchTrace.version + "\n")
        #expect(OpenAPITests.yaml.contains("\n  version: \(TouchTrace.version)\n"), "openapi.yaml's info.version is the binary's")
        // 0 success, 1 an invalid scene or request (a problem document), 64 usage.
        #expect(try await CLITestSupport.run(["validate", "Examples/map-overlay.json"]).status == 0)
        #expect(try await CLITestSupport.run(["validate", "-"], stdin: #"{"window": {"id": "w", "hiden": true}}"#).status == 1)
        #expect(try await CLITestSupport.run(["hit-test", "Examples/map-overlay.json"]).status == 64)
        #expect(try await CLITestSupport.run(["hit-test", "Examples/map-overlay.json", "--point", "1"]).status == 64)
        #expect(try await CLITestSupport.run(["validate", "no-such-file.json"]).status == 64)
        #expect(try await CLITestSupport.run(["frobnicate"]).status == 64)
        let help = try await CLITestSupport.run(["--help"]).output
        #expect(help.contains("Exit status: 0 success"))
    }

    /// A port already in use names the port and suggests --port; the server logs a line when it
    /// stops, with how many requests it answered.
    @Test func portInUseAndTheStopLine() async throws {
        try await offPool {
            let first = try ServerProcess(dataDirectory: temporaryDirectory("front-a"))
            defer { first.stop() }
            let second = try runToEnd(["serve", "--port", String(first.port), "--data-dir", temporaryDirectory("front-b")])
            #expect(second.status == 1)
            #expect(second.output.contains("port \(first.port) on 127.0.0.1 is already in use"), "\(second.output)")
            #expect(second.output.contains("--port"))
            #expect(!second.output.contains("errno"))

            // A server at info level: two requests, SIGTERM, then the stop line.
            guard let executable = touchtraceExecutable else { throw TestError("touchtrace is not built") }
            let port = try freePort()
            let process = Process()
            process.executableURL = executable
            process.arguments = ["serve", "--port", String(port), "--data-dir", temporaryDirectory("front-c")]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            var up = false
            // Until it answers; the limit (3,000 tries, a minute at least) only ends the wait for a
            // server that never starts (as in ``ServerProcess``).
            for _ in 0..<3000 where !up && process.isRunning {
                up = (try? httpRequest(port: port, method: "GET", path: "/health"))?.status == 200
                if !up { usleep(20_000) }
            }
            #expect(up)
            _ = try httpRequest(port: port, method: "GET", path: "/health")
            process.terminate()
            process.waitUntilExit()
            let log = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(log.contains("requests=2"), "\(log)")
            #expect(log.contains("stopped"))
        }
    }

    func runToEnd(_ arguments: [String]) throws -> (status: Int32, output: String) {
        guard let executable = touchtraceExecutable else { throw TestError("touchtrace is not built") }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
