import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TouchTraceEngine
import TouchTraceServer
import TouchTraceStore
import TestSupport

/// Inputs that once killed the process, one file each under `Tests/Fixtures/hostile/`, named after
/// the class of the fault (issue 21): `numberTrap-…` (a number from the input converted or used in
/// arithmetic that traps), `acceptedThenCrashed-…` (a scene `validate` accepted and a later
/// operation died on), `tooComplex-…` (work beyond a limit, refused up front), and the classes the
/// fuzzers found since (docs/fuzzing.md). Every fixture is
///
/// ```json
/// {"class": "numberTrap", "description": "…", "scene": {…},
///  "cases": [{"name": "…", "operation": "layout", "request": {…}, "expected": {"status": 422, "body": {…}}}]}
/// ```
///
/// and each case is sent as `POST /v1/<operation>` with the scene inline, through the router
/// (the whole pipeline: body parsing, the time budget, the operation, the problem documents).
/// The answer must be exactly `expected`: a status and the JSON body (for a picture, its media
/// type and whether it is a complete SVG). `TOUCHTRACE_RECORD_FIXTURES=1` records `expected`;
/// review the diff.
@Suite struct HostileFixtureTests {
    static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/hostile")
    static let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    static let classes = ["numberTrap", "acceptedThenCrashed", "tooComplex"]

    /// A fixture may lower the server's limits (`"limits": {"maxArrangedSubviews": 3}`), so that a
    /// small file shows what a scene at a real limit gets.
    nonisolated(unsafe) static let limitNames: [String: WritableKeyPath<SceneLimits, Int>] = [
        "maxDepth": \.maxDepth, "maxViews": \.maxViews, "maxWindows": \.maxWindows, "maxArrangedSubviews": \.maxArrangedSubviews,
        "maxConstraints": \.maxConstraints, "maxGestureRecognizers": \.maxGestureRecognizers,
        "maxTouchAreaVertices": \.maxTouchAreaVertices, "maxSolverCells": \.maxSolverCells, "maxRegionWork": \.maxRegionWork,
        "maxHitTestWork": \.maxHitTestWork, "maxTraceSteps": \.maxTraceSteps,
    ]

    @Test func everyClassHasFixturesAndEveryFixtureAClass() throws {
        for name in Self.classes { #expect(Self.files.contains { $0.hasPrefix(name + "-") }, "no fixture for \(name)") }
        for file in Self.files {
            let document = try JSONParser().parse([UInt8](Data(contentsOf: Self.folder.appendingPathComponent(file))))
            guard case let .string(kind)? = document["class"] else {
                Issue.record("\(file): no \"class\"")
                continue
            }
            #expect(file.hasPrefix(kind + "-"), "\(file) is named after its class \(kind)")
        }
    }

    @Test(arguments: files)
    func fixture(_ file: String) async throws {
        let url = Self.folder.appendingPathComponent(file)
        let document = try JSONParser().parse([UInt8](Data(contentsOf: url)))
        guard case var .object(members) = document, let scene = document["scene"], case var .array(cases)? = document["cases"] else {
            Issue.record("\(file): a fixture needs \"scene\" and \"cases\"")
            return
        }
        let recording = ProcessInfo.processInfo.environment["TOUCHTRACE_RECORD_FIXTURES"] == "1"
        let requests = cases
        var limits = SceneLimits()
        if case let .object(given)? = document["limits"] {
            for (name, value) in given {
                guard let path = Self.limitNames[name], case let .number(n) = value, let whole = Checked.int(exactly: n, in: 0...Int.max) else {
                    Issue.record("\(file): unknown limit \(name)")
                    continue
                }
                limits[keyPath: path] = whole
            }
        }
        let api = TouchTraceAPI(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, limits: limits), store: MemorySceneStore())
        let answers: [JSONValue?] = try await makeApp(api).test(.router) { client in
            var answers: [JSONValue?] = []
            for (i, testCase) in requests.enumerated() {
                guard case let .string(operation)? = testCase["operation"], let request = testCase["request"] else {
                    Issue.record("\(file) case \(i): needs \"operation\" and \"request\"")
                    answers.append(nil)
                    continue
                }
                let body = JSONWriter().bytes(request.setting("scene", to: scene))
                answers.append(try await client.execute(
                    uri: "/v1/\(operation)", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: body)
                ) { response in Self.summary(response) })
            }
            return answers
        }
        for (i, actual) in answers.enumerated() {
            guard let actual else { continue }
            let name = cases[i]["name"].map { JSONWriter().string($0) } ?? "#\(i)"
            if recording {
                cases[i] = cases[i].setting("expected", to: actual)
            } else {
                #expect(
                    actual == cases[i]["expected"],
                    "\(file) \(name):\nexpected: \(cases[i]["expected"].map { JSONWriter().string($0) } ?? "nothing")\nactual:   \(JSONWriter().string(actual))")
            }
        }
        if recording {
            members.removeAll { $0.key == "cases" }
            members.append((key: "cases", value: .array(cases)))
            try Data(JSONWriter(pretty: true).bytes(.object(members)) + [UInt8(ascii: "\n")]).write(to: url)
        }
    }

    /// The status and the body: JSON as it is; anything else by its media type and whether it
    /// is a whole SVG document.
    static func summary(_ response: TestResponse) -> JSONValue {
        let type = response.headers[.contentType] ?? ""
        var body: JSONValue
        if type.hasPrefix("application/json") || type.hasPrefix("application/problem+json") {
            body = response.body.json ?? .string("not JSON")
        } else {
            let text = response.body.text
            body = .obj(["contentType": .string(type), "completeSVG": .bool(text.hasPrefix("<svg") && text.hasSuffix("</svg>\n"))])
        }
        return .obj(["status": .number(Double(response.status.code)), "body": body])
    }
}
