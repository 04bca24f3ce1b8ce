import Synchronization
import TouchTraceEngine
import TouchTraceStore

/// Parsed scenes by id and version, least recently used first out. A stored scene is parsed
/// (and laid out once, for hit tests, touches and actions) and reused by every trace request
/// until it is written again. Each entry keeps the store's stamp of its version: a read uses it
/// only while the store still answers that stamp, so a write by another server process on the
/// same data directory is seen by the next read.
final class SceneCache: Sendable {
    /// A cached version, shared by reference: a read retains this one object instead of copying
    /// the prepared scene (two scenes of a dozen arrays each, a retain per array, and as many
    /// releases) out of the cache and again for the complexity check.
    final class Cached: Sendable {
        let version: Int
        let prepared: PreparedScene

        init(version: Int, prepared: PreparedScene) {
            self.version = version
            self.prepared = prepared
        }
    }
    private struct Entry {
        var scene: Cached
        var stamp: SceneStamp
        var lastUse: UInt64
    }
    private struct State {
        var entries: [String: Entry] = [:]
        var clock: UInt64 = 0
    }
    private let state = Mutex(State())
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The cached scene for this id, if any, with its version and stamp.
    func get(_ id: String) -> (version: Int, stamp: SceneStamp, scene: Cached)? {
        state.withLock { s in
            // In place: copying the entry out and back retained and released every array of both
            // scenes it holds, twice, on every read.
            guard let index = s.entries.index(forKey: id) else { return nil }
            s.clock += 1
            s.entries.values[index].lastUse = s.clock
            let entry = s.entries.values[index]
            return (entry.scene.version, entry.stamp, entry.scene)
        }
    }

    /// Caches a parsed scene. `written` is true for the server's own writes (which are the
    /// truth); a reader's put (`written: false`) never replaces a newer version. An entry put
    /// back by a reader that loaded a scene just before it was deleted or rewritten is harmless:
    /// a read uses an entry only while its stamp is the store's.
    func put(_ id: String, version: Int, stamp: SceneStamp, scene: PreparedScene, written: Bool) {
        guard capacity > 0 else { return }
        state.withLock { s in
            if !written, let existing = s.entries[id], existing.scene.version > version { return }
            s.clock += 1
            s.entries[id] = Entry(scene: Cached(version: version, prepared: scene), stamp: stamp, lastUse: s.clock)
            if s.entries.count > capacity, let oldest = s.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                s.entries[oldest] = nil
            }
        }
    }

    /// Replaces the stamp of the cached version with an equal one that checks more cheaply.
    func restamp(_ id: String, _ stamp: SceneStamp) {
        state.withLock { s in
            guard let index = s.entries.index(forKey: id), s.entries.values[index].stamp == stamp else { return }
            s.entries.values[index].stamp = stamp
        }
    }

    /// Forgets a deleted scene.
    func remove(_ id: String) {
        state.withLock { s in s.entries[id] = nil }
    }

    var count: Int { state.withLock { $0.entries.count } }
}
