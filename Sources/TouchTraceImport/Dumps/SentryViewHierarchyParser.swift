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

    mutating func parse() throws(ImportError) -> DumpTree {
        try limits.checkSize(bytes)
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
        if let system = renderingSystem, !["uikit", "apple_uikit"].contains(system.lowercased()) {
            tree.foreignPlatform = true
            warnings.add(
                ImportWarning(
                    .platformApproximated,
                    "the hierarchy's rendering system is \"\(system.prefix(40))\", not UIKit: its element types are imported as the UIKit classes their names suggest",
                    lost: "the platform's own touch rules", pointer: base + "/rendering_system"))
        }
        // Depth-first, without recursion: (value, pointer, parent, depth).
        var work: [(JSONValue, String, Int?, Int)] = windows.enumerated().reversed().map { ($0.element, (root.isArray ? base : base + "/windows") + "/\($0.offset)", nil, 0) }
        while let (value, pointer, parent, depth) = work.popLast() {
            guard case let .object(members) = value else {
                warnings.add(
                    ImportWarning(.invalidValue, "a node of the hierarchy is \(value.typeName), not an object: skipped", lost: "that node", pointer: pointer))
                continue
            }
            // One pass over the members (the first of a repeated key counts): the ones read, the
            // ones knowingly ignored (RFC 33's `depth`, `z`; `tag`), and the others, counted in
            // an `unsupportedAttribute` warning.
            var fields = Fields()
            var unknown: [String] = []
            for member in members {
                switch member.key {
                case "type": if fields.type == nil { fields.type = member.value }
                case "identifier": if fields.identifier == nil { fields.identifier = member.value }
                case "view_controller": if fields.viewController == nil { fields.viewController = member.value }
                case "x": if fields.x == nil { fields.x = member.value }
                case "y": if fields.y == nil { fields.y = member.value }
                case "width": if fields.width == nil { fields.width = member.value }
                case "height": if fields.height == nil { fields.height = member.value }
                case "alpha": if fields.alpha == nil { fields.alpha = member.value }
                case "visible": if fields.visible == nil { fields.visible = member.value }
                case "visibility": if fields.visibility == nil { fields.visibility = member.value }
                case "children": if fields.children == nil { fields.children = member.value }
                case "depth", "z", "tag", "rendering_system": break
                default: unknown.append(member.key)
                }
            }
            let type: String
            if case let .string(s)? = fields.type { type = s } else { type = "" }
            if type == "SentryTruncatedViewHierarchy" {
                warnings.add(
                    ImportWarning(
                        .dumpTruncated,
                        "Sentry cut the hierarchy here (its SDK stops at a nesting depth of 90): the subviews below are not in the file",
                        sourceID: pointer, lost: "the views below this point", pointer: pointer))
                continue
            }
            guard tree.nodes.count < min(limits.maxElements, SceneLimits().maxViews - 16) else {
                throw ImportError(.limitExceeded, "the hierarchy has more than \(min(limits.maxElements, SceneLimits().maxViews - 16)) nodes")
            }
            guard depth < limits.maxDepth else {
                throw ImportError(.limitExceeded, "the hierarchy nests views deeper than \(limits.maxDepth) levels (at \(pointer.prefix(200)))")
            }
            var node = DumpNode(className: type.isEmpty ? "UIView" : type)
            node.pointer = pointer
            if type.isEmpty {
                warnings.add(ImportWarning(.invalidValue, "a node without a \"type\": imported as a UIView", sourceID: pointer, lost: "its class", pointer: pointer))
            }
            node.identifier = string(fields.identifier, "identifier", pointer)
            node.controllerClass = string(fields.viewController, "view_controller", pointer)
            let x = number(fields.x, "x", pointer) ?? 0
            let y = number(fields.y, "y", pointer) ?? 0
            let width = number(fields.width, "width", pointer) ?? 0
            let height = number(fields.height, "height", pointer) ?? 0
            if width < 0 || height < 0 {
                warnings.add(
                    ImportWarning(
                        .invalidValue, "a negative width or height: read as the rectangle it covers", sourceID: pointer,
                        lost: "nothing", pointer: pointer))
            }
            node.frame = Rect(x: min(x, x + width), y: min(y, y + height), width: abs(width), height: abs(height))
            if let a = number(fields.alpha, "alpha", pointer) {
                if a >= 0, a <= 1 {
                    node.alpha = a
                } else {
                    warnings.add(ImportWarning(.invalidValue, "alpha \(a) is not from 0 to 1: 1 used", sourceID: pointer, lost: "the alpha", pointer: pointer))
                }
            }
            if let v = fields.visible {
                if case let .bool(b) = v {
                    node.hidden = !b
                } else {
                    warnings.add(ImportWarning(.invalidValue, "\"visible\" is \(v.typeName), not true or false: ignored", sourceID: pointer, lost: "whether it is hidden", pointer: pointer + "/visible"))
                }
            } else if case let .string(v)? = fields.visibility {
                // Sentry's Android writer: "visible", "invisible", "gone".
                node.hidden = v != "visible"
            }
            for key in unknown {
                if let u = unknownMembers[key] { unknownMembers[key] = (u.count + 1, u.pointer) } else {
                    unknownMembers[key] = (1, pointer + "/" + key)
                    unknownMemberOrder.append(key)
                }
            }
            let index = tree.add(node, parent: parent)
            if let c = fields.children {
                guard case let .array(children) = c else {
                    warnings.add(ImportWarning(.invalidValue, "\"children\" is \(c.typeName), not an array: no subviews read", sourceID: pointer, lost: "its subviews", pointer: pointer + "/children"))
                    continue
                }
                for (k, child) in children.enumerated().reversed() { work.append((child, pointer + "/children/\(k)", index, depth + 1)) }
            }
        }
        for key in unknownMemberOrder {
            guard let u = unknownMembers[key] else { continue }
            warnings.add(
                ImportWarning(
                    .unsupportedAttribute, "\"\(key.prefix(60))\" is not a member TouchTrace reads (\(u.count) node\(u.count == 1 ? "" : "s")): ignored",
                    lost: "that member", pointer: u.pointer))
        }
        return tree
    }

    /// The members of a node that are read.
    struct Fields {
        var type, identifier, viewController, x, y, width, height, alpha, visible, visibility, children: JSONValue?
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
