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
/// The server here closes a silent new connection after 300 ms (the header timeout, 10 s by
/// default) and an idle keep-alive one after 300 ms (the idle timeout, 60 s by default); each
/// test body stalls 1.5 s where the suite's bodies stall when the cooperative pool is busy.
@Suite struct LiveTransportTests {
    static let stall = Duration.milliseconds(1500)

    static func api() -> TouchTraceAPI {
        TouchTraceAPI(
            configuration: ServerConfiguration(
                host: "127.0.0.1", port: 0, timeouts: ConnectionTimeouts(header: .milliseconds(300), idle: .milliseconds(300))),
            store: MemorySceneStore())
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
    /// goes on a new one; requests in a row share one connection (keep-alive).
    @Test func aStallBetweenRequestsOpensANewConnection() async throws {
        try await makeApp(Self.api()).test(over: .live) { client in
            let live = try #require(client as? LiveHTTPClient)
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
            #expect(live.connectionsOpened == 1)
            try await Task.sleep(for: Self.stall)
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
            #expect(live.connectionsOpened == 2)
        }
    }
}
