import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TouchTraceEngine
import TouchTraceServer
import TouchTraceStore

/// Writers that use If-Match never lose an update: 32 clients each add one subview to the same
/// stored scene at once, retrying on 412; at the end all 32 subviews are there. In memory (in
/// process) and on disk (a `touchtrace serve` process).
@Suite struct ConcurrencyTests {
    static func scene(subviews: [String]) -> String {
        let views = subviews.map { "{\"id\": \"\($0)\"}" }.joined(separator: ",")
        return "{\"window\": {\"id\": \"w\", \"subviews\": [\(views)]}}"
    }

    /// In process, on the memory store, over a socket (``LiveHTTPClient``: the 32 clients'
    /// requests in flight at once go on connections of their own, each with a 20 s timeout).
    @Test func thirtyTwoConcurrentConditionalPutsLoseNoUpdate() async throws {
        try await makeApp(makeAPI(store: MemorySceneStore())).test(over: .live) { client in
            try await client.execute(uri: "/v1/scenes/shared", method: .put, headers: jsonHeaders, body: ByteBuffer(string: Self.scene(subviews: []))) {
                #expect($0.status == .created)
            }
            try await withThrowingTaskGroup(of: Int.self) { group in
                for writer in 0..<32 {
                    group.addTask {
                        var attempts = 0
                        while true {
                            attempts += 1
                            let (etag, body) = try await client.execute(uri: "/v1/scenes/shared", method: .get) { ($0.headers[.eTag] ?? "", $0.body) }
                            guard case let .array(existing)? = body.json?["window"]?["subviews"] else { throw TestError("no subviews") }
                            let ids = existing.compactMap { view -> String? in if case let .string(s)? = view["id"] { s } else { nil } }
                            let status = try await client.execute(
                                uri: "/v1/scenes/shared", method: .put,
                                headers: [.contentType: "application/json", .ifMatch: etag],
                                body: ByteBuffer(string: Self.scene(subviews: ids + ["writer\(writer)"]))
                            ) { $0.status }
                            if status == .ok { return attempts }
                            guard status == .preconditionFailed else { throw TestError("unexpected \(status)") }
                        }
                    }
                }
                var total = 0
                for try await attempts in group { total += attempts }
                #expect(total >= 32)
            }
            try await client.execute(uri: "/v1/scenes/shared", method: .get) { response in
                #expect(response.headers[.eTag] == "\"v33\"")
                guard case let .array(views)? = response.body.json?["window"]?["subviews"] else { Issue.record("no subviews"); return }
                let ids = Set(views.compactMap { view -> String? in if case let .string(s)? = view["id"] { s } else { nil } })
                #expect(ids == Set((0..<32).map { "writer\($0)" }))
            }
        }
    }

    /// On disk, against a `touchtrace serve` process, 32 clients on connections of their own.
    ///
    /// This was the in-process test with a `FileSceneStore`, and it timed out (HummingbirdTesting's
    /// fixed 20 s read timeout) at load 8–14: its server ran on the test process's cooperative
    /// pool, two threads on two cores, shared with every other test of the suite (tests that
    /// block in socket calls, engine tests that compute for seconds), and its 32 clients' requests
    /// queued on one pipelined connection behind writes that each wait for `fsync`, slow when the
    /// machine's builds write too. Neither is what the test is about: that no conditional update
    /// is lost. So the server is a process of its own (its own pool), each client has its own
    /// connection, and a client waits for its answer as long as the test's time limit allows.
    @Test(.timeLimit(.minutes(3)))
    func thirtyTwoClientsOnDiskLoseNoUpdate() async throws {
        let server = try await offPool { try ServerProcess(dataDirectory: temporaryDirectory("concurrency")) }
        defer { server.stop() }
        let port = server.port
        let created = try await offPool { try Self.request(port: port, method: "PUT", headers: [:], body: Self.scene(subviews: [])) }
        #expect(created.status == 201)
        let total = try await withThrowingTaskGroup(of: Int.self) { group in
            for writer in 0..<32 {
                group.addTask {
                    try await offPool {
                        var attempts = 0
                        while true {
                            attempts += 1
                            let current = try Self.request(port: port, method: "GET", headers: [:], body: [])
                            guard current.status == 200, let etag = current.headers["etag"],
                                case let .array(existing)? = try JSONParser().parse(current.body)["window"]?["subviews"]
                            else { throw TestError("GET answered \(current.status)") }
                            let ids = existing.compactMap { view -> String? in if case let .string(s)? = view["id"] { s } else { nil } }
                            let put = try Self.request(port: port, method: "PUT", headers: ["If-Match": etag], body: Self.scene(subviews: ids + ["writer\(writer)"]))
                            if put.status == 200 { return attempts }
                            guard put.status == 412 else { throw TestError("PUT answered \(put.status)") }
                        }
                    }
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(total >= 32)
        let final = try await offPool { try Self.request(port: port, method: "GET", headers: [:], body: []) }
        #expect(final.headers["etag"] == "\"v33\"")
        guard case let .array(views)? = try JSONParser().parse(final.body)["window"]?["subviews"] else { Issue.record("no subviews"); return }
        let ids = Set(views.compactMap { view -> String? in if case let .string(s)? = view["id"] { s } else { nil } })
        #expect(ids == Set((0..<32).map { "writer\($0)" }))
    }

    /// One request to /v1/scenes/shared on a connection of its own, waiting up to 120 s for the
    /// answer (the test's time limit bounds the whole).
    static func request(port: Int, method: String, headers: [String: String], body: String) throws -> (status: Int, headers: [String: String], body: [UInt8]) {
        try request(port: port, method: method, headers: headers, body: Array(body.utf8))
    }

    static func request(port: Int, method: String, headers: [String: String], body: [UInt8]) throws -> (status: Int, headers: [String: String], body: [UInt8]) {
        let fd = try connectSocket(port: port)
        defer { close(fd) }
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head = "\(method) /v1/scenes/shared HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        try sendAll(fd, Array((head + "\r\n").utf8) + body)
        return try readResponse(fd)
    }
}
