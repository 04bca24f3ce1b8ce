import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TouchTraceEngine
import TouchTraceServer

/// The why-not operation through its transports (the catalogue's byte-for-byte comparison is in
/// CatalogueTests): the answer's shape, 200 and exit 0 whether or not the view is reachable,
/// problem documents with a suggestion for an unknown view, the CLI's negative points.
@Suite struct WhyNotRouteTests {
    @Test(arguments: [HTTPTransport.router, .live])
    func theClassicOverlayOverAMap(_ transport: HTTPTransport) async throws {
        try await makeApp(makeAPI()).test(over: transport) { client in
            try await client.execute(uri: "/v1/scenes/map", method: .put, headers: jsonHeaders, body: ByteBuffer(string: mapScene)) { #expect($0.status == .created) }
            try await client.execute(uri: "/v1/scenes/map/why-not", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"view": "map", "point": {"x": 100, "y": 300}}"#)) { response in
                #expect(response.status == .ok)
                let answer = try #require(response.body.json)
                #expect(answer["reachable"] == false)
                #expect(answer["hitView"] == "overlay")
                guard case let .array(causes)? = answer["causes"] else {
                    Issue.record("no causes: \(response.body.text)")
                    return
                }
                #expect(causes.count == 1)
                #expect(causes.first?["kind"] == "coveredBy" && causes.first?["view"] == "overlay" && causes.first?["rule"] == "H3")
                #expect(answer["frames"]?["overlay"] == .obj(["x": 0, "y": 0, "width": 390, "height": 844]))
                // Sorted keys, as every answer.
                #expect(response.body.text.hasPrefix(#"{"causes":[{"answer":"overlay","blocks":true,"cover":"laterSibling","detail":"#))
            }
            // A reachable view is a 200 too, with no cause.
            try await client.execute(uri: "/v1/scenes/map/why-not", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"view": "locateButton"}"#)) { response in
                #expect(response.status == .ok)
                #expect(response.body.json?["reachable"] == true)
                #expect(response.body.json?["causes"] == .array([]))
            }
            // An unknown view: 422 with the pointer and a suggestion.
            try await client.execute(uri: "/v1/why-not", method: .post, headers: jsonHeaders, body: ByteBuffer(string: "{\"scene\": \(mapScene), \"view\": \"locatebutton\"}")) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.json?["type"] == .string(ProblemType.invalidRequest.uri))
                #expect(response.body.text.contains(#""pointer":"/view""#))
                #expect(response.body.text.contains(#"did you mean \"locateButton\"?"#))
            }
            // An empty body asks for a view.
            try await client.execute(uri: "/v1/scenes/map/why-not", method: .post) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.text.contains("\\\"view\\\""))
            }
            try await client.execute(uri: "/v1/scenes/nope/why-not", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"view": "map"}"#)) {
                #expect($0.status == .notFound)
            }
        }
    }

    @Test func theCLIExitsZeroEitherWayAndOneForAProblem() async throws {
        let (status, output) = try await CLITestSupport.run(["why-not", "Examples/map-overlay.json", "--view", "map", "--point", "100,300"])
        #expect(status == 0)
        #expect(output.contains(#""reachable":false"#))
        let reachable = try await CLITestSupport.run(["why-not", "Examples/map-overlay.json", "--view", "locateButton"])
        #expect(reachable.status == 0 && reachable.output.contains(#""reachable":true"#))
        // A negative point is a point, not an option.
        let negative = try await CLITestSupport.run(["why-not", "Examples/map-overlay.json", "--view", "map", "--point", "-5,-5"])
        #expect(negative.status == 0 && negative.output.contains(#""point":{"x":-5,"y":-5}"#))
        let unknown = try await CLITestSupport.run(["why-not", "Examples/map-overlay.json", "--view", "mapp"])
        #expect(unknown.status == 1 && unknown.output.contains(#"did you mean \"map\"?"#))
        let bad = try await CLITestSupport.run(["why-not", "Examples/map-overlay.json", "--view", "map", "--point", "x,1"])
        #expect(bad.status == 64, "a usage error")
        let help = try await CLITestSupport.run(["help", "why-not"]).output
        #expect(help.contains("UIKit rules applied: H1–H10, R3, G2, G3, G7, S1"))
        #expect(help.contains("--point") && help.contains("--view"))
    }
}
