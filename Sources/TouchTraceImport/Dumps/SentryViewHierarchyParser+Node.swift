import TouchTraceEngine

/// What both readers of a Sentry view hierarchy share — the tree reader (`read(_:at:)`, on a
/// parsed `JSONValue`) and the byte reader (`readBytes()`): a node's members made into a
/// `DumpNode` with its warnings, the platform warning and the unknown members' summary. Every
/// warning and every node is made here, so the two readers cannot differ in what they say.
extension SentryViewHierarchyParser {
    /// The members of a node that are read. A member's value is the parsed one; the byte reader
    /// puts an empty array or object in place of a container it skipped (only its type is read,
    /// and a `children` array it reads itself).
    struct Fields {
        var type, identifier, viewController, x, y, width, height, alpha, visible, visibility, children: JSONValue?

        /// Records a member (the first of a repeated key counts); false for a member that is not
        /// read and not knowingly ignored: an unknown one, counted in an `unsupportedAttribute`
        /// warning.
        mutating func set(_ key: String, _ value: JSONValue) -> Bool {
            guard let member = Member(rawValue: key) else { return false }
            set(member, value)
            return true
        }

        mutating func set(_ member: Member, _ value: JSONValue) {
            switch member {
            case .type: if type == nil { type = value }
            case .identifier: if identifier == nil { identifier = value }
            case .viewController: if viewController == nil { viewController = value }
            case .x: if x == nil { x = value }
            case .y: if y == nil { y = value }
            case .width: if width == nil { width = value }
            case .height: if height == nil { height = value }
            case .alpha: if alpha == nil { alpha = value }
            case .visible: if visible == nil { visible = value }
            case .visibility: if visibility == nil { visibility = value }
            case .children: if children == nil { children = value }
            case .depth, .z, .tag, .renderingSystem: break
            }
        }
    }

    /// The members of a node that are read, and those knowingly ignored (RFC 33's `depth` and
    /// `z`, Android's `tag`, and `rendering_system`).
    enum Member: String, CaseIterable {
        case type, identifier, viewController = "view_controller", x, y, width, height, alpha, visible, visibility, children
        case depth, z, tag, renderingSystem = "rendering_system"

        var isIgnored: Bool {
            switch self {
            case .depth, .z, .tag, .renderingSystem: return true
            default: return false
            }
        }
    }

    /// The node at `pointer` added under `parent` with its warnings: its index, and whether its
    /// `children` are an array to read; nil for Sentry's truncation marker, which is not a view
    /// (nothing below it is read).
    mutating func addNode(_ fields: Fields, unknown: [String], pointer: String, parent: Int?, depth: Int) throws(ImportError) -> (index: Int, readChildren: Bool)? {
        let type: String
        if case let .string(s)? = fields.type { type = s } else { type = "" }
        if type == "SentryTruncatedViewHierarchy" {
            warnings.add(
                ImportWarning(
                    .dumpTruncated,
                    "Sentry cut the hierarchy here (its SDK stops at a nesting depth of 90): the subviews below are not in the file",
                    sourceID: pointer, lost: "the views below this point", pointer: pointer))
            return nil
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
        guard let c = fields.children else { return (index, false) }
        guard case .array = c else {
            warnings.add(ImportWarning(.invalidValue, "\"children\" is \(c.typeName), not an array: no subviews read", sourceID: pointer, lost: "its subviews", pointer: pointer + "/children"))
            return (index, false)
        }
        return (index, true)
    }

    /// Whether `rendering_system` names another platform than UIKit: it is then said once, before
    /// the nodes' warnings.
    static func isForeign(_ system: String) -> Bool {
        !["uikit", "apple_uikit"].contains(system.lowercased())
    }

    /// The platform warning when `renderingSystem` is not UIKit's.
    mutating func checkPlatform(at base: String) {
        guard let system = renderingSystem, Self.isForeign(system) else { return }
        tree.foreignPlatform = true
        warnings.add(
            ImportWarning(
                .platformApproximated,
                "the hierarchy's rendering system is \"\(system.prefix(40))\", not UIKit: its element types are imported as the UIKit classes their names suggest",
                lost: "the platform's own touch rules", pointer: base + "/rendering_system"))
    }

    /// One `unsupportedAttribute` warning per member name not read, with how many nodes had it
    /// and the first one's pointer, after the nodes.
    mutating func warnUnknownMembers() {
        for key in unknownMemberOrder {
            guard let u = unknownMembers[key] else { continue }
            warnings.add(
                ImportWarning(
                    .unsupportedAttribute, "\"\(key.prefix(60))\" is not a member TouchTrace reads (\(u.count) node\(u.count == 1 ? "" : "s")): ignored",
                    lost: "that member", pointer: u.pointer))
        }
    }
}
