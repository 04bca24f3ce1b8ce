import Foundation
import TestSupport

/// Runs python3 for the schema checks; tests that need it are skipped, with a message, when
/// python3 or the module is missing (`.ci/run` installs them).
enum Python {
    struct Result {
        var status: Int32
        var output: String
    }

    static func has(_ module: String) async -> Bool {
        (try? await run("import \(module)", arguments: [], input: nil, suffix: ""))?.status == 0
    }

    /// Runs `script` with `arguments`, then the path of a temporary file holding `input`, if any, on a
    /// thread of its own (``offPool(stackSize:_:)``).
    static func run(_ script: String, arguments: [String], input: String?, suffix: String) async throws -> Result {
        try await offPool { try runBlocking(script, arguments: arguments, input: input, suffix: suffix) }
    }

    private static func runBlocking(_ script: String, arguments: [String], input: String?, suffix: String) throws -> Result {
        var args = ["python3", "-c", script] + arguments
        var temporary: URL?
        if let input {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("touchtrace-\(UUID().uuidString)\(suffix)")
            try input.write(to: url, atomically: true, encoding: .utf8)
            temporary = url
            args.append(url.path)
        }
        defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = args
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
