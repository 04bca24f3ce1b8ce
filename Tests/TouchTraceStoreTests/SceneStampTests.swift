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

    /// The directory's change counter (`.changes`, mapped by every store on it): a stamp found
    /// unchanged a moment ago is trusted without a `stat` until another store on the directory
    /// writes, which it sees at once.
    @Test(.enabled(if: (try? FileSceneStore(directory: directory()))?.hasChangeSignal == true, "the temporary directory is not on a local filesystem"))
    func aWriteByAnotherStoreMovesTheChangeCounter() async throws {
        let directory = Self.directory()
        let a = try FileSceneStore(directory: directory, recheckInterval: .seconds(60))
        let b = try FileSceneStore(directory: directory, recheckInterval: .seconds(60))
        let (written, _) = try await a.put(id: "s", document: Self.scene, name: nil, viewCount: 1, condition: .none)
        let file = try #require(written.stamp.file)
        let settled = SceneStamp(header: written.stamp.header, file: file, settled: true)
        let checked = try #require(try b.stamp(id: "s", known: settled))
        #expect(checked == written.stamp && checked.checked != nil)  // a stat, and the check it made
        #expect(try b.stamp(id: "s", known: checked)?.checked == checked.checked)  // trusted as it is
        let (rewritten, _) = try await a.put(id: "s", document: Self.scene, name: nil, viewCount: 1, condition: .version(1))
        #expect(try b.stamp(id: "s", known: checked) == rewritten.stamp)
        try await a.delete(id: "s", condition: .none)
        #expect(try b.stamp(id: "s", known: checked) == nil)
    }

    /// A scene file replaced without the counter moving (by hand, or by a process killed between
    /// its rename and its increment) is seen once the recheck interval has passed: the window is
    /// the documented bound (docs/deploy.md), and before it the check costs no system call.
    @Test(.enabled(if: (try? FileSceneStore(directory: directory()))?.hasChangeSignal == true, "the temporary directory is not on a local filesystem"))
    func aRenameBehindTheCountersBackIsSeenWithinTheRecheckInterval() async throws {
        let directory = Self.directory()
        let store = try FileSceneStore(directory: directory, recheckInterval: .seconds(2))
        let (written, _) = try await store.put(id: "s", document: Self.scene, name: nil, viewCount: 1, condition: .none)
        let file = try #require(written.stamp.file)
        let settled = SceneStamp(header: written.stamp.header, file: file, settled: true)
        let checked = try #require(try store.stamp(id: "s", known: settled))
        let header = Array(#"{"id":"s","name":null,"updated":"2026-01-01T00:00:00Z","version":7,"views":1}"#.utf8)
        let replacement = Data(header + [0x0A] + Self.scene)
        try replacement.write(to: URL(fileURLWithPath: directory + "/s.scene"), options: .atomic)
        #expect(try store.stamp(id: "s", known: checked) == checked)  // within the interval: not looked at
        try await Task.sleep(for: .milliseconds(2_300))
        #expect(try store.stamp(id: "s", known: checked)?.header == header)
    }
}
