import Testing
import TouchTraceEngine
@testable import TouchTraceServer

/// The parsed-scene cache: bounded, least recently used out, never older than what the server
/// wrote, and never resurrecting a deleted scene from a reader that loaded it just before.
@Suite struct SceneCacheTests {
    static let scene = try! SceneDecoder().decode(bytes: Array(#"{"window": {"id": "w"}}"#.utf8))

    @Test func readersNeverReplaceNewerVersionsOrBringBackDeletedScenes() {
        let cache = SceneCache(capacity: 4)
        cache.put("a", version: 2, scene: Self.scene, written: true)
        cache.put("a", version: 1, scene: Self.scene, written: false)  // a slow reader of v1
        #expect(cache.get("a")?.version == 2)
        cache.remove("a")  // DELETE
        cache.put("a", version: 2, scene: Self.scene, written: false)  // a reader that loaded v2 before the delete
        #expect(cache.get("a") == nil)
        cache.put("a", version: 4, scene: Self.scene, written: true)  // created again
        #expect(cache.get("a")?.version == 4)
    }

    @Test func leastRecentlyUsedGoesFirst() {
        let cache = SceneCache(capacity: 2)
        cache.put("a", version: 1, scene: Self.scene, written: true)
        cache.put("b", version: 1, scene: Self.scene, written: true)
        _ = cache.get("a")
        cache.put("c", version: 1, scene: Self.scene, written: true)
        #expect(cache.get("b") == nil)
        #expect(cache.get("a") != nil)
        #expect(cache.count == 2)
    }
}
