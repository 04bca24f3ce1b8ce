/// Files packed into a ZIP archive (PKWARE APPNOTE 6.3, entries stored, no ZIP64), so that a
/// document kept as a folder (a Sketch document in folders, `SketchFolder`) reaches the importers
/// as one body, as it does over HTTP when a client zips the folder. The CLI packs a folder it is
/// given this way; `ZIPArchive` reads the result with its usual checks.
public enum FolderArchive {
    /// The archive of `files` (names relative, `/`-separated), in the order given. Nil when the
    /// files do not fit a ZIP without ZIP64 (65,535 entries, 4 GiB), or a name is longer than
    /// 65,535 bytes.
    public static func zip(_ files: [(name: String, bytes: [UInt8])]) -> [UInt8]? {
        guard files.count < 0xFFFF else { return nil }
        var out: [UInt8] = []
        var directory: [UInt8] = []
        func put16(_ v: Int, _ into: inout [UInt8]) { into += [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)] }
        func put32(_ v: Int, _ into: inout [UInt8]) { for shift in stride(from: 0, to: 32, by: 8) { into.append(UInt8(truncatingIfNeeded: v >> shift)) } }
        for file in files {
            let name = Array(file.name.utf8), offset = out.count
            guard name.count <= 0xFFFF, file.bytes.count < 0xFFFF_FFFF, offset < 0xFFFF_FFFF else { return nil }
            let crc = Int(truncatingIfNeeded: CRC32.checksum(file.bytes))
            // The fields the local header and the directory entry share: version needed (2.0),
            // flags (bit 11: the name is UTF-8), method 0 (stored), time and date 0, CRC, sizes,
            // name length.
            var shared: [UInt8] = []
            put16(20, &shared); put16(0x0800, &shared); put16(0, &shared); put16(0, &shared); put16(0, &shared)
            put32(crc, &shared); put32(file.bytes.count, &shared); put32(file.bytes.count, &shared); put16(name.count, &shared)
            put32(0x0403_4B50, &out)
            out += shared
            put16(0, &out)
            out += name
            out += file.bytes
            put32(0x0201_4B50, &directory); put16(20, &directory)
            directory += shared
            // Extra, comment, disk, internal and external attributes, then the local header's offset.
            put16(0, &directory); put16(0, &directory); put16(0, &directory); put16(0, &directory); put32(0, &directory)
            put32(offset, &directory)
            directory += name
        }
        let directoryOffset = out.count
        guard directoryOffset < 0xFFFF_FFFF, directory.count < 0xFFFF_FFFF else { return nil }
        out += directory
        put32(0x0605_4B50, &out); put16(0, &out); put16(0, &out); put16(files.count, &out); put16(files.count, &out)
        put32(directory.count, &out); put32(directoryOffset, &out); put16(0, &out)
        return out
    }
}
