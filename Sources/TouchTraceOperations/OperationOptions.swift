import ArgumentParser
import TouchTraceEngine

/// How the CLI reads an operation's input: its arguments and flags (swift-argument-parser gives
/// parsing, help and completion from them), decoded into the same typed input the HTTP request
/// decodes into. Files are read through the ``CLIContext`` the CLI passes in, so declarations do
/// no I/O.
public protocol OperationOptions: ParsableArguments {
    /// The operation's input (``TouchTraceOperation/Input``).
    associatedtype Input: Sendable
    /// The scene file's path (`-` for standard input), or nil when the operation takes none.
    var sceneFile: String? { get }
    /// The input, from the request file (read through `cli`) and the flags. Throws what
    /// `cli.read` throws for a file it cannot read (a usage error), or ``OperationError`` for a
    /// file that is not a valid request.
    func input(_ cli: CLIContext) throws -> Input
}

/// What the CLI gives an operation's options: file reading and the process's surroundings.
public struct CLIContext: Sendable {
    /// Reads a file given on the command line (`-` is standard input); a failure is a usage error.
    public var read: @Sendable (String) throws -> [UInt8]
    /// The environment variables (for example `CI`).
    public var environment: [String: String]
    /// Whether standard output is a terminal (text output by default, say).
    public var standardOutputIsTerminal: Bool

    public init(read: @escaping @Sendable (String) throws -> [UInt8], environment: [String: String], standardOutputIsTerminal: Bool) {
        self.read = read
        self.environment = environment
        self.standardOutputIsTerminal = standardOutputIsTerminal
    }
}

/// The scene file argument shared by every operation on a scene.
public struct SceneFile: ParsableArguments, Sendable {
    @Argument(help: ArgumentHelp("The scene file (JSON, format touchtrace.scene/1), or - for standard input.", valueName: "scene"))
    public var path: String

    public init() {}
}

/// A request file argument: a JSON file holding the request body of the HTTP route.
public struct RequestFile {
    /// Parses a request file; malformed JSON is the problem document the HTTP route answers.
    public static func parse(_ path: String, _ cli: CLIContext) throws -> JSONValue {
        let bytes = try cli.read(path)
        do {
            return try JSONParser().parse(bytes)
        } catch {
            throw OperationError(InputError.malformed(error))
        }
    }
}

extension TouchTraceOperation {
    /// Runs the operation as `touchtrace NAME` does: reads the scene file through `cli` (a file
    /// that cannot be read is a usage error), decodes and prepares it, reads the input from the
    /// options, and runs. The CLI prints the answer (or the thrown problem document) and writes
    /// the result's files.
    public static func run(_ options: Options, cli: CLIContext, limits: SceneLimits) throws -> OperationResult {
        var scene: PreparedScene?
        if let path = options.sceneFile {
            let bytes = try cli.read(path)
            do {
                scene = try PreparedScene(try SceneDecoder(limits: limits).decode(bytes: bytes), limits: limits).checked()
            } catch {
                throw OperationError(error)
            }
        }
        let input = try options.input(cli)
        return try run(input, in: OperationContext(scene: scene, limits: limits))
    }
}

extension JSONValue {
    /// This object with `key` set to `value` (added at the end, or replaced where it is).
    public func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case var .object(members) = self else { return self }
        if let i = members.firstIndex(where: { $0.key == key }) {
            members[i].value = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }

    /// This object without `key`, and the removed value.
    public func removing(_ key: String) -> (JSONValue, removed: JSONValue?) {
        guard case var .object(members) = self, let i = members.firstIndex(where: { $0.key == key }) else { return (self, nil) }
        let removed = members.remove(at: i).value
        return (.object(members), removed)
    }
}

extension OperationOptions {
    /// Whether input errors print as the problem document's JSON even on a terminal (a
    /// subcommand's `--format json`); by default a terminal gets ``ProblemText``.
    public var problemsAsJSON: Bool { false }
}

/// An input error for a person at a terminal: the title and detail, then one line per problem
/// (its file, line and column, or its pointer, then the message). Piped or redirected output,
/// and `--format json`, get the problem document's JSON instead.
public enum ProblemText {
    public static func render(_ problem: ProblemDocument) -> String {
        var lines = ["error: \(problem.title): \(problem.detail)"]
        if problem.errors.count > 1 || (problem.errors.first.map { !problem.detail.contains($0.message) } ?? false) {
            for e in problem.errors {
                // A check's messages already start with file:line:column.
                let head = e.message.split(separator: " ", maxSplits: 1).first.map { $0.split(separator: ":", omittingEmptySubsequences: false) } ?? []
                let located = head.count >= 4 && head.suffix(3).prefix(2).allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
                lines.append("  " + (located || e.pointer.isEmpty ? "" : e.pointer + ": ") + e.message)
            }
        }
        if case let .number(line)? = problem.extensions["line"] { lines[0] += " (line \(JSONWriter.format(line)))" }
        return lines.joined(separator: "\n")
    }
}
