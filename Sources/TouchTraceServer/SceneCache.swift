import Synchronization
import TouchTraceEngine

/// Parsed scenes by id and version, least recently used first out. A stored scene is parsed
/// once and reused by every trace request until it is written again.
final class SceneCache: Sendable {
    private struct Entry {
        var version: Int
        var scene: Scene
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

    /// The cached scene for this id, if any, with its version.
    func get(_ id: String) -> (version: Int, scene: Scene)? {
        state.withLock { s in
            guard var entry = s.entries[id] else { return nil }
            s.clock += 1
            entry.lastUse = s.clock
            s.entries[id] = entry
            return (entry.version, entry.scene)
        }
    }

    func put(_ id: String, version: Int, scene: Scene) {
        guard capacity > 0 else { return }
        state.withLock { s in
            if let existing = s.entries[id], existing.version > version { return }
            s.clock += 1
            s.entries[id] = Entry(version: version, scene: scene, lastUse: s.clock)
            if s.entries.count > capacity, let oldest = s.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                s.entries[oldest] = nil
            }
        }
    }

    func remove(_ id: String) {
        _ = state.withLock { $0.entries.removeValue(forKey: id) }
    }

    var count: Int { state.withLock { $0.entries.count } }
}
