import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TouchTraceEngine
import TouchTraceServer

/// `POST /v1/import` and `touchtrace import`: the Interface Builder importer through the catalogue.
@Suite struct ImportRouteTests {
    /// A small xib of our own: a view with a button wired to File's Owner, and a label.
    static let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
            <device id="retina6_1" orientation="portrait" appearance="light"/>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="CheckoutViewController">
                    <connections>
                        <outlet property="view" destination="iN0-l3-epB" id="out-view-01"/>
                    </connections>
                </placeholder>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="iN0-l3-epB" userLabel="root">
                    <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                    <subviews>
                        <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="pay-btn-01" userLabel="payButton">
                            <rect key="frame" x="20" y="800" width="374" height="50"/>
                            <state key="normal" title="Pay"/>
                            <connections>
                                <action selector="pay:" destination="-1" eventType="touchUpInside" id="act-pay-01"/>
                            </connections>
                        </button>
                    </subviews>
                </view>
            </objects>
        </document>
        """

    @Test(arguments: [HTTPTransport.router, .live])
    func importStoreAndTapThroughTheAPI(_ transport: HTTPTransport) async throws {
        try await makeApp(makeAPI()).test(over: transport) { client in
            try await client.execute(uri: "/v1/import?file=Checkout.xib", method: .post, headers: [.contentType: "application/xml"], body: ByteBuffer(string: Self.xib)) { response in
                #expect(response.status == .ok)
                #expect(response.body.json?["format"] == "xib")
                #expect(response.body.json?["scene"]?["origin"]?["ids"]?["payButton"] == "pay-btn-01")
            }
            // ?store= stores the scene (201, Location), and a tap on it reaches File's Owner's pay:.
            try await client.execute(uri: "/v1/import?store=checkout", method: .post, headers: [.contentType: "text/xml"], body: ByteBuffer(string: Self.xib)) { response in
                #expect(response.status == .created)
                #expect(response.headers[.location] == "/v1/scenes/checkout")
                #expect(response.headers[.eTag] == "\"v1\"")
            }
            try await client.execute(uri: "/v1/scenes/checkout/touches", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"tap": {"x": 200, "y": 820}}"#)) { response in
                #expect(response.status == .ok)
                guard case let .array(actions)? = response.body.json?["actions"], let action = actions.first else {
                    Issue.record("no action: \(response.body.text)")
                    return
                }
                #expect(action["action"] == "pay:")
                #expect(action["resolution"] == "explicit")
            }
        }
    }

    @Test(arguments: [HTTPTransport.router, .live])
    func badDocumentsAreClearErrors(_ transport: HTTPTransport) async throws {
        try await makeApp(makeAPI()).test(over: transport) { client in
            // Malformed XML: 400 with line and column.
            try await client.execute(uri: "/v1/import?format=xib", method: .post, headers: [.contentType: "application/xml"], body: ByteBuffer(string: "<document>\n  <objects>\n</document>")) { response in
                #expect(response.status == .badRequest)
                #expect(response.body.json?["type"] == .string(ProblemType.malformedXML.uri))
                #expect(response.body.json?["line"] != nil)
                #expect(response.body.json?["column"] != nil)
            }
            // Entity expansion is refused.
            let laughs = #"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]><document>&lol2;</document>"#
            try await client.execute(uri: "/v1/import?format=xib", method: .post, headers: [.contentType: "application/xml"], body: ByteBuffer(string: laughs)) { response in
                #expect(response.status == .badRequest)
                #expect(response.body.json?["type"] == .string(ProblemType.forbiddenDeclaration.uri))
            }
            // Invalid UTF-8.
            try await client.execute(uri: "/v1/import?format=xib", method: .post, headers: [.contentType: "application/xml"], body: ByteBuffer(bytes: Array("<document a=\"".utf8) + [0xC3, 0x28] + Array("\"/>".utf8))) { response in
                #expect(response.status == .badRequest)
                #expect(response.body.json?["type"] == .string(ProblemType.invalidEncoding.uri))
            }
            // Deep nesting: over the importer's limit, 422; the server stays up.
            let deep = String(repeating: "<view>", count: 20_000) + String(repeating: "</view>", count: 20_000)
            try await client.execute(uri: "/v1/import?format=xib", method: .post, headers: [.contentType: "application/xml"], body: ByteBuffer(string: deep)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.json?["type"] == .string(ProblemType.importLimitExceeded.uri))
            }
            // An unknown format, an unknown query parameter, a bad store id.
            try await client.execute(uri: "/v1/import?format=psd", method: .post, headers: [.contentType: "application/xml"], body: ByteBuffer(string: Self.xib)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.text.contains("unknown format"))
            }
            try await client.execute(uri: "/v1/import?sene=x", method: .post, headers: [.contentType: "application/xml"], body: ByteBuffer(string: Self.xib)) { response in
                #expect(response.status == .badRequest)
                #expect(response.body.json?["type"] == .string(ProblemType.badQuery.uri))
            }
            try await client.execute(uri: "/v1/import?store=..%2Fetc", method: .post, headers: [.contentType: "application/xml"], body: ByteBuffer(string: Self.xib)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.text.contains("/store"))
            }
            try await client.execute(uri: "/v1/import", method: .post, headers: [.contentType: "image/png"], body: ByteBuffer(string: Self.xib)) { response in
                #expect(response.status == .unsupportedMediaType)
            }
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test func theCLIImportsAndWritesTheScene() async throws {
        let directory = temporaryDirectory("import-cli")
        let file = directory + "/Checkout.xib"
        try Self.xib.write(toFile: file, atomically: true, encoding: .utf8)
        let (status, output) = try await CLITestSupport.run(["import", file, "-o", directory + "/scene.json"])
        #expect(status == 0)
        // With -o the scene is in the file, and only warnings are printed.
        #expect(!output.contains("\"window\""), "\(output)")
        #expect(try String(contentsOfFile: directory + "/scene.json", encoding: .utf8).contains("\"payButton\": \"pay-btn-01\""))
        let validated = try await CLITestSupport.run(["validate", directory + "/scene.json"])
        #expect(validated.status == 0)
        let hit = try await CLITestSupport.run(["hit-test", directory + "/scene.json", "--point", "200,820"])
        #expect(hit.output.contains("\"hitView\":\"payButton\""))
        let bad = try await CLITestSupport.run(["import", "-", "--format", "storyboard"], stdin: "<document")
        #expect(bad.status == 1)
        #expect(bad.output.contains("malformed-xml"))
    }
}
