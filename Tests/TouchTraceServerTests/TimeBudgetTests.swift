import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TouchTraceEngine
import TouchTraceServer
import TouchTraceStore

/// Each request's engine work has a time budget, checked cooperatively by the constraint solver
/// and the layout pass (the engine reads no clock: the server's check does): past it, 503
/// `time-budget-exceeded`; within it, the same request is answered.
@Suite struct TimeBudgetTests {
    /// A chain of `count` views, each placed by constraints after the one before: one system of
    /// 4 × count constraints for the solver.
    static func chain(_ count: Int) -> String {
        var views: [String] = []
        for i in 0..<count {
            let previous = i == 0 ? "w" : "v\(i - 1)"
            let attribute = i == 0 ? "leading" : "trailing"
            views.append("""
                {"id": "v\(i)", "translatesAutoresizingMaskIntoConstraints": false, "constraints": [
                  {"firstAttribute": "leading", "secondItem": "\(previous)", "secondAttribute": "\(attribute)", "constant": 1},
                  {"firstAttribute": "top", "secondItem": "w", "secondAttribute": "top", "constant": \(i % 50)},
                  {"firstAttribute": "width", "constant": 2}, {"firstAttribute": "height", "constant": 2}]}
                """)
        }
        return "{\"window\": {\"id\": \"w\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 390, \"height\": 844}, \"subviews\": [\(views.joined(separator: ","))]}}"
    }

    static func api(budget: Duration?) -> TouchTraceAPI {
        TouchTraceAPI(configuration: ServerConfiguration(port: 0, timeBudget: budget), store: MemorySceneStore())
    }

    @Test func aRequestPastItsBudgetGetsAProblemDocument() async throws {
        let body = "{\"scene\": \(Self.chain(800)), \"changes\": [{\"op\": \"resizeWindow\", \"window\": \"w\", \"width\": 844, \"height\": 390}]}"
        try await makeApp(Self.api(budget: .milliseconds(1))).test(.router) { client in
            try await client.execute(uri: "/v1/layout", method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.contentType] == "application/problem+json")
                #expect(response.body.json?["type"] == .string(ProblemType.timeBudgetExceeded.uri))
                #expect(response.headers[.retryAfter] == nil)
            }
        }
        // The same request within the default budget (10 s) is answered; so it is with none.
        for budget in [Duration.seconds(10), nil] {
            try await makeApp(Self.api(budget: budget)).test(.router) { client in
                try await client.execute(uri: "/v1/layout", method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .ok)
                    #expect(response.body.json?["frames"]?["v799"] != nil)
                }
            }
        }
    }

    /// The budget stops the work, not only the answer: building and solving the constraint
    /// system of a large scene spends thousands of units (constraints added, simplex pivots) of a
    /// budget that never runs out; under one that is over at its first check, the build stops
    /// there, at ``WorkBudget/checkInterval`` units.
    @Test func theSolverStopsWhenTheBudgetRunsOut() throws {
        let scene = try SceneDecoder().decode(bytes: Array(Self.chain(1500).utf8))
        let ample = WorkBudget { false }
        _ = AutoLayoutSystem(scene: scene, budget: ample)
        let over = WorkBudget { true }
        _ = AutoLayoutSystem(scene: scene, budget: over)
        #expect(!ample.isExhausted && ample.spent > 6_000, "the full build spent \(ample.spent)")
        #expect(over.isExhausted)
        #expect(over.spent == WorkBudget.checkInterval)
        #expect(!WorkBudget.unlimited.spend(1_000_000) && WorkBudget.unlimited.spent == 0)
    }
}
