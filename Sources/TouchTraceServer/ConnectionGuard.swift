import NIOCore

/// What one HTTP/1.1 connection is waiting for, and until when: the timeouts of
/// ``ConnectionTimeouts`` and the lingering close after an early answer, as a value type. Each
/// event returns what to do; ``ConnectionGuardHandler`` performs it on the channel.
///
/// - A new connection has the header timeout to send its first request head; once a response is
///   complete, a keep-alive connection has the idle timeout until the first byte of the next
///   request, and from that byte the header timeout to finish the head.
/// - From the end of a head, the body timeout bounds the time the server spends waiting for the
///   body: it runs while a read is requested and nothing has arrived, and stops while the server
///   does not ask for more (a request waiting for admission, whose body is deliberately left
///   unread). A body sent a byte at a time spends it; a request kept in the queue does not.
/// - While the server works on a request (read, answer not finished) no timeout runs: the
///   operation's own time budget bounds it.
/// - An answer finished before its request's body was read (413, 401, 404, 503) leaves the rest
///   of the body to be read and thrown away, at most `maxDiscardBytes` and within the body
///   timeout, so that a client that writes its whole body before reading gets the answer.
struct ConnectionGuard {
    enum Inbound: Equatable {
        /// No request being read; `started` once a byte of the next one arrived.
        case betweenRequests(started: Bool)
        case body
        /// The body of a request already answered: read and thrown away.
        case discarding(bytes: Int)
    }

    enum Action: Equatable {
        case none
        /// Close the connection now.
        case close
    }

    let timeouts: ConnectionTimeouts
    private(set) var inbound = Inbound.betweenRequests(started: false)
    /// Requests whose head was read and whose response has not ended.
    private(set) var unanswered = 0
    /// When the connection is closed unless something happens first (nil: no deadline).
    private(set) var deadline: NIODeadline?
    /// A response said `Connection: close`: close once the request is read to its end.
    private var closeAfterExchange = false
    /// What is left of the body timeout for the request being read.
    private(set) var bodyTimeLeft = TimeAmount.zero
    /// Since when the server has been waiting for body bytes (a read requested, none arrived).
    private var waitingSince: NIODeadline?

    init(timeouts: ConnectionTimeouts, now: NIODeadline) {
        self.timeouts = timeouts
        deadline = now + TimeAmount(timeouts.header)
    }

    /// Bytes arrived (before HTTP decoding).
    mutating func bytesArrived(now: NIODeadline) {
        switch inbound {
        case .betweenRequests(started: false) where unanswered == 0:
            inbound = .betweenRequests(started: true)
            let headerDeadline = now + TimeAmount(timeouts.header)
            deadline = deadline.map { min($0, headerDeadline) } ?? headerDeadline
        case .body, .discarding:
            if let since = waitingSince {
                bodyTimeLeft = bodyTimeLeft - (now - since)
                waitingSince = nil
                deadline = nil
            }
        case .betweenRequests:
            break
        }
    }

    /// The server asks for more bytes.
    mutating func readRequested(now: NIODeadline) {
        switch inbound {
        case .body, .discarding:
            guard waitingSince == nil else { return }
            waitingSince = now
            deadline = now + max(bodyTimeLeft, .zero)
        case .betweenRequests:
            break
        }
    }

    /// A request head was decoded.
    mutating func headRead(now: NIODeadline) {
        unanswered += 1
        inbound = .body
        bodyTimeLeft = TimeAmount(timeouts.body)
        waitingSince = nil
        deadline = nil
    }

    /// A body part arrived: forward it (true) or drop it (false, after an early answer).
    mutating func bodyRead(bytes: Int) -> (forward: Bool, action: Action) {
        guard case let .discarding(discarded) = inbound else { return (true, .none) }
        let total = discarded + bytes
        inbound = .discarding(bytes: total)
        return (false, total > timeouts.maxDiscardBytes ? .close : .none)
    }

    /// The request's end arrived.
    mutating func endRead(now: NIODeadline) -> Action {
        let wasDiscarding: Bool
        if case .discarding = inbound { wasDiscarding = true } else { wasDiscarding = false }
        inbound = .betweenRequests(started: false)
        waitingSince = nil
        if wasDiscarding, closeAfterExchange { return .close }
        deadline = unanswered == 0 ? now + TimeAmount(timeouts.idle) : nil
        return .none
    }

    /// A response head is being written.
    mutating func responseHead(closes: Bool) {
        if closes { closeAfterExchange = true }
    }

    /// A response ended.
    mutating func responseEnded(now: NIODeadline) -> Action {
        unanswered = max(0, unanswered - 1)
        switch inbound {
        case .body:
            // Answered before the body was read: throw the rest away, within the body timeout.
            inbound = .discarding(bytes: 0)
        case .discarding:
            break
        case .betweenRequests:
            if unanswered == 0 { deadline = now + TimeAmount(timeouts.idle) }
        }
        return .none
    }

    /// The timer fired: close if the deadline has passed.
    func timerFired(now: NIODeadline) -> Action {
        guard let deadline, now >= deadline else { return .none }
        return .close
    }

    var isDiscarding: Bool {
        if case .discarding = inbound { return true }
        return false
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
