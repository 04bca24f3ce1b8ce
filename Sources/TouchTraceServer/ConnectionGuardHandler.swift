import Hummingbird
import NIOCore
import NIOHTTPTypes

/// Enforces ``ConnectionGuard`` on a connection, between Hummingbird's HTTP codec and its
/// request handling, and makes a full close wait for the last response to be written.
///
/// Hummingbird closes a connection right after writing a response's end when the server is
/// shutting down; a full close in SwiftNIO drops writes still queued, which cut a 47 MB response
/// at about 4 MB on SIGTERM. Here a full close waits until the last response end is flushed (or
/// `drainTimeout` passes).
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var state: ConnectionGuard
    private let drainTimeout: TimeAmount
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?
    /// Response ends written but not yet flushed to the socket.
    private var unflushedEnds = 0
    private var deferredClose: EventLoopPromise<Void>?
    private var closeDeferred = false

    init(timeouts: ConnectionTimeouts, drainTimeout: Duration) {
        state = ConnectionGuard(timeouts: timeouts, now: .now())
        self.drainTimeout = TimeAmount(drainTimeout)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // Bytes are seen before decoding by a small handler at the front of the pipeline.
        try? context.pipeline.syncOperations.addHandler(ByteWatcher(self), position: .first)
        armTimer(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    fileprivate func bytesArrived(context: ChannelHandlerContext) {
        state.bytesArrived(now: .now())
        armTimer(context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            state.headRead(now: .now())
            armTimer(context)
        case let .body(buffer):
            let (forward, action) = state.bodyRead(bytes: buffer.readableBytes)
            if action == .close { return context.close(promise: nil) }
            if !forward { return }
        case .end:
            let discarding = state.isDiscarding
            if state.endRead(now: .now()) == .close { return context.close(promise: nil) }
            armTimer(context)
            if discarding {
                // Nobody may be reading the end (the request was answered): forward it anyway,
                // a keep-alive connection's handler waits for it before the next request.
                context.fireChannelRead(data)
                return
            }
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        context.fireChannelReadComplete()
        // While throwing a body away, keep reading even though nothing downstream asks to.
        if state.isDiscarding { requestRead(context) }
    }

    /// Downstream asks for more bytes (it does not while it holds enough unread parts, such as a
    /// request waiting for admission): the body timeout runs while such a read waits.
    func read(context: ChannelHandlerContext) {
        requestRead(context)
    }

    private func requestRead(_ context: ChannelHandlerContext) {
        state.readRequested(now: .now())
        armTimer(context)
        context.read()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case let .head(response):
            state.responseHead(closes: response.headerFields[.connection]?.lowercased() == "close")
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            _ = state.responseEnded(now: .now())
            armTimer(context)
            if state.isDiscarding { requestRead(context) }
            unflushedEnds += 1
            let written = promise ?? context.eventLoop.makePromise()
            written.futureResult.assumeIsolatedUnsafeUnchecked().whenComplete { _ in
                self.unflushedEnds -= 1
                if self.unflushedEnds == 0, self.closeDeferred { self.closeNow(context) }
            }
            context.write(data, promise: written)
        }
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard mode == .all, unflushedEnds > 0 else {
            return context.close(mode: mode, promise: promise)
        }
        // Let the last response reach the socket first.
        if let promise {
            if let deferredClose { deferredClose.futureResult.cascade(to: promise) } else { deferredClose = promise }
        }
        guard !closeDeferred else { return }
        closeDeferred = true
        context.flush()
        context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(in: drainTimeout) { [self] in
            if closeDeferred { closeNow(context) }
        }
    }

    private func closeNow(_ context: ChannelHandlerContext) {
        closeDeferred = false
        let promise = deferredClose
        deferredClose = nil
        context.close(mode: .all, promise: promise)
    }

    /// Schedules the timer for the state's deadline, unless one already fires no later.
    private func armTimer(_ context: ChannelHandlerContext) {
        guard let deadline = state.deadline else { return }
        if let timerDeadline, timer != nil, timerDeadline <= deadline { return }
        timer?.cancel()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(deadline: deadline) { [self] in
            timer = nil
            timerDeadline = nil
            if state.timerFired(now: .now()) == .close {
                context.close(promise: nil)
            } else {
                armTimer(context)
            }
        }
    }
}

/// Tells the guard that bytes arrived, before the HTTP decoder sees them (a head sent a byte at
/// a time produces no decoded part until it is complete).
private final class ByteWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    private let guardHandler: ConnectionGuardHandler
    private var guardContext: ChannelHandlerContext?

    init(_ guardHandler: ConnectionGuardHandler) {
        self.guardHandler = guardHandler
    }

    func handlerAdded(context: ChannelHandlerContext) {
        guardContext = try? context.pipeline.syncOperations.context(handler: guardHandler)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if let guardContext { guardHandler.bytesArrived(context: guardContext) }
        context.fireChannelRead(data)
    }
}
