import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TouchTraceEngine
import TouchTraceServer

/// Scenes whose geometry is not known (``UnknownGeometry``: imported from a dump that prints no
/// frames, with no frame given since), every operation, over both transports, with the scene
/// inline and stored: the fixtures of `Tests/Fixtures/geometry-unknown/` (one file per decision,
/// named after it) say what each operation answers — a 422 at the named pointer where nothing in
/// the answer could mean anything, a `geometryUnknown` warning where part of it still does, an
/// ordinary answer where the operation reads no frame or the frames are given.
@Suite struct GeometryUnknownTests {
    static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/geometry-unknown")

    struct Fixture: Sendable, CustomStringConvertible {
        var name: String
        var operation: String
        var scene: String
        var request: JSONValue
        var expect: JSONValue
        var description: String { name }
    }

    static let fixtures: [Fixture] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
                let json = try? JSONParser().parse([UInt8](data)), case let .string(op)? = json["operation"], case let .string(scene)? = json["scene"],
                let request = json["request"], let expect = json["expect"]
            else { return nil }
            return Fixture(name: name, operation: op, scene: scene, request: request, expect: expect)
        }
    }()

    static func sceneText(_ fixture: Fixture) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(fixture.scene), encoding: .utf8)
    }

    /// Every decision has a fixture, and every fixture file reads.
    @Test func everyOperationHasAFixture() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }
        #expect(names.count == Self.fixtures.count, "a fixture does not read")
        let unknown = Set(Self.fixtures.filter { $0.name.hasPrefix("geometryUnknown-") }.map(\.operation))
        #expect(unknown == ["hit-test", "touches", "why-not", "audit", "render", "layout", "actions", "validate"])
    }

    /// Checks one answer against the fixture's `expect`; `base` is where the scene is in the
    /// request (`/scene` inline, empty stored).
    static func check(_ fixture: Fixture, status: HTTPResponse.Status, body: ByteBuffer, base: String, how: String) {
        let label = "\(fixture.name) (\(how))"
        guard case let .number(code)? = fixture.expect["status"] else {
            Issue.record("\(label): no status")
            return
        }
        #expect(Double(status.code) == code, "\(label): \(body.text)")
        let pointer: String? = fixture.expect["pointer"].flatMap {
            guard case let .string(p) = $0 else { return nil }
            return (fixture.expect["pointerInScene"] == true ? base : "") + p
        }
        if code == 422 {
            let problem = body.json
            #expect(problem?["type"] == .string(ProblemType.invalidRequest.uri), "\(label)")
            guard case let .array(errors)? = problem?["errors"], let first = errors.first else {
                Issue.record("\(label): no errors: \(body.text)")
                return
            }
            #expect(errors.count == 1, "\(label)")
            #expect(first["pointer"] == pointer.map { .string($0) }, "\(label): \(body.text)")
            guard case let .string(message)? = first["message"] else { return }
            #expect(message.contains("prints no frames") && message.contains("origin.format"), "\(label): \(message)")
            return
        }
        guard fixture.operation != "render" else { return }
        guard let answer = body.json else {
            Issue.record("\(label): not JSON: \(body.text)")
            return
        }
        if case let .array(kinds)? = fixture.expect["warnings"] {
            let warnings: [JSONValue]
            if case let .array(list)? = answer["warnings"] { warnings = list } else { warnings = [] }
            #expect(warnings.map { $0["kind"] ?? .null } == kinds, "\(label): \(body.text.prefix(400))")
            if let pointer, !kinds.isEmpty { #expect(warnings.allSatisfy { $0["pointer"] == .string(pointer) }, "\(label)") }
            if kinds.isEmpty { #expect(answer["warnings"] == nil, "\(label): an answer with nothing to say has no warnings member") }
        }
        if case let .object(expected)? = fixture.expect["answer"] {
            for (path, value) in expected {
                #expect(answer.at(pointer: path) == value, "\(label): \(path) in \(body.text.prefix(600))")
            }
        }
    }

    @Test(arguments: HTTPTransport.allCases)
    func inlineAndStoredScenesAnswerAsTheFixturesSay(_ transport: HTTPTransport) async throws {
        try await makeApp(makeAPI()).test(over: transport) { client in
            for fixture in Self.fixtures {
                let scene = try Self.sceneText(fixture)
                let sceneValue = try JSONParser().parse(Array(scene.utf8))
                // Inline: POST /v1/<operation> with the scene in the body.
                var inline: [(key: String, value: JSONValue)] = []
                if case let .object(members) = fixture.request { inline = members }
                inline.append((key: "scene", value: sceneValue))
                try await client.execute(
                    uri: "/v1/\(fixture.operation)", method: .post, headers: jsonHeaders, body: ByteBuffer(string: JSONWriter().string(.object(inline)))
                ) { response in
                    Self.check(fixture, status: response.status, body: response.body, base: "/scene", how: "inline, \(transport)")
                }
                // Stored: PUT, then the operation on the stored scene (render: GET render.svg).
                let id = "geometry-" + fixture.name.replacingOccurrences(of: ".json", with: "")
                try await client.execute(uri: "/v1/scenes/\(id)", method: .put, headers: jsonHeaders, body: ByteBuffer(string: scene)) {
                    #expect($0.status == .created, "\(fixture.name): \($0.body.text)")
                }
                if fixture.operation == "render" {
                    try await client.execute(uri: "/v1/scenes/\(id)/render.svg", method: .get) { response in
                        Self.check(fixture, status: response.status, body: response.body, base: "", how: "stored, \(transport)")
                    }
                } else {
                    try await client.execute(
                        uri: "/v1/scenes/\(id)/\(fixture.operation)", method: .post, headers: jsonHeaders, body: ByteBuffer(string: JSONWriter().string(fixture.request))
                    ) { response in
                        Self.check(fixture, status: response.status, body: response.body, base: "", how: "stored, \(transport)")
                    }
                }
            }
        }
    }

    /// `check --init` on a stored scene whose geometry is not known is refused at `/scene`: its
    /// starter would declare every wired control unreachable, and each of its tap, assert and
    /// audit steps would be refused when run; on a scene whose frames are known it writes the file.
    @Test(arguments: HTTPTransport.allCases)
    func checkInitIsRefusedOnAFramelessScene(_ transport: HTTPTransport) async throws {
        try await makeApp(makeAPI()).test(over: transport) { client in
            for (name, refused) in [("autolayout-trace", true), ("print-hierarchy", true), ("recursive-description-zero-height", false)] {
                let scene = try String(contentsOf: Self.folder.appendingPathComponent("scenes/\(name).json"), encoding: .utf8)
                let id = "init-" + name
                try await client.execute(uri: "/v1/scenes/\(id)", method: .put, headers: jsonHeaders, body: ByteBuffer(string: scene)) {
                    #expect($0.status == .created, "\(name): \($0.body.text)")
                }
                try await client.execute(
                    uri: "/v1/check/init", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"scene": "\#(id)"}"#)
                ) { response in
                    if refused {
                        #expect(response.status == .unprocessableContent, "\(name): \(response.body.text)")
                        guard case let .array(errors)? = response.body.json?["errors"], let first = errors.first else {
                            Issue.record("\(name): no errors: \(response.body.text)")
                            return
                        }
                        #expect(first["pointer"] == .string("/scene"), "\(name)")
                        #expect(response.body.text.contains("prints no frames"), "\(name): \(response.body.text)")
                    } else {
                        #expect(response.status == .ok, "\(name): \(response.body.text)")
                        #expect(response.body.text.contains("assertTouchTargets"), "\(name): \(response.body.text)")
                    }
                }
            }
        }
    }

    /// The CLI answers the same: exit 1 and the problem for a refusal (audit: 2, its bad-input
    /// status), 0 and the warning for layout.
    @Test func theCLISaysTheSame() async throws {
        let dir = temporaryDirectory("geometry-unknown")
        let scene = dir + "/trace.json"
        try Data(contentsOf: Self.folder.appendingPathComponent("scenes/autolayout-trace.json")).write(to: URL(fileURLWithPath: scene))
        let hit = try await CLITestSupport.run(["hit-test", scene, "--point", "195,700"])
        #expect(hit.status == 1 && hit.output.contains(#""pointer":"/point""#) && hit.output.contains("prints no frames"), "\(hit.output)")
        let audit = try await CLITestSupport.run(["audit", scene])
        #expect(audit.status == 2 && audit.output.contains(#""pointer":"/origin/format""#), "\(audit.output)")
        let render = try await CLITestSupport.run(["render", scene, "-o", dir + "/out.svg"])
        #expect(render.status == 1 && render.output.contains("prints no frames"), "\(render.output)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.svg"), "no empty picture is written")
        try Data("[]".utf8).write(to: URL(fileURLWithPath: dir + "/changes.json"))
        let layout = try await CLITestSupport.run(["layout", scene, dir + "/changes.json"])
        #expect(layout.status == 0 && layout.output.contains(#""kind":"geometryUnknown""#), "\(layout.output)")
        let help = try await CLITestSupport.run(["help", "hit-test"]).output
        #expect(help.contains("prints no frames"))
    }
}

extension JSONValue {
    /// The value at a JSON pointer (`/actions/0/target`), or nil.
    func at(pointer: String) -> JSONValue? {
        var value: JSONValue? = self
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch value {
            case let .array(items)?:
                guard let i = Int(key), i >= 0, i < items.count else { return nil }
                value = items[i]
            case .object?: value = value?[key]
            default: return nil
            }
        }
        return value
    }
}
