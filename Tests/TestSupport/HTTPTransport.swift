public import Hummingbird
import HummingbirdCore
import HummingbirdTesting
public import NIOCore
import Logging
import ServiceLifecycle
import Synchronization

/// The two ways the HTTP tests reach the server, nameable in test arguments: in process, through
/// HummingbirdTesting's router (`.router`), and over a real socket to a live server (`.live`),
/// with one test body for both.
///
/// `.live` is not HummingbirdTesting's `.live`: that client opens its one connection before the
/// test body runs and never opens another, so a test that waits longer than the server's header
/// timeout (10 s) before its first request, or its idle timeout (60 s) between two, finds the
/// connection closed by the server ("I/O on closed channel"). A test body waits that long when the
/// cooperative pool is busy (two threads on a 2-core machine, shared by every test, and held by
/// tests that wait for a child process or compute synchronously): in one full run at load 8, every
/// live test failed at once that way. Real clients (browsers, URLSession, AsyncHTTPClient) connect
/// when they have a request and drop a pooled connection the server closed; ``LiveHTTPClient`` does
/// the same, and keeps the one connection while the server keeps it open (keep-alive is still
/// exercised).
public enum HTTPTransport: String, Sendable, CaseIterable, CustomStringConvertible {
    case router, live
    public var description: String { rawValue }
}

/// A response, whichever transport brought it.
public struct HTTPTestResponse: Sendable {
    public let head: HTTPResponse
    public let body: ByteBuffer
    public var status: HTTPResponse.Status { head.status }
    public var headers: HTTPFields { head.headerFields }
}

/// What a test body sends requests through (see ``HTTPTransport``).
public protocol HTTPTestClient: Sendable {
    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> HTTPTestResponse
}

extension HTTPTestClient {
    /// Sends a request and hands the response to `testCallback` (HummingbirdTesting's shape).
    @discardableResult public func execute<Return>(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil,
        testCallback: @escaping (HTTPTestResponse) async throws -> Return = { $0 }
    ) async throws -> Return {
        try await testCallback(try await executeRequest(uri: uri, method: method, headers: headers, body: body))
    }
}

extension ApplicationProtocol {
    /// Runs `test` against the application over `transport`.
    public func test<Value>(over transport: HTTPTransport, _ test: @Sendable (any HTTPTestClient) async throws -> Value) async throws -> Value {
        switch transport {
        case .router:
            return try await self.test(.router) { client in try await test(RouterClient(client: client)) }
        case .live:
            return try await LiveServer(base: self).run(test)
        }
    }
}

/// HummingbirdTesting's router client, answering ``HTTPTestResponse``.
struct RouterClient: HTTPTestClient {
    let client: any TestClientProtocol

    func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> HTTPTestResponse {
        let response = try await client.executeRequest(uri: uri, method: method, headers: headers, body: body)
        return HTTPTestResponse(head: response.head, body: response.body)
    }
}

/// A client of a live server that connects when it has a request and keeps the connection while
/// the server keeps it open; requests sent at once share it (pipelined, as HummingbirdTesting's
/// client sends them). A connection the server has closed is replaced, and a request whose write
/// found the connection closed — so not a byte of it was sent — is sent again on a new one
/// (RFC 9112 §9.3.1 and RFC 9110 §9.2.2 let a client retry a request it knows was never
/// applied, whatever its method). A connection closed once the request is sent is
/// the test's failure, as is every other error.
public final class LiveHTTPClient: HTTPTestClient {
    public let port: Int
    let timeout: Duration
    private let connection = Mutex<TestClient?>(nil)
    /// How many connections were opened (a test of the client reads it).
    private let openedCount = Mutex(0)

    /// `timeout` bounds each response, as HummingbirdTesting's live client does (20 s).
    public init(port: Int, timeout: Duration = .seconds(20)) {
        self.port = port
        self.timeout = timeout
    }

    public var connectionsOpened: Int { openedCount.withLock { $0 } }

    public func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> HTTPTestResponse {
        var headers = headers
        headers[.connection] = "keep-alive"
        let request = TestClient.Request(uri, method: method, authority: "localhost", headers: headers, body: body)
        // Three tries: a second connection closed before its first byte means the server closes
        // at once, which is worth failing on.
        for attempt in 1...3 {
            let client = try await liveConnection()
            do {
                let response = try await client.execute(request)
                return HTTPTestResponse(head: response.head, body: response.body ?? ByteBuffer())
            } catch ChannelError.ioOnClosedChannel where attempt < 3 {
                discard(client)
            }
        }
        throw ChannelError.ioOnClosedChannel
    }

    /// The open connection, or a new one when there is none or the server closed it.
    private func liveConnection() async throws -> TestClient {
        for _ in 0..<3 {
            let client = connection.withLock { current in
                if let current { return current }
                let client = TestClient(host: "127.0.0.1", port: port, configuration: .init(timeout: timeout))
                client.connect()
                current = client
                openedCount.withLock { $0 += 1 }
                return client
            }
            if try await client.getChannel().isActive { return client }
            discard(client)
        }
        throw ChannelError.ioOnClosedChannel
    }

    /// Forgets a closed connection (unless another request already replaced it).
    private func discard(_ client: TestClient) {
        let stale = connection.withLock { current -> Bool in
            guard let open = current, open.channelPromise.futureResult === client.channelPromise.futureResult else { return false }
            current = nil
            return true
        }
        if stale { Task { try? await client.shutdown() } }
    }

    /// Closes the connection, if one is open.
    public func shutdown() async {
        let client = connection.withLock { current in
            defer { current = nil }
            return current
        }
        try? await client?.shutdown()
    }
}

/// A live server for one test: the application on a free port of 127.0.0.1 (its configuration's
/// host, port 0), stopped gracefully when the test ends.
struct LiveServer<Base: ApplicationProtocol>: ApplicationProtocol, Service {
    typealias Responder = Base.Responder
    let base: Base
    private let ports = AsyncStream<Int>.makeStream()

    init(base: Base) { self.base = base }

    var responder: Responder { get async throws { try await base.responder } }
    var server: HTTPServerBuilder { base.server }
    var eventLoopGroup: any EventLoopGroup { base.eventLoopGroup }
    var configuration: ApplicationConfiguration { base.configuration }
    var logger: Logger { base.logger }
    var services: [any Service] { base.services }
    var processesRunBeforeServerStart: [@Sendable () async throws -> Void] { base.processesRunBeforeServerStart }

    @Sendable func onServerRunning(_ channel: any Channel) async {
        await base.onServerRunning(channel)
        if let port = channel.localAddress?.port { ports.continuation.yield(port) }
        ports.continuation.finish()
    }

    func run<Value>(_ test: @Sendable (any HTTPTestClient) async throws -> Value) async throws -> Value {
        try await withThrowingTaskGroup(of: Void.self) { group in
            let services = ServiceGroup(configuration: .init(services: [self], logger: logger))
            group.addTask {
                // A server that fails to start ends the wait for its port.
                defer { ports.continuation.finish() }
                try await services.run()
            }
            var iterator = ports.stream.makeAsyncIterator()
            guard let port = await iterator.next() else {
                try await group.next()
                throw LiveServerError()
            }
            let client = LiveHTTPClient(port: port)
            do {
                let value = try await test(client)
                await client.shutdown()
                await services.triggerGracefulShutdown()
                return value
            } catch {
                await client.shutdown()
                await services.triggerGracefulShutdown()
                throw error
            }
        }
    }
}

struct LiveServerError: Error, CustomStringConvertible {
    var description: String { "the live server stopped before it listened" }
}
