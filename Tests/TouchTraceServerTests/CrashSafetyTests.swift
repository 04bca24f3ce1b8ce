import Foundation
import Testing
import TouchTraceEngine
import TouchTraceStore

/// A server process writing scenes is killed with SIGKILL at random moments; afterwards every
/// scene file parses and every acknowledged write is there (at its acknowledged version or later).
@Suite struct CrashSafetyTests {
    @Test(.timeLimit(.minutes(3)))
    func killedWriterLeavesNoTornSceneAndLosesNoAcknowledgedWrite() async throws {
        let directory = temporaryDirectory("crash")
        var acknowledged: [String: (version: Int, marker: String)] = [:]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<6 {
            let server = try ServerProcess(dataDirectory: directory)
            let port = server.port
            let killAfter = Double.random(in: 0.05...0.4, using: &generator)
            // Writers: 4 threads PUT scenes of different sizes until the server dies.
            let results = Mutex<[(String, Int, String)]>([])
            let writers = (0..<4).map { writer in
                Thread {
                    var n = 0
                    while true {
                        n += 1
                        let id = "scene\(writer)-\(n % 5)"
                        let marker = "r\(round)w\(writer)n\(n)"
                        let padding = String(repeating: "x", count: (n % 7) * 20_000)
                        let body = "{\"name\": \"\(marker)\", \"window\": {\"id\": \"w\", \"customClass\": \"\(padding)\"}}"
                        guard let response = try? httpRequest(port: port, method: "PUT", path: "/v1/scenes/\(id)", headers: ["Content-Type": "application/json"], body: Array(body.utf8)) else { return }
                        guard response.status == 200 || response.status == 201,
                            let json = try? JSONParser().parse(response.body), case let .number(version)? = json["version"]
                        else { return }
                        results.withLock { $0.append((id, Int(version), marker)) }
                    }
                }
            }
            writers.forEach { $0.start() }
            try await Task.sleep(for: .seconds(killAfter))
            server.kill()
            // Let the writers see the dead socket.
            try await Task.sleep(for: .milliseconds(200))
            for (id, version, marker) in results.withLock({ $0 }) where version >= (acknowledged[id]?.version ?? 0) {
                acknowledged[id] = (version, marker)
            }
        }
        #expect(!acknowledged.isEmpty, "no write was acknowledged")
        // Every file is whole; every acknowledged write survived.
        let store = try FileSceneStore(directory: directory)
        var page = try await store.list(limit: 1000, after: nil)
        var seen = 0
        while true {
            for summary in page.scenes {
                let scene = try await store.get(id: summary.id)
                #expect(throws: Never.self) { _ = try SceneDecoder().decode(bytes: scene.document) }
                seen += 1
            }
            guard let next = page.nextCursor else { break }
            page = try await store.list(limit: 1000, after: next)
        }
        for (id, expected) in acknowledged {
            let scene = try await store.get(id: id)
            #expect(scene.version >= expected.version, "\(id): acknowledged v\(expected.version), found v\(scene.version)")
            if scene.version == expected.version {
                #expect(scene.name == expected.marker, "\(id) v\(expected.version) holds another write")
            }
        }
        #expect(seen == acknowledged.count)
        // No temporary file is mistaken for a scene.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(".") }
        #expect(await store.count() == seen, "leftover temp files: \(leftovers.count)")
    }
}

final class Mutex<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
