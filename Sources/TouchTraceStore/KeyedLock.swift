/// Serialises work per key: at most one body runs for a key at a time, in arrival order;
/// different keys run concurrently.
public actor KeyedLock {
    private var waiters: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var held: Set<String> = []

    public init() {}

    private func acquire(_ key: String) async {
        if !held.contains(key) {
            held.insert(key)
            return
        }
        await withCheckedContinuation { continuation in
            waiters[key, default: []].append(continuation)
        }
    }

    private func release(_ key: String) {
        if var queue = waiters[key], !queue.isEmpty {
            let next = queue.removeFirst()
            waiters[key] = queue.isEmpty ? nil : queue
            next.resume()  // ownership passes to the next waiter; `held` keeps the key
        } else {
            held.remove(key)
        }
    }

    public func withLock<T: Sendable, E: Error>(_ key: String, _ body: @Sendable () async throws(E) -> T) async throws(E) -> T {
        await acquire(key)
        do {
            let value = try await body()
            release(key)
            return value
        } catch {
            release(key)
            throw error
        }
    }
}
