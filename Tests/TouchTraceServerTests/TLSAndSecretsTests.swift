import Foundation
import Testing
import TouchTraceEngine
@testable import TouchTraceServer

/// HTTPS with a certificate made at test time (openssl), the bearer token read from a file (a
/// container secret), and the constant-time comparison behind it.
@Suite struct TLSAndSecretsTests {
    static let openssl = findTool("openssl")
    static let curl = findTool("curl")

    // The time limits are hang detectors. In the whole server suite at load 12 on 2 cores the
    // HTTPS test took 49 s (most of it waiting for a CPU and for a thread of the cooperative
    // pool), against about 2 s on a quiet machine: 3 minutes, not 1.

    @Test(.enabled(if: openssl != nil && curl != nil, "needs the openssl and curl programs"), .timeLimit(.minutes(3)))
    func servesHTTPSWithTheGivenCertificate() async throws {
        try await offPool {
            let directory = temporaryDirectory("tls")
            let cert = directory + "/cert.pem", key = directory + "/key.pem"
            let made = try runProgram(Self.openssl!, [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "1",
                "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key, "-out", cert,
            ])
            try #require(made.status == 0, "openssl could not make a certificate")
            let curl = Self.curl!
            let server = try ServerProcess(
                dataDirectory: directory + "/data", extraArguments: ["--tls-cert", cert, "--tls-key", key],
                ready: { port in (try? runProgram(curl, ["-sk", "https://127.0.0.1:\(port)/health"]))?.output.contains("ok") == true })
            defer { server.stop() }
            // Verified against the certificate, not just accepted.
            let health = try runProgram(curl, ["-sS", "--cacert", cert, "https://127.0.0.1:\(server.port)/health"])
            #expect(health.status == 0)
            #expect(health.output == #"{"status":"ok"}"#)
            let hit = try runProgram(curl, [
                "-sS", "--cacert", cert, "-X", "POST", "https://127.0.0.1:\(server.port)/v1/hit-test", "-H", "Content-Type: application/json",
                "-d", #"{"scene": {"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 10, "height": 10}}}, "point": {"x": 1, "y": 1}}"#,
            ])
            #expect(try JSONParser().parse(Array(hit.output.utf8))["hitView"] == .string("w"))
            // Plain HTTP on the same port gets no HTTP answer.
            #expect((try? httpRequest(port: server.port, method: "GET", path: "/health"))?.status != 200)
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func bearerTokenFromAFile() async throws {
        try await offPool {
            let directory = temporaryDirectory("secret")
            try "  s3cret-from-a-file\n".write(toFile: directory + "/token", atomically: true, encoding: .utf8)
            let server = try ServerProcess(dataDirectory: directory + "/data", extraArguments: ["--auth-token-file", directory + "/token"])
            defer { server.stop() }
            #expect(try httpRequest(port: server.port, method: "GET", path: "/v1/scenes").status == 401)
            #expect(try httpRequest(port: server.port, method: "GET", path: "/v1/scenes", headers: ["Authorization": "Bearer s3cret-from-a-fil"]).status == 401)
            #expect(try httpRequest(port: server.port, method: "GET", path: "/v1/scenes", headers: ["Authorization": "Bearer s3cret-from-a-file"]).status == 200)
        }
    }

    @Test func tokenComparisonLooksAtEveryByte() {
        let expected = Array("Bearer abc".utf8)
        #expect(constantTimeEqual(expected, expected))
        for given in ["", "Bearer ab", "Bearer abcd", "Bearer abd", "bearer abc", "Bearer abc\0"] {
            #expect(!constantTimeEqual(Array(given.utf8), expected), "\(given)")
        }
    }
}
