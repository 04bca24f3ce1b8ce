import Foundation
import Testing
import TouchTraceEngine
@testable import TouchTraceServer

/// Overload (issue 16): operation requests beyond the admission bound and its queue get 503 with
/// `Retry-After` at once; those admitted or queued are answered.
@Suite struct OverloadTests {
    /// Two requests whose bodies are still uploading hold both units of a gate of capacity 2, a
    /// third waits in the queue (length 1), a fourth is refused; once the first two finish, the
    /// queued one is served.
    ///
    /// The fourth request must come after the first three are in the gate. A fixed 150 ms
    /// between connections was the order's only guarantee (at load 8–14 the server may not have
    /// read a connection 150 ms later, and then the fourth request is queued, not refused, and
    /// waits for bodies that never come). Now each connection's head is sent once the server has
    /// read the one before (its end of the connection has an empty receive queue, ``TCPTable``),
    /// and the fourth once it has read all three and is idle (no thread of it runnable:
    /// ``SchedulerTimes/isIdle(_:)``), so each of the three handlers has taken its permit or
    /// joined the queue (a handler does so before it reads the body). The socket calls run
    /// off the cooperative pool (``offPool(stackSize:_:)``). The time limit is a hang detector: 51 s in the
    /// whole server suite at load 12 on 2 cores (1 s on a quiet machine), so 3 minutes, not 1.
    @Test(.timeLimit(.minutes(3)))
    func requestsBeyondTheQueueGet503WithRetryAfter() async throws {
        let server = try await offPool {
            try ServerProcess(dataDirectory: temporaryDirectory("overload"), extraArguments: ["--max-concurrent", "2", "--max-queue", "1"])
        }
        defer { server.stop() }
        let port = server.port
        let body = Array("{\"scene\": {\"window\": {\"id\": \"w\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 10, \"height\": 10}}}, \"point\": {\"x\": 1, \"y\": 1}}".utf8)
        let head = Array("POST /v1/hit-test HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
        // Three connections send their head and the start of their body, one after the other:
        // two admitted, then one queued.
        let held = try await offPool {
            try (0..<3).map { _ -> Int32 in
                let fd = try connectSocket(port: port)
                try sendAll(fd, head + body[..<10])
                guard waitUntil({ TCPTable.serverHasRead(fd, serverPort: port) }) else { throw TestError("the server did not read a head") }
                return fd
            }
        }
        defer { held.forEach { close($0) } }
        // … and the server has done all it can with them (no thread of it runs or waits for a
        // CPU, twice 10 ms apart): their handlers wait in the gate or for their bodies.
        let pid = server.process.processIdentifier
        #expect(await offPool { waitUntil { SchedulerTimes.isIdle(pid) && { usleep(10_000); return SchedulerTimes.isIdle(pid) }() } })
        let refused = try await offPool {
            try httpRequest(port: port, method: "POST", path: "/v1/hit-test", headers: ["Content-Type": "application/json"], body: body)
        }
        #expect(refused.status == 503)
        #expect(refused.headers["retry-after"] == "1")
        #expect(try JSONParser().parse(refused.body)["type"] == .string(ProblemType.overloaded.uri))
        // Routes outside the operation pipeline are not gated.
        #expect(try await offPool { try httpRequest(port: port, method: "GET", path: "/health") }.status == 200)
        // The rest of the bodies: all three are answered.
        for fd in held {
            try sendAll(fd, Array(body[10...]))
        }
        for fd in held {
            let response = try await offPool { try readResponse(fd) }
            #expect(response.status == 200)
        }
    }

    /// The gate itself: first in, first out, weights, and refusal when the queue is full.
    @Test func gateAdmitsByWeightInOrder() async throws {
        let gate = OperationGate(limits: AdmissionLimits(capacity: 4, queueLength: 2))
        #expect(gate.weight(bodyBytes: 100, maxBodySize: 8 << 20) == 1)
        #expect(gate.weight(bodyBytes: 3 << 20, maxBodySize: 8 << 20) == 4)
        #expect(gate.weight(bodyBytes: nil, maxBodySize: 8 << 20) == 4)  // capped at the capacity
        let order = Mutex<[Int]>([])
        let hold = Mutex(true)
        /// Waits (polling) until `condition` holds, at most 10 s.
        func until(_ condition: () -> Bool) async throws {
            for _ in 0..<1000 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await gate.run(weight: 3) {
                    order.withLock { $0.append(0) }
                    while hold.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
                }
            }
            try await until { gate.load.inUse == 3 }
            for i in 1...2 {
                group.addTask {
                    try await gate.run(weight: 2) { order.withLock { $0.append(i) } }
                }
                try await until { gate.load.waiting == i }  // 3 + 2 > 4: they wait, in order
            }
            #expect(gate.load.waiting == 2)
            await #expect(throws: OperationGate.Overloaded.self) {
                try await gate.run(weight: 1) {}  // the queue (2) is full
            }
            hold.withLock { $0 = false }
            try await group.waitForAll()
        }
        #expect(order.withLock { $0 } == [0, 1, 2])
        #expect(gate.load.inUse == 0)
    }
}
