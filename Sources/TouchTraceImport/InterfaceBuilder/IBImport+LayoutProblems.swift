import TouchTraceEngine

extension IBImport {
    /// Warnings the laid-out scene owes (issue 23, the fifth unseen round found them silent):
    ///
    /// - `negativeSize`: a view laid out with a negative width or height. No view has one in
    ///   UIKit; it means the document's constraints ask more of the space than it has (UIKit
    ///   would break one of them, which one depends on the app), or that the view's size is the
    ///   app's code's (a custom class whose intrinsic size the document does not state), so that
    ///   nothing in the document sizes it. Only the outermost such view is named (what is inside
    ///   it follows it); hidden views are left alone.
    /// - `unsatisfiableConstraint`: a required constraint the solver had to break, as UIKit logs
    ///   "Unable to simultaneously satisfy constraints" (Auto Layout Guide, "Unsatisfiable
    ///   Layouts"), naming the constraint's element id and the ones it conflicts with (the
    ///   audit's `unsatisfiableConstraints` finds the same in a scene).
    mutating func reportLayoutProblems(in prepared: PreparedScene) {
        let scene = prepared.laidOut
        var negative: Set<Int> = []
        for (view, e) in viewElements {
            guard let index = scene.viewIndex(document.views[view].id), scene.isAttached(index) else { continue }
            let size = scene.views[index].frame.size
            guard size.width < -0.5 || size.height < -0.5 else { continue }
            negative.insert(index)
            guard !Self.isHiddenInScene(index, scene), !Self.hasAncestor(of: index, in: negative, scene) else { continue }
            let axes = [size.width < -0.5 ? "width" : nil, size.height < -0.5 ? "height" : nil].compactMap { $0 }.joined(separator: " and ")
            let custom = tree[e]["customClass"].map { " (\($0) is the app's class: its code may size it)" } ?? ""
            warn(
                .negativeSize, e,
                "\(describe(e)) is laid out \(Self.format(size)), a negative \(axes) no view has in UIKit: its constraints ask more than its superview gives (they contradict each other at this size, and UIKit breaks one of them), or its size is the app's code's, which the document does not state\(custom)",
                lost: "where the view and what is inside it are (a tap there is not where the app has it)")
        }
        guard let outcome = try? TouchTrace.layout(LayoutRequest(changes: []), in: prepared, limits: SceneLimits()).autoLayout else { return }
        var said: Set<String> = []
        for conflict in outcome.conflicts where !Self.isHiddenInScene(conflict.broken.view, scene) {
            let broken = conflict.broken
            let text = broken.description(in: scene)
            guard said.insert(text).inserted, said.count <= Self.maxConflictWarnings else { continue }
            let element = broken.origin == .scene ? broken.identifier.flatMap { constraintElement($0) } : nil
            let owner = element ?? viewElements.first { document.views[$0.view].id == scene.views[broken.view].id }?.element
            let named = element.flatMap { tree[$0]["id"] }.map { "constraint \($0): " } ?? ""
            let involved = conflict.involved.prefix(4).map { $0.description(in: scene) }.joined(separator: ", ")
            warn(
                .unsatisfiableConstraint, owner,
                "Auto Layout cannot satisfy every required constraint: it breaks \(named)\(text)" + (involved.isEmpty ? "" : ", which conflicts with \(involved)")
                    + " (UIKit logs \"Unable to simultaneously satisfy constraints\" and breaks one; which one it breaks can differ)",
                lost: "the broken constraint (the frames are laid out without it)")
        }
    }

    /// At most this many `unsatisfiableConstraint` warnings per import (one conflict often
    /// breaks the same kind of constraint in every cell).
    static let maxConflictWarnings = 20

    /// The `<constraint>` element a declared constraint came from (its `identifier`, else its id).
    func constraintElement(_ identifier: String) -> Int? {
        if let e = doc.elementsByID[identifier], tree[e].name == "constraint" { return e }
        return tree.elements.indices.first { tree[$0].name == "constraint" && tree[$0]["identifier"] == identifier }
    }

    static func isHiddenInScene(_ view: Int, _ scene: Scene) -> Bool {
        var v: Int? = view
        while let c = v {
            if scene.views[c].hidden { return true }
            v = scene.views[c].parent
        }
        return false
    }

    static func hasAncestor(of view: Int, in set: Set<Int>, _ scene: Scene) -> Bool {
        var v = scene.views[view].parent
        while let c = v {
            if set.contains(c) { return true }
            v = scene.views[c].parent
        }
        return false
    }
}
