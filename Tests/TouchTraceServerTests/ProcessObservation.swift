import Foundation

// What the kernel knows about a server under test (Linux /proc), so that a test waits for an
// event instead of sleeping a fixed time, and tells the server's own slowness from a busy
// machine's. The tests run on CI machines we do not control, shared with builds: a fixed sleep is
// too short there, and a wall-clock bound measures the machine as much as the server.

/// A process's CPU time and the time its threads spent ready to run but waiting for a CPU (the
/// scheduler's run-queue delay), in seconds since it started.
struct SchedulerTimes: Sendable {
    /// User and system time of the process, its ended threads included (`/proc/PID/stat`,
    /// fields 14 and 15, in clock ticks).
    var cpu: Double
    /// The run-queue delay summed over the process's live threads (`/proc/PID/task/*/schedstat`,
    /// second field, in nanoseconds). On a quiet machine it is near 0; on a machine whose
    /// runnable threads outnumber its cores it is the wall time the process lost to others.
    var waiting: Double

    /// Now, for process `pid` (nil where /proc does not say: not Linux, or the process is gone).
    static func of(_ pid: Int32) -> SchedulerTimes? {
        guard let stat = readProcFile("/proc/\(pid)/stat"),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm)": state is field 3, utime 14, stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var waiting = 0.0
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            if let line = readProcFile("/proc/\(pid)/task/\(task)/schedstat") {
                let parts = line.split(separator: " ")
                if parts.count >= 2, let delay = Double(parts[1]) { waiting += delay / 1e9 }
            }
        }
        return SchedulerTimes(cpu: (user + system) / ticks, waiting: waiting)
    }

    /// The calling thread's own run-queue delay (`/proc/thread-self/schedstat`): how late the
    /// test itself was, as a client.
    static func currentThreadWaiting() -> Double {
        guard let line = readProcFile("/proc/thread-self/schedstat") else { return 0 }
        let parts = line.split(separator: " ")
        return parts.count >= 2 ? (Double(parts[1]) ?? 0) / 1e9 : 0
    }

    /// Whether none of the process's threads is running or ready to run (`/proc/PID/task/*/stat`,
    /// state `R`): everything it was given to do has reached a point where it waits (for a
    /// socket, a lock, a permit). A thread that hands work to another wakes it first, so a
    /// process between two steps of one piece of work is not seen idle.
    static func isIdle(_ pid: Int32) -> Bool {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return false }
        for task in tasks {
            guard let stat = readProcFile("/proc/\(pid)/task/\(task)/stat"),
                let close = stat.lastIndex(of: ")")
            else { continue }
            if stat[stat.index(after: close)...].split(separator: " ").first == "R" { return false }
        }
        return true
    }

    static func - (a: SchedulerTimes, b: SchedulerTimes) -> SchedulerTimes {
        SchedulerTimes(cpu: a.cpu - b.cpu, waiting: max(0, a.waiting - b.waiting))
    }
}

/// The TCP sockets of 127.0.0.1 as `/proc/net/tcp` lists them.
enum TCPTable {
    struct Entry {
        var localPort: Int
        var remotePort: Int
        var state: Int  // 0x0A: listening
        var receiveQueue: Int  // bytes received and not yet read by the socket's owner
    }

    static func entries() -> [Entry] {
        guard let table = readProcFile("/proc/net/tcp") else { return [] }
        return table.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 4 else { return nil }
            let local = fields[1].split(separator: ":"), remote = fields[2].split(separator: ":")
            let queues = fields[4].split(separator: ":")
            guard local.count == 2, remote.count == 2, queues.count == 2,
                let localPort = Int(local[1], radix: 16), let remotePort = Int(remote[1], radix: 16),
                let state = Int(fields[3], radix: 16), let receiveQueue = Int(queues[1], radix: 16)
            else { return nil }
            return Entry(localPort: localPort, remotePort: remotePort, state: state, receiveQueue: receiveQueue)
        }
    }

    /// Whether something listens on `port` (a server that began its graceful shutdown no longer
    /// does).
    static func isListening(_ port: Int) -> Bool {
        entries().contains { $0.localPort == port && $0.state == 0x0A }
    }

    /// Whether the server's end of the connection `fd` (a client socket to `serverPort`) has read
    /// everything the client sent: its receive queue is empty.
    static func serverHasRead(_ fd: Int32, serverPort: Int) -> Bool {
        let clientPort = localPort(of: fd)
        return entries().contains { $0.localPort == serverPort && $0.remotePort == clientPort && $0.state != 0x0A && $0.receiveQueue == 0 }
    }

    static func localPort(of fd: Int32) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// A file of /proc read to its end. (Foundation's `String(contentsOfFile:)` returns only the
/// first page of /proc/net/tcp: such files report a size of 0 and come a page per `read`.)
func readProcFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0, errno == EINTR { continue }
        guard n > 0 else { break }
        bytes.append(contentsOf: chunk[0..<n])
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Polls `condition` every 10 ms until it holds (true) or `seconds` pass (false). For an event
/// the kernel shows (a socket read, a listener closed), not for a guess at how long work takes:
/// the limit only ends a test whose event never comes.
func waitUntil(seconds: Double = 60, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

/// ``httpRequest(port:method:path:headers:body:)`` from a test's task, on a thread of its own
/// (``offPool(stackSize:_:)``).
func httpRequestOffPool(port: Int, method: String, path: String, headers: [String: String] = [:], body: [UInt8] = []) async throws
    -> (status: Int, headers: [String: String], body: [UInt8])
{
    try await offPool { try httpRequest(port: port, method: method, path: path, headers: headers, body: body) }
}
