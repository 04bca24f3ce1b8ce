import Foundation
import Testing
import TestSupport

/// Hostile requests over a real socket (issue 21): a `touchtrace serve` process held to 3 GB of
/// address space (`prlimit --as`), and each class of request that once killed or froze a server
/// — numbers that trapped, work that grew with the square or the cube of the input, inputs past
/// every limit, bombs for the parsers — sent one after the other. Every request must be answered
/// (its expected status, or 503 when it runs out of the time budget) with at most 20 s of the
/// server's work, and `GET /health` must answer after each. The requests come from
/// `scripts/hostile.py emit`, the same cases `scripts/hostile.py bench` measures for
/// docs/deploy.md; this test sends a subset that covers every class (`TOUCHTRACE_HOSTILE_ALL=1`
/// sends them all).
///
/// "20 s of work", not 20 s of wall time: the test once failed on a machine at load 8–14 with
/// `body-unknown-fields` answered in more than 20 s. Measured here (debug build, load 5–8, 2
/// cores): that request costs the server 9–10 s of CPU (its 700,000 unknown fields are decoded
/// and explained before the 3 s budget is next checked: the scene decoder does not check the
/// budget) while it took 17.5–18.6 s of wall time; a busy-loop probe got 22% of a core at that
/// load (run-queue delay 1.07 s in 1.3 s). So the wall time is the CPU time stretched by the
/// machine's load. Each request is therefore bounded twice, from `/proc` (``SchedulerTimes``):
/// the server's CPU time for it (its own work, whatever the load), and its wall time less the
/// time the server's threads and this test's thread waited for a CPU (what is left is time the
/// server spent neither working nor starved: a lock, a queue, a sleep; on a quiet machine the two
/// are the old wall-time bound). The blocking socket calls run off the cooperative pool
/// (``offPool(stackSize:_:)``), so that this long test does not starve the suite's in-process servers.
@Suite struct HostileRequestTests {
    static let prlimit = findTool("prlimit")
    static let python = findTool("python3")

    /// One case of every class, at the sizes of the limits.
    static let subset = [
        "setConstraint-index", "tap-count-1e9", "drag-steps-1e9", "long-press-1e300", "huge-geometry", "views-too-many",
        "depth-too-deep", "stack-too-long", "stack-fill", "constraint-chain", "overlap-validate", "overlap-audit",
        "recognizers-touches", "presented-chain", "points", "touch-steps-big-scene", "windows-audit", "polygon-audit",
        "body-unknown-fields", "body-deep-json", "body-too-large", "import-xml-entities", "import-xml-deep",
    ]

    struct Case: Decodable, Sendable {
        var name: String
        var what: String
        var method: String
        var path: String
        var contentType: String
        var body: String
        var expect: [Int]
    }

    @Test(
        .enabled(if: prlimit != nil && python != nil, "needs prlimit (util-linux) and python3"),
        .timeLimit(.minutes(10)))
    func everyHostileRequestIsAnsweredAndTheServerStaysUp() async throws {
        let directory = temporaryDirectory("hostile")
        let all = ProcessInfo.processInfo.environment["TOUCHTRACE_HOSTILE_ALL"] == "1"
        let python = try #require(Self.python)
        let emit = try await offPool { try runProgram(python, [packageRoot.appendingPathComponent("scripts/hostile.py").path, "emit", directory]) }
        #expect(emit.status == 0, "scripts/hostile.py emit failed")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        let chosen = all ? names.sorted() : Self.subset
        #expect(Set(chosen).isSubset(of: Set(names)), "every case of the subset is one scripts/hostile.py writes")

        guard let executable = touchtraceExecutable else { throw TestError("touchtrace is not built") }
        // A 3 s time budget (the default is 10 s): the cases that run into it answer 503 sooner,
        // so that the test, which shares the machine with the rest of the suite, stays short;
        // scripts/hostile.py bench measures the defaults.
        let prlimit = try #require(Self.prlimit)
        let server = try await offPool {
            try ServerProcess(
                dataDirectory: temporaryDirectory("hostile-data"), extraArguments: ["--time-budget", "3"],
                wrapper: [prlimit, "--as=\(3 << 30)", executable.path])
        }
        defer { server.stop() }
        let pid = server.process.processIdentifier
        for name in chosen {
            let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name + ".json"))
            let c = try JSONDecoder().decode(Case.self, from: data)
            let body = [UInt8](Data(base64Encoded: c.body) ?? Data())
            // The receive timeout only catches a server that never answers; how long the answer
            // took is judged below from what the kernel measured.
            let m: Measured
            do {
                m = try await offPool { try Self.measure(pid: pid, port: server.port, c, body: body) }
            } catch {
                Issue.record("\(name) (\(c.what)): no answer within \(Self.receiveTimeout) s (\(error)); the server is \(server.process.isRunning ? "running" : "dead")")
                guard server.process.isRunning else { return }
                continue
            }
            let response = m.response
            print(
                "hostile \(name): \(response.status) in \(String(format: "%.2f", m.wall)) s wall, \(String(format: "%.2f", m.server.cpu)) s server CPU, "
                    + "\(String(format: "%.2f", m.server.waiting)) s server and \(String(format: "%.2f", m.clientWaiting)) s client run-queue wait")
            #expect(
                c.expect.contains(response.status) || response.status == 503,
                "\(name) (\(c.what)): \(response.status), expected \(c.expect) or 503: \(String(decoding: response.body.prefix(300), as: UTF8.self))")
            // The server's own work for the request, whatever the machine's load.
            #expect(m.server.cpu < 20, "\(name) (\(c.what)) cost the server \(m.server.cpu) s of CPU")
            // The wall time that waiting for a CPU does not explain.
            let unexplained = m.wall - m.server.waiting - m.clientWaiting
            #expect(unexplained < 20, "\(name) (\(c.what)) took \(m.wall) s, \(unexplained) s of it not waiting for a CPU")
            #expect(server.process.isRunning, "the server died on \(name) (\(c.what))")
            guard server.process.isRunning else { return }
            let health = try await offPool { try httpRequest(port: server.port, method: "GET", path: "/health") }
            #expect(health.status == 200, "/health after \(name)")
        }
        // Its memory stayed well inside the 3 GB it was held to.
        if let status = try? String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kb = Int(line.split(separator: " ").dropFirst().first { !$0.isEmpty } ?? "")
        {
            #expect(kb < 3 << 20, "peak RSS \(kb) kB")
        }
    }

    /// How long a request may go unanswered before the test gives up on it: far past any answer
    /// (a request the server works on for 20 s of CPU, at a load that gives it a fifth of a core),
    /// within the test's time limit.
    static let receiveTimeout = 180

    struct Measured: Sendable {
        var response: (status: Int, headers: [String: String], body: [UInt8])
        var wall: Double
        /// The server process's CPU time and run-queue delay during the request.
        var server: SchedulerTimes
        /// This thread's run-queue delay during the request (it sends the body, reads the answer).
        var clientWaiting: Double
    }

    /// Sends one case and measures it: wall time, the server's CPU time and run-queue delay, the
    /// client thread's run-queue delay. Runs on a thread of its own (``offPool(stackSize:_:)``).
    static func measure(pid: Int32, port: Int, _ c: Case, body: [UInt8]) throws -> Measured {
        let before = SchedulerTimes.of(pid), clientBefore = SchedulerTimes.currentThreadWaiting()
        let started = Date()
        let response = try request(port: port, method: c.method, path: c.path, contentType: c.contentType, body: body, timeout: receiveTimeout)
        let wall = Date().timeIntervalSince(started)
        let after = SchedulerTimes.of(pid)
        let server = before.flatMap { b in after.map { $0 - b } } ?? SchedulerTimes(cpu: 0, waiting: 0)
        return Measured(response: response, wall: wall, server: server, clientWaiting: SchedulerTimes.currentThreadWaiting() - clientBefore)
    }

    /// One request with a long receive timeout (a hostile request may take the whole budget).
    static func request(port: Int, method: String, path: String, contentType: String, body: [UInt8], timeout: Int) throws
        -> (status: Int, headers: [String: String], body: [UInt8])
    {
        let fd = try connectSocket(port: port)
        defer { close(fd) }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        let head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n\r\n"
        try sendAll(fd, Array(head.utf8) + body)
        return try readResponse(fd)
    }
}
