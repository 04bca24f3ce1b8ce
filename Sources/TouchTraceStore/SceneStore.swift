import TouchTraceEngine

/// A stored scene: the document exactly as the client sent it, and what the store keeps about it.
public struct StoredScene: Sendable, Equatable {
    public var id: String
    /// Increases by one on every write of this id (deletes included), starting at 1.
    public var version: Int
    public var name: String?
    public var viewCount: Int
    /// When it was written, as an RFC 3339 UTC timestamp.
    public var updated: String
    /// The scene document's bytes.
    public var document: [UInt8]
    /// What ``SceneStore/stamp(id:)`` answers while this version is the stored one.
    public var stamp: SceneStamp

    public init(id: String, version: Int, name: String?, viewCount: Int, updated: String, document: [UInt8], stamp: SceneStamp? = nil) {
        self.id = id
        self.version = version
        self.name = name
        self.viewCount = viewCount
        self.updated = updated
        self.document = document
        self.stamp = stamp ?? SceneStamp(version: version)
    }

    /// The entity tag of this version, quoted as HTTP sends it.
    public var etag: String { "\"v\(version)\"" }
    public var summary: SceneSummary {
        SceneSummary(id: id, version: version, name: name, viewCount: viewCount, updated: updated)
    }
}

/// Identifies one stored version of an id, and is cheap to check again: two stamps with the same
/// `header` are the same stored version. A server keeps parsed scenes with their stamp and asks
/// the store for the current one on every read, so a write by another server process sharing the
/// data directory is seen at once.
///
/// For files the header is the scene file's metadata line (id, version, updated), and the stamp
/// also keeps the file's identity from `stat` (device, inode, size, modification and change
/// times). Once a stamp is *settled* (its header was read when the file had not changed for a
/// second, longer than any filesystem's timestamp granularity) the identity alone tells whether
/// the file is still that version: a check is one `stat`. A newer file is a new inode with a new
/// change time, so it never matches a settled identity.
public struct SceneStamp: Sendable, Hashable {
    public let header: [UInt8]
    /// The file's identity when `header` was read (nil for stores without files).
    public let file: FileIdentity?
    /// Whether `file` alone identifies this version (see above).
    public let settled: Bool
    /// When the store last found `file` unchanged, for stores that can skip the next `stat`
    /// (``FileSceneStore``'s change signal). Not part of the stamp's identity.
    public let checked: StampCheck?

    public init(header: [UInt8], file: FileIdentity? = nil, settled: Bool = true, checked: StampCheck? = nil) {
        self.header = header
        self.file = file
        self.settled = settled
        self.checked = checked
    }

    /// The same stamp, checked again.
    func checked(_ check: StampCheck?) -> SceneStamp {
        SceneStamp(header: header, file: file, settled: settled, checked: check)
    }

    /// The stamp of a store whose versions live in memory.
    public init(version: Int) { self.init(header: Array(String(version).utf8)) }

    /// Same stored version.
    public static func == (a: SceneStamp, b: SceneStamp) -> Bool { a.header == b.header }
    public func hash(into hasher: inout Hasher) { hasher.combine(header) }
}

/// When a stamp's file was last found unchanged: the data directory's change counter, loaded
/// before that `stat`, and a monotonic time (ns) to bound how long the counter alone is trusted.
public struct StampCheck: Sendable, Hashable {
    public var changes: UInt64
    public var time: UInt64
}

/// A file's identity from `stat`: device, inode, size, and modification and change times (ns).
public struct FileIdentity: Sendable, Hashable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modified: Int64
    public var changed: Int64
}

/// What `list` returns per scene: no document.
public struct SceneSummary: Sendable, Equatable {
    public var id: String
    public var version: Int
    public var name: String?
    public var viewCount: Int
    public var updated: String
}

/// A page of summaries in id order; `nextCursor` continues after the last one.
public struct ScenePage: Sendable, Equatable {
    public var scenes: [SceneSummary]
    public var nextCursor: String?
}

/// A write's precondition, from `If-Match` / `If-None-Match`.
public enum WriteCondition: Sendable, Equatable {
    case none
    /// Only if the current version is this one (`If-Match`).
    case version(Int)
    /// Only if the scene exists (`If-Match: *`).
    case exists
    /// Only if the scene does not exist (`If-None-Match: *`).
    case absent
}

extension WriteCondition {
    /// Checks the condition against the live version of an id (nil when it does not exist).
    func check(liveVersion: Int?) throws(StoreError) {
        switch self {
        case .none: return
        case let .version(expected): if liveVersion != expected { throw .preconditionFailed(current: liveVersion) }
        case .exists: if liveVersion == nil { throw .preconditionFailed(current: nil) }
        case .absent: if let liveVersion { throw .preconditionFailed(current: liveVersion) }
        }
    }
}

public enum StoreError: Error, Sendable, Equatable {
    /// The id could escape the data directory or is otherwise not allowed.
    case invalidID(String)
    case notFound(String)
    /// The write's condition failed; `current` is the version now stored (nil when none).
    case preconditionFailed(current: Int?)
    /// The disk said no: the message names the call and errno.
    case io(String)
}

/// Where scenes live. Implementations serialise writes to one id (across processes, for files),
/// so that conditional writes (`If-Match`) never lose an update, and never leave a torn document
/// behind.
public protocol SceneStore: Sendable {
    /// Stores a new or replacing document under `id`, if `condition` holds. Returns the stored
    /// record and whether it was created (true) or replaced (false).
    func put(id: String, document: [UInt8], name: String?, viewCount: Int, condition: WriteCondition) async throws(StoreError) -> (StoredScene, created: Bool)
    func get(id: String) async throws(StoreError) -> StoredScene
    /// Deletes, if `condition` holds; the version of a deleted id is remembered, so a later
    /// create continues from it and an old `ETag` never matches a new document.
    func delete(id: String, condition: WriteCondition) async throws(StoreError)
    /// Summaries in id order, after `cursor`, at most `limit`.
    func list(limit: Int, after cursor: String?) async throws(StoreError) -> ScenePage
    /// How many scenes are stored now.
    func count() async -> Int
    /// The stamp of the version stored under `id` now, or nil when none is. `known`, a stamp the
    /// caller holds, lets the store answer with it when nothing changed (for files: one `stat`
    /// once the known stamp is settled). Synchronous and cheap: it runs on every read of a cached
    /// scene.
    func stamp(id: String, known: SceneStamp?) throws(StoreError) -> SceneStamp?
}

extension SceneID {
    /// A new random id: `scn_` and 20 base-32 characters (100 bits).
    public static func random() -> String {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789".utf8)
        var generator = SystemRandomNumberGenerator()
        var result = "scn_"
        for _ in 0..<20 { result.unicodeScalars.append(Unicode.Scalar(alphabet[Int(generator.next(upperBound: UInt32(alphabet.count)))])) }
        return result
    }
}
