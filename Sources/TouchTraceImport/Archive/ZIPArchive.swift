/// Bounds on a ZIP archive (`.sketch`, `.penpot`), all checked against the central directory
/// BEFORE anything is inflated, and again while inflating (a declared size can lie): hostile
/// archives (zip bombs, thousands of entries, `../` names) are refused in well under a second.
public struct ArchiveLimits: Sendable, Hashable {
    /// The most entries (files and folders) in the archive.
    public var maxEntries: Int
    /// The most bytes one entry may inflate to.
    public var maxEntryBytes: Int
    /// The most bytes all entries together may inflate to.
    public var maxTotalBytes: Int
    /// The highest ratio of an entry's inflated size to its compressed size. DEFLATE reaches
    /// about 1,032:1 at best; JSON compresses 5–30:1 and a Sketch page of repeated layers up
    /// to about 100:1, so 250:1 leaves room for real files and refuses bombs.
    public var maxCompressionRatio: Int

    public init(maxEntries: Int = 10_000, maxEntryBytes: Int = 64 << 20, maxTotalBytes: Int = 256 << 20, maxCompressionRatio: Int = 250) {
        self.maxEntries = maxEntries
        self.maxEntryBytes = maxEntryBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxCompressionRatio = maxCompressionRatio
    }
}

/// A ZIP archive (PKWARE APPNOTE 6.3) read from memory: the central directory is parsed and every
/// entry checked (names, sizes, ratio, count, duplicates, methods) when the archive is opened;
/// entries are inflated one at a time, on demand. Stored and DEFLATE entries are read; ZIP64,
/// encryption, multi-disk archives and other methods are refused with a message.
struct ZIPArchive {
    struct Entry {
        let name: String
        let method: Int
        let flags: Int
        let crc: UInt32
        let compressedSize: Int
        let uncompressedSize: Int
        let localHeaderOffset: Int
        var isDirectory: Bool { name.hasSuffix("/") }
    }

    let bytes: [UInt8]
    let limits: ArchiveLimits
    private(set) var entries: [Entry] = []
    private(set) var index: [String: Int] = [:]

    /// Whether the bytes start as a ZIP archive does (a local file header, or the end record of
    /// an empty archive).
    static func looksLikeZIP(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B
            && ((bytes[2] == 3 && bytes[3] == 4) || (bytes[2] == 5 && bytes[3] == 6))
    }

    init(_ bytes: [UInt8], limits: ArchiveLimits) throws(ImportError) {
        self.bytes = bytes
        self.limits = limits
        let end = try Self.endRecord(bytes)
        let count = Int(truncatingIfNeeded: u16(end + 10))
        let directorySize = Int(truncatingIfNeeded: u32(end + 12))
        let directoryOffset = Int(truncatingIfNeeded: u32(end + 16))
        guard u16(end + 4) == 0, u16(end + 6) == 0, Int(truncatingIfNeeded: u16(end + 8)) == count else {
            throw Self.refuse("it spans several disks (a split archive)")
        }
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            throw Self.refuse("it is a ZIP64 archive, which is not read (a design file never needs one: save it again with the design tool)")
        }
        guard count <= limits.maxEntries else {
            throw ImportError(.limitExceeded, "the archive has \(count) entries; the limit is \(limits.maxEntries)")
        }
        guard directoryOffset <= end, directorySize <= end - directoryOffset else {
            throw Self.refuse("its central directory lies outside the file")
        }
        var p = directoryOffset
        var total = 0
        entries.reserveCapacity(count)
        for i in 0..<count {
            guard p + 46 <= directoryOffset + directorySize, u32(p) == 0x0201_4B50 else {
                throw Self.refuse("central directory entry \(i) is damaged")
            }
            let flags = Int(truncatingIfNeeded: u16(p + 8)), method = Int(truncatingIfNeeded: u16(p + 10))
            let crc = u32(p + 16)
            let compressed = Int(truncatingIfNeeded: u32(p + 20)), uncompressed = Int(truncatingIfNeeded: u32(p + 24))
            let nameLength = Int(truncatingIfNeeded: u16(p + 28)), extraLength = Int(truncatingIfNeeded: u16(p + 30)), commentLength = Int(truncatingIfNeeded: u16(p + 32))
            let offset = Int(truncatingIfNeeded: u32(p + 42))
            let next = p + 46 + nameLength + extraLength + commentLength
            guard next <= directoryOffset + directorySize else { throw Self.refuse("central directory entry \(i) runs past the directory") }
            let name = String(decoding: bytes[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self)
            let shown = Self.shown(name)
            try Self.checkName(name, shown: shown)
            guard index[name] == nil else { throw Self.refuse("two entries are named \(shown) (a duplicate name can hide one file behind another)") }
            if flags & 1 != 0 { throw Self.refuse("entry \(shown) is encrypted") }
            guard method == 0 || method == 8 else {
                throw Self.refuse("entry \(shown) uses compression method \(method); only stored (0) and deflate (8) are read")
            }
            if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
                throw Self.refuse("entry \(shown) needs ZIP64, which is not read")
            }
            guard uncompressed <= limits.maxEntryBytes else {
                throw ImportError(.limitExceeded, "archive entry \(shown) inflates to \(uncompressed) bytes; the limit is \(limits.maxEntryBytes)")
            }
            total += uncompressed
            guard total <= limits.maxTotalBytes else {
                throw ImportError(.limitExceeded, "the archive's entries inflate to more than \(limits.maxTotalBytes) bytes (at entry \(shown))")
            }
            if method == 0, compressed != uncompressed { throw Self.refuse("stored entry \(shown) declares two different sizes") }
            if uncompressed > 0, method == 8, compressed == 0 || uncompressed / max(compressed, 1) > limits.maxCompressionRatio {
                throw ImportError(
                    .limitExceeded,
                    "archive entry \(shown) would inflate \(compressed == 0 ? "from nothing" : "\(uncompressed / max(compressed, 1)):1") (\(compressed) → \(uncompressed) bytes); the limit is \(limits.maxCompressionRatio):1")
            }
            guard offset < directoryOffset else { throw Self.refuse("entry \(shown) starts outside the archive's data") }
            if Self.isArchiveName(name) { throw Self.refuse("entry \(shown) is itself an archive; nested archives are not read") }
            index[name] = entries.count
            entries.append(
                Entry(name: name, method: method, flags: flags, crc: crc, compressedSize: compressed, uncompressedSize: uncompressed, localHeaderOffset: offset))
            p = next
        }
    }

    /// The entry named `name`, if any.
    func entry(_ name: String) -> Entry? { index[name].map { entries[$0] } }

    /// The entry's bytes, inflated and checked against its CRC-32 and declared size.
    func data(_ entry: Entry) throws(ImportError) -> [UInt8] {
        let p = entry.localHeaderOffset
        let shown = Self.shown(entry.name)
        guard p + 30 <= bytes.count, u32(p) == 0x0403_4B50 else { throw Self.refuse("the local header of entry \(shown) is damaged") }
        let start = p + 30 + Int(truncatingIfNeeded: u16(p + 26)) + Int(truncatingIfNeeded: u16(p + 28))
        guard start <= bytes.count, entry.compressedSize <= bytes.count - start else { throw Self.refuse("entry \(shown) runs past the end of the file") }
        let raw = bytes[start..<(start + entry.compressedSize)]
        let out: [UInt8]
        if entry.method == 0 {
            out = Array(raw)
        } else {
            do {
                out = try Inflate.inflate(raw, limit: entry.uncompressedSize, expected: entry.uncompressedSize)
            } catch {
                throw Self.refuse("entry \(shown) does not inflate: \(error.message)")
            }
        }
        guard out.count == entry.uncompressedSize else {
            throw Self.refuse("entry \(shown) inflates to \(out.count) bytes, not the \(entry.uncompressedSize) its header declares")
        }
        guard CRC32.checksum(out) == entry.crc else { throw Self.refuse("entry \(shown) fails its CRC-32 check") }
        if Self.looksLikeZIP(out) { throw Self.refuse("entry \(shown) is itself a ZIP archive; nested archives are not read") }
        return out
    }

    // MARK: Reading

    @inline(__always) func u16(_ p: Int) -> UInt16 { UInt16(truncatingIfNeeded: bytes[p]) | UInt16(truncatingIfNeeded: bytes[p + 1]) << 8 }
    @inline(__always) func u32(_ p: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: bytes[p]) | UInt32(truncatingIfNeeded: bytes[p + 1]) << 8 | UInt32(truncatingIfNeeded: bytes[p + 2]) << 16 | UInt32(truncatingIfNeeded: bytes[p + 3]) << 24
    }

    /// The offset of the end-of-central-directory record: searched backwards over the last
    /// 65,557 bytes (22 bytes and the longest comment).
    static func endRecord(_ bytes: [UInt8]) throws(ImportError) -> Int {
        guard bytes.count >= 22 else { throw refuse("it is shorter than a ZIP end record") }
        var p = bytes.count - 22
        let stop = max(0, bytes.count - 22 - 65_535)
        while p >= stop {
            if bytes[p] == 0x50, bytes[p + 1] == 0x4B, bytes[p + 2] == 5, bytes[p + 3] == 6 {
                let commentLength = Int(truncatingIfNeeded: bytes[p + 20]) | Int(truncatingIfNeeded: bytes[p + 21]) << 8
                if p + 22 + commentLength == bytes.count { return p }
            }
            p -= 1
        }
        throw refuse("it has no end-of-central-directory record (truncated, or not a ZIP archive)")
    }

    /// Refuses names that could escape a folder or confuse a reader: absolute paths, drive
    /// letters, `..` components, backslashes, control characters, empty names.
    static func checkName(_ name: String, shown: String) throws(ImportError) {
        guard !name.isEmpty, name.utf8.count <= 1_024 else { throw refuse("an entry has an empty or overlong name") }
        if name.hasPrefix("/") { throw refuse("entry \(shown) has an absolute name") }
        if name.contains("\\") { throw refuse("entry \(shown) has a backslash in its name") }
        let utf8 = Array(name.utf8)
        if utf8.count >= 2, utf8[1] == UInt8(ascii: ":") { throw refuse("entry \(shown) names a drive") }
        if utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) { throw refuse("entry \(shown) has a control character in its name") }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." }) {
            throw refuse("entry \(shown) climbs out of the archive (`..` in its name)")
        }
    }

    static func isArchiveName(_ name: String) -> Bool {
        let lower = name.lowercased()
        return [".zip", ".sketch", ".penpot", ".jar", ".7z", ".rar", ".gz", ".tgz", ".zst"].contains { lower.hasSuffix($0) }
    }

    static func shown(_ name: String) -> String {
        let cut = name.count > 80 ? String(name.prefix(77)) + "…" : name
        return "\"" + cut.map { $0.isASCII && ($0.asciiValue ?? 0) < 0x20 ? "?" : String($0) }.joined() + "\""
    }

    static func refuse(_ why: String) -> ImportError {
        ImportError(.unsupportedDocument, "the archive cannot be read safely: " + why)
    }
}
