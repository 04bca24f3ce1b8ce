import TestSupport
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

/// Figma's stored geometry as the oracle: every node's `absoluteBoundingBox` against the box
/// its view has in the imported scene (its bounds taken through every superview's geometry
/// into the window, as UIKit's `convert(_:to: nil)` does, then bounded), relative to the
/// frame's own box; before the layout pass (what the importer wrote) and after it (what
/// TouchTrace's stack views and constraints computed).
struct FigmaFrameOracle {
    struct Comparison {
        var file: String
        var frame: String
        var node: String
        var name: String
        var sceneID: String
        var figma: Rect
        var scene: Rect
        /// Whether the node is visible (it and every ancestor up to the frame).
        var visible: Bool
        /// Whether the node is a child (not absolutely placed) of an auto-layout frame.
        var arranged: Bool
        var agrees: Bool

        var description: String {
            func r(_ x: Rect) -> String { "(\(f(x.minX)), \(f(x.minY)), \(f(x.size.width)), \(f(x.size.height)))" }
            return "\(frame) \(node) \"\(name.prefix(40))\" [\(sceneID)]: Figma \(r(figma)), TouchTrace \(r(scene))"
        }
        func f(_ v: Double) -> String { JSONWriter.format((v * 100).rounded() / 100) }
    }

    /// The box of view `v` in its window's coordinates.
    static func windowBox(_ v: Int, in scene: Scene) -> Rect {
        let node = scene.views[v]
        var corners = [
            Point(x: node.geometry.bounds.minX, y: node.geometry.bounds.minY), Point(x: node.geometry.bounds.maxX, y: node.geometry.bounds.minY),
            Point(x: node.geometry.bounds.minX, y: node.geometry.bounds.maxY), Point(x: node.geometry.bounds.maxX, y: node.geometry.bounds.maxY),
        ]
        var current = v
        while let parent = scene.views[current].parent {
            corners = corners.map { scene.views[current].geometry.convertToSuperview($0) }
            current = parent
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The scene with every view that Auto Layout places (`translatesAutoresizingMaskIntoConstraints`
    /// false: arranged subviews, inner stacks, views with constraints) moved to the origin and,
    /// unless a subview autoresizes against it (its stored size is that subview's reference, as a
    /// nib's is in UIKit), shrunk to zero, so that only the layout pass can put them where Figma has them.
    static func withoutConstrainedFrames(_ value: JSONValue) -> JSONValue {
        guard case var .object(members) = value else { return value }
        if value["translatesAutoresizingMaskIntoConstraints"] == .bool(false), let i = members.firstIndex(where: { $0.key == "frame" }) {
            var autoresized = false
            if case let .array(subviews)? = value["subviews"] {
                autoresized = subviews.contains { $0["translatesAutoresizingMaskIntoConstraints"] != .bool(false) }
            }
            let size = members[i].value
            members[i].value = .obj(["x": 0, "y": 0, "width": autoresized ? size["width"] ?? 0 : 0, "height": autoresized ? size["height"] ?? 0 : 0])
        }
        for i in members.indices {
            switch members[i].key {
            case "window": members[i].value = withoutConstrainedFrames(members[i].value)
            case "subviews":
                if case let .array(list) = members[i].value { members[i].value = .array(list.map(withoutConstrainedFrames)) }
            default: break
            }
        }
        return .object(members)
    }

    struct NoBoxes: Error, CustomStringConvertible {
        var frame: String
        var description: String {
            "top-level frame \"\(frame)\" has no id, so there is no Figma box to compare it with (Figma's REST responses give every node an id and an absoluteBoundingBox: a plugin's export?)"
        }
    }

    /// Every top-level frame of a document, imported, compared node by node.
    static func check(file: String, bytes: [UInt8], laidOut: Bool, tolerance: Double) throws -> [Comparison] {
        let parsed = try FigmaJSON.parse(bytes, limits: ImportLimits())
        let list = try FigmaImporter.importParsed(parsed, options: ImportOptions(list: true))
        // A tool's wrapper around the response is unwrapped as the importer does.
        let (root, base) = FigmaDocument.wrappedResponse(parsed.value).map { ($0.1, "/" + JSONPointer.escape($0.0)) } ?? (parsed.value, "")
        let doc = try FigmaDocument(root, pointer: base, limits: ImportLimits())
        var result: [Comparison] = []
        for unit in list.units ?? [] {
            // Figma's REST API gives every node an id and an absoluteBoundingBox; a frame without an
            // id cannot be matched against its box (a plugin's export of `x`/`y`/`width`/`height`).
            if unit.id.isEmpty {
                throw NoBoxes(frame: unit.name ?? "?")
            }
            let imported = try FigmaImporter.importParsed(parsed, options: ImportOptions(frame: unit.id))
            var json = try #require(imported.scene)
            if laidOut { json = withoutConstrainedFrames(json) }
            var scene = try SceneDecoder().decode(json)
            if laidOut { scene = scene.laidOut() }
            guard let frameNode = doc.byID[unit.id], let frameBox = FigmaImport.box(doc[frameNode].value) else { continue }
            for (sceneID, nodeID) in imported.ids.sorted(by: { $0.key < $1.key }) {
                guard let v = scene.viewIndex(sceneID), scene.views[v].viewClass != .UIWindow, let n = doc.byID[nodeID],
                    let box = FigmaImport.box(doc[n].value)
                else { continue }
                // An auto-layout frame's inner stack maps to the frame too: the frame's own view is its superview.
                if let parent = scene.views[v].parent, imported.ids[scene.views[parent].id] == nodeID { continue }
                let figma = Rect(x: box.minX - frameBox.minX, y: box.minY - frameBox.minY, width: box.size.width, height: box.size.height)
                let computed = windowBox(v, in: scene)
                var visible = true
                var p: Int? = n
                while let i = p {
                    if doc[i].value["visible"] == .bool(false) { visible = false }
                    if i == frameNode { break }
                    p = doc[i].parent
                }
                var arranged = false
                if let parent = doc[n].parent, case let .string(mode)? = doc[parent].value["layoutMode"], mode == "HORIZONTAL" || mode == "VERTICAL",
                    doc[n].value["layoutPositioning"] != .string("ABSOLUTE"), n != frameNode
                {
                    arranged = true
                }
                let agrees = abs(figma.minX - computed.minX) <= tolerance && abs(figma.minY - computed.minY) <= tolerance
                    && abs(figma.size.width - computed.size.width) <= tolerance && abs(figma.size.height - computed.size.height) <= tolerance
                result.append(
                    Comparison(
                        file: file, frame: unit.id, node: nodeID, name: doc[n].name, sceneID: sceneID, figma: figma, scene: computed,
                        visible: visible, arranged: arranged, agrees: agrees))
            }
        }
        return result
    }
}

/// A file that an oracle's importer refused, as a row of the oracle's report instead of an
/// aborted run (as the IB oracle's folder switch does): the error's kind, its message, and where
/// it is — the line and column, the JSON pointer of its first located problem or the one its
/// message names (`at /document/children/0`), an archive entry, else `/` (the document as a whole).
struct OracleRefusal: CustomStringConvertible {
    var file: String
    var kind: String
    var reason: String
    var location: String

    init(file: String, error: any Error) {
        self.file = file
        if let error = error as? ImportError {
            kind = error.kind.rawValue
            reason = error.message
            if let line = error.line, let column = error.column {
                location = "line \(line), column \(column)"
            } else if let first = error.problems.first {
                location = first.pointer.isEmpty ? "/" : first.pointer
            } else {
                location = Self.pointer(in: error.message) ?? "/"
            }
        } else {
            kind = String(describing: type(of: error))
            reason = String(describing: error)
            location = Self.pointer(in: reason) ?? "/"
        }
    }

    /// The first JSON pointer or archive entry a message names (`at /a/0`, `entry "pages/x.json"`).
    static func pointer(in message: String) -> String? {
        for marker in ["at /", "pointer /", "entry \""] {
            guard let range = message.range(of: marker) else { continue }
            let start = marker.hasSuffix("/") ? message.index(before: range.upperBound) : range.upperBound
            let value = message[start...].prefix { !" ,;)\"".contains($0) }
            if !value.isEmpty { return String(value) }
        }
        return nil
    }

    /// The reason on one line, without the table's separator, at most 200 characters.
    var cell: String {
        let flat = reason.map { $0 == "|" ? "/" : ($0.isNewline ? " " : $0) }
        return "refused (\(kind)) at \(location): \(String(flat.prefix(200)))"
    }

    var description: String { "\(file): \(cell)" }
}
