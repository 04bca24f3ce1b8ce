import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import TestSupport
import Testing
import TouchTraceCheck
import TouchTraceEngine
import TouchTraceOperations
import TouchTraceServer
import TouchTraceStore

/// `POST /v1/check`, `POST /v1/scenes/{id}/audit` and `POST /v1/audit`, in process (the router)
/// and over a socket (a live server): the fixtures give the same outcome over HTTP as on the
/// command line, with the scene inline or stored by id; reports in every form; bad documents
/// are 422 problems with pointers.
@Suite struct CheckHTTPTests {
    static func app() -> some ApplicationProtocol {
        var logger = Logger(label: "touchtrace-check-test")
        logger.logLevel = .warning
        let api = TouchTraceAPI(configuration: ServerConfiguration(host: "127.0.0.1", port: 0), store: MemorySceneStore())
        return try! api.makeApplication(logger: logger)
    }

    static let json: HTTPFields = [.contentType: "application/json"]

    static func text(_ path: String) throws -> String {
        try String(contentsOf: checkFixtures.appendingPathComponent(path), encoding: .utf8)
    }

    /// A fixture's document as the JSON body of `POST /v1/check`: its scene file inline, or the id
    /// of a stored scene.
    static func body(_ fixture: String, sceneID: String? = nil) throws -> String {
        let bytes = try CheckHarness.fixtureReader()(fixture)
        guard case let .success(document) = ExpectationReader.read(bytes, file: fixture) else { throw CheckHarnessError("\(fixture) does not read") }
        guard case let .string(file)? = document.value["scene"] else { throw CheckHarnessError("\(fixture) names no scene file") }
        let scene: JSONValue = try sceneID.map { .string($0) } ?? JSONParser().parse(try text(file))
        return JSONWriter().string(document.value.setting("scene", to: scene))
    }

    static let pairs = ["hitView", "responderChain", "action", "controlEvents", "recognizer", "assertNotHittable", "assertTouchTargets", "assertLayout"]

    @Test(arguments: HTTPTransport.allCases)
    func fixturesGiveTheSameOutcomeOverHTTP(_ transport: HTTPTransport) async throws {
        try await Self.app().test(over: transport) { client in
            for kind in Self.pairs {
                for outcome in ["pass", "fail"] {
                    let name = "\(kind)-\(outcome).touchtrace.yaml"
                    let cli = try CheckHarness.run([name, "--format", "json"], read: CheckHarness.fixtureReader())
                    let expected = try JSONParser().parse(cli.output)
                    try await client.execute(uri: "/v1/check", method: .post, headers: Self.json, body: ByteBuffer(string: try Self.body(name))) { response in
                        #expect(response.status == .ok, "\(name): \(response.body.text)")
                        let answer = response.body.json
                        #expect(answer?["passed"] == .bool(outcome == "pass"), "\(name)")
                        // The same steps, outcomes and failure messages as the CLI's report.
                        #expect(answer?["summary"] == expected["summary"], "\(name)")
                        #expect(Self.messages(answer) == Self.messages(expected), "\(name)")
                    }
                }
            }
        }
    }

    static func firstPointer(_ problem: JSONValue?) -> JSONValue? {
        guard case let .array(errors)? = problem?["errors"] else { return nil }
        return errors.first?["pointer"]
    }

    static func messages(_ report: JSONValue?) -> [String] {
        guard case let .array(files)? = report?["files"] else { return [] }
        var out: [String] = []
        for file in files {
            guard case let .array(steps)? = file["steps"] else { continue }
            for step in steps {
                guard case let .array(failures)? = step["failures"] else { continue }
                for f in failures { if case let .string(m)? = f["message"] { out.append(m) } }
            }
        }
        return out
    }

    @Test(arguments: HTTPTransport.allCases)
    func aStoredSceneByIDAndEveryReportForm(_ transport: HTTPTransport) async throws {
        try await Self.app().test(over: transport) { client in
            try await client.execute(uri: "/v1/scenes/form", method: .put, headers: Self.json, body: ByteBuffer(string: try Self.text("scenes/form.json"))) { response in
                #expect(response.status == .created)
            }
            let body = try Self.body("hitView-fail.touchtrace.yaml", sceneID: "form")
            try await client.execute(uri: "/v1/check", method: .post, headers: Self.json, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok)
                #expect(response.body.json?["passed"] == false)
                #expect(Self.messages(response.body.json).first == "expected hitView cancelButton, but overlay was hit")
            }
            let forms: [(String, String, String)] = [
                ("text", "text/plain", "expected hitView cancelButton, but overlay was hit"),
                ("junit", "application/xml", "<testsuite name=\"check\""),
                ("sarif", "application/sarif+json", "\"version\":\"2.1.0\""),
                ("github", "text/plain", "::error "),
            ]
            for (form, type, needle) in forms {
                try await client.execute(uri: "/v1/check?report=\(form)", method: .post, headers: Self.json, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType]?.hasPrefix(type) == true, "\(form): \(response.headers[.contentType] ?? "")")
                    #expect(response.body.text.contains(needle), "\(form): \(response.body.text.prefix(300))")
                }
            }
            // An id nobody stored is a 404 naming it, as for every operation on stored scenes.
            try await client.execute(uri: "/v1/check", method: .post, headers: Self.json, body: ByteBuffer(string: try Self.body("hitView-fail.touchtrace.yaml", sceneID: "nope"))) { response in
                #expect(response.status == .notFound, "\(response.body.text)")
            }
            try await client.execute(uri: "/v1/check?report=pdf", method: .post, headers: Self.json, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .unprocessableContent || response.status == .badRequest, "\(response.status)")
                #expect(response.body.text.contains("report must be one of"))
            }
        }
    }

    @Test(arguments: HTTPTransport.allCases)
    func badDocumentsAreProblemsWithPointers(_ transport: HTTPTransport) async throws {
        try await Self.app().test(over: transport) { client in
            let scene = try Self.text("scenes/form.json")
            // A field nobody knows, with the one it resembles; a body has no lines, so pointers only.
            let misspelt = #"{"scene": \#(scene), "steps": [{"tapOn": "saveButton", "expect": {"hitVeiw": "x"}}]}"#
            try await client.execute(uri: "/v1/check", method: .post, headers: Self.json, body: ByteBuffer(string: misspelt)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.text.contains("problems/invalid-expectations"), "\(response.body.text)")
                #expect(Self.firstPointer(response.body.json) == "/steps/0/expect/hitVeiw", "\(response.body.text)")
                #expect(response.body.text.contains(#"did you mean \"hitView\"?"#), "\(response.body.text)")
                #expect(response.body.json?["locations"] == nil)
            }
            // A view the scene does not have fails its step (with the nearest id), not the document.
            let unknown = #"{"scene": \#(scene), "steps": [{"tapOn": "savButton"}, {"tapOn": "saveButton"}]}"#
            try await client.execute(uri: "/v1/check", method: .post, headers: Self.json, body: ByteBuffer(string: unknown)) { response in
                #expect(response.status == .ok)
                #expect(response.body.json?["passed"] == .bool(false), "\(response.body.text.prefix(300))")
                #expect(response.body.text.contains(#""expectation":"unknownView""#), "\(response.body.text.prefix(600))")
                #expect(response.body.text.contains(#""pointer":"/steps/0/tapOn""#), "\(response.body.text.prefix(600))")
                #expect(response.body.text.contains(#"did you mean \"saveButton\"?"#), "\(response.body.text.prefix(600))")
                #expect(response.body.text.contains(#""outcome":"passed""#), "the other step runs")
            }
            // Not JSON at all.
            try await client.execute(uri: "/v1/check", method: .post, headers: Self.json, body: ByteBuffer(string: "steps: [")) { response in
                #expect(response.status == .badRequest, "\(response.status)")
            }
        }
    }

    @Test(arguments: HTTPTransport.allCases)
    func auditStoredAndInline(_ transport: HTTPTransport) async throws {
        try await Self.app().test(over: transport) { client in
            let scene = try Self.text("scenes/form.json")
            try await client.execute(uri: "/v1/scenes/form", method: .put, headers: Self.json, body: ByteBuffer(string: scene)) { response in
                #expect(response.status == .created)
            }
            var stored: JSONValue?
            try await client.execute(uri: "/v1/scenes/form/audit", method: .post, headers: Self.json, body: ByteBuffer(string: #"{"profile": "apple-44"}"#)) { response in
                #expect(response.status == .ok)
                stored = response.body.json
                #expect(response.body.text.contains("covered by overlay, a later sibling"))
            }
            // An empty body is the default options.
            try await client.execute(uri: "/v1/scenes/form/audit", method: .post) { response in
                #expect(response.status == .ok, "\(response.body.text)")
            }
            try await client.execute(uri: "/v1/audit", method: .post, headers: Self.json, body: ByteBuffer(string: #"{"profile": "apple-44", "scene": \#(scene)}"#)) { response in
                #expect(response.status == .ok)
                let inline = response.body.json
                #expect(inline?["summary"] == stored?["summary"])
                // Pointers in an inline audit are under /scene.
                #expect(response.body.text.contains("\"/scene/"), "\(response.body.text.prefix(400))")
            }
            try await client.execute(uri: "/v1/audit", method: .post, headers: Self.json, body: ByteBuffer(string: #"{"profile": "apple-45", "scene": \#(scene)}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.text.contains("/profile"), "\(response.body.text)")
            }
        }
    }
}

struct CheckHarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension ByteBuffer {
    var json: JSONValue? { try? JSONParser().parse(Array(readableBytesView)) }
    var text: String { String(buffer: self) }
}
