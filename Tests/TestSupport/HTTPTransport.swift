public import Hummingbird
import HummingbirdCore
import HummingbirdTesting
import Logging
public import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOPosix
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
/// live test failed at once that way, and in a full run at load 7 a probe test's 100 ms
/// `Task.sleep` resumed 231 s late (one of 4 sleeps late by more than a second). Real clients
/// (browsers, URLSession, AsyncHTTPClient) connect when they have a request and replace a kept
/// connection the server closed; ``LiveHTTPClient`` does the same, and keeps a connection between
/// requests while the server keeps it open (keep-alive is still exercised).
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

/// A client of a live server that behaves like real ones (browsers, URLSession, AsyncHTTPClient): a
/// request takes a connection kept from an earlier one, or opens a new one; the request is written
/// on the connection's event loop as soon as it is connected, so a busy cooperative pool cannot
/// make a new connection sit silent past the server's header timeout; after the answer the
/// connection is kept for the next request (keep-alive), and requests sent at once go on
/// connections of their own. A request on a kept connection that the server closes before any byte
/// of the answer (its idle timeout firing before or as the request went, which it does only while
/// no request is being read, so the request was not applied) is sent once more on a new connection,
/// as browsers do (RFC 9112 §9.3.1, RFC 9110 §9.2.2). Every other error, and any on a new
/// connection, is the test's failure.
public final class LiveHTTPClient: HTTPTestClient {
    public let port: Int
    let timeout: Duration
    private let idle = Mutex<[any Channel]>([])
    private let all = Mutex<[any Channel]>([])

    /// `timeout` bounds the wait for each answer (20 s, as HummingbirdTesting's live client):
    /// it is over when a task sleeping that long runs, on the cooperative pool, and the answer
    /// has not come by then.
    public init(port: Int, timeout: Duration = .seconds(20)) {
        self.port = port
        self.timeout = timeout
    }

    /// How many connections were opened (a test of the client reads it).
    public var connectionsOpened: Int { all.withLock { $0.count } }

    public func executeRequest(uri: String, method: HTTPRequest.Method, headers: HTTPFields, body: ByteBuffer?) async throws -> HTTPTestResponse {
        var headers = headers
        headers[.connection] = "keep-alive"
        if let body { headers[.contentLength] = String(body.readableBytes) }
        let request = LiveExchange.Request(head: HTTPRequest(method: method, scheme: nil, authority: "localhost", path: uri, headerFields: headers), body: body)
        let answer = send(request)
        // Set on the event loop when the answer (or an error) comes, so that a timeout task that
        // only gets a thread after the answer came (the pool was busy) does not win the race.
        let arrived = Arrival()
        answer.whenComplete { _ in arrived.mark() }
        let timeout = self.timeout
        return try await withThrowingTaskGroup(of: HTTPTestResponse.self) { group in
            group.addTask {
                try await Task.sleep(for: timeout)
                if arrived.happened { return try await answer.get() }
                throw LiveClientError("no answer to \(method) \(uri) within \(timeout)")
            }
            group.addTask { try await answer.get() }
            defer { group.cancelAll() }
            guard let response = try await group.next() else { throw LiveClientError("no answer to \(method) \(uri)") }
            return response
        }
    }

    private func send(_ request: LiveExchange.Request) -> EventLoopFuture<HTTPTestResponse> {
        guard let kept = idle.withLock({ $0.popLast() }) else { return sendOnNewConnection(request) }
        return exchange(request, on: kept).flatMapError { error in
            guard error is LiveExchange.ClosedBeforeAnswer else { return kept.eventLoop.makeFailedFuture(error) }
            return self.sendOnNewConnection(request)
        }
    }

    private func sendOnNewConnection(_ request: LiveExchange.Request) -> EventLoopFuture<HTTPTestResponse> {
        ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandlers([HTTP1ToHTTPClientCodec(), LiveExchange()])
                }
            }
            .connect(host: "127.0.0.1", port: port)
            .flatMap { channel in
                self.all.withLock { $0.append(channel) }
                return self.exchange(request, on: channel)
            }
    }

    /// Writes the request (on the channel's event loop) and keeps the connection for the next
    /// one once answered, unless the answer closes it.
    private func exchange(_ request: LiveExchange.Request, on channel: any Channel) -> EventLoopFuture<HTTPTestResponse> {
        let promise = channel.eventLoop.makePromise(of: HTTPTestResponse.self)
        channel.writeAndFlush(LiveExchange.Sent(request: request, answer: promise)).whenFailure { error in
            // Nothing was written: the connection was closed before the request went.
            promise.fail(error as? ChannelError == .ioOnClosedChannel ? LiveExchange.ClosedBeforeAnswer() : error)
        }
        return promise.futureResult.map { response in
            if response.headers[.connection]?.lowercased() == "close" {
                channel.close(promise: nil)
            } else {
                self.idle.withLock { $0.append(channel) }
            }
            return response
        }
    }

    /// Closes every connection.
    public func shutdown() async {
        idle.withLock { $0.removeAll() }
        let channels = all.withLock { $0 }
        for channel in channels { try? await channel.close() }
    }
}

/// Whether an answer came.
final class Arrival: Sendable {
    private let flag = Atomic(false)
    func mark() { flag.store(true, ordering: .releasing) }
    var happened: Bool { flag.load(ordering: .acquiring) }
}

struct LiveClientError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// One connection's requests and answers, in order: a request is written with the promise of
/// its answer, which the response's end fulfils.
final class LiveExchange: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPResponsePart
    typealias OutboundIn = Sent
    typealias OutboundOut = HTTPRequestPart

    struct Request: Sendable {
        var head: HTTPRequest
        var body: ByteBuffer?
    }

    struct Sent: Sendable {
        var request: Request
        var answer: EventLoopPromise<HTTPTestResponse>
    }

    /// The connection closed before any byte of the answer arrived.
    struct ClosedBeforeAnswer: Error, CustomStringConvertible {
        var description: String { "the server closed the connection before answering" }
    }

    private var waiting = CircularBuffer<EventLoopPromise<HTTPTestResponse>>()
    private var head: HTTPResponse?
    private var body: ByteBuffer?

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let task = unwrapOutboundIn(data)
        waiting.append(task.answer)
        context.write(wrapOutboundOut(.head(task.request.head)), promise: nil)
        if let body = task.request.body, body.readableBytes > 0 { context.write(wrapOutboundOut(.body(body)), promise: nil) }
        context.write(wrapOutboundOut(.end(nil)), promise: promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(response):
            if response.status.kind != .informational { head = response }
        case var .body(part):
            body.setOrWriteBuffer(&part)
        case .end:
            guard let response = head else { return }
            let answer = HTTPTestResponse(head: response, body: body ?? ByteBuffer())
            head = nil
            body = nil
            waiting.popFirst()?.succeed(answer)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        let before = head == nil && body == nil
        while let answer = waiting.popFirst() {
            answer.fail(before ? ClosedBeforeAnswer() : LiveClientError("the server closed the connection in the middle of an answer"))
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        while let answer = waiting.popFirst() { answer.fail(error) }
        context.close(promise: nil)
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
