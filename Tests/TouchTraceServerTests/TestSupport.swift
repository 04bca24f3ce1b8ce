import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import TouchTraceEngine
import TouchTraceServer
import TouchTraceStore
@_exported import TestSupport

/// Builds an API on an in-memory store (or the given one) with a test configuration.
func makeAPI(
    store: any SceneStore = MemorySceneStore(), maxBodySize: Int = 8 * 1024 * 1024, authToken: String? = nil
) -> TouchTraceAPI {
    TouchTraceAPI(
        configuration: ServerConfiguration(host: "127.0.0.1", port: 0, maxBodySize: maxBodySize, authToken: authToken),
        store: store)
}

func makeApp(_ api: TouchTraceAPI) -> some ApplicationProtocol {
    var logger = Logger(label: "touchtrace-test")
    logger.logLevel = .warning
    return try! api.makeApplication(logger: logger)
}

let jsonHeaders: HTTPFields = [.contentType: "application/json"]

extension ByteBuffer {
    var json: JSONValue? { try? JSONParser().parse(Array(readableBytesView)) }
    var text: String { String(buffer: self) }
}

/// The repository root, for files the tests read (README, openapi.yaml, examples).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let mapScene = try! String(contentsOf: packageRoot.appendingPathComponent("Examples/map-overlay.json"), encoding: .utf8)

/// A fresh temporary directory.
func temporaryDirectory(_ name: String = "touchtrace") -> String {
    let path = NSTemporaryDirectory() + "\(name)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A `touchtrace serve` child process on a free port; what it writes to stderr is kept in a file
/// (`log`), for the messages of failed expectations.
///
/// A port found free can be taken before the server binds it (by another test's server, which
/// found it free at the same moment); a server that exits at start saying its port is in use is
/// started again on another port (at most five times). CI failed once on this race (stop 35:
/// "the server exited with status 1" in ``ShutdownTests``, whose log said nothing more).
final class ServerProcess: @unchecked Sendable {
    private(set) var process: Process
    let port: Int
    let logPath = temporaryDirectory("serve-log") + "/stderr.log"

    /// `ready` tells whether the server answers (plain HTTP `GET /health` unless given).
    /// `wrapper` runs the server through another program (`[prlimit, --as=…, touchtrace]`).
    init(
        dataDirectory: String, extraArguments: [String] = [], environment: [String: String]? = nil, wrapper: [String]? = nil,
        ready: ((Int) -> Bool)? = nil
    ) throws {
        guard let executable = touchtraceExecutable else { throw TestError("touchtrace is not built") }
        let logPath = self.logPath
        let answers = ready ?? { port in (try? httpRequest(port: port, method: "GET", path: "/health"))?.status == 200 }
        for attempt in 1... {
            let port = try freePort()
            let serve = ["serve", "--port", String(port), "--data-dir", dataDirectory, "--log-level", "warning"] + extraArguments
            let process = Process()
            if let wrapper, let first = wrapper.first {
                process.executableURL = URL(fileURLWithPath: first)
                process.arguments = Array(wrapper.dropFirst()) + serve
            } else {
                process.executableURL = executable
                process.arguments = serve
            }
            if let environment { process.environment = environment }
            process.standardOutput = FileHandle.nullDevice
            FileManager.default.createFile(atPath: logPath, contents: nil)
            process.standardError = FileHandle(forWritingAtPath: logPath) ?? FileHandle.nullDevice
            try process.run()
            switch Self.waitForStart(process, port: port, answers: answers) {
            case .answers:
                self.process = process
                self.port = port
                return
            case .exited(let status):
                let log = Self.log(at: logPath)
                if log.contains("already in use") && attempt < 5 { continue }
                throw TestError("the server exited with status \(status); its stderr: \(log)")
            case .silent:
                process.terminate()
                throw TestError("the server did not start on port \(port); its stderr: \(Self.log(at: logPath))")
            }
        }
        fatalError("unreachable: the loop returns or throws")
    }

    private enum Start { case answers, exited(Int32), silent }

    /// Waits until the server answers (or exits). The limit only ends the wait for a server that
    /// never starts: a debug build starting on a machine at load 8–14 takes seconds, not 20 ms.
    private static func waitForStart(_ process: Process, port: Int, answers: (Int) -> Bool) -> Start {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if answers(port) { return .answers }
            if !process.isRunning {
                process.waitUntilExit()
                return .exited(process.terminationStatus)
            }
            usleep(20_000)
        }
        return .silent
    }

    private static func log(at path: String) -> String {
        String((try? String(contentsOfFile: path, encoding: .utf8))?.suffix(2000) ?? "")
    }

    /// What the server wrote to stderr so far (its last 2,000 characters).
    var log: String { Self.log(at: logPath) }

    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Asks the server to stop (SIGTERM) and waits for it to exit on a thread of its own, so that
    /// a test's `defer { server.stop() }` does not hold a thread of the cooperative pool while the
    /// server shuts down (see ``offPool(stackSize:_:)``). Nothing reads the server after it stops.
    func stop() {
        process.terminate()
        let process = self.process
        Thread.detachNewThread { process.waitUntilExit() }
    }
}

struct TestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A port nobody listens on now (bound and released), chosen below the kernel's ephemeral range
/// when it can be: ports in that range are also the source ports of the suite's own client
/// connections and of every `bind` to port 0, so a port found free there is more likely to be
/// taken again before the server binds it.
func freePort() throws -> Int {
    let range = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))?
        .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    if let low = range?.first, low > 12_000 {
        for _ in 0..<64 {
            let candidate = Int.random(in: 10_000..<low)
            if let port = try? bindAndRelease(port: candidate) { return port }
        }
    }
    return try bindAndRelease(port: 0)
}

/// Binds 127.0.0.1:`port` (0: any) and releases it; the port bound.
private func bindAndRelease(port: Int) throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(truncatingIfNeeded: port).bigEndian
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else { throw TestError("bind failed") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// A TCP connection to 127.0.0.1:port with a 10 s receive timeout.
func connectSocket(port: Int) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestError("socket failed") }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else {
        close(fd)
        throw TestError("connect failed")
    }
    return fd
}

func sendAll(_ fd: Int32, _ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
        let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard n > 0 else { throw TestError("send failed") }
        sent += n
    }
}

/// Reads one response: until the connection closes, or until Content-Length bytes of body.
func readResponse(_ fd: Int32) throws -> (status: Int, headers: [String: String], body: [UInt8]) {
    var response: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    var parsed: (status: Int, headers: [String: String], bodyStart: Int)?
    while true {
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 { break }
        response.append(contentsOf: chunk[0..<n])
        if parsed == nil, let split = response.firstRange(of: Array("\r\n\r\n".utf8)) {
            let lines = String(decoding: response[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            let statusParts = lines.first?.split(separator: " ") ?? []
            guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw TestError("bad status line") }
            var fields: [String: String] = [:]
            for line in lines.dropFirst() {
                if let colon = line.firstIndex(of: ":") {
                    fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
            }
            parsed = (status, fields, split.upperBound)
        }
        if let parsed, let length = parsed.headers["content-length"].flatMap(Int.init), response.count - parsed.bodyStart >= length { break }
    }
    guard let parsed else { throw TestError("no HTTP response") }
    return (parsed.status, parsed.headers, Array(response[parsed.bodyStart...]))
}

/// A minimal blocking HTTP/1.1 client (one request per connection), for tests that talk to a
/// child process.
func httpRequest(port: Int, method: String, path: String, headers: [String: String] = [:], body: [UInt8] = []) throws -> (status: Int, headers: [String: String], body: [UInt8]) {
    let fd = try connectSocket(port: port)
    defer { close(fd) }
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
    for (name, value) in headers { head += "\(name): \(value)\r\n" }
    try sendAll(fd, Array((head + "\r\n").utf8) + body)
    return try readResponse(fd)
}

/// Runs a program to its end; its standard output and exit status.
@discardableResult
func runProgram(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// The first of `candidates` that is an executable file, e.g. a tool a test needs.
func findTool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
