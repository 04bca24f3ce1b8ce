#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Atomic, durable file writes and plain reads with POSIX calls.
///
/// A write creates a new temporary file beside the target (`O_CREAT|O_EXCL`), writes every byte
/// (retrying on `EINTR` and short writes), `fsync`s it, renames it over the target and `fsync`s
/// the directory, so that after a crash at any instant the target holds either the old or the
/// new content, never a torn mix, and an acknowledged write survives power loss.
enum DurableFile {
    static func write(_ bytes: [UInt8], to path: String, directory: String, tempName: String) throws(StoreError) {
        let temp = directory + "/" + tempName
        let fd = open(temp, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw io("open", temp) }
        var written = 0
        let ok: Bool = bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = Glibc_write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += n
            }
            return true
        }
        guard ok else {
            let error = io("write", temp)
            close(fd)
            unlink(temp)
            throw error
        }
        guard fsync(fd) == 0 else {
            let error = io("fsync", temp)
            close(fd)
            unlink(temp)
            throw error
        }
        close(fd)
        guard rename(temp, path) == 0 else {
            let error = io("rename", temp)
            unlink(temp)
            throw error
        }
        try syncDirectory(directory)
    }

    static func syncDirectory(_ directory: String) throws(StoreError) {
        let dirFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirFD >= 0 else { throw io("open", directory) }
        defer { close(dirFD) }
        guard fsync(dirFD) == 0 else { throw io("fsync", directory) }
    }

    /// Removes a file and makes the removal durable. Missing files are fine.
    static func remove(_ path: String, directory: String) throws(StoreError) {
        if unlink(path) != 0 {
            if errno == ENOENT { return }
            throw io("unlink", path)
        }
        try syncDirectory(directory)
    }

    /// The whole file, or nil when it does not exist.
    static func read(_ path: String) throws(StoreError) -> [UInt8]? {
        try withFile(path) { fd throws(StoreError) in try readAll(fd, path) }
    }

    /// The whole file and its `stat` (of the same open file), or nil when it does not exist.
    static func readWithStatus(_ path: String) throws(StoreError) -> ([UInt8], stat)? {
        try withFile(path) { fd throws(StoreError) in (try readAll(fd, path), try status(fd, path)) }
    }

    /// The file's bytes up to and excluding the first newline (at most `limit` bytes) and its
    /// `stat`, or nil when the file does not exist.
    static func readFirstLine(_ path: String, limit: Int = 1 << 20) throws(StoreError) -> ([UInt8], stat)? {
        try withFile(path) { fd throws(StoreError) in
            var result: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1024)
            while result.count < limit {
                let n = chunk.withUnsafeMutableBytes { Glibc_read(fd, $0.baseAddress!, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw io("read", path)
                }
                if n == 0 { break }
                if let newline = chunk[0..<n].firstIndex(of: 0x0A) {
                    result.append(contentsOf: chunk[0..<newline])
                    break
                }
                result.append(contentsOf: chunk[0..<n])
            }
            return (result, try status(fd, path))
        }
    }

    /// `stat` of a path, or nil when it does not exist.
    static func status(_ path: String) throws(StoreError) -> stat? {
        var st = stat()
        guard stat(path, &st) == 0 else {
            if errno == ENOENT { return nil }
            throw io("stat", path)
        }
        return st
    }

    private static func status(_ fd: Int32, _ path: String) throws(StoreError) -> stat {
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw io("fstat", path) }
        return st
    }

    private static func withFile<T>(_ path: String, _ body: (Int32) throws(StoreError) -> T) throws(StoreError) -> T? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw io("open", path)
        }
        defer { close(fd) }
        return try body(fd)
    }

    private static func readAll(_ fd: Int32, _ path: String) throws(StoreError) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc_read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw io("read", path)
            }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
        }
        return result
    }

    /// What identifies a file's content without reading it: device, inode, size, modification
    /// and change times. A rename over the file gives it a new inode and change time.
    static func identity(_ st: stat) -> FileIdentity {
        FileIdentity(
            device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
            modified: Int64(st.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(st.st_mtim.tv_nsec),
            changed: Int64(st.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(st.st_ctim.tv_nsec))
    }

    /// Whether the file last changed at least a whole second before now: longer than any
    /// filesystem's timestamp granularity, so a later change cannot share its times.
    static func isSettled(_ st: stat) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) - Int64(st.st_ctim.tv_sec) >= 2
    }

    static func io(_ call: String, _ path: String) -> StoreError {
        let code = errno
        let message = String(cString: strerror(code))
        return .io("\(call) \(path): \(message) (errno \(code))")
    }
}

@inline(__always) private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

@inline(__always) private func Glibc_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
