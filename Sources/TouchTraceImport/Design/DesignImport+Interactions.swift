import TouchTraceEngine

extension DesignImport {
    /// Prototype taps → target-action (T1, T2, G1), as the Figma importer does: a control (a
    /// hotspot, or a layer the class mapping makes one) sends its selectors on touch-up inside;
    /// any other layer gets a tap recognizer that sends them, with user interaction turned on for
    /// a label or image view (H6). The target is the screen's view controller, which implements
    /// every selector. A layer drawn inside a control passes its taps to the control.
    mutating func importInteractions() {
        var taps: [(view: Int, node: Int, selectors: [String])] = []
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
            taps.append((view, n, selectors))
        }
        importTaps(taps)
    }

    /// The import of `screen`, validated, as the result.
    /// Refuses a document over the size limit, or in a form that is not read (`refusal` says
    /// which, and how to export it again), before anything reads it.
    static func checkReadable(_ bytes: [UInt8], limits: ImportLimits, refusal: String?) throws(ImportError) {
        try limits.checkSize(bytes)
        if let refusal { throw ImportError(.unsupportedDocument, refusal) }
    }

    /// A document read into its neutral form (a Penpot file, a Sketch document) as the import's
    /// result: the list of its screens, or the screen asked for (else the default one) imported.
    static func importDocument(_ reader: some DesignFileReader, options: ImportOptions) throws(ImportError) -> ImportResult {
        let doc = reader.doc, warnings = reader.reading.warnings
        if options.list {
            return ImportResult(format: doc.format, scene: nil, warnings: warnings.all, ids: [:], units: list(doc))
        }
        let screen = try select(doc, wanted: options.frame ?? options.scene)
        return try run(doc, screen: screen, options: options, mapping: options.mapping ?? FigmaClassMapping(), warnings: warnings)
    }

    static func run(_ doc: DesignDocument, screen: Int?, options: ImportOptions, mapping: FigmaClassMapping, warnings: ImportWarnings) throws(ImportError) -> ImportResult {
        var importer = DesignImport(doc: doc, options: options, mapping: mapping, warnings: warnings)
        guard let screen else {
            importer.warn(.emptyDocument, nil, "the document has no \(doc.format == .sketch ? "artboards" : "boards"): the scene is an empty window", lost: "nothing")
            return try importer.emptyWindowResult(format: doc.format)
        }
        importer.importScreen(screen)
        importer.importInteractions()
        importer.reportUntappableOverflow(screen: screen)
        return try importer.result(format: doc.format)
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
