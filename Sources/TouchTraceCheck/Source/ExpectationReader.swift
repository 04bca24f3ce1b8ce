import TouchTraceEngine
import Yams

/// Reads an expectation file (YAML, or JSON) into a ``LocatedDocument``: its value as JSON and
/// the line and column of every value, so that every later problem can say where it is.
///
/// YAML is read with Yams (libyaml) under YAML 1.2's core schema, whatever Yams' own resolver
/// would say: a plain `yes`, `on` or `NO` is a string (no "Norway problem"), `0x1F` and `1e3` are
/// numbers, `.inf` and `.nan` are refused (TouchTrace takes finite numbers only), quoted scalars
/// are always strings. Keys must be strings and unique. Bounds keep any file from exhausting
/// memory or the stack: the size, the nesting (``YAMLNestingGuard``), anchors, and the number of
/// values after aliases are expanded.
public enum ExpectationReader {
    /// The largest expectation file read, in bytes.
    public static let maxBytes = 4 << 20
    /// The deepest nesting a YAML file may have (a bound computed from its text).
    public static let maxNesting = 128
    /// The most anchors (`&name`) a YAML file may define.
    public static let maxAnchors = 256
    /// The most values a document may hold once aliases are expanded.
    public static let maxValues = 500_000

    /// Reads a file's bytes; the format comes from the name (`.json`, `.yaml`, `.yml`) or, for
    /// another name, from the first character (`{` is JSON).
    public static func read(_ bytes: [UInt8], file: String?) -> Result<LocatedDocument, CheckProblem> {
        func fail(_ message: String, _ location: SourceLocation? = nil) -> Result<LocatedDocument, CheckProblem> {
            .failure(CheckProblem(file: file, pointer: "", location: location, message: message))
        }
        if bytes.count > maxBytes { return fail("the file is \(bytes.count) bytes; at most \(maxBytes) are read") }
        guard let text = String(validating: bytes, as: UTF8.self) else { return fail("the file is not UTF-8 text") }
        let lower = (file ?? "").lowercased()
        let isJSON = lower.hasSuffix(".json")
            || !(lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")) && text.unicodeScalars.first(where: { !" \t\r\n\u{FEFF}".unicodeScalars.contains($0) }) == "{"
        return isJSON ? readJSON(bytes, text: text, file: file) : readYAML(text, file: file)
    }

    /// JSON: the engine's strict parser (duplicate keys, nesting, finite numbers) for the value,
    /// ``JSONLocator`` for the locations.
    static func readJSON(_ bytes: [UInt8], text: String, file: String?) -> Result<LocatedDocument, CheckProblem> {
        let value: JSONValue
        do {
            value = try JSONParser(maxNesting: maxNesting).parse(bytes)
        } catch {
            return .failure(.invalidJSON(error, file: file))
        }
        let source = SourceText(text)
        let (locations, values) = JSONLocator.locate(source)
        return .success(LocatedDocument(value: value, format: .json, locations: locations, valueLocations: values, text: source))
    }

    static func readYAML(_ text: String, file: String?) -> Result<LocatedDocument, CheckProblem> {
        let source = SourceText(text)
        func fail(_ message: String, _ location: SourceLocation?, _ pointer: String = "") -> Result<LocatedDocument, CheckProblem> {
            .failure(CheckProblem(file: file, pointer: pointer, location: location, message: message))
        }
        let verdict = YAMLNestingGuard.measure(source.scalars)
        if verdict.depth > maxNesting {
            return fail("the YAML nests too deeply (more than \(maxNesting) levels)", SourceLocation(line: verdict.line, column: 1))
        }
        if verdict.anchors > maxAnchors { return fail("the YAML defines more than \(maxAnchors) anchors", nil) }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            let (message, mark) = describe(error)
            return fail("not valid YAML: " + message, mark.map { SourceLocation(line: $0.line, column: $0.column) })
        } catch {
            return fail("not valid YAML: \(error)", nil)
        }
        guard let root else { return fail("the file is empty", SourceLocation(line: 1, column: 1)) }
        var converter = YAMLConverter()
        let value = converter.convert(root)
        if let problem = converter.problem {
            return fail(problem.message, problem.location, problem.pointer)
        }
        return .success(LocatedDocument(
            value: value, format: .yaml, locations: converter.locations, valueLocations: converter.valueLocations, text: source))
    }

    static func describe(_ error: YamlError) -> (String, Mark?) {
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _), let .composer(context, problem, mark, _):
            let text = ([problem] + (context.map { [$0.text] } ?? [])).joined(separator: " ")
            return (text, mark)
        case let .duplicatedKeysInMapping(duplicates, context):
            return ("duplicate key " + duplicates.map { "\"\($0)\"" }.joined(separator: ", "), context.mark)
        case let .reader(problem, _, _, _):
            return (problem, nil)
        default:
            return ("\(error)", nil)
        }
    }
}

/// Turns Yams' node tree into JSON values with an explicit stack (no recursion), recording where
/// every value is.
struct YAMLConverter {
    struct Problem {
        var message: String
        var location: SourceLocation?
        var pointer: String
    }

    var locations: [String: SourceLocation] = [:]
    var valueLocations: [String: SourceLocation] = [:]
    var problem: Problem?
    var count = 0

    private enum Frame {
        case sequence(nodes: [Node], next: Int, items: [JSONValue], pointer: String)
        case mapping(pairs: [(Node, Node)], next: Int, members: [(key: String, value: JSONValue)], keys: Set<String>, pointer: String)
    }

    mutating func convert(_ root: Node) -> JSONValue {
        locations[""] = location(root)
        valueLocations[""] = location(root)
        var stack: [Frame] = []
        var result: JSONValue = .null
        // Starts a node: a scalar's value at once, a collection as a new frame.
        func open(_ node: Node, pointer: String, into stack: inout [Frame], converter: inout YAMLConverter) -> JSONValue? {
            converter.count += 1
            if converter.count > ExpectationReader.maxValues {
                converter.fail("the document holds more than \(ExpectationReader.maxValues) values (aliases included)", node, pointer)
                return .null
            }
            if stack.count >= ExpectationReader.maxNesting {
                converter.fail("the document nests more than \(ExpectationReader.maxNesting) levels deep (aliases included)", node, pointer)
                return .null
            }
            switch node {
            case let .scalar(scalar):
                return converter.scalarValue(scalar, pointer: pointer)
            case let .sequence(sequence):
                stack.append(.sequence(nodes: Array(sequence), next: 0, items: [], pointer: pointer))
                return nil
            case let .mapping(mapping):
                stack.append(.mapping(pairs: mapping.map { ($0.key, $0.value) }, next: 0, members: [], keys: [], pointer: pointer))
                return nil
            case .alias:
                converter.fail("an alias that does not refer to an anchor", node, pointer)
                return .null
            }
        }
        if let value = open(root, pointer: "", into: &stack, converter: &self) { return value }
        while let top = stack.popLast(), problem == nil {
            switch top {
            case .sequence(let nodes, var next, var items, let pointer):
                if next == nodes.count {
                    finish(.array(items), key: nil, stack: &stack, result: &result)
                    continue
                }
                let child = nodes[next]
                let childPointer = JSONPointer.join(pointer, next)
                locations[childPointer] = location(child)
                valueLocations[childPointer] = location(child)
                next += 1
                var pending = stack
                pending.append(.sequence(nodes: nodes, next: next, items: items, pointer: pointer))
                if let value = open(child, pointer: childPointer, into: &pending, converter: &self) {
                    items.append(value)
                    pending[pending.count - 1] = .sequence(nodes: nodes, next: next, items: items, pointer: pointer)
                }
                stack = pending
            case .mapping(let pairs, var next, var members, var keys, let pointer):
                if next == pairs.count {
                    finish(.object(members), key: nil, stack: &stack, result: &result)
                    continue
                }
                let (keyNode, valueNode) = pairs[next]
                next += 1
                guard case let .scalar(keyScalar) = keyNode else {
                    fail("a key must be a string, not a collection", keyNode, pointer)
                    break
                }
                let key = keyScalar.string
                let childPointer = JSONPointer.join(pointer, key)
                if keys.contains(key) {
                    fail("duplicate key \"\(key)\"", keyNode, childPointer)
                    break
                }
                keys.insert(key)
                locations[childPointer] = location(keyNode)
                valueLocations[childPointer] = location(valueNode)
                members.append((key, .null))
                var pending = stack
                pending.append(.mapping(pairs: pairs, next: next, members: members, keys: keys, pointer: pointer))
                if let value = open(valueNode, pointer: childPointer, into: &pending, converter: &self) {
                    members[members.count - 1].value = value
                    pending[pending.count - 1] = .mapping(pairs: pairs, next: next, members: members, keys: keys, pointer: pointer)
                }
                stack = pending
            }
        }
        return result
    }

    /// A finished collection goes into its parent (the member added last, or a new item).
    private func finish(_ value: JSONValue, key: String?, stack: inout [Frame], result: inout JSONValue) {
        guard let parent = stack.popLast() else {
            result = value
            return
        }
        switch parent {
        case let .sequence(nodes, next, items, pointer):
            stack.append(.sequence(nodes: nodes, next: next, items: items + [value], pointer: pointer))
        case .mapping(let pairs, let next, var members, let keys, let pointer):
            members[members.count - 1].value = value
            stack.append(.mapping(pairs: pairs, next: next, members: members, keys: keys, pointer: pointer))
        }
    }

    mutating func fail(_ message: String, _ node: Node, _ pointer: String) {
        if problem == nil { problem = Problem(message: message, location: location(node), pointer: pointer) }
    }

    func location(_ node: Node) -> SourceLocation? {
        node.mark.map { SourceLocation(line: $0.line, column: $0.column) }
    }

    /// YAML 1.2 core schema for plain scalars; quoted and block scalars are strings.
    mutating func scalarValue(_ scalar: Node.Scalar, pointer: String) -> JSONValue {
        let s = scalar.string
        guard scalar.style == .plain else { return .string(s) }
        switch s {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let n = Self.coreNumber(s) {
            guard n.isFinite else {
                if problem == nil {
                    problem = Problem(message: "\(s) is not a finite number", location: scalar.mark.map { SourceLocation(line: $0.line, column: $0.column) }, pointer: pointer)
                }
                return .null
            }
            return .number(n)
        }
        return .string(s)
    }

    /// A number under the core schema: decimal, `0o` octal, `0x` hex, floats with exponent, and
    /// `.inf` / `.nan` (returned as such, to be refused).
    static func coreNumber(_ s: String) -> Double? {
        var body = Substring(s)
        var sign = 1.0
        if let first = body.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            body = body.dropFirst()
        }
        if [".inf", ".Inf", ".INF"].contains(body) { return sign * .infinity }
        if [".nan", ".NaN", ".NAN"].contains(body) { return .nan }
        if s.hasPrefix("0o"), let v = Int64(s.dropFirst(2), radix: 8) { return Double(v) }
        if s.hasPrefix("0x"), let v = Int64(s.dropFirst(2), radix: 16) { return Double(v) }
        // [-+]? ( \.[0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
        var i = body.startIndex
        func digits() -> Int {
            var n = 0
            while i < body.endIndex, body[i].isASCII, body[i].isNumber { i = body.index(after: i); n += 1 }
            return n
        }
        let whole = digits()
        var fraction = 0
        if i < body.endIndex, body[i] == "." {
            i = body.index(after: i)
            fraction = digits()
            if whole == 0, fraction == 0 { return nil }
        } else if whole == 0 {
            return nil
        }
        if i < body.endIndex, body[i] == "e" || body[i] == "E" {
            i = body.index(after: i)
            if i < body.endIndex, body[i] == "-" || body[i] == "+" { i = body.index(after: i) }
            if digits() == 0 { return nil }
        }
        guard i == body.endIndex, let v = Double(String(body)) else { return nil }
        return sign * v
    }
}
