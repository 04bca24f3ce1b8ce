import Synchronization

/// The admission bound of the operation pipeline (every catalogue operation, stored or inline):
/// a weighted semaphore with a short first-in, first-out queue.
///
/// A request weighs 1 plus 1 per whole MiB of its declared body (a chunked body counts as the
/// largest allowed), so the bound holds memory as well as work: the permit is taken before the
/// body is read, and a request waiting for one has had nothing read beyond its header. With the
/// defaults (capacity 64, 8 MiB bodies) 64 small requests run at once but only seven 8 MiB ones.
/// When the queue is full too, the request is refused at once (503, `Retry-After`).
final class OperationGate: Sendable {
    private struct Waiter {
        var id: UInt64
        var weight: Int
        var continuation: CheckedContinuation<Bool, Never>
    }
    private struct State {
        var inUse = 0
        var queue: [Waiter] = []
        var nextID: UInt64 = 0
    }
    private let state = Mutex(State())
    let limits: AdmissionLimits

    init(limits: AdmissionLimits) {
        self.limits = AdmissionLimits(
            capacity: max(1, limits.capacity), queueLength: max(0, limits.queueLength),
            retryAfterSeconds: max(0, limits.retryAfterSeconds))
    }

    /// The weight of a request whose body is `bodyBytes` long (nil when not declared, counted
    /// as `maxBodySize`).
    func weight(bodyBytes: Int?, maxBodySize: Int) -> Int {
        let bytes = min(bodyBytes ?? maxBodySize, maxBodySize)
        return min(limits.capacity, 1 + bytes / (1024 * 1024))
    }

    /// Units in use and requests waiting, for tests and metrics.
    var load: (inUse: Int, waiting: Int) { state.withLock { ($0.inUse, $0.queue.count) } }

    /// Runs `body` once `weight` units are free, waiting in the queue when they are not; throws
    /// ``Overloaded`` when the queue is full (or the task is cancelled while it waits).
    func run<T>(weight: Int, _ body: () async throws -> T) async throws -> T {
        try await acquire(weight)
        defer { release(weight) }
        return try await body()
    }

    /// Takes `weight` units, waiting in the queue when they are not free; throws
    /// ``Overloaded`` when the queue is full. Every successful call is paired with
    /// ``release(_:)``. (``run(weight:_:)`` does both around a closure.)
    func enter(_ weight: Int) async throws {
        try await acquire(weight)
    }

    /// Gives back what ``enter(_:)`` took.
    func leave(_ weight: Int) {
        release(weight)
    }

    struct Overloaded: Error {}

    private func acquire(_ weight: Int) async throws {
        // The fast path takes no suspension: a free gate costs one lock.
        let id: UInt64? = state.withLock { s in
            if s.queue.isEmpty, s.inUse + weight <= limits.capacity {
                s.inUse += weight
                return nil
            }
            s.nextID += 1
            return s.nextID
        }
        guard let id else { return }
        let admitted = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let answer: Bool? = state.withLock { s in
                    // Room may have been made since the first look.
                    if s.queue.isEmpty, s.inUse + weight <= limits.capacity {
                        s.inUse += weight
                        return true
                    }
                    if s.queue.count >= limits.queueLength || Task.isCancelled { return false }
                    s.queue.append(Waiter(id: id, weight: weight, continuation: continuation))
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            let (waiter, ready): (Waiter?, [Waiter]) = state.withLock { s in
                guard let index = s.queue.firstIndex(where: { $0.id == id }) else { return (nil, []) }
                let waiter = s.queue.remove(at: index)
                return (waiter, admitReady(&s))
            }
            waiter?.continuation.resume(returning: false)
            for next in ready { next.continuation.resume(returning: true) }
        }
        guard admitted else { throw Overloaded() }
    }

    private func release(_ weight: Int) {
        let ready: [Waiter] = state.withLock { s in
            s.inUse -= weight
            return admitReady(&s)
        }
        for waiter in ready { waiter.continuation.resume(returning: true) }
    }

    /// Takes waiters off the head of the queue while they fit. First in, first out: the head
    /// goes first even if a lighter request behind it would fit now, so heavy requests are not
    /// starved.
    private func admitReady(_ s: inout State) -> [Waiter] {
        var ready: [Waiter] = []
        while let head = s.queue.first, s.inUse + head.weight <= limits.capacity {
            s.inUse += head.weight
            ready.append(s.queue.removeFirst())
        }
        return ready
    }
}
