import TouchTraceEngine

/// Sentry's `view-hierarchy.json` attachment → a `DumpTree`.
///
/// The shape is the one Sentry's RFC 33 ("View Hierarchy", getsentry/rfcs) specifies and
/// sentry-cocoa's `SentryViewHierarchyProviderHelper` writes: `{"rendering_system": "UIKIT",
/// "windows": [node, …]}`, where a node is `{"type": class name, "identifier":
/// accessibilityIdentifier, "x", "y", "width", "height": UIView.frame (in the superview),
/// "alpha", "visible": !isHidden, "view_controller": the class of the controller whose root
/// view it is, "children": [node, …]}`; the RFC allows `depth`, `z` and platform-specific
/// members. sentry-cocoa stops at depth 90 with a child `{"type": "SentryTruncatedViewHierarchy"}`.
/// No Sentry file is in the test corpus: the evidence for this importer is the RFC and the SDK's
/// writer, and its fixtures are ours.
struct SentryViewHierarchyParser {
    let bytes: [UInt8]
    let limits: ImportLimits
    var warnings: ImportWarnings
    var tree = DumpTree()
    var renderingSystem: String?
    var unknownMembers: [String: (count: Int, pointer: String)] = [:]
    var unknownMemberOrder: [String] = []

    init(bytes: [UInt8], limits: ImportLimits, warnings: ImportWarnings) {
        self.bytes = bytes
        self.limits = limits
        self.warnings = warnings
    }

    /// The document read straight from its bytes (`readBytes`, no `JSONValue` tree built or
    /// freed) when it is the kind Sentry writes; otherwise — malformed, over a limit, cut off, or
    /// shaped in a way the byte reader leaves alone — parsed into a tree and read (`readTree`),
    /// so that every error, and every answer that is not the byte reader's, comes from one place.
    /// Both give the same tree and warnings (tested on mutated documents).
    mutating func parse() throws(ImportError) -> DumpTree {
        try limits.checkSize(bytes)
        var fast = self
        if let tree = fast.readBytes() {
            self = fast
            return tree
        }
        return try readTree()
    }

    /// The document parsed strictly into a `JSONValue` tree (or repaired when cut off), then read.
    mutating func readTree() throws(ImportError) -> DumpTree {
        let root = try Self.parseJSON(bytes, limits: limits, warnings: &warnings)
        return try read(root, at: "")
    }

    /// Reads an already parsed document (a dump envelope's `dump` member), `base` its pointer.
    mutating func read(_ root: JSONValue, at base: String) throws(ImportError) -> DumpTree {
        let windows: [JSONValue]
        switch root {
        case let .object(members):
            if case let .string(s)? = root["rendering_system"] { renderingSystem = s }
            guard let w = members.first(where: { $0.key == "windows" })?.value else {
                throw ImportError(.unsupportedDocument, "a Sentry view hierarchy is {\"rendering_system\", \"windows\": [...]}; this object has no \"windows\"")
            }
            guard case let .array(list) = w else {
                throw ImportError(.unsupportedDocument, "\"windows\" of a Sentry view hierarchy is an array, not \(w.typeName)")
            }
            windows = list
        case let .array(list):
            // RFC 33's first proposal: the windows as a top-level array.
            windows = list
        default:
            throw ImportError(.unsupportedDocument, "a Sentry view hierarchy is a JSON object, not \(root.typeName)")
        }
        checkPlatform(at: base)
        // Depth-first, without recursion: (value, pointer, parent, depth).
        var work: [(JSONValue, String, Int?, Int)] = windows.enumerated().reversed().map { ($0.element, (root.isArray ? base : base + "/windows") + "/\($0.offset)", nil, 0) }
        while let (value, pointer, parent, depth) = work.popLast() {
            guard case let .object(members) = value else {
                warnings.add(
                    ImportWarning(.invalidValue, "a node of the hierarchy is \(value.typeName), not an object: skipped", lost: "that node", pointer: pointer))
                continue
            }
            // One pass over the members (the first of a repeated key counts).
            var fields = Fields()
            var unknown: [String] = []
            for member in members where !fields.set(member.key, member.value) { unknown.append(member.key) }
            guard let (index, readChildren) = try addNode(fields, unknown: unknown, pointer: pointer, parent: parent, depth: depth) else { continue }
            if readChildren, case let .array(children)? = fields.children {
                for (k, child) in children.enumerated().reversed() { work.append((child, pointer + "/children/\(k)", index, depth + 1)) }
            }
        }
        warnUnknownMembers()
        return tree
    }

    mutating func string(_ value: JSONValue?, _ key: String, _ pointer: String) -> String? {
        guard let v = value, v != .null else { return nil }
        guard case let .string(s) = v else {
            warnings.add(ImportWarning(.invalidValue, "\"\(key)\" is \(v.typeName), not a string: ignored", sourceID: pointer, lost: "the \(key)", pointer: pointer + "/" + key))
            return nil
        }
        return s
    }

    mutating func number(_ value: JSONValue?, _ key: String, _ pointer: String) -> Double? {
        guard let v = value, v != .null else { return nil }
        guard case let .number(n) = v, n.isFinite else {
            warnings.add(ImportWarning(.invalidValue, "\"\(key)\" is \(v.typeName), not a finite number: 0 used", sourceID: pointer, lost: "the \(key)", pointer: pointer + "/" + key))
            return nil
        }
        return n
    }

    // MARK: JSON, cut off or not

    /// The document parsed strictly; a document cut off mid-way (the error is at its end) is
    /// closed after its last complete object or array and read with a `dumpTruncated` warning.
    static func parseJSON(_ bytes: [UInt8], limits: ImportLimits, warnings: inout ImportWarnings) throws(ImportError) -> JSONValue {
        let parser = JSONParser(maxNesting: limits.maxDepth * 2 + 16)
        let failure: JSONParseError
        do {
            return try parser.parse(bytes)
        } catch {
            failure = error
        }
        let error = failure
        if error.kind == .tooDeep {
            throw ImportError(.limitExceeded, "the JSON nests deeper than \(parser.maxNesting) levels", line: error.line, column: error.column)
        }
        var end = bytes.count
        while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        if error.offset >= end, let (repaired, cut) = closedPrefix(bytes), let value = try? parser.parse(repaired) {
            let (line, column) = DumpText.position(of: cut, in: bytes)
            warnings.add(
                ImportWarning(
                    .dumpTruncated, "the document stops before its end (\(error.message)): read up to line \(line), column \(column), after the last complete node",
                    line: line, column: column, lost: "everything after that point"))
            return value
        }
        throw ImportError(.malformedJSON, "the document is not JSON: \(error.message)", line: error.line, column: error.column)
    }

    /// The bytes up to the last `}` or `]` outside a string, with the containers still open there
    /// closed; and that offset. Nil when there is none.
    static func closedPrefix(_ b: [UInt8]) -> ([UInt8], Int)? {
        var stack: [UInt8] = []
        var inString = false
        var escaped = false
        var best: (end: Int, closers: [UInt8])?
        for (i, c) in b.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if c == UInt8(ascii: "\\") {
                    escaped = true
                } else if c == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch c {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"): stack.append(UInt8(ascii: "}"))
            case UInt8(ascii: "["): stack.append(UInt8(ascii: "]"))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard stack.popLast() == c else { return nil }
                if !stack.isEmpty { best = (i + 1, stack.reversed()) }
            default: break
            }
        }
        guard let best else { return nil }
        return (Array(b[..<best.end]) + best.closers, best.end)
    }
}

extension JSONValue {
    var isArray: Bool {
        if case .array = self { return true }
        return false
    }
}
