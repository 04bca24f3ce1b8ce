import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A counter that every process sharing a data directory maps into memory (`<data-dir>/.changes`,
/// `mmap(MAP_SHARED)`): a writer adds one after every rename or removal of a scene file, so a
/// reader that finds the counter where it was when it last checked a scene's file knows no
/// cooperating process has written since, without a `stat`.
///
/// Processes on one machine map the same page of the page cache, so an increment is seen by the
/// next load in any of them. That does not hold across machines on a network filesystem (NFS,
/// SMB, CephFS: each client has its own pages), so the signal is only used on filesystems known
/// to be local (``open(directory:)`` returns nil otherwise, and the store checks files with a
/// `stat` on every read as before).
final class ChangeSignal: @unchecked Sendable {  // the mapped memory is only touched atomically
    static let fileName = ".changes"
    private let counter: UnsafeMutablePointer<Atomic<UInt64>>

    private init(counter: UnsafeMutablePointer<Atomic<UInt64>>) {
        self.counter = counter
    }

    deinit {
        munmap(UnsafeMutableRawPointer(counter), MemoryLayout<UInt64>.size)
    }

    /// The directory's signal, or nil when it cannot be shared safely: a filesystem not known to
    /// be local, or a file that cannot be created or mapped (a read-only directory, say).
    static func open(directory: String) -> ChangeSignal? {
        #if os(Linux)
        guard let type = filesystemType(of: directory), localFilesystems.contains(type) else { return nil }
        let path = directory + "/" + fileName
        let fd = Glibc.open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return nil }
        // Growing a new file to 8 bytes zero-fills it; a file already that long is left alone.
        if st.st_size < MemoryLayout<UInt64>.size, ftruncate(fd, 8) != 0 { return nil }
        guard let memory = mmap(nil, MemoryLayout<UInt64>.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
            memory != MAP_FAILED
        else { return nil }
        return ChangeSignal(counter: memory.bindMemory(to: Atomic<UInt64>.self, capacity: 1))
        #else
        return nil
        #endif
    }

    /// The type of the filesystem `directory` is on (`ext4`, `nfs4`, …): the mount in
    /// `/proc/self/mounts` with the longest mount point that contains the directory's real path.
    static func filesystemType(of directory: String) -> String? {
        guard let resolved = realpath(directory, nil) else { return nil }
        let path = String(cString: resolved)
        free(resolved)
        guard let file = fopen("/proc/self/mounts", "r") else { return nil }
        defer { fclose(file) }
        var best: (length: Int, type: String)?
        var line: UnsafeMutablePointer<CChar>?
        var size = 0
        defer { free(line) }
        while getline(&line, &size, file) > 0, let line {
            // "device mountpoint type options 0 0", spaces in names written as \040.
            let fields = String(cString: line).split(separator: " ")
            guard fields.count >= 3 else { continue }
            let mountPoint = unescapeMount(fields[1])
            let inside = mountPoint == "/" || path == mountPoint || path.hasPrefix(mountPoint + "/")
            if inside, mountPoint.utf8.count >= best?.length ?? -1 {
                best = (mountPoint.utf8.count, String(fields[2]))
            }
        }
        return best?.type
    }

    /// `/proc/self/mounts` writes space, tab, newline and backslash as three octal digits.
    private static func unescapeMount(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var bytes: [UInt8] = []
        var utf8 = field.utf8[...]
        while let b = utf8.popFirst() {
            let digits = Array(utf8.prefix(3))
            if b == UInt8(ascii: "\\"), digits.count == 3, digits.allSatisfy({ (0x30...0x37).contains($0) }) {
                bytes.append((digits[0] &- 0x30) &<< 6 | (digits[1] &- 0x30) &<< 3 | (digits[2] &- 0x30))
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(b)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The counter now. Load it before the `stat` it vouches for.
    func load() -> UInt64 { counter.pointee.load(ordering: .acquiring) }

    /// After a scene file was renamed into place or removed.
    func bump() { counter.pointee.wrappingAdd(1, ordering: .sequentiallyConsistent) }

    /// Filesystems whose pages every process on the machine shares and that no other machine
    /// writes (a container's own layer is overlayfs; a bind-mounted volume is its host's type).
    static let localFilesystems: Set<String> = ["ext2", "ext3", "ext4", "xfs", "btrfs", "tmpfs", "overlay", "zfs", "f2fs", "bcachefs"]
}
