import Foundation
import Testing
import TestSupport
import TouchTraceEngine

/// The built `touchtrace` executable, run the way a CI step runs the container
/// (`docker run --rm -v "$PWD:/work" -w /work IMAGE check app.touchtrace.yaml --junit report.xml`:
/// the image's entrypoint is the binary, the working directory holds the files), and the exit
/// statuses `touchtrace check --help` documents: 0 passed, 1 failed, 2 bad input, 64 usage.
@Suite struct CheckBinaryTests {
    /// Runs the executable in `directory` with `environment` added to a clean one, on a thread of
    /// its own (``offPool(stackSize:_:)``).
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) async throws -> (status: Int32, output: String) {
        try await offPool { try runBlocking(arguments, in: directory, environment: environment) }
    }

    private static func runBlocking(_ arguments: [String], in directory: URL, environment: [String: String]) throws -> (status: Int32, output: String) {
        guard let executable = touchtraceExecutable else { throw CheckHarnessError("touchtrace is not built (swift build)") }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ["PATH": "/usr/bin:/bin"].merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A fresh working directory holding copies of the CI example's files.
    static func workDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("touchtrace-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["app.touchtrace.yaml", "checkout.json"] {
            try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Examples/ci/\(name)"), to: directory.appendingPathComponent(name))
        }
        return directory
    }

    @Test func theContainerCommandLineWritesTheJUnitReport() async throws {
        // The command line docs/ci.md gives for the container; the image's entrypoint is the binary.
        let ci = try String(contentsOf: packageRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        #expect(ci.contains(#"docker run --rm -v "$PWD:/work" -w /work IMAGE check app.touchtrace.yaml --junit report.xml"#))
        let dockerfile = try String(contentsOf: packageRoot.appendingPathComponent("Dockerfile"), encoding: .utf8)
        #expect(dockerfile.contains(#"ENTRYPOINT ["/app/touchtrace"]"#))
        let work = try Self.workDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let (status, output) = try await Self.run(["check", "app.touchtrace.yaml", "--junit", "report.xml"], in: work)
        // The example screen has real bugs: the check fails, and says where.
        #expect(status == 1, "\(output)")
        #expect(output.contains("expected hitView applyCouponButton, but toastContainer was hit"))
        let junit = try String(contentsOf: work.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(junit.hasPrefix("<?xml"))
        #expect(junit.contains("<testsuite name=\"Checkout sheet\""), "\(junit.prefix(400))")
        #expect(junit.contains("closeButton (334, 48, 44×44) is covered by promoBanner (0, 80, 390×56), a later sibling of its ancestor header"))
    }

    /// docs/ci.md's storyboard job: the binary, from the repository root, checks the example
    /// straight from its storyboard and writes the JUnit report.
    @Test func theStoryboardJobOfCIRunsStraightFromTheStoryboard() async throws {
        let ci = try String(contentsOf: packageRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        #expect(ci.contains("check Examples/ci-storyboard/checkout.touchtrace.yaml\n          --junit touchtrace.xml --github"))
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("touchtrace-storyboard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("Examples"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work.appendingPathComponent("Tests"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Examples/ci-storyboard"), to: work.appendingPathComponent("Examples/ci-storyboard"))
        let (status, output) = try await Self.run(["check", "Examples/ci-storyboard/checkout.touchtrace.yaml", "--junit", "touchtrace.xml", "--github"], in: work)
        #expect(status == 0, "\(output)")
        #expect(output.contains("scene main: imported from Examples/ci-storyboard/Checkout.storyboard (storyboard)"), "\(output)")
        let junit = try String(contentsOf: work.appendingPathComponent("touchtrace.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuite name=\"Checkout\""), "\(junit.prefix(400))")
        // --init on the same storyboard, as docs/ci.md says to start: the file it writes passes.
        let (initStatus, initOutput) = try await Self.run(["check", "--init", "Examples/ci-storyboard/Checkout.storyboard", "-o", "Tests/main.touchtrace.yaml"], in: work)
        #expect(initStatus == 0, "\(initOutput)")
        let (again, againOutput) = try await Self.run(["check", "Tests/main.touchtrace.yaml"], in: work)
        #expect(again == 0, "\(againOutput)")
    }

    @Test func exitStatusesAreTheDocumentedOnes() async throws {
        let help = try await Self.run(["check", "--help"], in: packageRoot)
        #expect(help.status == 0)
        #expect(help.output.replacingOccurrences(of: "\n", with: " ").contains("Exit status: 0 passed, 1 failed, 2 bad input, 64 usage"), "\(help.output)")
        let fixtures = try Self.fixtureDirectory()
        defer { try? FileManager.default.removeItem(at: fixtures) }
        let cases: [(arguments: [String], environment: [String: String], status: Int32)] = [
            (["check", "hitView-pass.touchtrace.yaml"], [:], 0),
            (["check", "hitView-pass.touchtrace.yaml", "assertLayout-pass.touchtrace.yaml"], [:], 0),
            (["check", "hitView-pass.touchtrace.yaml", "hitView-fail.touchtrace.yaml"], [:], 1),
            (["check", "assertTouchTargets-fail.touchtrace.yaml", "--format", "json"], [:], 1),
            (["check", "errors-unknown-fields.touchtrace.yaml"], [:], 2),
            (["check", "errors-scene-file.touchtrace.yaml"], [:], 2),
            (["check"], [:], 64),
            (["check", "hitView-pass.touchtrace.yaml", "--no-such-option"], [:], 64),
            (["check", "hitView-fail.touchtrace.yaml", "--update"], ["CI": "true"], 64),
            (["check", "hitView-pass.touchtrace.yaml", "--github", "--format", "json"], [:], 64),
        ]
        for c in cases {
            let (status, output) = try await Self.run(c.arguments, in: fixtures, environment: c.environment)
            #expect(status == c.status, "\(c.arguments.joined(separator: " ")) exits \(status): \(output.prefix(600))")
        }
    }

    /// The check fixtures without their expected parts, in a fresh directory.
    static func fixtureDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("touchtrace-fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        let read = CheckHarness.fixtureReader()
        for name in try FileManager.default.contentsOfDirectory(atPath: checkFixtures.path) where name.hasSuffix(".touchtrace.yaml") {
            try Data(read(name)).write(to: directory.appendingPathComponent(name))
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: checkFixtures.appendingPathComponent("scenes").path) {
            try Data(read("scenes/" + name)).write(to: directory.appendingPathComponent("scenes/" + name))
        }
        return directory
    }
}

/// The README's `touchtrace check` examples: the block after each `<!-- readme-test: check ARGS
/// -->` (optionally ending `exit=N`, else 1) is exactly what `touchtrace check ARGS` prints from
/// the repository root.
@Suite struct CheckReadmeExampleTests {
    @Test func theReadmeShowsWhatTheCheckExamplesPrint() async throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "<!-- readme-test: check "
        var rest = readme[...]
        var count = 0
        while let start = rest.range(of: marker) {
            count += 1
            var words = rest[start.upperBound...].prefix(while: { $0 != "\n" }).replacingOccurrences(of: " -->", with: "").split(separator: " ").map(String.init)
            var status: Int32 = 1
            if let last = words.last, last.hasPrefix("exit="), let n = Int32(last.dropFirst(5)) {
                status = n
                words.removeLast()
            }
            let afterFence = try #require(rest[start.upperBound...].range(of: "```text\n"))
            let end = try #require(rest[afterFence.upperBound...].range(of: "```\n"))
            let shown = String(rest[afterFence.upperBound..<end.lowerBound])
            let (code, output) = try await CheckBinaryTests.run(["check"] + words, in: packageRoot)
            #expect(code == status, "\(words)")
            #expect(output == shown, "the README's output of check \(words.joined(separator: " ")) is stale; paste the new output:\n\(output)")
            rest = rest[end.upperBound...]
        }
        #expect(count >= 2, "the README shows the CI example and the storyboard example")
    }
}
