import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TouchTraceEngine
import TouchTraceServer
import TouchTraceStore

/// Writers that use If-Match never lose an update: 32 clients each add one subview to the same
/// stored scene at once, retrying on 412; at the end all 32 subviews are there.
@Suite struct ConcurrencyTests {
    static func scene(subviews: [String]) -> String {
        let views = subviews.map { "{\"id\": \"\($0)\"}" }.joined(separator: ",")
        return "{\"window\": {\"id\": \"w\", \"subviews\": [\(views)]}}"
    }

    @Test(arguments: [false, true])
    func thirtyTwoConcurrentConditionalPutsLoseNoUpdate(onDisk: Bool) async throws {
        let store: any SceneStore = onDisk ? try FileSceneStore(directory: temporaryDirectory("concurrency")) : MemorySceneStore()
        try await makeApp(makeAPI(store: store)).test(.live) { client in
            try await client.execute(uri: "/v1/scenes/shared", method: .put, headers: jsonHeaders, body: ByteBuffer(string: Self.scene(subviews: []))) {
                #expect($0.status == .created)
            }
            try await withThrowingTaskGroup(of: Int.self) { group in
                for writer in 0..<32 {
                    group.addTask {
                        var attempts = 0
                        while true {
                            attempts += 1
                            let (etag, body) = try await client.execute(uri: "/v1/scenes/shared", method: .get) { ($0.headers[.eTag] ?? "", $0.body) }
                            guard case let .array(existing)? = body.json?["window"]?["subviews"] else { throw TestError("no subviews") }
                            let ids = existing.compactMap { view -> String? in if case let .string(s)? = view["id"] { s } else { nil } }
                            let status = try await client.execute(
                                uri: "/v1/scenes/shared", method: .put,
                                headers: [.contentType: "application/json", .ifMatch: etag],
                                body: ByteBuffer(string: Self.scene(subviews: ids + ["writer\(writer)"]))
                            ) { $0.status }
                            if status == .ok { return attempts }
                            guard status == .preconditionFailed else { throw TestError("unexpected \(status)") }
                        }
                    }
                }
                var total = 0
                for try await attempts in group { total += attempts }
                #expect(total >= 32)
            }
            try await client.execute(uri: "/v1/scenes/shared", method: .get) { response in
                #expect(response.headers[.eTag] == "\"v33\"")
                guard case let .array(views)? = response.body.json?["window"]?["subviews"] else { Issue.record("no subviews"); return }
                let ids = Set(views.compactMap { view -> String? in if case let .string(s)? = view["id"] { s } else { nil } })
                #expect(ids == Set((0..<32).map { "writer\($0)" }))
            }
        }
    }
}
