import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TouchTraceEngine
import TouchTraceServer
import TouchTraceStore

/// CORS for design-tool plugins: a Figma plugin's iframe sends `Origin: null`. Preflights are
/// answered only for configured origins (`null` only when listed), before authentication, and
/// every answer to an allowed origin carries `Access-Control-Allow-Origin`.
@Suite struct CORSTests {
    static func api(_ origins: [String], authToken: String? = nil) throws -> TouchTraceAPI {
        TouchTraceAPI(
            configuration: ServerConfiguration(host: "127.0.0.1", port: 0, authToken: authToken, cors: try CORSPolicy(origins)),
            store: MemorySceneStore())
    }

    static let preflightNull: HTTPFields = [
        .origin: "null", .accessControlRequestMethod: "POST", .accessControlRequestHeaders: "content-type, authorization",
    ]

    @Test(arguments: HTTPTransport.allCases)
    func preflightFromANullOriginSucceedsOnlyWhenAllowed(_ transport: HTTPTransport) async throws {
        // Allowed: 204 with the origin echoed, the methods and headers, and a cache time; the
        // bearer token is not asked for (a preflight never carries one).
        try await makeApp(Self.api(["null"], authToken: "secret")).test(over: transport) { client in
            try await client.execute(uri: "/v1/import?format=figma", method: .options, headers: Self.preflightNull) { response in
                #expect(response.status == .noContent)
                #expect(response.headers[.accessControlAllowOrigin] == "null")
                #expect(response.headers[.accessControlAllowMethods]?.contains("POST") == true)
                #expect(response.headers[.accessControlAllowHeaders]?.contains("Authorization") == true)
                #expect(response.headers[.accessControlMaxAge] == "600")
            }
        }
        // `*` does not allow null, nor does another origin; CORS off leaves OPTIONS a 405.
        for origins in [["*"], ["https://www.figma.com"], []] {
            try await makeApp(Self.api(origins)).test(over: transport) { client in
                try await client.execute(uri: "/v1/import", method: .options, headers: Self.preflightNull) { response in
                    #expect(response.status == .methodNotAllowed, "origins \(origins)")
                    #expect(response.headers[.accessControlAllowOrigin] == nil, "origins \(origins)")
                }
            }
        }
    }

    @Test(arguments: HTTPTransport.allCases)
    func actualRequestsCarryTheAllowedOrigin(_ transport: HTTPTransport) async throws {
        try await makeApp(Self.api(["null", "https://www.figma.com"], authToken: "secret")).test(over: transport) { client in
            // An import from the plugin (null origin): answered, with the origin and the exposed headers.
            let figma = #"{"document": {"id": "0:0", "type": "DOCUMENT", "children": [{"id": "0:1", "type": "CANVAS", "children": [{"id": "1:1", "name": "Home", "type": "FRAME", "absoluteBoundingBox": {"x": 0, "y": 0, "width": 100, "height": 200}, "children": []}]}]}}"#
            var headers: HTTPFields = [.origin: "null", .contentType: "application/json", .authorization: "Bearer secret"]
            try await client.execute(uri: "/v1/import?store=home", method: .post, headers: headers, body: ByteBuffer(string: figma)) { response in
                #expect(response.status == .created)
                #expect(response.headers[.accessControlAllowOrigin] == "null")
                #expect(response.headers[.accessControlExposeHeaders]?.contains("Location") == true)
                #expect(response.headers[.vary]?.contains("Origin") == true)
            }
            // Errors too (here the missing token: 401), so the plugin can read the problem.
            headers[.authorization] = nil
            try await client.execute(uri: "/v1/scenes/home", method: .get, headers: headers) { response in
                #expect(response.status == .unauthorized)
                #expect(response.headers[.accessControlAllowOrigin] == "null")
            }
            // Another origin gets its answer without CORS headers (the browser withholds it).
            try await client.execute(uri: "/health", method: .get, headers: [.origin: "https://evil.example"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.accessControlAllowOrigin] == nil)
            }
            // Origins compare case-insensitively, as a browser serialises them in lower case.
            try await client.execute(uri: "/health", method: .get, headers: [.origin: "https://www.figma.com"]) { response in
                #expect(response.headers[.accessControlAllowOrigin] == "https://www.figma.com")
            }
            // No Origin header: no CORS headers.
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.headers[.accessControlAllowOrigin] == nil)
            }
        }
    }

    @Test func originsAreValidated() throws {
        #expect(try CORSPolicy(["https://www.figma.com, null", "HTTP://LOCALHOST:3000"]).origins == ["https://www.figma.com", "null", "http://localhost:3000"])
        for bad in ["https://www.figma.com/", "www.figma.com", "https://a.b/path", "nul"] {
            #expect(throws: CORSPolicyError.self, "\(bad)") { try CORSPolicy([bad]) }
        }
        do {
            _ = try CORSPolicy(["https://www.figma.com/"])
        } catch {
            #expect(error.description.contains("trailing slash"))
        }
        let any = try CORSPolicy(["*"])
        #expect(any.allows("https://anything.example") && !any.allows("null"))
    }

    /// `touchtrace serve --cors-origin null` and `TOUCHTRACE_CORS_ORIGIN`, over a real socket to a
    /// child process: the flag and the variable both turn it on; without them OPTIONS is a 405.
    @Test func theServeFlagAndVariable() async throws {
        try await offPool {
            let preflight = ["Origin": "null", "Access-Control-Request-Method": "POST"]
            let flagged = try ServerProcess(dataDirectory: temporaryDirectory("cors"), extraArguments: ["--cors-origin", "null"])
            defer { flagged.stop() }
            let allowed = try httpRequest(port: flagged.port, method: "OPTIONS", path: "/v1/import", headers: preflight)
            #expect(allowed.status == 204)
            #expect(allowed.headers["access-control-allow-origin"] == "null")

            let plain = try ServerProcess(dataDirectory: temporaryDirectory("cors"))
            defer { plain.stop() }
            let refused = try httpRequest(port: plain.port, method: "OPTIONS", path: "/v1/import", headers: preflight)
            #expect(refused.status == 405)
            #expect(refused.headers["access-control-allow-origin"] == nil)

            guard let executable = touchtraceExecutable else { throw TestError("touchtrace is not built") }
            let port = try freePort()
            let process = Process()
            process.executableURL = executable
            process.arguments = ["serve", "--port", String(port), "--data-dir", temporaryDirectory("cors"), "--log-level", "warning"]
            process.environment = ProcessInfo.processInfo.environment.merging(["TOUCHTRACE_CORS_ORIGIN": "https://www.figma.com,null"]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer {
                process.terminate()
                process.waitUntilExit()
            }
            // Until it answers; the limit only ends the wait for a server that never starts (as in
            // ``ServerProcess``).
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, process.isRunning, (try? httpRequest(port: port, method: "GET", path: "/health"))?.status != 200 { usleep(20_000) }
            let viaEnvironment = try httpRequest(port: port, method: "OPTIONS", path: "/v1/scenes/x/hit-test", headers: preflight)
            #expect(viaEnvironment.status == 204)
            let actual = try httpRequest(port: port, method: "GET", path: "/health", headers: ["Origin": "https://www.figma.com"])
            #expect(actual.headers["access-control-allow-origin"] == "https://www.figma.com")

            // A bad origin stops the server before it starts (a usage error).
            let bad = try await CLITestSupport.run(["serve", "--cors-origin", "https://www.figma.com/", "--port", "0"])
            #expect(bad.status == 64)
        }
    }
}
