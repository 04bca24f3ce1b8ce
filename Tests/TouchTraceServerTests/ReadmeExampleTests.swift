import Foundation
import Testing

/// Runs every curl example of the README against a fresh `touchtrace serve`, in order, so the
/// documentation cannot rot. A block marked `<!-- readme-test: curl -->` must answer 2xx/3xx, or
/// exactly the status its comment line promises (`# Delete (204):` → 204); one marked `expect-4xx`
/// must answer 4xx. A comment that mentions headers needs `-i` on its command, so that a reader
/// sees them.
@Suite struct ReadmeExampleTests {
    struct Example {
        var command: String
        var expectClientError: Bool
        /// The comment line just above the command, if any.
        var comment: String?

        /// The status the comment promises: an HTTP status the API answers, right after a `(`
        /// (`(201, ETag "v1")`; not the point of `a tap at (330, 770)`).
        var promisedStatus: Int? {
            guard let comment, let open = comment.firstIndex(of: "(") else { return nil }
            let digits = comment[comment.index(after: open)...].prefix(3)
            guard digits.count == 3, let status = Int(digits) else { return nil }
            return [200, 201, 204, 304, 400, 401, 404, 405, 409, 412, 413, 415, 422, 503].contains(status) ? status : nil
        }
    }

    static var examples: [Example] {
        let readme = (try? String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        var result: [Example] = []
        var marker: String?
        var inBlock = false
        var comment: String?
        for line in readme.components(separatedBy: "\n") {
            if line.hasPrefix("<!-- readme-test: curl") {
                marker = line
                continue
            }
            if line.hasPrefix("```") {
                if inBlock {
                    inBlock = false
                    marker = nil
                } else if marker != nil {
                    inBlock = true
                }
                continue
            }
            if inBlock, let marker, line.hasPrefix("curl ") {
                result.append(Example(command: line, expectClientError: marker.contains("expect-4xx"), comment: comment))
            }
            comment = inBlock && line.hasPrefix("#") ? line : nil
        }
        return result
    }

    @Test func readmeHasCurlExamplesForEveryRoute() {
        let commands = Self.examples.map(\.command).joined(separator: "\n")
        for path in ["/health", "/metrics", "/openapi.yaml", "/v1/scenes ", "/v1/scenes/map ", "/v1/scenes/map/hit-test", "/v1/hit-test", "/v1/scenes?"] {
            #expect(commands.contains(path) || commands.contains(path.trimmingCharacters(in: .whitespaces) + "'"), "no README example for \(path)")
        }
        for method in ["-X PUT", "-X POST", "-X DELETE"] { #expect(commands.contains(method)) }
        for example in Self.examples {
            if let comment = example.comment, ["ETag", "Location", "header"].contains(where: comment.contains) {
                #expect(example.command.contains(" -i "), "\(comment) promises headers, but the command has no -i: \(example.command)")
            }
        }
    }

    /// The server's start and each curl run off the cooperative pool (``offPool(stackSize:_:)``): waiting for
    /// child processes there for a minute starved the suite's in-process servers.
    @Test(.timeLimit(.minutes(2)))
    func everyExampleWorksAgainstAFreshServer() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") || FileManager.default.isExecutableFile(atPath: "/bin/curl") else {
            Issue.record("curl is not installed; .ci/run installs it")
            return
        }
        let server = try await offPool { try ServerProcess(dataDirectory: temporaryDirectory("readme")) }
        defer { server.stop() }
        #expect(!Self.examples.isEmpty)
        for example in Self.examples {
            let command = example.command.replacingOccurrences(of: "localhost:8080", with: "localhost:\(server.port)")
            let (terminationStatus, output) = try await offPool { () throws -> (Int32, String) in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/bash")
                process.arguments = ["-c", command + " -o /dev/null -w '%{http_code}'"]
                process.currentDirectoryURL = packageRoot
                let pipe = Pipe()
                process.standardOutput = pipe
                try process.run()
                let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                return (process.terminationStatus, output)
            }
            #expect(terminationStatus == 0, "curl failed: \(example.command)")
            let status = Int(output.suffix(3)) ?? 0
            if let promised = example.promisedStatus {
                #expect(status == promised, "\(example.comment ?? "") → \(status): \(example.command)")
            } else if example.expectClientError {
                #expect((400..<500).contains(status), "\(example.command) → \(status)")
            } else {
                #expect((200..<400).contains(status), "\(example.command) → \(status)")
            }
        }
    }
}

/// A block of the README's shell lines (the block after `<!-- readme-test: NAME -->`), and
/// running them as written with the built binary standing in for `swift run touchtrace`, in a
/// scratch directory that sees the repository's Examples/.
enum ReadmeBlocks {
    static func lines(after marker: String) -> [String] {
        let readme = (try? String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        guard let range = readme.range(of: marker) else { return [] }
        let block = readme[range.upperBound...].drop { $0 != "`" }.dropFirst(3).drop { $0 != "\n" }
        guard let end = block.range(of: "```") else { return [] }
        return block[..<end.lowerBound].split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    /// Runs each line (each must exit 0) and returns the last one's output.
    static func runAsWritten(_ lines: [String], scratch: String) throws -> String {
        let executable = try #require(touchtraceExecutable, "touchtrace is not built (swift build)")
        let work = URL(fileURLWithPath: temporaryDirectory(scratch))
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createSymbolicLink(at: work.appendingPathComponent("Examples"), withDestinationURL: packageRoot.appendingPathComponent("Examples"))
        var last = ""
        for line in lines {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            // `swift run touchtrace ARGS` → the built binary with ARGS.
            process.arguments = ["-c", "swift() { shift 2; \"$TOUCHTRACE\" \"$@\"; }\nset -o pipefail\n" + line]
            process.environment = ["PATH": "/usr/bin:/bin", "TOUCHTRACE": executable.path]
            process.currentDirectoryURL = work
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            last = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(line)\n\(last)")
        }
        return last
    }
}

/// The README's `touchtrace import` lines (the block after `<!-- readme-test: import -->`), run
/// as written: each exits 0, and the tap at the end reaches the Pay button's prototype action.
@Suite struct ReadmeImportExampleTests {
    @Test func theImportLinesRunAsWritten() async throws {
        try await offPool {
            let lines = ReadmeBlocks.lines(after: "<!-- readme-test: import -->")
            #expect(lines.count == 3, "the README's import block: \(lines)")
            let last = try ReadmeBlocks.runAsWritten(lines, scratch: "readme-import")
            #expect(last.contains(#""action":"navigate:3:1""#) && last.contains(#""sender":"Button-Pay""#), "\(last.prefix(600))")
        }
    }
}
