import Foundation
import NIOCore
import Testing
import TouchTraceEngine
@testable import TouchTraceServer

/// Oversized and slow clients, over a raw socket against `touchtrace serve` (issue 16): a body
/// over the limit gets its 413 whatever the client's `Connection` and `Expect` headers; a client
/// that sends its headers or body a byte at a time, or idles on a keep-alive connection, is cut
/// off after the configured timeout. The clients pace themselves with `Thread.sleep`, not
/// `Task.sleep`: in the whole suite other tests hold the cooperative pool's threads in blocking
/// socket calls, and a `Task.sleep` then resumes seconds late, so the test measured its own delay
/// (10 s and more) instead of the server's cut-off.
@Suite(.serialized) struct SlowClientTests {
    static let limits = ["--max-body-bytes", "100000", "--header-timeout", "1", "--body-timeout", "1.5", "--idle-timeout", "1"]

    /// Python's urllib (no `Expect: 100-continue`, `Connection: close`) writes the whole body
    /// before it reads: the server must keep reading (and discarding) so the write completes.
    @Test(.timeLimit(.minutes(1)), arguments: ["close", "keep-alive"])
    func oversizedBodyWithoutExpectGetsItsAnswer(connection: String) throws {
        let server = try ServerProcess(dataDirectory: temporaryDirectory("oversized"), extraArguments: Self.limits)
        defer { server.stop() }
        let fd = try connectSocket(port: server.port)
        defer { close(fd) }
        var sendTimeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        let body = [UInt8](repeating: UInt8(ascii: " "), count: 3_000_000)
        let head = "POST /v1/hit-test HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: \(connection)\r\nContent-Length: \(body.count)\r\n\r\n"
        let start = Date()
        try sendAll(fd, Array(head.utf8) + body)  // throws if the server stopped reading
        let response = try readResponse(fd)
        #expect(response.status == 413)
        let problem = try JSONParser().parse(response.body)
        #expect(problem["type"] == .string(ProblemType.bodyTooLarge.uri))
        #expect(Date().timeIntervalSince(start) < 5)
        if connection == "keep-alive" {
            // The body was read to its end: the connection serves the next request.
            try sendAll(fd, Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            #expect(try readResponse(fd).status == 200)
        }
    }

    /// A chunked body (no Content-Length) over the limit: 413 once the limit is passed.
    @Test(.timeLimit(.minutes(1)))
    func oversizedChunkedBodyGetsItsAnswer() throws {
        let server = try ServerProcess(dataDirectory: temporaryDirectory("chunked"), extraArguments: Self.limits)
        defer { server.stop() }
        let fd = try connectSocket(port: server.port)
        defer { close(fd) }
        var request = Array("POST /v1/scenes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n".utf8)
        let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 65536)
        for _ in 0..<8 { request += Array("10000\r\n".utf8) + chunk + Array("\r\n".utf8) }
        request += Array("0\r\n\r\n".utf8)
        try sendAll(fd, request)
        #expect(try readResponse(fd).status == 413)
    }

    /// Slowloris: the header block a byte at a time is cut off after the header timeout (1 s).
    @Test(.timeLimit(.minutes(1)))
    func slowHeadersAreCutOff() throws {
        let server = try ServerProcess(dataDirectory: temporaryDirectory("slowloris"), extraArguments: Self.limits)
        defer { server.stop() }
        let fd = try connectSocket(port: server.port)
        defer { close(fd) }
        let start = Date()
        try sendAll(fd, Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
        var cutOff: TimeInterval?
        for i in 0..<40 {
            Thread.sleep(forTimeInterval: 0.2)
            if (try? sendAll(fd, Array("X-Slow-\(i): y\r\n".utf8))) == nil || Self.isClosed(fd) {
                cutOff = Date().timeIntervalSince(start)
                break
            }
        }
        let seconds = try #require(cutOff, "the server kept a slowloris connection open for 8 s")
        #expect(seconds >= 0.9 && seconds < 3, "cut off after \(seconds) s")
        // The server still answers others.
        #expect(try httpRequest(port: server.port, method: "GET", path: "/health").status == 200)
    }

    /// A body sent a byte at a time is cut off after the body timeout (1.5 s) in total.
    @Test(.timeLimit(.minutes(1)))
    func slowBodyIsCutOff() throws {
        let server = try ServerProcess(dataDirectory: temporaryDirectory("slowbody"), extraArguments: Self.limits)
        defer { server.stop() }
        let fd = try connectSocket(port: server.port)
        defer { close(fd) }
        let start = Date()
        try sendAll(fd, Array("POST /v1/hit-test HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{".utf8))
        var cutOff: TimeInterval?
        for _ in 0..<40 {
            Thread.sleep(forTimeInterval: 0.2)
            if (try? sendAll(fd, [UInt8(ascii: " ")])) == nil || Self.isClosed(fd) {
                cutOff = Date().timeIntervalSince(start)
                break
            }
        }
        let seconds = try #require(cutOff, "the server waited 8 s for a slow body")
        #expect(seconds >= 1.4 && seconds < 3.5, "cut off after \(seconds) s")
    }

    /// A keep-alive connection that sends nothing after its first answer is closed after the
    /// idle timeout (1 s); one that keeps asking is not.
    @Test(.timeLimit(.minutes(1)))
    func idleKeepAliveConnectionIsClosed() throws {
        let server = try ServerProcess(dataDirectory: temporaryDirectory("idle"), extraArguments: Self.limits)
        defer { server.stop() }
        let fd = try connectSocket(port: server.port)
        defer { close(fd) }
        for _ in 0..<4 {
            try sendAll(fd, Array("GET /health HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            #expect(try readResponse(fd).status == 200)
            Thread.sleep(forTimeInterval: 0.6)  // under the idle timeout each time
        }
        let start = Date()
        var closedAfter: TimeInterval?
        while Date().timeIntervalSince(start) < 5 {
            if Self.isClosed(fd) {
                closedAfter = Date().timeIntervalSince(start)
                break
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let seconds = try #require(closedAfter, "an idle connection stayed open 5 s")
        #expect(seconds < 1.5)
    }

    /// True when the peer closed (or reset) the connection: a read returns 0 or fails at once.
    static func isClosed(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, Int32(MSG_DONTWAIT))
        if n == 0 { return true }
        if n < 0 { return errno != EAGAIN && errno != EWOULDBLOCK }
        return false
    }
}

/// The connection guard's state machine, without a socket.
@Suite struct ConnectionGuardTests {
    let timeouts = ConnectionTimeouts(header: .seconds(10), body: .seconds(30), idle: .seconds(60), maxDiscardBytes: 100)
    let t0 = NIODeadline.uptimeNanoseconds(1_000_000_000)

    @Test func deadlinesFollowTheExchange() {
        var state = ConnectionGuard(timeouts: timeouts, now: t0)
        #expect(state.deadline == t0 + .seconds(10))  // a new connection: the header timeout
        state.bytesArrived(now: t0 + .seconds(1))
        #expect(state.deadline == t0 + .seconds(10))  // not extended by the first byte
        state.headRead(now: t0 + .seconds(2))
        state.readRequested(now: t0 + .seconds(2))
        #expect(state.deadline == t0 + .seconds(32))  // the body timeout, while the server waits
        state.bytesArrived(now: t0 + .seconds(7))  // 5 s spent
        #expect(state.deadline == nil)
        _ = state.bodyRead(bytes: 10)
        state.readRequested(now: t0 + .seconds(100))  // the server did not ask for 93 s (queued)
        #expect(state.deadline == t0 + .seconds(125))  // 25 s left
        state.bytesArrived(now: t0 + .seconds(101))
        _ = state.endRead(now: t0 + .seconds(101))
        #expect(state.deadline == nil)  // the server works: no timeout
        state.readRequested(now: t0 + .seconds(101))
        #expect(state.deadline == nil)  // reads between requests do not start the body clock
        _ = state.responseEnded(now: t0 + .seconds(104))
        #expect(state.deadline == t0 + .seconds(164))  // idle
        state.bytesArrived(now: t0 + .seconds(105))
        #expect(state.deadline == t0 + .seconds(115))  // the next head: the header timeout
        #expect(state.timerFired(now: t0 + .seconds(114)) == .none)
        #expect(state.timerFired(now: t0 + .seconds(115)) == .close)
    }

    @Test func anEarlyAnswerDiscardsTheRestOfTheBodyUpToTheBound() {
        var state = ConnectionGuard(timeouts: timeouts, now: t0)
        state.headRead(now: t0)
        state.responseHead(closes: true)
        _ = state.responseEnded(now: t0)
        #expect(state.isDiscarding)
        #expect(state.bodyRead(bytes: 60) == (false, .none))
        #expect(state.bodyRead(bytes: 60) == (false, .close))  // past maxDiscardBytes
        var kept = ConnectionGuard(timeouts: timeouts, now: t0)
        kept.headRead(now: t0)
        kept.responseHead(closes: true)
        _ = kept.responseEnded(now: t0)
        _ = kept.bodyRead(bytes: 50)
        #expect(kept.endRead(now: t0) == .close)  // read to its end: now close, as the answer said
    }
}
