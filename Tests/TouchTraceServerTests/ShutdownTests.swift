import Foundation
import Testing
import TouchTraceEngine

/// SIGTERM stops `touchtrace serve` gracefully: a request in flight (its body half uploaded
/// when the signal arrives) is still read, answered in full, and then the process exits with
/// status 0.
@Suite struct ShutdownTests {
    @Test(.timeLimit(.minutes(2)))
    func sigtermFinishesTheRequestInFlight() async throws {
        let server = try ServerProcess(dataDirectory: temporaryDirectory("shutdown"))
        let points = (0..<200).map { "{\"x\": \($0 % 100), \"y\": \($0 % 80)}" }
        let body = Array("{\"scene\": \(mapScene), \"points\": [\(points.joined(separator: ","))]}".utf8)
        let head = Array("POST /v1/hit-test HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8)

        let fd = try connectSocket(port: server.port)
        defer { close(fd) }
        try sendAll(fd, head + body[..<(body.count / 2)])
        try await Task.sleep(for: .milliseconds(200))
        server.process.terminate()  // SIGTERM while the body is half uploaded
        try await Task.sleep(for: .milliseconds(300))
        try sendAll(fd, Array(body[(body.count / 2)...]))

        let response = try readResponse(fd)
        #expect(response.status == 200)
        let json = try JSONParser().parse(response.body)
        guard case let .array(results)? = json["results"] else {
            Issue.record("no results: \(String(decoding: response.body.prefix(200), as: UTF8.self))")
            return
        }
        #expect(results.count == 200)
        server.process.waitUntilExit()
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
    }
}
