#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive lock shared by every process that opens the same lock file: `flock(2)`.
///
/// Several `touchtrace serve` processes may share one data directory (on one machine, or on a
/// shared filesystem such as NFS, where Linux maps `flock` onto the protocol's byte-range locks);
/// a write to one id holds that id's lock from reading the current version to renaming the new
/// file in place, so an `If-Match` compare-and-write has no other writer in between. The lock
/// goes with the process: a writer killed with SIGKILL releases it.
enum FileLock {
    static func withExclusiveLock<T>(_ path: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        let fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw DurableFile.io("open", path) }
        defer { close(fd) }  // closing the descriptor releases the lock
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw DurableFile.io("flock", path) }
        }
        return try body()
    }
}
