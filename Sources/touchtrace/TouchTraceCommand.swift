import ArgumentParser
import Foundation
import TouchTraceEngine
import TouchTraceImport
import TouchTraceOperations

@main
struct TouchTraceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchtrace",
        abstract: "Run UIKit's layout, hit-testing, responder-chain, control and target-action rules on a view tree (a scene) and explain every step.",
        discussion: """
            `touchtrace serve` runs the HTTP API. The other subcommands come from the same \
            operation catalogue as the API's routes: they run the same engine on files and print \
            the same JSON the API returns, with sorted keys; a bad scene or request prints an \
            RFC 9457 problem document and exits with status 1. Scenes are JSON documents of \
            format touchtrace.scene/1 (see docs/scene-format.md).

            Exit status: 0 success (for check and audit: everything passed); 1 an invalid \
            scene or request, with its problem document printed (for check and audit: an \
            expectation or audit failed); 2 the input of check or audit is invalid; 64 a usage \
            error (unknown option, missing argument, unreadable file).
            """,
        version: TouchTrace.version,
        subcommands: [ServeCommand.self] + Catalogue.operations.map { command(for: $0) }
    )
}

/// Options shared by the subcommands that print JSON.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Indent the JSON output.")
    var pretty = false
}

/// The subcommand generated from an operation's declaration.
func command<Operation: TouchTraceOperation>(for operation: Operation.Type) -> any ParsableCommand.Type {
    OperationCommand<Operation>.self
}

/// `touchtrace NAME …` for an operation of the catalogue: reads the scene file and the request
/// from the declaration's files and flags, runs the operation as the HTTP route does, and prints
/// its answer (or its problem document, exit status 1).
struct OperationCommand<Operation: TouchTraceOperation>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Operation.name, abstract: Operation.abstract, discussion: Operation.helpText)
    }

    @OptionGroup var options: Operation.Options
    @OptionGroup var output: OutputOptions

    func run() throws {
        let limits = cliLimits()
        let cli = CLIContext(
            read: { try readInput(path: $0) }, environment: ProcessInfo.processInfo.environment,
            standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1)
        do {
            let result = try Operation.run(options, cli: cli, limits: limits)
            // Past the time budget the answer is unfinished: say so instead.
            if limits.budget.isExhausted {
                throw OperationError(ProblemType.timeBudgetExceeded.document(
                    "The work ran past the time budget (TOUCHTRACE_TIME_BUDGET); unset it or raise it."))
            }
            for file in result.files {
                do {
                    try Data(file.bytes).write(to: URL(fileURLWithPath: file.path))
                } catch {
                    throw ValidationError("cannot write \(file.path): \(error.localizedDescription)")
                }
            }
            if case .empty = result.body {} else {
                // One line feed at the end: JSON gets one; a document (an SVG) that ends with one
                // is printed as it is, so `> out.svg` writes the bytes `-o out.svg` writes.
                var bytes = result.bytes(pretty: output.pretty)
                if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
                FileHandle.standardOutput.write(Data(bytes))
            }
            if result.exitCode != 0 { throw ExitCode(result.exitCode) }
        } catch let error as OperationError {
            if isatty(STDOUT_FILENO) == 1, !options.problemsAsJSON {
                print(ProblemText.render(error.problem))
            } else {
                print(JSONWriter(pretty: output.pretty).string(error.problem.json))
            }
            throw ExitCode(Operation.inputErrorExitCode)
        }
    }

    /// The limits of a run: the engine's defaults (the server's), and a time budget when
    /// `TOUCHTRACE_TIME_BUDGET` gives one in seconds (the CLI has none by default; the limits
    /// bound the work of any input already).
    func cliLimits() -> SceneLimits {
        var limits = SceneLimits()
        if let text = ProcessInfo.processInfo.environment["TOUCHTRACE_TIME_BUDGET"], let seconds = Double(text), seconds > 0, seconds <= 1_000_000 {
            let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(truncatingIfNeeded: Checked.int(seconds * 1000, rounding: .up, clampedTo: 1...1_000_000_000) ?? 1)))
            limits.budget = WorkBudget { ContinuousClock.now >= deadline }
        }
        return limits
    }
}

/// The largest input file the CLI reads: `TOUCHTRACE_MAX_INPUT_BYTES`, 64 MiB by default (the
/// server takes 8 MiB bodies); a larger file is a usage error, before it is read into memory.
func maxInputBytes() -> Int {
    if let text = ProcessInfo.processInfo.environment["TOUCHTRACE_MAX_INPUT_BYTES"], let n = Int(text), n > 0 { return n }
    return 64 << 20
}

/// The bytes of a file, or of standard input for `-`, at most ``maxInputBytes()``. A folder is
/// read as a document kept in folders (a Sketch document as Kactus writes it): its JSON files,
/// packed into a ZIP archive (``packFolder(path:limit:)``).
func readInput(path: String) throws -> [UInt8] {
    let limit = maxInputBytes()
    var isFolder: ObjCBool = false
    if path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
        return try packFolder(path: path, limit: limit)
    }
    let handle: FileHandle
    do {
        handle = path == "-" ? FileHandle.standardInput : try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    } catch {
        throw ValidationError("cannot read \(path): \(error.localizedDescription)")
    }
    defer { if path != "-" { try? handle.close() } }
    var bytes: [UInt8] = []
    do {
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            bytes += chunk
            if bytes.count > limit {
                throw ValidationError("\(path) is larger than \(limit) bytes, the CLI's limit (TOUCHTRACE_MAX_INPUT_BYTES)")
            }
        }
    } catch let error as ValidationError {
        throw error
    } catch {
        throw ValidationError("cannot read \(path): \(error.localizedDescription)")
    }
    return bytes
}

/// A folder's JSON files (names relative to it, sorted; hidden files and folders such as `.git`
/// left out), packed into a ZIP archive that the importers read as they read an uploaded one:
/// together at most `limit` bytes and 10,000 files (the archive reader's own limits apply after).
func packFolder(path: String, limit: Int) throws -> [UInt8] {
    let base = URL(fileURLWithPath: path).standardizedFileURL
    guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else {
        throw ValidationError("cannot read the folder \(path)")
    }
    var files: [(name: String, bytes: [UInt8])] = []
    var total = 0
    let prefix = base.path.hasSuffix("/") ? base.path : base.path + "/"
    for case let url as URL in walk where url.pathExtension.lowercased() == "json" {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
        let full = url.standardizedFileURL.path
        guard full.hasPrefix(prefix) else { continue }
        guard files.count < 10_000 else { throw ValidationError("the folder \(path) has more than 10,000 JSON files, the CLI's limit for a document in folders") }
        let bytes = try readInput(path: full)
        total += bytes.count
        guard total <= limit else { throw ValidationError("the JSON files of \(path) are larger than \(limit) bytes together, the CLI's limit (TOUCHTRACE_MAX_INPUT_BYTES)") }
        files.append((String(full.dropFirst(prefix.count)), bytes))
    }
    guard !files.isEmpty else { throw ValidationError("the folder \(path) holds no JSON file: a folder is read as a Sketch document in folders (<page>/page.json)") }
    files.sort { $0.name < $1.name }
    guard let archive = FolderArchive.zip(files) else { throw ValidationError("the JSON files of \(path) do not fit one archive") }
    return archive
}
