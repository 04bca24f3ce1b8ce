import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
import TouchTraceEngine
import TouchTraceServer

/// `POST /v1/import` with a runtime hierarchy dump, and `touchtrace import DUMP --overlay …`: the
/// dump importers through the catalogue's one import operation.
@Suite struct DumpImportRouteTests {
    static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures/import-dumps")
    static func fixture(_ name: String) -> String { try! String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8) }
    static let plainText: HTTPFields = [.contentType: "text/plain; charset=utf-8"]

    @Test(arguments: [HTTPTransport.router, .live])
    func importADumpStoreItAndHitTestIt(_ transport: HTTPTransport) async throws {
        let dump = Self.fixture("H6-button-inside-image-view.txt")
        try await makeApp(makeAPI()).test(over: transport) { client in
            // A pasted recursiveDescription, sent as text: the format is read off it.
            try await client.execute(uri: "/v1/import?file=home.txt&store=home", method: .post, headers: Self.plainText, body: ByteBuffer(string: dump)) { response in
                #expect(response.status == .created)
                #expect(response.body.json?["format"] == "recursive-description")
                #expect(response.body.json?["scene"]?["origin"]?["ids"]?["UIButton-0x7f9e2c60d420"] == "0x7f9e2c60d420")
            }
            // The close button added to the header image never gets the tap (H6).
            try await client.execute(uri: "/v1/scenes/home/hit-test", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"point": {"x": 352, "y": 42}}"#)) { response in
                #expect(response.status == .ok)
                #expect(response.body.json?["hitView"] != "UIButton-0x7f9e2c60d420")
                #expect(response.body.text.contains("userInteractionDisabled"))
            }
        }
    }

    /// An `_autolayoutTrace` pasted as text imports (format read off it, or named), and why-not on
    /// its stored scene is a 422 at `/view` saying the dump printed no frames.
    @Test(arguments: [HTTPTransport.router, .live])
    func anAutolayoutTraceImportsAndWhyNotSaysItHasNoFrames(_ transport: HTTPTransport) async throws {
        let trace = Self.fixture("layoutApproximated-autolayout-trace-ambiguous.txt")
        try await makeApp(makeAPI()).test(over: transport) { client in
            for uri in ["/v1/import?store=trace", "/v1/import?format=autolayout-trace"] {
                try await client.execute(uri: uri, method: .post, headers: Self.plainText, body: ByteBuffer(string: trace)) { response in
                    #expect(response.status == (uri.contains("store") ? .created : .ok))
                    #expect(response.body.json?["format"] == "autolayout-trace")
                    #expect(response.body.text.contains("AMBIGUOUS LAYOUT"))
                }
            }
            try await client.execute(uri: "/v1/scenes/trace/why-not", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"view": "Pay-now"}"#)) { response in
                #expect(response.status == .unprocessableContent)
                guard case let .array(errors)? = response.body.json?["errors"] else {
                    Issue.record("no errors: \(response.body.text)")
                    return
                }
                #expect(errors.first?["pointer"] == "/view")
                #expect(response.body.text.contains("prints no frames"))
            }
        }
    }

    @Test(arguments: [HTTPTransport.router, .live])
    func anEnvelopeCarriesTheOverlay(_ transport: HTTPTransport) async throws {
        let dump = Self.fixture("controlAssumed-button-and-switch.txt")
        let envelope = JSONWriter().string(.obj([
            "dump": .string(dump),
            "overlay": .obj(["views": .obj(["0x7fc41e60c4e0": .obj(["enabled": false])])]),
        ]))
        try await makeApp(makeAPI()).test(over: transport) { client in
            try await client.execute(uri: "/v1/import", method: .post, headers: jsonHeaders, body: ByteBuffer(string: envelope)) { response in
                #expect(response.status == .ok)
                #expect(response.body.json?["format"] == "recursive-description")
                #expect(response.body.json?["scene"]?["window"]?["subviews"] != nil)
                #expect(response.body.text.contains(#""enabled":false"#))
            }
            // An overlay that names nothing in the dump: 422, located in the envelope.
            let bad = JSONWriter().string(.obj([
                "dump": .string(dump),
                "overlay": .obj(["views": .obj(["0x7fc41e60c4e1": .obj(["enabled": false])])]),
            ]))
            try await client.execute(uri: "/v1/import", method: .post, headers: jsonHeaders, body: ByteBuffer(string: bad)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.json?["type"] == .string(ProblemType.invalidRequest.uri))
                guard case let .array(errors)? = response.body.json?["errors"] else {
                    Issue.record("no errors: \(response.body.text)")
                    return
                }
                #expect(errors.first?["pointer"] == "/overlay/views/0x7fc41e60c4e1")
                #expect(response.body.text.contains("did you mean"))
            }
        }
    }

    @Test(arguments: [HTTPTransport.router, .live])
    func otherFormatsAndBadDumps(_ transport: HTTPTransport) async throws {
        let sentry = Self.fixture("sentry-view-hierarchy.sentry.json")
        let xcuitest = Self.fixture("propertiesUnknown-xcuitest-accessibility-tree.txt")
        try await makeApp(makeAPI()).test(over: transport) { client in
            // A .json name does not make Sentry's file a Figma one.
            try await client.execute(uri: "/v1/import?file=view-hierarchy.json", method: .post, headers: jsonHeaders, body: ByteBuffer(string: sentry)) { response in
                #expect(response.status == .ok)
                #expect(response.body.json?["format"] == "sentry-view-hierarchy")
            }
            try await client.execute(uri: "/v1/import", method: .post, headers: Self.plainText, body: ByteBuffer(string: xcuitest)) { response in
                #expect(response.status == .ok)
                #expect(response.body.json?["format"] == "xcuitest")
            }
            // Not UTF-8: 400 with the line.
            var bytes = ByteBuffer(string: "<UIWindow: 0x1; frame = (0 0; 10 10)>\n   | <UIView: 0x2; frame")
            bytes.writeBytes([0xC3, 0x28])
            try await client.execute(uri: "/v1/import?format=recursive-description", method: .post, headers: Self.plainText, body: bytes) { response in
                #expect(response.status == .badRequest)
                #expect(response.body.json?["type"] == .string(ProblemType.invalidEncoding.uri))
                #expect(response.body.json?["line"] == 2)
            }
            // Text that is no dump of any kind.
            try await client.execute(uri: "/v1/import", method: .post, headers: Self.plainText, body: ByteBuffer(string: "hello, world")) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.text.contains("recursive-description"))
            }
            // Options of another kind of document.
            try await client.execute(uri: "/v1/import?list=true", method: .post, headers: Self.plainText, body: ByteBuffer(string: xcuitest)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.text.contains("/list"))
            }
        }
    }

    @Test func theCLITakesAnOverlayAndControllers() async throws {
        let directory = temporaryDirectory("import-dump-cli")
        let views = directory + "/views.txt"
        let controllers = directory + "/controllers.txt"
        let overlay = directory + "/overlay.json"
        let text = Self.fixture("R1-view-controllers-attached-by-address.txt")
        let split = text.components(separatedBy: "\n\n")
        try split[1].write(toFile: views, atomically: true, encoding: .utf8)
        try split[0].write(toFile: controllers, atomically: true, encoding: .utf8)
        try #"{"views": {"0x7fdf53c0c000": {"targets": [{"target": "CheckoutViewController", "action": "pay:", "events": ["touchUpInside"]}]}, "CheckoutViewController": {"actions": ["pay:"]}}}"#
            .write(toFile: overlay, atomically: true, encoding: .utf8)
        let (status, output) = try await CLITestSupport.run([
            "import", views, "--controllers", controllers, "--overlay", overlay, "-o", directory + "/scene.json",
        ])
        #expect(status == 0, "\(output)")
        #expect(try String(contentsOfFile: directory + "/scene.json", encoding: .utf8).contains(#""CheckoutViewController": "0x7fdf51d7d520""#))
        let touches = try await CLITestSupport.run(["touches", directory + "/scene.json", "-"], stdin: #"{"tap": {"x": 195, "y": 765}}"#)
        #expect(touches.output.contains(#""action":"pay:""#) && touches.output.contains(#""target":"CheckoutViewController""#), "\(touches.output)")
        // An overlay problem is located in the overlay file itself.
        try #"{"views": {"0x7fdf53c0c000": {"enabled": 1}}}"#.write(toFile: overlay, atomically: true, encoding: .utf8)
        let bad = try await CLITestSupport.run(["import", views, "--overlay", overlay])
        #expect(bad.status == 1)
        #expect(bad.output.contains(#""pointer":"/views/0x7fdf53c0c000/enabled""#), "\(bad.output)")
    }
}

/// The README's dump lines (the block after `<!-- readme-test: import-dump -->`), run as written:
/// each exits 0, and why-not says the "Apply coupon" button is covered by the toast's container.
@Suite struct ReadmeDumpExampleTests {
    @Test func theDumpLinesRunAsWritten() throws {
        let lines = ReadmeBlocks.lines(after: "<!-- readme-test: import-dump -->")
        #expect(lines.count == 2, "the README's dump block: \(lines)")
        let last = try ReadmeBlocks.runAsWritten(lines, scratch: "readme-dump")
        #expect(last.contains(#""kind":"coveredBy""#) && last.contains(#""view":"ToastContainerView-0x7f9c4b714d90""#), "\(last.prefix(600))")
        #expect(last.contains(#""hitView":"ToastContainerView-0x7f9c4b714d90""#), "\(last.prefix(600))")
    }
}
