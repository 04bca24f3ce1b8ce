import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TouchTraceEngine
import TouchTraceServer

/// What schemathesis found (issue 16), pinned: any undeclared method on a known path is a 405
/// with `Allow` (TRACE included, which no route registers), and the header and query values that
/// openapi.yaml's patterns exclude are rejected as the contract says.
@Suite struct ContractTests {
    @Test(arguments: [("/health", "GET"), ("/v1/scenes/abc", "GET, PUT, DELETE"), ("/v1/scenes/abc/hit-test", "POST"), ("/v1/layout", "POST")])
    func traceOnAKnownPathIs405(path: String, allow: String) async throws {
        try await makeApp(makeAPI()).test(.router) { client in
            for method in [HTTPRequest.Method.trace, .head, .connect] where !(method == .head && allow.hasPrefix("GET")) {
                try await client.execute(uri: path, method: method) { response in
                    #expect(response.status == .methodNotAllowed, "\(method) \(path)")
                    #expect(response.headers[.allow] == allow)
                }
            }
        }
    }

    @Test func headerAndQueryValuesOutsideTheirPatternsAre400() async throws {
        try await makeApp(makeAPI()).test(.router) { client in
            try await client.execute(uri: "/v1/scenes/s", method: .put, headers: jsonHeaders, body: ByteBuffer(string: mapScene)) {
                #expect($0.status == .created)
            }
            for tag in ["\"v+1\"", "\"v\"", "v1", "0", "\"v1234567890123456789\""] {
                try await client.execute(
                    uri: "/v1/scenes/s", method: .put, headers: [.contentType: "application/json", .ifMatch: tag], body: ByteBuffer(string: mapScene)
                ) { #expect($0.status == .badRequest, "If-Match: \(tag)") }
            }
            for tag in ["\"v1\"", "W/\"v1\"", "*"] {
                try await client.execute(uri: "/v1/scenes/s", method: .get) { _ in }
                try await client.execute(
                    uri: "/v1/scenes/s", method: .put, headers: [.contentType: "application/json", .ifMatch: tag], body: ByteBuffer(string: mapScene)
                ) { #expect($0.status == .ok || $0.status == .preconditionFailed, "If-Match: \(tag)") }
            }
            try await client.execute(uri: "/v1/scenes?cursor=", method: .get) { #expect($0.status == .badRequest) }
        }
    }
}
