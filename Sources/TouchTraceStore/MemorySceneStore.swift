import TouchTraceEngine
import Synchronization

/// The same contract as `FileSceneStore`, in memory: for tests and for trying the server out.
public final class MemorySceneStore: SceneStore {
    private struct State {
        var scenes: [String: StoredScene] = [:]
        var deletedVersions: [String: Int] = [:]
    }
    private let state = Mutex(State())
    private let now: @Sendable () -> String

    public init(now: @escaping @Sendable () -> String = { "1970-01-01T00:00:00.000Z" }) {
        self.now = now
    }

    public func put(id: String, document: [UInt8], name: String?, viewCount: Int, condition: WriteCondition) async throws(StoreError) -> (StoredScene, created: Bool) {
        guard SceneID.isValid(id) else { throw .invalidID(id) }
        let updated = now()
        return try state.withLock { (s: inout State) throws(StoreError) -> (StoredScene, created: Bool) in
            let live = s.scenes[id]
            try condition.check(liveVersion: live?.version)
            let version = max(live?.version ?? 0, s.deletedVersions[id] ?? 0) + 1
            let stored = StoredScene(id: id, version: version, name: name, viewCount: viewCount, updated: updated, document: document)
            s.scenes[id] = stored
            return (stored, live == nil)
        }
    }

    public func get(id: String) async throws(StoreError) -> StoredScene {
        guard SceneID.isValid(id) else { throw .invalidID(id) }
        guard let scene = state.withLock({ $0.scenes[id] }) else { throw .notFound(id) }
        return scene
    }

    public func delete(id: String, condition: WriteCondition) async throws(StoreError) {
        guard SceneID.isValid(id) else { throw .invalidID(id) }
        try state.withLock { (s: inout State) throws(StoreError) in
            guard let live = s.scenes[id] else { throw .notFound(id) }
            try condition.check(liveVersion: live.version)
            s.deletedVersions[id] = live.version + 1
            s.scenes[id] = nil
        }
    }

    public func list(limit: Int, after cursor: String?) async throws(StoreError) -> ScenePage {
        state.withLock { s in
            let ids = s.scenes.keys.filter { cursor == nil || $0 > cursor! }.sorted()
            let page = ids.prefix(limit).map { s.scenes[$0]!.summary }
            return ScenePage(scenes: Array(page), nextCursor: ids.count > limit ? ids[limit - 1] : nil)
        }
    }

    public func count() async -> Int { state.withLock { $0.scenes.count } }

    public func stamp(id: String, known: SceneStamp?) throws(StoreError) -> SceneStamp? {
        guard SceneID.isValid(id) else { throw .invalidID(id) }
        return state.withLock { $0.scenes[id]?.stamp }
    }
}
