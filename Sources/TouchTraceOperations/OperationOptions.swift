import ArgumentParser
import TouchTraceEngine

/// How the CLI reads an operation's input: its arguments and flags (swift-argument-parser gives
/// parsing, help and completion from them), turned into the same request object the HTTP body
/// holds. Files are read through the ``CLIContext`` the CLI passes in, so declarations do no I/O.
public protocol OperationOptions: ParsableArguments {
    /// The scene file's path (`-` for standard input), or nil when the operation takes none.
    var sceneFile: String? { get }
    /// The request, from the request file (read through `cli`) and the flags. Throws what
    /// `cli.read` throws for a file it cannot read (a usage error), or ``OperationError`` for a
    /// file that is not a valid request.
    func request(_ cli: CLIContext) throws -> CLIRequest
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

/// A request read from the command line: the request object, and a raw document when the
/// operation takes one (``HTTPBody/document(mediaTypes:)``).
public struct CLIRequest: Sendable {
    public var request: JSONValue
    public var document: [UInt8]?
    public init(_ request: JSONValue, document: [UInt8]? = nil) {
        self.request = request
        self.document = document
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
