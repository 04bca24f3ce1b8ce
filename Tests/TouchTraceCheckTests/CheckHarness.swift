import Foundation
import TouchTraceCheck
import TouchTraceEngine
import TouchTraceOperations

/// Runs `touchtrace check` in-process, as the CLI does (options parsed by swift-argument-parser,
/// files read through a `CLIContext`, the operation run, its files and exit status collected),
/// without writing anything.
enum CheckHarness {
    struct Run {
        var status: Int32
        /// What the CLI prints: the report (or the problem document) and a newline.
        var output: String
        var files: [String: String]
    }

    static func run(_ arguments: [String], environment: [String: String] = [:], read: @escaping @Sendable (String) throws -> [UInt8]) throws -> Run {
        let options = try CheckOperation.Options.parse(arguments)
        try options.validate()
        let cli = CLIContext(read: read, environment: environment, standardOutputIsTerminal: false)
        do {
            let result = try CheckOperation.run(options, cli: cli, limits: SceneLimits())
            var files: [String: String] = [:]
            for f in result.files { files[f.path] = String(decoding: f.bytes, as: UTF8.self) }
            // As the CLI prints it: one line feed at the end.
            var output = String(decoding: result.bytes(), as: UTF8.self)
            if !output.hasSuffix("\n") { output += "\n" }
            return Run(status: result.exitCode, output: output, files: files)
        } catch let error as OperationError {
            return Run(status: CheckOperation.inputErrorExitCode, output: JSONWriter().string(error.problem.json) + "\n", files: [:])
        }
    }

    /// Reads the check fixtures, each without the expected outcome after its `---` line.
    static func fixtureReader() -> @Sendable (String) throws -> [UInt8] {
        let plain = reader(root: checkFixtures)
        return { path in
            let bytes = try plain(path)
            guard path.hasSuffix(".touchtrace.yaml") else { return bytes }
            let text = String(decoding: bytes, as: UTF8.self)
            guard let split = text.range(of: "\n---\n") else { return bytes }
            return Array((String(text[..<split.lowerBound]) + "\n").utf8)
        }
    }

    /// Reads files from a folder (relative paths), with some overridden.
    static func reader(root: URL, overrides: [String: String] = [:]) -> @Sendable (String) throws -> [UInt8] {
        { path in
            if let text = overrides[path] { return Array(text.utf8) }
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path) else { throw CocoaError(.fileReadNoSuchFile) }
            return [UInt8](data)
        }
    }
}

/// Where the check fixtures are.
let checkFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/check")
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
