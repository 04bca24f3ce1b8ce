import TouchTraceEngine

/// A place in a text file: 1-based line and column (columns count Unicode scalars, as libyaml
/// and editors do).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public var description: String { "\(line):\(column)" }
}

/// The text of an expectation file, with its line starts, so that a line and column can be
/// turned into an offset (for `--update`, which rewrites values in place) and back.
public struct SourceText: Sendable {
    /// The text as Unicode scalars (columns count scalars).
    public let scalars: [Unicode.Scalar]
    /// The scalar offset at which each line starts (line 1 at index 0).
    public let lineStarts: [Int]

    public init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        var starts = [0]
        for (i, s) in scalars.enumerated() where s == "\n" { starts.append(i + 1) }
        lineStarts = starts
    }

    /// The scalar offset of a location; nil when it lies outside the text.
    public func offset(of location: SourceLocation) -> Int? {
        guard location.line >= 1, location.line <= lineStarts.count, location.column >= 1 else { return nil }
        let offset = lineStarts[location.line - 1] + location.column - 1
        return offset <= scalars.count ? offset : nil
    }

    /// The location of a scalar offset.
    public func location(ofOffset offset: Int) -> SourceLocation {
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return SourceLocation(line: lo + 1, column: offset - lineStarts[lo] + 1)
    }

    /// The text between two offsets.
    public func slice(_ start: Int, _ end: Int) -> String {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars[max(0, start)..<min(end, scalars.count)])
        return String(s)
    }
}

/// A document read from an expectation file: its value as JSON (YAML maps onto JSON's types)
/// and where each value is, by JSON pointer (RFC 6901), so that a problem found by a decoder that
/// speaks pointers can be reported with the file's line and column.
public struct LocatedDocument: Sendable {
    public enum Format: String, Sendable { case yaml, json }

    public var value: JSONValue
    public var format: Format
    /// For an object member, where its key starts; for an array item or the root, where the
    /// value starts. What a problem about that pointer points at.
    public var locations: [String: SourceLocation]
    /// Where each value starts (for rewriting it).
    public var valueLocations: [String: SourceLocation]
    public var text: SourceText

    public init(value: JSONValue, format: Format, locations: [String: SourceLocation], valueLocations: [String: SourceLocation], text: SourceText) {
        self.value = value
        self.format = format
        self.locations = locations
        self.valueLocations = valueLocations
        self.text = text
    }

    /// The location of `pointer`, or of its nearest ancestor that has one.
    public func location(of pointer: String) -> SourceLocation? {
        var p = pointer
        while true {
            if let l = locations[p] { return l }
            guard let slash = p.lastIndex(of: "/") else { return locations[""] }
            p = String(p[..<slash])
        }
    }
}

/// A problem with a check's input: a file that is not YAML or JSON, a value the expectation
/// format does not allow, a scene that does not decode, an id the scene does not have. Each
/// says where it is: the file, its line and column (when read from a file), and the JSON pointer.
public struct CheckProblem: Error, Sendable, Hashable {
    /// The expectation file (as named on the command line), or nil for a request body.
    public var file: String?
    public var pointer: String
    public var location: SourceLocation?
    public var message: String

    public init(file: String?, pointer: String, location: SourceLocation?, message: String) {
        self.file = file
        self.pointer = pointer
        self.location = location
        self.message = message
    }

    /// A JSON file the engine's parser refused (an expectation file, a baseline), located where
    /// the parser stopped.
    package static func invalidJSON(_ error: JSONParseError, file: String?) -> CheckProblem {
        CheckProblem(
            file: file, pointer: error.pointer, location: SourceLocation(line: error.line, column: error.column),
            message: "not valid JSON: \(error.message)")
    }

    /// `app.touchtrace.yaml:12:5: unknown field "tapOm" …`, or the pointer when there is no file.
    public var text: String {
        var prefix = file ?? ""
        if let location { prefix += (prefix.isEmpty ? "" : ":") + "\(location.line):\(location.column)" }
        if prefix.isEmpty { prefix = pointer.isEmpty ? "/" : pointer }
        return prefix + ": " + message
    }
}

/// Every input problem of a check run.
public struct CheckProblems: Error, Sendable {
    public var problems: [CheckProblem]
    public init(_ problems: [CheckProblem]) { self.problems = problems }
}

/// Why a scene an expectation document names could not be loaded: one message per problem
/// (`checkout.json: /window/alpha: alpha must be at most 1`).
public struct SceneLoadError: Error, Sendable {
    /// Each problem, with a pointer relative to the scene reference (`""`: the reference itself;
    /// `/scene`: the import option that named a missing scene).
    public var problems: [SceneProblem]
    public var messages: [String] { problems.map(\.message) }
    public init(_ messages: [String]) { problems = messages.map { SceneProblem(pointer: "", message: $0) } }
    public init(problems: [SceneProblem]) { self.problems = problems }
}
