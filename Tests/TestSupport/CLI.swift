import Foundation

/// The `touchtrace` executable built beside the test bundle, for the tests that run it.
public var touchtraceExecutable: URL? {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("touchtrace")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    return nil
}

/// The repository root: tests run the CLI there, so the README's relative paths work.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs the built `touchtrace` executable from the repository root, with `stdin` as its input, on a
/// thread of its own (``offPool(stackSize:_:)``): waiting for the child process does not hold a
/// thread of the cooperative pool.
public enum CLITestSupport {
    public struct NotBuilt: Error, CustomStringConvertible {
        public var description: String { "touchtrace is not built" }
    }

    public static func run(_ arguments: [String], stdin: String? = nil) async throws -> (status: Int32, output: String) {
        try await offPool { try runBlocking(arguments, stdin: stdin) }
    }

    private static func runBlocking(_ arguments: [String], stdin: String?) throws -> (status: Int32, output: String) {
        guard let executable = touchtraceExecutable else { throw NotBuilt() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
