import Synchronization
import TouchTraceEngine

/// Prepared scenes by content: the inline routes' scene documents, decoded, validated and laid
/// out once (their Auto Layout system solved, rule L6), reused by every later request that sends
/// the same bytes. A client that posts one scene many times with different changes or points —
/// a playground, a test suite, a design tool's plugin — then pays for the scene once.
///
/// The key is the document's bytes: a 64-bit hash (``digest(_:)``) picks the entry and the
/// bytes are compared in full, so a collision costs a comparison, never a wrong scene. Anything
/// in a scene document can change its initial layout (frames, masks, classes, text, intrinsic
/// sizes, constraints), so only byte-identical documents share a preparation. Bounded by entry
/// count, by the bytes of the documents and by the views of the scenes it keeps, least recently
/// used first out.
///
/// A document is kept the second time it is prepared, not the first (``offer(_:for:)``, a
/// doorkeeper): the first time only its digest is remembered (the last ``rememberedDigests``
/// of them). Keeping a preparation is not free — the request then continues from a copy of the
/// kept engine instead of its own, an older preparation is pushed out and freed, and the heap
/// fragments around the kept ones: a new 1,000-view card document cost 16.2 ms of server CPU
/// with every document kept against 12.9 ms with none (docs/benchmarks.md, issue 27) — and a
/// client that sends each scene once (a CI run, an import) would pay it for nothing. A client
/// that repeats a scene pays one more preparation, on its second send, and is answered from
/// the cache from the third. One cache
/// serves one set of limits (a server's configuration): the preparation obeys the limits it was
/// made under; a request's own time budget is applied with ``PreparedScene/using(_:)``.
///
/// Outside the engine, which keeps no state: a transport owns one (the server does).
public final class PreparedSceneCache: Sendable {
    private struct Entry {
        var digest: UInt64
        var document: [UInt8]
        var scene: PreparedScene
        var views: Int
        var lastUse: UInt64
    }
    private struct State {
        var entries: [Entry] = []
        var bytes = 0
        var views = 0
        var clock: UInt64 = 0
        var hits = 0
        var misses = 0
        /// Digests of documents prepared once and not kept, oldest overwritten first.
        var remembered: [UInt64] = []
        var nextRemembered = 0
    }
    private let state = Mutex(State())
    /// At most this many documents are kept.
    public let capacity: Int
    /// At most this many bytes of documents are kept (a document larger than this is not kept).
    public let maxBytes: Int
    /// At most this many views in the scenes kept (a prepared scene's memory grows with its
    /// views, not with its document's bytes; a scene with more is not kept).
    public let maxViews: Int

    /// How many documents prepared once are remembered (by digest, 8 bytes each) so that their
    /// second preparation is kept.
    public static let rememberedDigests = 64

    public init(capacity: Int = 8, maxBytes: Int = 64 << 20, maxViews: Int = 50_000) {
        self.capacity = max(0, capacity)
        self.maxBytes = max(0, maxBytes)
        self.maxViews = max(0, maxViews)
    }

    /// The number of lookups answered from the cache and not, since it was made.
    public var counts: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }

    /// A document and its digest (``digest(_:)``), worked out once: a request that misses the
    /// cache looks it up and then offers its preparation, and each pass over the bytes of a
    /// 107 kB card document costs some 13,000 steps of eight bytes (issue 27).
    public struct Key: Sendable {
        public let document: ArraySlice<UInt8>
        public let digest: UInt64

        public init(_ document: ArraySlice<UInt8>) {
            self.document = document
            digest = PreparedSceneCache.digest(document)
        }
    }

    /// The prepared scene kept for a document with exactly these bytes, if any.
    public func scene(for document: ArraySlice<UInt8>) -> PreparedScene? { scene(for: Key(document)) }

    /// The prepared scene kept for the key's document, if any.
    public func scene(for key: Key) -> PreparedScene? {
        let (document, digest) = (key.document, key.digest)
        return state.withLock { s in
            for i in s.entries.indices where s.entries[i].digest == digest && Self.same(s.entries[i].document[...], document) {
                s.clock += 1
                s.entries[i].lastUse = s.clock
                s.hits += 1
                return s.entries[i].scene
            }
            s.misses += 1
            return nil
        }
    }

    /// Keeps a document's preparation. Not kept: one whose preparation ran past its time budget
    /// (it may be unfinished), documents larger than ``maxBytes`` and scenes with more views
    /// than ``maxViews``.
    public func keep(_ scene: PreparedScene, for document: ArraySlice<UInt8>) { keep(scene, for: Key(document)) }

    /// ``keep(_:for:)`` with the document's digest already worked out.
    public func keep(_ scene: PreparedScene, for key: Key) {
        let (document, digest) = (key.document, key.digest)
        let views = scene.scene.views.count
        guard capacity > 0, document.count <= maxBytes, views <= maxViews, !scene.limits.budget.isExhausted else { return }
        let entry = Array(document)
        // The entries pushed out are returned and dropped after the lock is released: freeing a
        // prepared scene (about 13 MB for the 1,000-view card scene) takes about a millisecond,
        // during which every other request's lookup would wait.
        _ = state.withLock { s -> [Entry] in
            if s.entries.contains(where: { $0.digest == digest && Self.same($0.document[...], document) }) { return [] }
            s.clock += 1
            s.entries.append(Entry(digest: digest, document: entry, scene: scene, views: views, lastUse: s.clock))
            s.bytes += entry.count
            s.views += views
            var evicted: [Entry] = []
            while s.entries.count > capacity || s.bytes > maxBytes || s.views > maxViews,
                let oldest = s.entries.indices.min(by: { s.entries[$0].lastUse < s.entries[$1].lastUse })
            {
                s.bytes -= s.entries[oldest].document.count
                s.views -= s.entries[oldest].views
                evicted.append(s.entries.remove(at: oldest))
            }
            return evicted
        }
    }

    /// A preparation just made for a document the cache did not hold: kept (``keep(_:for:)``)
    /// when the same document was offered before, else only its digest is remembered, so that
    /// the next time it is prepared it is kept. Returns whether it was kept.
    @discardableResult
    public func offer(_ scene: PreparedScene, for document: ArraySlice<UInt8>) -> Bool { offer(scene, for: Key(document)) }

    /// ``offer(_:for:)`` with the document's digest already worked out (the lookup's).
    @discardableResult
    public func offer(_ scene: PreparedScene, for key: Key) -> Bool {
        guard capacity > 0 else { return false }
        let digest = key.digest
        let seenBefore = state.withLock { s -> Bool in
            if let i = s.remembered.firstIndex(of: digest) {
                // Cleared, not removed (the ring's order stays): a document whose digest is 0
                // would count as remembered and be kept the first time, which is harmless.
                s.remembered[i] = 0
                return true
            }
            if s.remembered.count < Self.rememberedDigests {
                s.remembered.append(digest)
            } else {
                s.remembered[s.nextRemembered] = digest
                s.nextRemembered = (s.nextRemembered + 1) % Self.rememberedDigests
            }
            return false
        }
        guard seenBefore else { return false }
        keep(scene, for: key)
        return true
    }

    /// The inline request's scene, prepared: from the cache when these bytes were prepared
    /// and kept before, else decoded (problems under `/scene`), prepared and offered to the
    /// cache (kept the second time, ``offer(_:for:)``). nil when the request has no `"scene"`.
    public func prepared(for inline: InlineSceneRequest, limits: SceneLimits) throws(InputError) -> PreparedScene? {
        guard let document = inline.sceneBytes else { return nil }
        let key = Key(document)
        if let kept = scene(for: key) { return kept.using(limits) }
        guard let scene = try inline.decodeScene(limits: limits) else { return nil }
        let prepared = PreparedScene(scene, limits: limits)
        offer(prepared, for: key)
        return prepared
    }

    /// Whether two documents have the same bytes (compared eight at a time).
    static func same(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                var i = 0
                while i + 8 <= x.count {
                    if x.loadUnaligned(fromByteOffset: i, as: UInt64.self) != y.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
                    i += 8
                }
                while i < x.count {
                    if x[i] != y[i] { return false }
                    i += 1
                }
                return true
            }
        }
    }

    /// A 64-bit hash of the bytes, eight at a time (not cryptographic: entries are compared in
    /// full). About a tenth of a millisecond for a 300 KB document.
    public static func digest(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: raw.count)
            var i = 0
            while i + 8 <= raw.count {
                h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                h ^= h >> 29
                i += 8
            }
            while i < raw.count {
                h = (h ^ UInt64(truncatingIfNeeded: raw[i])) &* 0xC4CE_B9FE_1A85_EC53
                i += 1
            }
            return h ^ (h >> 32)
        }
    }
}
