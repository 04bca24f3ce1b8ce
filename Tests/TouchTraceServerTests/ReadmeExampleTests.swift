import Foundation
import Testing

/// Runs every curl example of the README against a fresh `touchtrace serve`, in order, so the
/// documentation cannot rot. A block marked `<!-- readme-test: curl -->` must answer 2xx/3xx;
/// one marked `expect-4xx` must answer 4xx.
@Suite struct ReadmeExampleTests {
    struct Example {
        var command: String
        var expectClientError: Bool
    }

    static var examples: [Example] {
        let readme = (try? String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        var result: [Example] = []
        var marker: String?
        var inBlock = false
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
                result.append(Example(command: line, expectClientError: marker.contains("expect-4xx")))
            }
        }
        return result
    }

    @Test func readmeHasCurlExamplesForEveryRoute() {
        let commands = Self.examples.map(\.command).joined(separator: "\n")
        for path in ["/health", "/metrics", "/openapi.yaml", "/v1/scenes ", "/v1/scenes/map ", "/v1/scenes/map/hit-test", "/v1/hit-test", "/v1/scenes?"] {
            #expect(commands.contains(path) || commands.contains(path.trimmingCharacters(in: .whitespaces) + "'"), "no README example for \(path)")
        }
        for method in ["-X PUT", "-X POST", "-X DELETE"] { #expect(commands.contains(method)) }
    }

    @Test(.timeLimit(.minutes(2)))
    func everyExampleWorksAgainstAFreshServer() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") || FileManager.default.isExecutableFile(atPath: "/bin/curl") else {
            Issue.record("curl is not installed; .ci/run installs it")
            return
        }
        let server = try ServerProcess(dataDirectory: temporaryDirectory("readme"))
        defer { server.stop() }
        #expect(!Self.examples.isEmpty)
        for example in Self.examples {
            let command = example.command.replacingOccurrences(of: "localhost:8080", with: "localhost:\(server.port)")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", command + " -o /dev/null -w '%{http_code}'"]
            process.currentDirectoryURL = packageRoot
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "curl failed: \(example.command)")
            let status = Int(output.suffix(3)) ?? 0
            if example.expectClientError {
                #expect((400..<500).contains(status), "\(example.command) → \(status)")
            } else {
                #expect((200..<400).contains(status), "\(example.command) → \(status)")
            }
        }
    }
}
