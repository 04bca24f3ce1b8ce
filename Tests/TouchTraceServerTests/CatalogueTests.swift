import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TouchTraceEngine
import TouchTraceOperations
import TouchTraceServer
import TestSupport
import TouchTraceStore

/// The operation catalogue: every operation is declared once and reached the same way through
/// each transport — the stored-scene route, the inline route and the CLI subcommand answer the
/// same bytes for the same request, and errors are the same problem documents.
@Suite struct CatalogueTests {
    /// One request per operation, in the HTTP body's shape, and the CLI arguments that say the
    /// same (files are written to a temporary directory).
    struct Case: Sendable, CustomStringConvertible {
        var operation: String
        var body: String
        /// CLI arguments after the scene file; `@request` is replaced by a file holding `body`.
        var cli: [String]
        var description: String { operation }
    }

    static let cases: [Case] = [
        Case(operation: "hit-test", body: #"{"point": {"x": 330, "y": 770}}"#, cli: ["--point", "330,770"]),
        Case(operation: "hit-test", body: #"{"points": [{"x": 330, "y": 770}, {"x": 5, "y": 5}], "window": "win"}"#,
            cli: ["--point", "330,770", "--point", "5,5", "--window", "win"]),
        Case(operation: "touches", body: #"{"tap": {"x": 330, "y": 770}, "count": 2}"#, cli: ["@request"]),
        Case(operation: "actions", body: #"{"sender": "locateButton", "events": ["touchUpInside"]}"#, cli: ["@request"]),
        Case(operation: "layout", body: #"{"changes": [{"op": "resizeWindow", "window": "win", "width": 844, "height": 390}]}"#, cli: ["@request"]),
        Case(operation: "layout", body: #"{"changes": [], "includeInitialLayout": true, "includeConstraints": true}"#,
            cli: ["@empty-list", "--include-initial-layout", "--include-constraints"]),
        Case(operation: "validate", body: "{}", cli: []),
        Case(operation: "why-not", body: #"{"view": "map"}"#, cli: ["--view", "map"]),
        Case(operation: "why-not", body: #"{"view": "locateButton", "point": {"x": -5, "y": -5}, "window": "win"}"#,
            cli: ["--view", "locateButton", "--point", "-5,-5", "--window", "win"]),
    ]

    @Test func everyOperationHasItsRoutesAndSubcommand() async throws {
        let names = Catalogue.operations.map { $0.name }
        #expect(Set(names).count == names.count, "operation names are unique")
        let registered = Set(TouchTraceAPI.routes.map(\.path))
        for operation in Catalogue.operations {
            for route in operation.routes { #expect(registered.contains(route.path), "\(route.path) is registered") }
            #expect(operation.helpText.contains("Errors are RFC 9457 problem documents"))
        }
        let help = try await CLITestSupport.run(["--help"]).output
        for name in names { #expect(help.contains(name), "touchtrace --help lists \(name)") }
        let hitTestHelp = try await CLITestSupport.run(["help", "hit-test"]).output
        #expect(hitTestHelp.contains("UIKit rules applied: H1–H10, R1"))
    }

    @Test(arguments: cases)
    func storedInlineAndCLIAnswerTheSameBytes(_ c: Case) async throws {
        let directory = temporaryDirectory("catalogue")
        let sceneFile = directory + "/scene.json"
        try mapScene.write(toFile: sceneFile, atomically: true, encoding: .utf8)
        try c.body.write(toFile: directory + "/request.json", atomically: true, encoding: .utf8)
        try "[]".write(toFile: directory + "/empty-list.json", atomically: true, encoding: .utf8)
        let arguments = [c.operation, sceneFile] + c.cli.map { $0.hasPrefix("@") ? directory + "/" + $0.dropFirst() + ".json" : $0 }
        let (status, cliOutput) = try await CLITestSupport.run(arguments)
        #expect(status == 0)
        let inlineBody = c.body == "{}" ? "{\"scene\": \(mapScene)}" : "{\"scene\": \(mapScene), " + c.body.dropFirst()
        try await makeApp(makeAPI()).test(.router) { client in
            try await client.execute(uri: "/v1/scenes/map", method: .put, headers: jsonHeaders, body: ByteBuffer(string: mapScene)) {
                #expect($0.status == .created)
            }
            var stored = ""
            try await client.execute(uri: "/v1/scenes/map/\(c.operation)", method: .post, headers: jsonHeaders, body: ByteBuffer(string: c.body)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                stored = response.body.text
            }
            try await client.execute(uri: "/v1/\(c.operation)", method: .post, headers: jsonHeaders, body: ByteBuffer(string: inlineBody)) { response in
                #expect(response.status == .ok)
                #expect(response.body.text == stored, "inline and stored answers are the same")
            }
            #expect(cliOutput == stored + "\n", "the CLI prints the API's bytes")
        }
    }

    @Test(arguments: [HTTPTransport.router, .live])
    func validateThroughTheCatalogue(_ transport: HTTPTransport) async throws {
        try await makeApp(makeAPI()).test(over: transport) { client in
            try await client.execute(uri: "/v1/validate", method: .post, headers: jsonHeaders, body: ByteBuffer(string: "{\"scene\": \(mapScene)}")) { response in
                #expect(response.status == .ok)
                #expect(response.body.json == .obj(["valid": true, "views": 5, "windows": 1, "warnings": .array([])]))
            }
            // Every problem, with pointers under /scene.
            try await client.execute(uri: "/v1/validate", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"scene": {"window": {"id": "w", "alpha": 2, "subviews": [{"id": "w"}]}}}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.json?["type"] == .string(ProblemType.invalidScene.uri))
                #expect(response.body.text.contains("/scene/window/alpha"))
                #expect(response.body.text.contains("/scene/window/subviews/0/id"))
            }
            // A stored scene: an empty body is an empty request.
            try await client.execute(uri: "/v1/scenes/map", method: .put, headers: jsonHeaders, body: ByteBuffer(string: mapScene)) { #expect($0.status == .created) }
            try await client.execute(uri: "/v1/scenes/map/validate", method: .post) { response in
                #expect(response.status == .ok)
                #expect(response.body.json?["views"] == 5)
            }
            // Validate takes no parameters.
            try await client.execute(uri: "/v1/scenes/map/validate", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"strict": true}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.json?["type"] == .string(ProblemType.invalidRequest.uri))
            }
            try await client.execute(uri: "/v1/scenes/nope/validate", method: .post) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/v1/validate", method: .get) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "POST")
            }
        }
    }

    /// The same problem document from the CLI as from the API, with exit status 1.
    @Test func cliProblemsAreTheAPIProblems() async throws {
        let (status, output) = try await CLITestSupport.run(["touches", "Examples/map-overlay.json", "-"], stdin: #"{"tap": {"x": 1}}"#)
        #expect(status == 1)
        try await makeApp(makeAPI()).test(.router) { client in
            try await client.execute(uri: "/v1/touches", method: .post, headers: jsonHeaders, body: ByteBuffer(string: "{\"scene\": \(mapScene), \"tap\": {\"x\": 1}}")) { response in
                #expect(response.status == .unprocessableContent)
                #expect(output == response.body.text + "\n")
            }
        }
    }

    @Test func problemTypesAreOneCatalogueAndDocumented() {
        let slugs = ProblemType.all.map(\.slug)
        #expect(Set(slugs).count == slugs.count)
        let yaml = OpenAPITests.yaml
        for type in ProblemType.all + [.httpError(500, "")] {
            #expect(yaml.contains("- " + type.uri + "\n"), "openapi.yaml lists the problem type \(type.slug)")
        }
    }

    @Test func queryParametersBecomeRequestMembers() {
        let parameters = [
            QueryParameter("point", .points, member: "points", help: ""), QueryParameter("regions", .bool, help: ""),
            QueryParameter("scale", .number, help: ""), QueryParameter("audit", .string, help: ""),
        ]
        let good = QueryParameter.request(
            from: [("point", "1,2"), ("regions", ""), ("point", "3.5,-4"), ("scale", "2"), ("audit", "apple-44")], parameters: parameters)
        #expect(good.problems.isEmpty)
        #expect(JSONValue.object(good.members) == .obj([
            "regions": true, "scale": 2, "audit": "apple-44",
            "points": .array([.obj(["x": 1, "y": 2]), .obj(["x": 3.5, "y": -4])]),
        ]))
        let bad = QueryParameter.request(from: [("point", "1"), ("regions", "maybe"), ("scale", "nan"), ("zoom", "2")], parameters: parameters)
        #expect(bad.problems == [
            "point takes two finite numbers as x,y, not \"1\"", "regions must be true or false, not \"maybe\"",
            "scale must be a finite number, not \"nan\"", "unknown query parameter \"zoom\"; this route takes point, regions, scale, audit",
        ])
        #expect(QueryParameter.request(from: [("x", "1")], parameters: []).problems == ["this route takes no query parameters, not \"x\""])
    }

    /// A route that takes no query parameters says so (400), rather than ignoring them.
    @Test func unknownQueryParametersAreBadQueries() async throws {
        try await makeApp(makeAPI()).test(.router) { client in
            try await client.execute(uri: "/v1/hit-test?pretty=1", method: .post, headers: jsonHeaders, body: ByteBuffer(string: "{\"scene\": \(mapScene), \"point\": {\"x\": 1, \"y\": 1}}")) { response in
                #expect(response.status == .badRequest)
                #expect(response.body.json?["type"] == .string(ProblemType.badQuery.uri))
            }
        }
    }

    @Test func ruleSummariesCollapseRuns() {
        #expect(RuleID.summary([.H1, .H2, .H3, .R1]) == "H1–H3, R1")
        #expect(RuleID.summary([.H9, .R1]) == "H9, R1")
        #expect(RuleID.summary([.C9, .T1, .T2]) == "C9, T1, T2")
        #expect(RuleID.summary([]) == "")
    }
}

/// The server's configured limits reach every stage, not only the decoder: a view added by a
/// request's changes obeys the configured depth (it was checked against the defaults before).
@Suite struct ConfiguredLimitsTests {
    @Test func changesObeyTheConfiguredDepth() async throws {
        let api = TouchTraceAPI(
            configuration: ServerConfiguration(host: "127.0.0.1", port: 0, limits: SceneLimits(maxDepth: 2, maxViews: 100)),
            store: MemorySceneStore())
        let scene = #"{"window": {"id": "w", "subviews": [{"id": "a", "subviews": [{"id": "b"}]}]}}"#
        try await makeApp(api).test(.router) { client in
            // Depth 2 is allowed: the scene decodes.
            let deeper = #"{"scene": \#(scene), "changes": [{"op": "addSubview", "to": "b", "subview": {"id": "c"}}]}"#
            try await client.execute(uri: "/v1/layout", method: .post, headers: jsonHeaders, body: ByteBuffer(string: deeper)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.text.contains("deeper than the limit of 2 levels"), "\(response.body.text)")
            }
            let beside = #"{"scene": \#(scene), "changes": [{"op": "addSubview", "to": "a", "subview": {"id": "c"}}]}"#
            try await client.execute(uri: "/v1/layout", method: .post, headers: jsonHeaders, body: ByteBuffer(string: beside)) { response in
                #expect(response.status == .ok)
            }
        }
    }
}
