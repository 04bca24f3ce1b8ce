import Foundation
import Testing
import TouchTraceEngine
@testable import TouchTraceStore

/// Stamps: what a server checks on every read of a cached scene, to see writes by other
/// processes sharing the data directory (docs/deploy.md).
@Suite struct SceneStampTests {
    static func directory() -> String {
        let path = NSTemporaryDirectory() + "stamps-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static let scene = Array(#"{"window": {"id": "w"}}"#.utf8)

    @Test func aWriteByAnotherStoreOnTheSameDirectoryChangesTheStamp() async throws {
        let directory = Self.directory()
        let a = try FileSceneStore(directory: directory), b = try FileSceneStore(directory: directory)
        let (written, _) = try await a.put(id: "s", document: Self.scene, name: nil, viewCount: 1, condition: .none)
        let read = try await b.get(id: "s")
        #expect(read.stamp == written.stamp)
        #expect(try b.stamp(id: "s", known: nil) == written.stamp)
        #expect(try a.stamp(id: "s", known: read.stamp) == read.stamp)
        let (rewritten, _) = try await b.put(id: "s", document: Self.scene, name: nil, viewCount: 1, condition: .version(1))
        #expect(try a.stamp(id: "s", known: read.stamp) == rewritten.stamp)
        #expect(try a.stamp(id: "s", known: read.stamp) != read.stamp)
        try await b.delete(id: "s", condition: .none)
        #expect(try a.stamp(id: "s", known: rewritten.stamp) == nil)
    }

    /// A settled stamp is trusted on the file's identity alone (one stat); any other identity
    /// means reading the metadata line again.
    @Test func aSettledStampIsCheckedByIdentity() async throws {
        let store = try FileSceneStore(directory: Self.directory())
        let (written, _) = try await store.put(id: "s", document: Self.scene, name: nil, viewCount: 1, condition: .none)
        #expect(!written.stamp.settled)  // just written: its times could be shared by the next write
        let file = try #require(written.stamp.file)
        let settledCopy = SceneStamp(header: Array("not read".utf8), file: file, settled: true)
        #expect(try store.stamp(id: "s", known: settledCopy)?.header == settledCopy.header)  // stat only
        var moved = file
        moved.inode += 1
        let otherFile = SceneStamp(header: Array("not read".utf8), file: moved, settled: true)
        #expect(try store.stamp(id: "s", known: otherFile) == written.stamp)  // read again
    }
}
