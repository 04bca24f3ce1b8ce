import Foundation

/// Runs `body` on a thread of its own, not on Swift concurrency's cooperative pool, and awaits its
/// result. For blocking work in a test: waiting for a child process (the CLI, a server, python3,
/// curl), socket reads, `Thread.sleep`, polling, and long synchronous engine work.
///
/// Why: Swift Testing runs every test, synchronous ones too, on the cooperative pool, which has one
/// thread per core (two here and on small CI runners). A test that blocks a pool thread holds it
/// from every other test: the in-process and live HTTP servers' handlers and the tests' own
/// timeouts run on the same pool. Measured: `ConcurrencyTests` timed out after 20 s while
/// `HostileRequestTests` held a pool thread in `recv`, and in a full run at load 7 a probe test's
/// 100 ms `Task.sleep` resumed 231 s late. A thread off the pool only competes for the CPU, which
/// the kernel shares out; it does not hold a pool thread while it waits.
///
/// `body` runs in the calling task (a task executor preference, SE-0417, for an executor whose one
/// thread is created for this call), so task-locals hold there: `#expect` and `Issue.record` inside
/// `body` are the calling test's, and so are child tasks. `stackSize` is that thread's stack.
/// A `body` without `await` is a synchronous closure (this overload), so that it may call what
/// Swift refuses in an asynchronous context (`Thread.sleep`, `DispatchSemaphore.wait`): on this
/// thread, blocking is the point.
public func offPool<T, Failure: Error>(
    stackSize: Int = 4 << 20, _ body: () throws(Failure) -> T
) async throws(Failure) -> T {
    let executor = OwnThreadExecutor(stackSize: stackSize)
    defer { executor.finish() }
    return try await withTaskExecutorPreference(executor) { () throws(Failure) -> T in try body() }
}

/// ``offPool(stackSize:_:)`` for a `body` that awaits (it may start child tasks, which run on the
/// same thread unless they ask for another executor).
public func offPool<T, Failure: Error>(
    stackSize: Int = 4 << 20, _ body: () async throws(Failure) -> T
) async throws(Failure) -> T {
    let executor = OwnThreadExecutor(stackSize: stackSize)
    defer { executor.finish() }
    return try await withTaskExecutorPreference(executor, operation: body)
}

/// Whether the code running now runs on a thread that ``offPool(stackSize:_:)`` made (for its own
/// tests: a thread's name is no evidence on Linux, where Foundation leaves a new thread the name
/// of the thread that started it).
public var isOffPoolThread: Bool { pthread_getspecific(offPoolThreadKey) != nil }

private let offPoolThreadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

/// A task executor with one thread of its own (see ``offPool(stackSize:_:)``). After ``finish()``,
/// its thread ends once it has run every job it was given; a job given after that (a task that
/// `body` started and did not await) runs on a new thread, never on the pool.
final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    init(stackSize: Int) {
        let thread = Thread { [self] in
            pthread_setspecific(offPoolThreadKey, UnsafeRawPointer(bitPattern: 1))
            run()
        }
        thread.stackSize = stackSize
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        if finished {
            condition.unlock()
            Thread {
                pthread_setspecific(offPoolThreadKey, UnsafeRawPointer(bitPattern: 1))
                job.runSynchronously(on: self.asUnownedTaskExecutor())
            }.start()
            return
        }
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
