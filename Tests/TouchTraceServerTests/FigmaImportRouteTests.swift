import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TouchTraceEngine
import TouchTraceServer

/// `POST /v1/import?format=figma` and `touchtrace import FILE --frame …`: the Figma importer
/// through the catalogue's one import operation.
@Suite struct FigmaImportRouteTests {
    static let fixture = packageRoot.appendingPathComponent("Tests/Fixtures/import-figma/T2-prototype-link-navigates.figma.json")
    static let figma = try! String(contentsOf: fixture, encoding: .utf8)

    @Test(arguments: [HTTPTransport.router, .live])
    func importAFrameStoreItAndTapItsLink(_ transport: HTTPTransport) async throws {
        try await makeApp(makeAPI()).test(over: transport) { client in
            // The frames, then one of them by name; the format is read off the document (JSON).
            try await client.execute(uri: "/v1/import?list=true", method: .post, headers: jsonHeaders, body: ByteBuffer(string: Self.figma)) { response in
                #expect(response.status == .ok)
                #expect(response.body.json?["format"] == "figma")
                guard case let .array(frames)? = response.body.json?["scenes"] else {
                    Issue.record("no frames: \(response.body.text)")
                    return
                }
                #expect(frames.map { $0["id"] } == ["1:1", "2:1"])
                #expect(frames.first?["initial"] == true && frames.first?["page"] == "Page 1")
            }
            try await client.execute(uri: "/v1/import?frame=Payment&file=flow.json", method: .post, headers: jsonHeaders, body: ByteBuffer(string: Self.figma)) { response in
                #expect(response.status == .ok)
                #expect(response.body.json?["scene"]?["origin"]?["ids"]?["Payment"] == "2:1")
                #expect(response.body.json?["scene"]?["origin"]?["file"] == "flow.json")
            }
            // ?store= stores it; a tap on the Checkout button reaches its navigation.
            try await client.execute(uri: "/v1/import?format=figma&frame=1:1&store=cart", method: .post, headers: jsonHeaders, body: ByteBuffer(string: Self.figma)) { response in
                #expect(response.status == .created)
                #expect(response.headers[.location] == "/v1/scenes/cart")
            }
            try await client.execute(uri: "/v1/scenes/cart/touches", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"tap": {"x": 195, "y": 765}}"#)) { response in
                guard case let .array(actions)? = response.body.json?["actions"], let action = actions.last else {
                    Issue.record("no action: \(response.body.text)")
                    return
                }
                #expect(action["action"] == "navigate:2:1")
                #expect(action["target"] == "Cart.controller")
            }
            // ?mapping=none: the instance keeps its type's class, so the tap goes to a recognizer-less view.
            try await client.execute(uri: "/v1/import?frame=1:1&mapping=none", method: .post, headers: jsonHeaders, body: ByteBuffer(string: Self.figma)) { response in
                let scene = try? SceneDecoder().decode(response.body.json?["scene"] ?? .null)
                #expect(scene.flatMap { s in s.viewIndex("Checkout").map { s.views[$0].viewClass } } == .UIView)
            }
            // A mapping sent along in an envelope.
            let envelope = #"{"file": \#(Self.figma), "mapping": {"rules": [{"match": "Total", "class": "UIButton"}]}}"#
            try await client.execute(uri: "/v1/import?frame=Cart", method: .post, headers: jsonHeaders, body: ByteBuffer(string: envelope)) { response in
                let scene = try? SceneDecoder().decode(response.body.json?["scene"] ?? .null)
                #expect(scene.flatMap { s in s.viewIndex("Total").map { s.views[$0].viewClass } } == .UIButton)
            }
        }
    }

    @Test(arguments: [HTTPTransport.router, .live])
    func badFigmaRequestsAreClearErrors(_ transport: HTTPTransport) async throws {
        try await makeApp(makeAPI()).test(over: transport) { client in
            // Malformed JSON: 400 with line and column.
            try await client.execute(uri: "/v1/import?format=figma", method: .post, headers: jsonHeaders, body: ByteBuffer(string: "{\"document\":\n  [1, }")) { response in
                #expect(response.status == .badRequest)
                #expect(response.body.json?["type"] == .string(ProblemType.malformedJSON.uri))
                #expect(response.body.json?["line"] == 2)
            }
            // An unknown frame lists the frames; a frame asked of a xib and an unknown mapping are request errors.
            try await client.execute(uri: "/v1/import?frame=Nope", method: .post, headers: jsonHeaders, body: ByteBuffer(string: Self.figma)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.json?["type"] == .string(ProblemType.unknownDocumentPart.uri))
                #expect(response.body.text.contains("1:1"))
            }
            try await client.execute(uri: "/v1/import?format=xib&frame=Home", method: .post, headers: [.contentType: "application/xml"], body: ByteBuffer(string: "<document/>")) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.text.contains("/frame"))
            }
            try await client.execute(uri: "/v1/import?mapping=fancy", method: .post, headers: jsonHeaders, body: ByteBuffer(string: Self.figma)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.text.contains("/mapping"))
            }
            try await client.execute(uri: "/v1/import", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"file": {"document": {"id": "0:0", "type": "DOCUMENT", "children": []}}, "mapping": {"rules": [{"match": "x"}]}}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.json?["type"] == .string(ProblemType.invalidRequest.uri))
                #expect(response.body.text.contains("/mapping/rules/0/class"))
            }
        }
    }

    @Test func theCLIListsImportsAndMapsFrames() async throws {
        let directory = temporaryDirectory("figma-cli")
        let list = try await CLITestSupport.run(["import", Self.fixture.path, "--list"])
        #expect(list.status == 0)
        #expect(list.output.contains("\"Payment\""))
        let (status, output) = try await CLITestSupport.run(["import", Self.fixture.path, "--frame", "Cart", "-o", directory + "/scene.json"])
        #expect(status == 0)
        #expect(!output.contains("\"window\""), "\(output)")
        #expect(try String(contentsOfFile: directory + "/scene.json", encoding: .utf8).contains("\"Checkout\": \"1:3\""))
        let tapped = try await CLITestSupport.run(["touches", directory + "/scene.json", "-"], stdin: #"{"tap": {"x": 195, "y": 765}}"#)
        #expect(tapped.output.contains("\"action\":\"navigate:2:1\""))
        // --mapping FILE: a team's names.
        try #"{"rules": [{"match": "Edit*", "class": "UIButton", "customClass": "LinkButton"}]}"#.write(toFile: directory + "/mapping.json", atomically: true, encoding: .utf8)
        let mapped = try await CLITestSupport.run(["import", Self.fixture.path, "--mapping", directory + "/mapping.json"])
        #expect(mapped.output.contains("\"customClass\":\"LinkButton\""))
        let badMapping = try await CLITestSupport.run(["import", Self.fixture.path, "--mapping", "-"], stdin: #"{"rules": 3}"#)
        #expect(badMapping.status == 1)
        #expect(badMapping.output.contains("invalid-request"))
        let unknown = try await CLITestSupport.run(["import", Self.fixture.path, "--frame", "Nope"])
        #expect(unknown.status == 1)
        #expect(unknown.output.contains("unknown-document-part"))
    }
}
