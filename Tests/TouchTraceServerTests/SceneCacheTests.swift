import Testing
import TouchTraceEngine
import TestSupport
import TouchTraceStore
@testable import TouchTraceServer

/// The parsed-scene cache: bounded, least recently used out, never older than what the server
/// wrote. (That a stale entry is never served, whoever wrote or deleted the scene, is the stamp
/// check on every read: ReplicaTests.)
@Suite struct SceneCacheTests {
    static let scene = PreparedScene(try! SceneDecoder().decode(bytes: Array(#"{"window": {"id": "w"}}"#.utf8)))

    @Test func readersNeverReplaceNewerVersions() {
        let cache = SceneCache(capacity: 4)
        cache.put("a", version: 2, stamp: SceneStamp(version: 2), scene: Self.scene, written: true)
        cache.put("a", version: 1, stamp: SceneStamp(version: 1), scene: Self.scene, written: false)  // a slow reader of v1
        #expect(cache.get("a")?.version == 2)
        #expect(cache.get("a")?.stamp == SceneStamp(version: 2))
        cache.remove("a")  // DELETE
        #expect(cache.get("a") == nil)
        cache.put("a", version: 4, stamp: SceneStamp(version: 4), scene: Self.scene, written: true)  // created again
        #expect(cache.get("a")?.version == 4)
    }

    @Test func leastRecentlyUsedGoesFirst() {
        let cache = SceneCache(capacity: 2)
        cache.put("a", version: 1, stamp: SceneStamp(version: 1), scene: Self.scene, written: true)
        cache.put("b", version: 1, stamp: SceneStamp(version: 1), scene: Self.scene, written: true)
        _ = cache.get("a")
        cache.put("c", version: 1, stamp: SceneStamp(version: 1), scene: Self.scene, written: true)
        #expect(cache.get("b") == nil)
        #expect(cache.get("a") != nil)
        #expect(cache.count == 2)
    }

    @Test func keepsTheSceneAsStoredAndAfterItsInitialLayout() throws {
        let raw = try SceneDecoder().decode(bytes: Array(#"""
            {"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "subviews": [
              {"id": "box", "translatesAutoresizingMaskIntoConstraints": false, "constraints": [
                {"firstAttribute": "width", "constant": 100}, {"firstAttribute": "height", "constant": 40},
                {"firstAttribute": "leading", "secondItem": "w", "secondAttribute": "leading", "constant": 20},
                {"firstAttribute": "top", "secondItem": "w", "secondAttribute": "top", "constant": 60}]}]}}
            """#.utf8))
        let cached = PreparedScene(raw)
        let box = try #require(raw.viewIndex("box"))
        #expect(!cached.scene.initialLayoutDone && cached.scene.views[box].frame == .zero)
        #expect(cached.laidOut.initialLayoutDone)
        #expect(cached.laidOut.views[box].frame == Rect(x: 20, y: 60, width: 100, height: 40))
    }
}
