import TestSupport
import TouchTraceEngine
@testable import TouchTraceImport

/// Xcode's stored frames as the oracle for TouchTrace's layout: import a document's units,
/// run the layout pass at the document's device size, and compare every view's frame (in its
/// superview's coordinates) with the `<rect key="frame">` Xcode wrote, leaving out the views
/// Xcode marks `misplaced` or `ambiguous`. Each compared view is also placed by who decides its
/// frame (`Placement`): issue 23's measure is the constraint-driven views'.
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
        /// A required constraint of the file's own that Xcode's stored frames contradict (its
        /// id): the stored frame is stale, not what the constraints give.
        var contradicted: String?
        /// Who decides the view's frame.
        var placement: Placement = .constraints
        var description: String {
            func r(_ x: Rect) -> String { "(\(f(x.minX)), \(f(x.minY)), \(f(x.size.width)), \(f(x.size.height)))" }
            let why = contradicted.map { " (stale: the stored frames contradict constraint \($0))" } ?? (root ? "" : " (follows its superview)")
            let placed = placement.isConstraintDriven ? "" : " · \(placement.rawValue)"
            return "\(unit) \(element) \(sourceID) [\(sceneID)]: Xcode \(r(stored)), TouchTrace \(r(computed))\(why)\(placed)"
        }
        func f(_ v: Double) -> String { JSONWriter.format((v * 100).rounded() / 100) }
    }

    struct FileResult {
        var file: String
        var compared = 0
        var agreeing = 0
        var excluded = 0
        var disagreements: [Disagreement] = []
        /// The compared views whose frame Auto Layout decides (`Placement.isConstraintDriven`),
        /// and those of them that agree.
        var constraintDriven = 0
        var constraintDrivenAgreeing = 0
        /// Compared views by who decides their frame.
        var placements: [Placement: Int] = [:]
    }

    /// Who decides a view's frame at run time, from the document alone (docs/import-ib.md,
    /// "The issue's measure: constraint-driven views"). Auto Layout decides it for a view with
    /// `translatesAutoresizingMaskIntoConstraints="NO"` (Xcode writes it on a view it
    /// constrains) and for a stack view's arranged subview (`addArrangedSubview` sets the flag
    /// to NO, whatever the file says; every subview of an IB stack view is arranged). Not for a
    /// controller's root view or a xib's top-level view (its container or the loading code sizes
    /// it), a view its owner places (a cell, a cell's content view, a table's header view, a
    /// bar: it is not in a `<subviews>` list), a view Xcode stores with `fixedFrame="YES"`
    /// (Xcode turns its frame into autoresizing constraints at build time, though it also
    /// writes the flag NO), or any other view (its autoresizing mask places it in its
    /// superview, whoever places the superview).
    enum Placement: String, CaseIterable, Comparable {
        case constraints = "constraint-driven"
        case arranged = "arranged in a stack view, flag not written"
        case root = "root view"
        case owner = "placed by its owner"
        case fixedFrame = "fixed frame"
        case fixedFrameInConstraintDriven = "fixed frame inside a constraint-driven view"
        case autoresizingInConstraintDriven = "autoresizing inside a constraint-driven view"
        case autoresizing = "autoresizing"

        var isConstraintDriven: Bool { self == .constraints || self == .arranged }
        static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
    }

    static func placement(_ e: Int, _ doc: IBDocument) -> Placement {
        let tree = doc.tree
        if isRoot(e, doc) { return .root }
        guard let list = tree[e].parent, tree[list].name == "subviews", let superview = tree[list].parent else { return .owner }
        if tree[superview].name == "stackView" {
            return tree[e]["translatesAutoresizingMaskIntoConstraints"] == "NO" ? .constraints : .arranged
        }
        let fixed = tree[e]["fixedFrame"] == "YES"
        if !fixed, tree[e]["translatesAutoresizingMaskIntoConstraints"] == "NO" { return .constraints }
        let inside = placement(superview, doc).isConstraintDriven
        return fixed ? (inside ? .fixedFrameInConstraintDriven : .fixedFrame) : (inside ? .autoresizingInConstraintDriven : .autoresizing)
    }

    /// Compares one document, imported as Xcode's canvas shows it (`canvas`) or as the app runs;
    /// `each` sees every unit's import and laid-out scene (the connection oracle reuses them).
    static func check(
        file: String, bytes: [UInt8], canvas: Bool = true,
        each: (_ unit: String, _ scene: Int?, _ imported: ImportResult, _ laidOut: Scene) throws -> Void = { _, _, _, _ in }
    ) throws -> FileResult {
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
            try each(request.unit, request.scene, imported, scene)
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
                let placed = placement(element, doc)
                result.compared += 1
                result.placements[placed, default: 0] += 1
                if placed.isConstraintDriven { result.constraintDriven += 1 }
                if agree(stored, computed) {
                    result.agreeing += 1
                    if placed.isConstraintDriven { result.constraintDrivenAgreeing += 1 }
                } else {
                    disagreeing.insert(element)
                    found.append(
                        (element, Disagreement(unit: request.unit, sceneID: sceneID, sourceID: sourceID, element: el.name, stored: stored, computed: computed, root: true, placement: placed)))
                }
            }
            let stored = IBStoredTree(doc: doc, importer: IBImport(doc: doc, options: ImportOptions()))
            for (element, var d) in found {
                var up = doc.tree[element].parent
                while let p = up, !doc.isView(p) { up = doc.tree[p].parent }
                d.root = !(up.map { disagreeing.contains($0) } ?? false)
                d.contradicted = contradiction(of: element, doc: doc, stored: stored)
                result.disagreements.append(d)
            }
        }
        return result
    }

    /// The id of a required constraint of the document on `e` that Xcode's stored frames
    /// contradict by more than the tolerance (an equality that does not hold, or an inequality
    /// the frames break: WordPress' button 38 pt tall under its own `height ≥ 50`, fourth unseen
    /// round): both items views with stored frames in the same root, edges, centres or sizes
    /// (not margins, baselines or guides), measured on alignment rectangles (the importer's
    /// insets). Nil when every such constraint holds. A constraint between an edge of a scroll
    /// view (a table, collection or text view too) and a view inside it is left out: UIKit
    /// attaches it to the scroll view's content area, not its frame (Auto Layout Guide, "Working
    /// with Scroll Views"; widths, heights and centres attach to the frame and are kept), so
    /// content taller than its scroll view is no stale frame (the twenty-third round: 8 such
    /// labels in 6 projects).
    static func contradiction(of e: Int, doc: IBDocument, stored: IBStoredTree) -> String? {
        let tree = doc.tree
        guard let id = tree[e]["id"] else { return nil }
        func alignment(_ v: Int) -> Rect? {
            guard let f = stored.rootFrame(v) else { return nil }
            let cls = doc.viewClass(of: v)
            let i = IBImport.alignmentRectInsets(cls, tools: doc.toolsVersion) ?? AutoLayout.alignmentRectInsets(of: cls)
            return Rect(x: f.minX + i.left, y: f.minY + i.top, width: f.size.width - i.left - i.right, height: f.size.height - i.top - i.bottom)
        }
        func read(_ r: Rect, _ a: String) -> Double? {
            switch a {
            case "leading", "left": return r.minX
            case "trailing", "right": return r.maxX
            case "top": return r.minY
            case "bottom": return r.maxY
            case "width": return r.size.width
            case "height": return r.size.height
            case "centerX": return r.midX
            case "centerY": return r.midY
            default: return nil
            }
        }
        func root(_ v: Int) -> Int {
            var r = v
            while let s = stored.superview(r) { r = s }
            return r
        }
        for (index, el) in tree.elements.enumerated() where el.name == "constraint" {
            let relation = el["relation"]
            guard el["placeholder"] != "YES", relation == nil || relation == "greaterThanOrEqual" || relation == "lessThanOrEqual",
                el["priority"] == nil || el["priority"] == "1000",
                let list = el.parent, let holder = tree[list].parent, let holderID = tree[holder]["id"]
            else { continue }
            let first = el["firstItem"] ?? holderID
            guard first == id || el["secondItem"] == id, let fa = el["firstAttribute"],
                let a = doc.elementsByID[first], doc.isView(a), let ra = alignment(a), let va = read(ra, fa)
            else { continue }
            var rhs = Double(el["constant"] ?? "0") ?? 0
            if let second = el["secondItem"] {
                guard let b = doc.elementsByID[second], doc.isView(b), root(a) == root(b), let rb = alignment(b),
                    let vb = read(rb, el["secondAttribute"] ?? fa), let m = IBImport.multiplier(el["multiplier"] ?? "1")
                else { continue }
                rhs += m * vb
                if scrollContentEdge(a, fa, b, doc) || scrollContentEdge(b, el["secondAttribute"] ?? fa, a, doc) { continue }
            }
            let broken: Bool
            switch relation {
            case "greaterThanOrEqual": broken = va < rhs - tolerance
            case "lessThanOrEqual": broken = va > rhs + tolerance
            default: broken = abs(va - rhs) > tolerance
            }
            if broken { return el["id"] ?? "#\(index)" }
        }
        return stackSpacingContradiction(of: e, doc: doc, stored: stored, alignment: alignment)
    }

    /// Whether `attribute` of `scroll` is an edge of a scroll view (or a table, collection or
    /// text view) that `other`, a view inside it, is constrained to: the content area's edge.
    static func scrollContentEdge(_ scroll: Int, _ attribute: String, _ other: Int, _ doc: IBDocument) -> Bool {
        guard ["scrollView", "tableView", "collectionView", "textView"].contains(doc.tree[scroll].name),
            ["leading", "trailing", "left", "right", "top", "bottom"].contains(attribute)
        else { return false }
        var up = doc.tree[other].parent
        while let p = up {
            if p == scroll { return true }
            up = doc.tree[p].parent
        }
        return false
    }

    /// UIStackView's own required constraints (`UISV-spacing`): with a spacing of zero or more,
    /// each visible arranged subview starts after the one before it, at least the spacing
    /// further on, for every distribution (an equality for `fill`, `fillEqually`,
    /// `fillProportionally`, at least for `equalSpacing` and `equalCentering`; UIStackView's
    /// documentation, "Distribution"). Stored frames of two neighbours that overlap along the
    /// axis are frames Xcode did not lay out (arranged views added or reordered without a
    /// layout: sentry's button columns with three buttons at one y, stopp-corona's main stack):
    /// both are stale. Hidden views (`UISV-hiding`), stacks arranged on baselines and negative
    /// spacings are left out. The name reads "UISV-spacing (stack <id>)".
    static func stackSpacingContradiction(of e: Int, doc: IBDocument, stored: IBStoredTree, alignment: (Int) -> Rect?) -> String? {
        let tree = doc.tree
        guard tree[e]["hidden"] != "YES", let list = tree[e].parent, tree[list].name == "subviews", let stack = tree[list].parent,
            tree[stack].name == "stackView", tree[stack]["baselineRelativeArrangement"] != "YES"
        else { return nil }
        let spacing = Double(tree[stack]["spacing"] ?? "0") ?? 0
        guard spacing >= 0 else { return nil }
        let vertical = tree[stack]["axis"] == "vertical"
        let arranged = tree[list].children.filter { doc.isView($0) && tree[$0]["hidden"] != "YES" }
        guard let i = arranged.firstIndex(of: e) else { return nil }
        func span(_ v: Int) -> (start: Double, end: Double)? {
            guard let r = alignment(v) else { return nil }
            return vertical ? (r.minY, r.maxY) : (r.minX, r.maxX)
        }
        let pairs = [i > 0 ? (arranged[i - 1], e) : nil, i + 1 < arranged.count ? (e, arranged[i + 1]) : nil].compactMap { $0 }
        for (before, after) in pairs {
            guard let a = span(before), let b = span(after) else { continue }
            if b.start < a.end + spacing - tolerance, b.start < a.end - tolerance {
                return "UISV-spacing (stack \(tree[stack]["id"] ?? "?"))"
            }
        }
        return nil
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
