import Foundation
import TestSupport
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

extension Corpus {
    /// Penpot's own test fixtures (get-file and get-file-fragment responses in Transit JSON).
    static let penpot = Corpus(name: "penpot", label: "Penpot")
    /// A zipped .sketch file and the JSON parts of Sketch's reference documents.
    static let sketch = Corpus(name: "sketch", label: "Sketch")

    /// One file's bytes.
    func bytes(_ file: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: folder.appendingPathComponent(file))) }
}

/// A design file's stored geometry as the oracle: every layer's box as the file stores it
/// (Penpot's `selrect` through its `transform`; Sketch's frames, accumulated), relative to its
/// screen, against its view's box in the window after TouchTrace's layout pass — the views that
/// Auto Layout places (arranged subviews, inner stacks, constrained views) first moved to the
/// origin and shrunk, so only the layout pass can put them back.
enum DesignOracle {
    struct Comparison {
        var file: String
        var screen: String
        var node: String
        var name: String
        var stored: Rect
        var scene: Rect
        var visible: Bool
        var arranged: Bool
        var agrees: Bool

        var description: String {
            func f(_ v: Double) -> String { JSONWriter.format((v * 100).rounded() / 100) }
            func r(_ x: Rect) -> String { "(\(f(x.minX)), \(f(x.minY)), \(f(x.size.width)), \(f(x.size.height)))" }
            return "\(file) \(screen) \(node) \"\(name.prefix(40))\": file \(r(stored)), TouchTrace \(r(scene))"
        }
    }

    static func document(_ bytes: [UInt8], format: ImportFormat) throws -> DesignDocument {
        format == .penpot ? try PenpotImporter.read(bytes, options: ImportOptions()).doc : try SketchImporter.read(bytes, options: ImportOptions()).doc
    }

    /// Every screen of the document imported and laid out, each layer compared.
    static func check(file: String, bytes: [UInt8], format: ImportFormat, tolerance: Double = 0.5) throws -> [Comparison] {
        let doc = try document(bytes, format: format)
        var out: [Comparison] = []
        for unit in doc.units {
            let root = doc[unit.node]
            let imported = try Importer.importDocument(bytes, format: format, options: ImportOptions(frame: root.id))
            let json = FigmaFrameOracle.withoutConstrainedFrames(try #require(imported.scene))
            let scene = try SceneDecoder().decode(json).laidOut()
            guard let rootBox = root.storedBox else { continue }
            for (sceneID, nodeID) in imported.ids.sorted(by: { $0.key < $1.key }) {
                guard let v = scene.viewIndex(sceneID), scene.views[v].viewClass != .UIWindow, let n = doc.byID[nodeID], let box = doc[n].storedBox else { continue }
                if let parent = scene.views[v].parent, imported.ids[scene.views[parent].id] == nodeID { continue }
                let stored = Rect(x: box.minX - rootBox.minX, y: box.minY - rootBox.minY, width: box.size.width, height: box.size.height)
                let computed = FigmaFrameOracle.windowBox(v, in: scene)
                var visible = true
                var p: Int? = n
                while let i = p {
                    if doc[i].hidden { visible = false }
                    if i == unit.node { break }
                    p = doc[i].parent
                }
                let arranged = doc[n].parent.flatMap { doc[$0].layout }?.flow.contains(n) ?? false
                let agrees = abs(stored.minX - computed.minX) <= tolerance && abs(stored.minY - computed.minY) <= tolerance
                    && abs(stored.size.width - computed.size.width) <= tolerance && abs(stored.size.height - computed.size.height) <= tolerance
                out.append(
                    Comparison(
                        file: file, screen: root.name, node: nodeID, name: doc[n].name, stored: stored, scene: computed, visible: visible, arranged: arranged,
                        agrees: agrees))
            }
        }
        return out
    }
}
