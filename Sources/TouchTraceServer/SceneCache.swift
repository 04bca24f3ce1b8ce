import Synchronization
import TouchTraceEngine

/// Parsed scenes by id and version, least recently used first out. A stored scene is parsed
/// (and laid out once, for hit tests, touches and actions) and reused by every trace request
/// until it is written again.
final class SceneCache: Sendable {
    private struct Entry {
        var version: Int
        var scene: PreparedScene
        var lastUse: UInt64
    }
    private struct State {
        var entries: [String: Entry] = [:]
        var clock: UInt64 = 0
        /// Ids deleted since their last write through this server: a reader that loaded the
        /// scene just before the delete must not put it back.
        var deleted: Set<String> = []
    }
    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The cached scene for this id, if any, with its version.
    func get(_ id: String) -> (version: Int, scene: PreparedScene)? {
        state.withLock { s in
            guard var entry = s.entries[id] else { return nil }
            s.clock += 1
            entry.lastUse = s.clock
            s.entries[id] = entry
            return (entry.version, entry.scene)
        }
    }

    /// Caches a parsed scene. `written` is true for the server's own writes (which are the
    /// truth); a reader's put (`written: false`) never replaces a newer version and never brings
    /// back a deleted scene.
    func put(_ id: String, version: Int, scene: PreparedScene, written: Bool) {
        guard capacity > 0 else { return }
        state.withLock { s in
            if written {
                s.deleted.remove(id)
            } else if s.deleted.contains(id) {
                return
            }
            if let existing = s.entries[id], existing.version > version { return }
            s.clock += 1
            s.entries[id] = Entry(version: version, scene: scene, lastUse: s.clock)
            if s.entries.count > capacity, let oldest = s.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                s.entries[oldest] = nil
            }
        }
    }

    /// Forgets a deleted scene, and keeps readers from caching it again until it is written.
    func remove(_ id: String) {
        state.withLock { s in
            s.entries[id] = nil
            // The race this guards against lasts milliseconds, so old marks can be forgotten:
            // keep the set bounded on a long-running server with many deletes.
            if s.deleted.count >= 100_000 { s.deleted.removeAll(keepingCapacity: true) }
            s.deleted.insert(id)
        }
    }

    var count: Int { state.withLock { $0.entries.count } }
}
