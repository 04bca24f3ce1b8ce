import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import TouchTraceServer
import TouchTraceStore

/// The live transport of the HTTP tests survives a test body that stalls past the server's
/// timeouts, as real clients do; HummingbirdTesting's `.live` client does not, which is how every
/// live test once failed at once under load with "I/O on closed channel" (``HTTPTransport``).
///
/// The server here closes a silent new connection after 1 s (the header timeout, 10 s by
/// default) and an idle keep-alive one after 1 s (the idle timeout, 60 s by default); each test
/// body stalls 3 s where the suite's bodies stall when the cooperative pool is busy (in a full
/// run at load 8 these bodies took minutes: their awaits wait that long for a thread).
@Suite struct LiveTransportTests {
    static let stall = Duration.seconds(3)

    static func api(timeouts: ConnectionTimeouts = ConnectionTimeouts(header: .seconds(1), idle: .seconds(1))) -> TouchTraceAPI {
        TouchTraceAPI(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, timeouts: timeouts), store: MemorySceneStore())
    }

    /// The cause, reproduced: HummingbirdTesting's client connects before the body runs, the
    /// server closes the silent connection after its header timeout, and the first request is
    /// written to a closed channel.
    @Test func hummingbirdTestingsClientFailsAfterAStallBeforeItsFirstRequest() async throws {
        await #expect(throws: ChannelError.ioOnClosedChannel) {
            try await makeApp(Self.api()).test(.live) { client in
                try await Task.sleep(for: Self.stall)
                _ = try await client.execute(uri: "/health", method: .get)
            }
        }
    }

    /// A stall before the first request: the connection is opened when the request is sent.
    @Test func aStallBeforeTheFirstRequest() async throws {
        try await makeApp(Self.api()).test(over: .live) { client in
            try await Task.sleep(for: Self.stall)
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
        }
    }

    /// A stall between two requests: the server closes the idle connection, and the next request
    /// goes on a new one.
    @Test func aStallBetweenRequestsOpensANewConnection() async throws {
        try await makeApp(Self.api()).test(over: .live) { client in
            let live = try #require(client as? LiveHTTPClient)
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
            try await Task.sleep(for: Self.stall)
            try await client.execute(uri: "/v1/scenes/map", method: .put, headers: jsonHeaders, body: ByteBuffer(string: mapScene)) {
                #expect($0.status == .created)
            }
            #expect(live.connectionsOpened == 2)
        }
    }

    /// Requests in a row share one connection while the server keeps it (keep-alive); requests
    /// sent at once are all answered (each on a connection of its own).
    @Test func requestsInARowShareAConnection() async throws {
        try await makeApp(Self.api(timeouts: ConnectionTimeouts())).test(over: .live) { client in
            let live = try #require(client as? LiveHTTPClient)
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<3 {
                try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
            }
            // Unless the pool held this body past the server's idle timeout (60 s) between them.
            if clock.now - start < .seconds(50) { #expect(live.connectionsOpened == 1) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask { try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) } }
                }
                try await group.waitForAll()
            }
        }
    }
}
