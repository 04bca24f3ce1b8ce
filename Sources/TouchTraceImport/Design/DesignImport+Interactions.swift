import TouchTraceEngine

extension DesignImport {
    /// Prototype taps → target-action (T1, T2, G1), as the Figma importer does: a control (a
    /// hotspot, or a layer the class mapping makes one) sends its selectors on touch-up inside;
    /// any other layer gets a tap recognizer that sends them, with user interaction turned on for
    /// a label or image view (H6). The target is the screen's view controller, which implements
    /// every selector. A layer drawn inside a control passes its taps to the control.
    mutating func importInteractions() {
        var parentOf: [Int: Int] = [:]
        for (v, view) in document.views.enumerated() { for s in view.subviews { parentOf[s] = v } }
        var handled: [String] = []
        for view in document.views.indices {
            guard let n = nodeOfView[view], viewOfNode[n] == view else { continue }
            let selectors = doc[n].taps
            guard !selectors.isEmpty else { continue }
            for s in selectors {
                let destination = s.split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
                if ["navigate", "overlay", "swap"].contains(where: { s.hasPrefix($0 + ":") }), !destination.isEmpty, !doc.destinations.contains(destination) {
                    warn(
                        .externalReference, n, "a tap on \(describe(n)) leads to \(destination.prefix(60)), which is not a screen of this document",
                        lost: "nothing in the scene (the action still names the destination)")
                }
            }
            var target = view
            while insideControl.contains(target), let p = parentOf[target] { target = p }
            if document.views[target].viewClass.isControl {
                var control = document.views[target].control ?? ControlDraft()
                for s in selectors where !control.targets.contains(where: { $0.action == s }) {
                    control.targets.append(TargetRegistration(target: controllerID, action: s, events: .touchUpInside))
                }
                document.views[target].control = control
            } else {
                let id = document.views[target].id
                if let i = document.views[target].gestureRecognizers.firstIndex(where: { $0.kind == .tap }) {
                    for s in selectors where !document.views[target].gestureRecognizers[i].targets.contains(where: { $0.action == s }) {
                        document.views[target].gestureRecognizers[i].targets.append((controllerID, s))
                    }
                } else {
                    var recognizer = RecognizerDraft(id: ids.make([id + ".tap"], fallback: "tap"), sourceID: doc[n].id, kind: .tap)
                    recognizer.targets = selectors.map { (controllerID, $0) }
                    document.views[target].gestureRecognizers.append(recognizer)
                }
                if !document.views[target].viewClass.defaultUserInteractionEnabled { document.views[target].userInteractionEnabled = true }
            }
            for s in selectors where !handled.contains(s) { handled.append(s) }
        }
        if rootView >= 0, !handled.isEmpty { document.views[rootView].viewController?.actions = handled }
    }

    /// Rule H4: the part of a tappable layer outside an ancestor that does not clip shows in the
    /// design but is never hit-tested in UIKit. Measured on the boxes the file stores.
    mutating func reportUntappableOverflow(screen: Int) {
        for view in document.views.indices {
            guard let n = nodeOfView[view], viewOfNode[n] == view, !insideControl.contains(view) else { continue }
            let draft = document.views[view]
            guard draft.viewClass.isControl || draft.gestureRecognizers.contains(where: { $0.kind == .tap }) else { continue }
            guard var visible = doc[n].storedBox else { continue }
            var chain: [Int] = []
            var p = doc[n].parent
            var hidden = doc[n].hidden
            while let a = p {
                chain.append(a)
                if doc[a].hidden { hidden = true }
                if a == screen { break }
                p = doc[a].parent
            }
            guard !hidden else { continue }
            for a in chain where doc[a].clips || a == screen {
                if let box = doc[a].storedBox { visible = FigmaImport.intersection(visible, box) }
            }
            guard visible.size.width > 0.01, visible.size.height > 0.01 else { continue }
            for a in chain where !doc[a].clips && a != screen {
                guard let box = doc[a].storedBox else { continue }
                let outside = max(box.minX - visible.minX, visible.maxX - box.maxX, box.minY - visible.minY, visible.maxY - box.maxY)
                if outside > 0.01 {
                    warn(
                        .untappableOverflow, n,
                        "\(describe(n)) reaches \(JSONWriter.format((outside * 100).rounded() / 100)) pt outside \(describe(a)), which does not clip: that part shows in the design but UIKit never hit-tests it (H4)",
                        lost: "taps on the part outside \(describe(a))")
                    break
                }
            }
        }
    }

    /// The import of `screen`, validated, as the result.
    static func run(_ doc: DesignDocument, screen: Int?, options: ImportOptions, mapping: FigmaClassMapping, warnings: ImportWarnings) throws(ImportError) -> ImportResult {
        var importer = DesignImport(doc: doc, options: options, mapping: mapping, warnings: warnings)
        guard let screen else {
            importer.warn(.emptyDocument, nil, "the document has no \(doc.format == .sketch ? "artboards" : "boards"): the scene is an empty window", lost: "nothing")
            var window = ViewDraft(id: "window", sourceID: nil, viewClass: .UIWindow)
            window.frame = Rect(x: 0, y: 0, width: 375, height: 667)
            importer.document.add(window, to: nil)
            importer.document.name = options.fileName
            var document = importer.document
            var warnings = importer.warnings
            let scene = try document.validated(warnings: &warnings)
            return ImportResult(format: doc.format, scene: scene, warnings: warnings.all, ids: document.ids)
        }
        importer.importScreen(screen)
        importer.importInteractions()
        importer.reportUntappableOverflow(screen: screen)
        var document = importer.document
        var final = importer.warnings
        let scene = try document.validated(warnings: &final)
        return ImportResult(format: doc.format, scene: scene, warnings: final.all, ids: document.ids)
    }

    /// The screen to import: by id (any board or artboard, nested or not), by the name of a
    /// screen, or by default the prototype's start, else the first screen. Nil when there is none.
    static func select(_ doc: DesignDocument, wanted: String?) throws(ImportError) -> Int? {
        let what = doc.format == .sketch ? "artboard" : "board"
        func available() -> String {
            let list = doc.units.prefix(50).map { "\(doc[$0.node].id) \"\(doc[$0.node].name.prefix(60))\"" }
            return list.isEmpty ? "the document has none" : "\(what)s: " + list.joined(separator: ", ") + (doc.units.count > 50 ? ", …" : "")
        }
        guard let wanted else {
            return (doc.units.first(where: \.initial) ?? doc.units.first)?.node
        }
        if let n = doc.byID[wanted] {
            guard doc[n].mappingType == "FRAME" || doc.units.contains(where: { $0.node == n }) else {
                throw ImportError(.unknownScene, "\(describe(doc[n])) is not a \(what); \(available())")
            }
            return n
        }
        let named = doc.units.filter { doc[$0.node].name == wanted }
        if named.count > 1 {
            let ids = named.prefix(20).map { doc[$0.node].id }.joined(separator: ", ")
            throw ImportError(.unknownScene, "\(named.count) \(what)s are named \"\(wanted.prefix(80))\" (ids \(ids)): give the id")
        }
        guard let unit = named.first else {
            throw ImportError(.unknownScene, "no layer has the id \"\(wanted.prefix(80))\" and no \(what) has that name; \(available())")
        }
        return unit.node
    }

    /// The list entries (`--list`).
    static func list(_ doc: DesignDocument) -> [ImportUnit] {
        doc.units.map { unit in
            let node = doc[unit.node]
            return ImportUnit(
                id: node.id, controller: nil, storyboardIdentifier: nil, element: node.type, customClass: nil, name: node.name,
                size: node.frame.size, initial: unit.initial, views: doc.subtree(unit.node).count, page: unit.page)
        }
    }
}
