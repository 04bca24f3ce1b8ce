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

    /// A response of tens of megabytes, read slowly, is written in full after SIGTERM (it was cut
    /// at about 4 MB when the connection was closed right after the response's end was queued).
    @Test(.timeLimit(.minutes(2)))
    func sigtermFinishesALargeResponseInFlight() async throws {
        let server = try ServerProcess(dataDirectory: temporaryDirectory("shutdown-large"))
        // 300 small views in the far corner: every tap elsewhere visits all of them (one step each).
        let views = (0..<300).map { "{\"id\": \"v\($0)\", \"frame\": {\"x\": 380, \"y\": 830, \"width\": 1, \"height\": 1}}" }
        let scene = "{\"window\": {\"id\": \"w\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 390, \"height\": 844}, \"subviews\": [\(views.joined(separator: ","))]}}"
        let points = (0..<1000).map { "{\"x\": \($0 % 300), \"y\": \($0 % 800)}" }
        let body = Array("{\"scene\": \(scene), \"points\": [\(points.joined(separator: ","))]}".utf8)
        let head = Array("POST /v1/hit-test HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
        let fd = try connectSocket(port: server.port)
        defer { close(fd) }
        var small: Int32 = 65536  // a small receive buffer: the server has to wait for the reader
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        try sendAll(fd, head + body)
        // Read the first megabyte slowly, then SIGTERM, then read the rest.
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while received.count < 1 << 20 {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { break }
            received.append(contentsOf: chunk[0..<n])
            try await Task.sleep(for: .milliseconds(5))
        }
        server.process.terminate()
        try await Task.sleep(for: .milliseconds(300))
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { break }
            received.append(contentsOf: chunk[0..<n])
        }
        let split = try #require(received.firstRange(of: Array("\r\n\r\n".utf8)))
        let headText = String(decoding: received[..<split.lowerBound], as: UTF8.self).lowercased()
        let length = try #require(headText.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) })
        let responseBody = Array(received[split.upperBound...])
        #expect(length > 20_000_000, "the response is \(length) bytes")
        #expect(responseBody.count == length, "received \(responseBody.count) of \(length) bytes")
        if responseBody.count == length {
            guard case let .array(results)? = try JSONParser().parse(responseBody)["results"] else {
                Issue.record("no results")
                return
            }
            #expect(results.count == 1000)
        }
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }
}
