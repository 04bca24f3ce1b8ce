import Dispatch
import Foundation
import Synchronization
import TouchTraceEngine

/// Scenes as files: `<data-dir>/<id>.scene` holds one line of metadata (JSON) and then the
/// document exactly as it was sent; `<id>.deleted` remembers the version of a deleted scene.
///
/// - Writes are atomic and durable (`DurableFile`) and serialised per id, within the process
///   (`KeyedLock`) and across processes (`FileLock` on `.<id>.lock`), so a conditional write
///   (`If-Match`) compares and writes without another writer in between, whichever server
///   process sharing the directory it comes through.
/// - Every version has a stamp (its metadata line), read again cheaply by `stamp(id:)`.
/// - Start-up reads no scene; `count()` lists the directory (other processes may write there).
/// - Ids are checked by `SceneID.isValid`, so no path leaves the data directory.
/// - Blocking file calls run on a dispatch queue, never on Swift concurrency's threads.
public final class FileSceneStore: SceneStore {
    public let directory: String
    private let locks = KeyedLock()
    private let now: @Sendable () -> String
    private let queue = DispatchQueue(label: "touchtrace.store.io", attributes: .concurrent)
    /// The directory's change counter (nil off local filesystems: then every check is a `stat`).
    private let changes: ChangeSignal?
    /// How long a checked stamp is trusted on an unchanged counter alone (ns).
    let recheckInterval: UInt64

    static let sceneSuffix = ".scene"
    static let tombstoneSuffix = ".deleted"

    /// Opens (and creates, if needed) the data directory. `now` gives the `updated` timestamp.
    /// `recheckInterval` bounds how long a scene file found unchanged is trusted without a `stat`
    /// while the directory's change counter has not moved (see ``stamp(id:known:)``).
    public init(
        directory: String, now: @escaping @Sendable () -> String = FileSceneStore.timestamp,
        recheckInterval: Duration = FileSceneStore.defaultRecheckInterval
    ) throws(StoreError) {
        self.directory = directory
        self.now = now
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .io("cannot create the data directory \(directory): \(error.localizedDescription)")
        }
        changes = ChangeSignal.open(directory: directory)
        let (seconds, attoseconds) = recheckInterval.components
        self.recheckInterval = UInt64(clamping: max(0, seconds)) &* 1_000_000_000 &+ UInt64(clamping: max(0, attoseconds / 1_000_000_000))
        _ = try Self.countScenes(in: directory)
    }

    /// Scene files not shadowed by a newer tombstone's name (a delete cut short by a crash leaves
    /// both; the scene is deleted).
    static func countScenes(in directory: String) throws(StoreError) -> Int {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .io("cannot list the data directory \(directory): \(error.localizedDescription)")
        }
        let tombstones = Set(names.filter { $0.hasSuffix(Self.tombstoneSuffix) }.map { String($0.dropLast(Self.tombstoneSuffix.count)) })
        let scenes = names.filter { !$0.hasPrefix(".") && $0.hasSuffix(Self.sceneSuffix) }
            .map { String($0.dropLast(Self.sceneSuffix.count)) }
        return scenes.filter { !tombstones.contains($0) }.count
    }

    /// A writer that renames a scene file without adding to the change counter (a process killed
    /// between the two, a hand edit) is seen within this time.
    public static let defaultRecheckInterval = Duration.milliseconds(100)

    /// Whether reads of unchanged scenes skip the `stat` (the directory is on a local filesystem).
    public var hasChangeSignal: Bool { changes != nil }

    @Sendable public static func timestamp() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date())
    }

    private func scenePath(_ id: String) -> String { directory + "/" + id + Self.sceneSuffix }
    private func tombstonePath(_ id: String) -> String { directory + "/" + id + Self.tombstoneSuffix }
    private func lockPath(_ id: String) -> String { directory + "/." + id + ".lock" }

    /// The id's cross-process write lock, held around `body` (which runs on the I/O queue).
    private func exclusive<T>(_ id: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try FileLock.withExclusiveLock(lockPath(id), body)
    }

    /// Runs blocking file work off Swift concurrency's threads.
    private func blocking<T: Sendable>(_ body: @escaping @Sendable () throws(StoreError) -> T) async throws(StoreError) -> T {
        let result: Result<T, StoreError> = await withCheckedContinuation { continuation in
            queue.async {
                do throws(StoreError) {
                    continuation.resume(returning: .success(try body()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// The current state of an id: the live record's header, or the last version if deleted.
    private func state(_ id: String) throws(StoreError) -> (header: Header?, version: Int) {
        let header = try DurableFile.readFirstLine(scenePath(id)).flatMap { Header(line: $0.0) }
        let tombstone = try DurableFile.read(tombstonePath(id)).flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0
        if let header, header.version > tombstone { return (header, header.version) }
        return (nil, max(header?.version ?? 0, tombstone))
    }

    public func put(id: String, document: [UInt8], name: String?, viewCount: Int, condition: WriteCondition) async throws(StoreError) -> (StoredScene, created: Bool) {
        guard SceneID.isValid(id) else { throw .invalidID(id) }
        let updated = now()
        let result = try await locks.withLock(id) { () async throws(StoreError) -> (StoredScene, created: Bool) in
            try await self.blocking { () throws(StoreError) -> (StoredScene, created: Bool) in
                try self.exclusive(id) { () throws(StoreError) -> (StoredScene, created: Bool) in
                    let (live, version) = try self.state(id)
                    try condition.check(liveVersion: live?.version)
                    let header = Header(id: id, version: version + 1, name: name, viewCount: viewCount, updated: updated)
                    let bytes = header.line + [0x0A] + document
                    try DurableFile.write(bytes, to: self.scenePath(id), directory: self.directory, tempName: ".\(id).\(UInt64.random(in: 0...UInt64.max)).tmp")
                    try DurableFile.remove(self.tombstonePath(id), directory: self.directory)
                    self.changes?.bump()
                    var stored = header.stored(document: document)
                    // Still under the lock: the file is this version.
                    if let st = try DurableFile.status(self.scenePath(id)) {
                        stored.stamp = SceneStamp(header: header.line, file: DurableFile.identity(st), settled: false)
                    }
                    return (stored, live == nil)
                }
            }
        }
        return result
    }

    public func get(id: String) async throws(StoreError) -> StoredScene {
        guard SceneID.isValid(id) else { throw .invalidID(id) }
        return try await blocking { () throws(StoreError) -> StoredScene in
            guard let (bytes, st) = try DurableFile.readWithStatus(self.scenePath(id)),
                let newline = bytes.firstIndex(of: 0x0A),
                let header = Header(line: Array(bytes[..<newline]))
            else { throw .notFound(id) }
            let tombstone = try DurableFile.read(self.tombstonePath(id)).flatMap { Int(String(decoding: $0, as: UTF8.self)) } ?? 0
            guard header.version > tombstone else { throw .notFound(id) }
            var stored = header.stored(document: Array(bytes[(newline + 1)...]))
            stored.stamp = SceneStamp(header: Array(bytes[..<newline]), file: DurableFile.identity(st), settled: DurableFile.isSettled(st))
            return stored
        }
    }

    public func delete(id: String, condition: WriteCondition) async throws(StoreError) {
        guard SceneID.isValid(id) else { throw .invalidID(id) }
        try await locks.withLock(id) { () async throws(StoreError) in
            try await self.blocking { () throws(StoreError) in
                try self.exclusive(id) { () throws(StoreError) in
                    let (live, version) = try self.state(id)
                    guard live != nil else { throw .notFound(id) }
                    try condition.check(liveVersion: live?.version)
                    // The tombstone first: from the moment it is durable the scene is deleted.
                    try DurableFile.write(Array(String(version + 1).utf8), to: self.tombstonePath(id), directory: self.directory, tempName: ".\(id).\(UInt64.random(in: 0...UInt64.max)).tmp")
                    try DurableFile.remove(self.scenePath(id), directory: self.directory)
                    self.changes?.bump()
                }
            }
        }
    }

    public func list(limit: Int, after cursor: String?) async throws(StoreError) -> ScenePage {
        try await blocking { () throws(StoreError) -> ScenePage in
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: self.directory)
            } catch {
                throw .io("cannot list \(self.directory): \(error.localizedDescription)")
            }
            let ids = names.filter { !$0.hasPrefix(".") && $0.hasSuffix(Self.sceneSuffix) }
                .map { String($0.dropLast(Self.sceneSuffix.count)) }
                .filter { cursor == nil || $0 > cursor! }
                .sorted()
            var page: [SceneSummary] = []
            var last: String?
            for id in ids {
                if page.count == limit { return ScenePage(scenes: page, nextCursor: last) }
                last = id
                if let header = try self.state(id).header {
                    page.append(header.stored(document: []).summary)
                }
            }
            return ScenePage(scenes: page, nextCursor: nil)
        }
    }

    public func count() async -> Int {
        (try? await blocking { () throws(StoreError) -> Int in try Self.countScenes(in: self.directory) }) ?? 0
    }

    /// No system call when `known` is settled, was found unchanged less than `recheckInterval`
    /// ago, and the directory's change counter has not moved since (no process sharing the
    /// directory on this machine has written a scene); one `stat` when `known` is settled and the
    /// file is unchanged (the answer then carries the new check); otherwise the metadata line is
    /// read (an `open`, which on NFS also revalidates the file).
    public func stamp(id: String, known: SceneStamp?) throws(StoreError) -> SceneStamp? {
        guard SceneID.isValid(id) else { throw .invalidID(id) }
        // Loaded before the stat: a write renamed in after this load moves the counter again.
        let counter = changes?.load()
        let now = counter == nil ? 0 : Self.monotonicCoarse()
        if let known, known.settled, known.file != nil, let counter, let checked = known.checked, checked.changes == counter,
            now &- checked.time < recheckInterval
        {
            return known
        }
        // The path is made only for a system call (three string appends, an allocation).
        let path = scenePath(id)
        if let known, known.settled, let file = known.file {
            guard let st = try DurableFile.status(path) else { return nil }
            if DurableFile.identity(st) == file { return known.checked(counter.map { StampCheck(changes: $0, time: now) }) }
        }
        guard let (line, st) = try DurableFile.readFirstLine(path) else { return nil }
        let settled = DurableFile.isSettled(st)
        return SceneStamp(
            header: line, file: DurableFile.identity(st), settled: settled,
            checked: settled ? counter.map { StampCheck(changes: $0, time: now) } : nil)
    }

    /// A monotonic clock at the kernel tick's resolution (no system call).
    private static func monotonicCoarse() -> UInt64 {
        var now = timespec()
        #if os(Linux)
        clock_gettime(CLOCK_MONOTONIC_COARSE, &now)
        #else
        clock_gettime(CLOCK_MONOTONIC, &now)
        #endif
        return UInt64(clamping: now.tv_sec) &* 1_000_000_000 &+ UInt64(clamping: now.tv_nsec)
    }
}

/// The metadata line at the start of a scene file.
struct Header: Sendable, Equatable {
    var id: String
    var version: Int
    var name: String?
    var viewCount: Int
    var updated: String

    var line: [UInt8] {
        JSONWriter().bytes(.obj([
            "id": .string(id), "version": .number(Double(version)), "name": .string(orNull: name),
            "views": .number(Double(viewCount)), "updated": .string(updated),
        ]))
    }

    init(id: String, version: Int, name: String?, viewCount: Int, updated: String) {
        self.id = id
        self.version = version
        self.name = name
        self.viewCount = viewCount
        self.updated = updated
    }

    init?(line: [UInt8]) {
        guard let json = try? JSONParser().parse(line),
            case let .string(id)? = json["id"], case let .number(version)? = json["version"],
            case let .number(views)? = json["views"], case let .string(updated)? = json["updated"]
        else { return nil }
        var name: String?
        if case let .string(n)? = json["name"] { name = n }
        self.init(id: id, version: Int(version), name: name, viewCount: Int(views), updated: updated)
    }

    func stored(document: [UInt8]) -> StoredScene {
        StoredScene(id: id, version: version, name: name, viewCount: viewCount, updated: updated, document: document, stamp: SceneStamp(header: line))
    }
}
