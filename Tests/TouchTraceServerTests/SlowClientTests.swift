import Foundation
import NIOCore
import Testing
import TouchTraceEngine
@testable import TouchTraceServer

/// Oversized and slow clients, over a raw socket against `touchtrace serve` (issue 16): a body
/// over the limit gets its 413 whatever the client's `Connection` and `Expect` headers; a client
/// that sends its headers or body a byte at a time, or idles on a keep-alive connection, is cut
/// off after the configured timeout. The clients pace themselves with `Thread.sleep`, not
/// `Task.sleep`: in the whole suite other tests hold the cooperative pool's threads, and a
/// `Task.sleep` then resumes seconds late, so the test measured its own delay (10 s and more)
/// instead of the server's cut-off. Each client runs on a thread of its own (``offPool(stackSize:_:)``),
/// so that it does not hold one of the pool's threads either.
///
/// A cut-off has a lower bound (never before the timeout: the server's timer cannot fire early,
/// whatever the load) and an upper bound, which tells a timeout that works from one that never
/// fires or restarts with every byte. On a machine whose runnable threads outnumber its cores
/// the server's timer and this client's polling both run late, by as much as each waited for a
/// CPU; the upper bounds are therefore on the wall time less the run-queue delay of the server's
/// threads and of the client's thread over the same interval (``SchedulerTimes``), which is the
/// wall time on a quiet machine.
@Suite(.serialized) struct SlowClientTests {
    static let limits = ["--max-body-bytes", "100000", "--header-timeout", "1", "--body-timeout", "1.5", "--idle-timeout", "1"]

    // The time limits are hang detectors. In the whole server suite at load 12 on 2 cores these
    // tests took up to 59 s (most of it waiting for a CPU and for a thread of the cooperative
    // pool), against about 2 s on a quiet machine: 3 minutes, not 1.

    /// The wall time of `body` less the time the server (process `pid`) and this thread waited
    /// for a CPU meanwhile; with `body`'s result.
    static func timed<T>(server pid: Int32, _ body: () throws -> T) rethrows -> (T, wall: Double, unstarved: Double) {
        let server = SchedulerTimes.of(pid), client = SchedulerTimes.currentThreadWaiting()
        let start = Date()
        let value = try body()
        let wall = Date().timeIntervalSince(start)
        let serverWaited = server.flatMap { before in SchedulerTimes.of(pid).map { ($0 - before).waiting } } ?? 0
        return (value, wall, wall - serverWaited - (SchedulerTimes.currentThreadWaiting() - client))
    }

    /// The oversized-body tests test the drain, not the timeouts (the tests below do): their server
    /// keeps the default timeouts (header 10 s, body 30 s, idle 60 s). With this suite's short ones
    /// a client thread that waits for a CPU (the whole suite at load 9-25 on 2 cores) is rightly
    /// cut off: for 1.5 s while sending its 3 MB (the reset loses the 413), or for 1 s between the
    /// 413 and the next request on the keep-alive connection (which the server has closed as idle).
    static let drainLimits = ["--max-body-bytes", "100000"]

    static func start(_ limits: [String] = Self.limits) async throws -> ServerProcess {
        try await offPool { try ServerProcess(dataDirectory: temporaryDirectory("slow"), extraArguments: limits) }
    }

    /// Python's urllib (no `Expect: 100-continue`, `Connection: close`) writes the whole body
    /// before it reads: the server must keep reading (and discarding) so the write completes.
    @Test(.timeLimit(.minutes(3)), arguments: ["close", "keep-alive"])
    func oversizedBodyWithoutExpectGetsItsAnswer(connection: String) async throws {
        let server = try await Self.start(Self.drainLimits)
        defer { server.stop() }
        let fd = try connectSocket(port: server.port)
        defer { close(fd) }
        var sendTimeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        let body = [UInt8](repeating: UInt8(ascii: " "), count: 3_000_000)
        let head = "POST /v1/hit-test HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: \(connection)\r\nContent-Length: \(body.count)\r\n\r\n"
        let pid = server.process.processIdentifier
        let (response, wall, unstarved) = try await offPool {
            try Self.timed(server: pid) {
                try sendAll(fd, Array(head.utf8) + body)  // throws if the server stopped reading
                return try readResponse(fd)
            }
        }
        #expect(response.status == 413)
        let problem = try JSONParser().parse(response.body)
        #expect(problem["type"] == .string(ProblemType.bodyTooLarge.uri))
        #expect(unstarved < 5, "answered in \(wall) s, \(unstarved) s of it not waiting for a CPU")
        if connection == "keep-alive" {
            // The body was read to its end: the connection serves the next request.
            let next = try await offPool {
                try sendAll(fd, Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
                return try readResponse(fd)
            }
            #expect(next.status == 200)
        }
    }

    /// A chunked body (no Content-Length) over the limit: 413 once the limit is passed.
    @Test(.timeLimit(.minutes(3)))
    func oversizedChunkedBodyGetsItsAnswer() async throws {
        let server = try await Self.start(Self.drainLimits)
        defer { server.stop() }
        let fd = try connectSocket(port: server.port)
        defer { close(fd) }
        var request = Array("POST /v1/scenes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n".utf8)
        let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 65536)
        for _ in 0..<8 { request += Array("10000\r\n".utf8) + chunk + Array("\r\n".utf8) }
        request += Array("0\r\n\r\n".utf8)
        let sent = request
        #expect(try await offPool { try sendAll(fd, sent); return try readResponse(fd) }.status == 413)
    }

    /// Slowloris: the header block a byte at a time is cut off after the header timeout (1 s).
    @Test(.timeLimit(.minutes(3)))
    func slowHeadersAreCutOff() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let fd = try connectSocket(port: server.port)
        defer { close(fd) }
        let pid = server.process.processIdentifier
        let (cutOff, wall, unstarved) = try await offPool {
            try Self.timed(server: pid) { () throws -> Bool in
                try sendAll(fd, Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
                for i in 0..<40 {
                    Thread.sleep(forTimeInterval: 0.2)
                    if (try? sendAll(fd, Array("X-Slow-\(i): y\r\n".utf8))) == nil || Self.isClosed(fd) { return true }
                }
                return false
            }
        }
        #expect(cutOff, "the server kept a slowloris connection open for \(wall) s")
        #expect(wall >= 0.9, "cut off after \(wall) s")
        #expect(unstarved < 3, "cut off after \(wall) s, \(unstarved) s of it not waiting for a CPU")
        // The server still answers others.
        #expect(try await offPool { try httpRequest(port: server.port, method: "GET", path: "/health") }.status == 200)
    }

    /// A body sent a byte at a time is cut off after the body timeout (1.5 s) in total.
    @Test(.timeLimit(.minutes(3)))
    func slowBodyIsCutOff() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let fd = try connectSocket(port: server.port)
        defer { close(fd) }
        let pid = server.process.processIdentifier
        let (cutOff, wall, unstarved) = try await offPool {
            try Self.timed(server: pid) { () throws -> Bool in
                try sendAll(fd, Array("POST /v1/hit-test HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{".utf8))
                for _ in 0..<40 {
                    Thread.sleep(forTimeInterval: 0.2)
                    if (try? sendAll(fd, [UInt8(ascii: " ")])) == nil || Self.isClosed(fd) { return true }
                }
                return false
            }
        }
        #expect(cutOff, "the server waited \(wall) s for a slow body")
        #expect(wall >= 1.4, "cut off after \(wall) s")
        #expect(unstarved < 3.5, "cut off after \(wall) s, \(unstarved) s of it not waiting for a CPU")
    }

    /// A keep-alive connection that sends nothing after its first answer is closed after the
    /// idle timeout (1 s); one that keeps asking is not. It asks every 0.3 s (it was 0.6 s: at
    /// load 8–14 a client that wakes 0.4 s late has been idle for the whole second), and it
    /// records how long it really stayed silent each time: a close after a silence of a second
    /// or more is the timeout working, not a failure.
    @Test(.timeLimit(.minutes(3)))
    func idleKeepAliveConnectionIsClosed() async throws {
        let server = try await Self.start()
        defer { server.stop() }
        let fd = try connectSocket(port: server.port)
        defer { close(fd) }
        let pid = server.process.processIdentifier
        let asked = try await offPool { () throws -> [(status: Int?, silence: Double)] in
            var asked: [(status: Int?, silence: Double)] = []
            var answered = Date()
            for _ in 0..<4 {
                let silence = Date().timeIntervalSince(answered)
                let status = (try? sendAll(fd, Array("GET /health HTTP/1.1\r\nHost: x\r\n\r\n".utf8))).flatMap { try? readResponse(fd).status }
                answered = Date()
                asked.append((status, silence))
                Thread.sleep(forTimeInterval: 0.3)  // well under the idle timeout each time
            }
            return asked
        }
        for (status, silence) in asked where silence < 0.9 {
            #expect(status == 200, "no answer after \(silence) s of silence")
        }
        let (closed, wall, unstarved) = await offPool {
            Self.timed(server: pid) { () -> Bool in
                let start = Date()
                while Date().timeIntervalSince(start) < 5 {
                    if Self.isClosed(fd) { return true }
                    Thread.sleep(forTimeInterval: 0.1)
                }
                return false
            }
        }
        #expect(closed, "an idle connection stayed open \(wall) s")
        #expect(unstarved < 1.5, "closed after \(wall) s, \(unstarved) s of it not waiting for a CPU")
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
