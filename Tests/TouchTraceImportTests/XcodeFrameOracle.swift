import TestSupport
import TouchTraceEngine
@testable import TouchTraceImport

/// Xcode's stored frames as the oracle for TouchTrace's layout: import a document's units,
/// run the layout pass at the document's device size, and compare every view's frame (in its
/// superview's coordinates) with the `<rect key="frame">` Xcode wrote, leaving out the views
/// Xcode marks `misplaced` or `ambiguous`.
struct XcodeFrameOracle {
    static let tolerance = 0.5

    struct Disagreement: CustomStringConvertible {
        var unit: String
        var sceneID: String
        var sourceID: String
        var element: String
        var stored: Rect
        var computed: Rect
        /// Whether the nearest view element above it agrees (or is not compared): the view is
        /// where a disagreement starts, not one that only follows its superview's.
        var root: Bool
        var description: String {
            func r(_ x: Rect) -> String { "(\(f(x.minX)), \(f(x.minY)), \(f(x.size.width)), \(f(x.size.height)))" }
            return "\(unit) \(element) \(sourceID) [\(sceneID)]: Xcode \(r(stored)), TouchTrace \(r(computed))\(root ? "" : " (follows its superview)")"
        }
        func f(_ v: Double) -> String { JSONWriter.format((v * 100).rounded() / 100) }
    }

    struct FileResult {
        var file: String
        var compared = 0
        var agreeing = 0
        var excluded = 0
        var disagreements: [Disagreement] = []
    }

    /// Compares one document, imported as Xcode's canvas shows it (`canvas`) or as the app runs.
    static func check(file: String, bytes: [UInt8], canvas: Bool = true) throws -> FileResult {
        var result = FileResult(file: file)
        let format = ImportFormat(fileName: file) ?? .xib
        let doc = try IBDocument(tree: XMLTree.parse(bytes, limits: ImportLimits()))
        // A storyboard scene by scene (each at the device size); a xib all at once.
        let requests: [(unit: String, scene: Int?, options: ImportOptions)] = doc.kind == .storyboard
            ? doc.units.map { ($0.id, $0.scene, ImportOptions(scene: $0.id, canvas: canvas)) }
            : [("xib", nil, ImportOptions(canvas: canvas))]
        for request in requests {
            let imported = try Importer.importDocument(bytes, format: format, options: request.options)
            guard let json = imported.scene else { continue }
            let scene = try SceneDecoder().decode(json).laidOut()
            var disagreeing: Set<Int> = []
            var found: [(element: Int, disagreement: Disagreement)] = []
            for (sceneID, sourceID) in imported.ids.sorted(by: { $0.key < $1.key }) {
                guard let view = scene.viewIndex(sceneID), let element = doc.elementsByID[sourceID],
                    let stored = doc.frame(of: element)
                else { continue }
                // Only the unit's own views (a container scene also shows its child's).
                if let unitScene = request.scene, doc.scene(of: element) != unitScene { continue }
                let el = doc.tree[element]
                if el["misplaced"] == "YES" || el["ambiguous"] == "YES" || isPlaceholder(element, doc) {
                    result.excluded += 1
                    continue
                }
                var computed = scene.views[view].frame
                // A root view's stored origin is not a position (Xcode writes 0, 0 for a view
                // that has no superview in the file): only its size is compared.
                if isRoot(element, doc) { computed.origin = stored.origin }
                result.compared += 1
                if agree(stored, computed) {
                    result.agreeing += 1
                } else {
                    disagreeing.insert(element)
                    found.append(
                        (element, Disagreement(unit: request.unit, sceneID: sceneID, sourceID: sourceID, element: el.name, stored: stored, computed: computed, root: true)))
                }
            }
            for (element, var d) in found {
                var up = doc.tree[element].parent
                while let p = up, !doc.isView(p) { up = doc.tree[p].parent }
                d.root = !(up.map { disagreeing.contains($0) } ?? false)
                result.disagreements.append(d)
            }
        }
        return result
    }

    /// A controller's root view, or a xib's top-level view.
    static func isRoot(_ e: Int, _ doc: IBDocument) -> Bool {
        guard let parent = doc.tree[e].parent else { return true }
        let owner = doc.tree[parent].name
        return owner == "objects" || (doc.tree[e]["key"] == "view" && IBVocabulary.controllers.contains(owner))
    }

    /// A frame Xcode does not lay out: a tab bar controller's tab bar and a navigation
    /// controller's toolbar are stored at placeholder frames (UIKit places them at run time).
    static func isPlaceholder(_ e: Int, _ doc: IBDocument) -> Bool {
        guard let parent = doc.tree[e].parent else { return false }
        let owner = doc.tree[parent].name
        let key = doc.tree[e]["key"]
        return (owner == "tabBarController" && key == "tabBar") || (owner == "navigationController" && key == "toolbar")
    }

    static func agree(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
            && abs(a.size.width - b.size.width) <= tolerance && abs(a.size.height - b.size.height) <= tolerance
    }
}
