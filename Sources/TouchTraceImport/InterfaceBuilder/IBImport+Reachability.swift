import TouchTraceEngine

extension IBImport {
    /// Loud warnings for wired controls nobody can tap (`unreachableControl`): every control with
    /// an action or a segue, and every view with a wired gesture recognizer, is hit-tested at its
    /// centre in the laid-out scene (H1–H9). When the tap does not reach it, the warning names
    /// the control, its actions, what blocks it (the view drawn over it, or the ancestor whose
    /// bounds it lies outside, with that view's frame) and whether the document itself shows it
    /// so (a stored-frame hit test, `IBStoredTree`) or the import made it so. When the imported
    /// layout leaves the control's frame (or an ancestor's) undetermined, the warning says so: two
    /// optional constraints of equal priority that conflict (a declared 750 against a compression
    /// resistance of 750) have two valid solutions, and UIKit "chooses one of the possible
    /// solutions" (Apple's Auto Layout Guide, "Ambiguous Layouts"), so which one the app shows
    /// cannot be known from the document. Hidden and disabled controls are left alone (a state
    /// the app changes); so is content that only scrolling brings into the window.
    mutating func reportUnreachableControls(in prepared: PreparedScene, undetermined ambiguous: Set<Int>) {
        // The wired views first: a document without any needs no layout here.
        var wired: [(view: Int, element: Int, actions: [String])] = []
        for (view, e) in viewElements {
            let el = tree[e]
            let viewClass = document.views[view].viewClass
            var actions: [String] = []
            if viewClass.isControl, let connections = tree.child(of: e, named: "connections") {
                for c in tree[connections].children {
                    if tree[c].name == "action", let s = tree[c]["selector"] { actions.append(s) }
                    if tree[c].name == "segue", !["embed", "relationship"].contains(tree[c]["kind"] ?? "") { actions.append(segueAction(c).action) }
                }
            }
            if !document.views[view].gestureRecognizers.isEmpty {
                actions += document.views[view].gestureRecognizers.flatMap { r in r.targets.map(\.action) }
            }
            guard !actions.isEmpty, el["hidden"] != "YES", !(viewClass.isControl && el["enabled"] == "NO") else { continue }
            wired.append((view, e, actions))
        }
        if wired.isEmpty { return }
        // The validated scene, laid out, says what a tap reaches.
        let scene = prepared.laidOut
        // The views whose frame the imported constraints leave undetermined (the first layout's
        // `ambiguous`, asked once per import).
        func undetermined(_ view: Int) -> Int? {
            var v: Int? = view
            while let c = v {
                if ambiguous.contains(c) { return c }
                v = scene.views[c].parent
            }
            return nil
        }
        let stored = IBStoredTree(doc: doc, importer: self)
        let tester = HitTester(scene: scene)
        for (view, e, actions) in wired {
            let viewClass = document.views[view].viewClass
            guard let index = scene.viewIndex(document.views[view].id), scene.isAttached(index) else { continue }
            let documentSays = stored.untappable(e, control: viewClass.isControl, recognizer: !viewClass.isControl)
            if let reason = documentSays, ["hidden", "disabled", "no stored frame", "not interactive (itself or an ancestor)"].contains(reason) {
                continue
            }
            let point = Self.windowCenter(of: index, in: scene)
            var window = index
            while let p = scene.views[window].parent { window = p }
            guard scene.views[window].geometry.bounds.contains(point) else { continue }
            let trace = tester.hitTest(point, inWindow: window, traced: true)
            if let hit = trace.hitView, Self.isInside(hit, index, scene) { continue }
            let blocker = Self.blocker(of: index, in: scene, trace: trace)
            let what = "\(describe(e)) (\(actions.prefix(3).joined(separator: ", "))\(actions.count > 3 ? ", …" : ""))"
            let message: String
            if let reason = documentSays {
                message = "\(what) cannot be tapped: \(blocker); the document shows it so too (\(reason))"
            } else if let marked = stored.ambiguousAncestor(e) {
                message = "\(what) cannot be tapped in the imported scene: \(blocker); the document shows it tappable at frames Xcode marks ambiguous (\(describe(marked)): its constraints do not determine its frame, the app's code decides where it is)"
            } else if let loose = undetermined(index) {
                let name = scene.views[loose].id
                message = "\(what) cannot be tapped in the imported scene: \(blocker); the document shows it tappable, but its constraints leave the frame of \"\(name)\" undetermined (optional constraints of equal priority that conflict, or too few constraints: UIKit shows one of the possible layouts, and the one Xcode stored may not be it)"
            } else {
                message = "\(what) cannot be tapped in the imported scene: \(blocker), although the document shows it tappable"
            }
            warn(.unreachableControl, e, message, lost: "a tap on the control (its actions are only reached by code)")
        }
    }

    /// What stops a tap at a view's centre: the ancestor whose bounds it lies outside (H4), an
    /// ancestor that is hidden or not interactive (H1, H6), or the view hit instead (H3).
    static func blocker(of view: Int, in scene: Scene, trace: HitTestTrace) -> String {
        var chain: Set<Int> = []
        var v: Int? = view
        while let c = v {
            chain.insert(c)
            v = scene.views[c].parent
        }
        func name(_ v: Int) -> String {
            let node = scene.views[v]
            let f = node.geometry.frame
            return "\"\(node.id)\" (\(node.viewClass.rawValue), \(JSONWriter.format(f.size.width)) × \(JSONWriter.format(f.size.height)) at \(JSONWriter.format(f.minX)), \(JSONWriter.format(f.minY)))"
        }
        for step in trace.steps where step.outcome == .rejected && chain.contains(Int(truncatingIfNeeded: step.view)) {
            let v = Int(truncatingIfNeeded: step.view)
            switch step.reason {
            case .outside?: return "its centre lies outside \(name(v)) (H4)"
            case .hidden?: return "\(name(v)) is hidden (H1)"
            case .userInteractionDisabled?: return "\(name(v)) has user interaction off (H1, H6)"
            case .transparent?: return "\(name(v)) is transparent (H1)"
            case .disabledControl?: return "\(name(v)) is a disabled control (H7)"
            case .animating?: return "\(name(v)) is animating without user interaction (H10)"
            default: continue
            }
        }
        if let hit = trace.hitView { return "the tap hits \(name(hit)), drawn over it (H3)" }
        return "nothing is hit at its centre"
    }

    static func isInside(_ view: Int, _ ancestor: Int, _ scene: Scene) -> Bool {
        var v: Int? = view
        while let c = v {
            if c == ancestor { return true }
            v = scene.views[c].parent
        }
        return false
    }

    /// A view's centre in its window's coordinates.
    static func windowCenter(of view: Int, in scene: Scene) -> Point {
        let b = scene.views[view].geometry.bounds
        var p = Point(x: b.minX + b.size.width / 2, y: b.minY + b.size.height / 2)
        var v = view
        while let parent = scene.views[v].parent {
            p = scene.views[v].geometry.convertToSuperview(p)
            v = parent
        }
        return p
    }
}
