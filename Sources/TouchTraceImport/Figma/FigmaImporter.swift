import TouchTraceEngine

/// Figma documents (the JSON of Figma's REST API: `GET /v1/files/:key`, `/v1/files/:key/nodes`,
/// or a plugin's `exportAsync({format: "JSON_REST_V1"})`) → scene documents.
///
/// One frame is imported: `options.frame` (a node id, or the name of a top-level frame), else
/// the first page's prototype starting frame, else its first top-level frame. The frame is a
/// window of its size whose root view is the frame, with a view controller that receives the
/// prototype's actions; its layers are views (docs/import-figma.md says what maps). The body
/// may also be an envelope, `{"file": <Figma JSON>, "mapping": <class mapping>}`, so a plugin
/// can send its team's class mapping with the file.
public enum FigmaImporter {
    public static func importDocument(_ bytes: [UInt8], options: ImportOptions) throws(ImportError) -> ImportResult {
        try importParsed(try FigmaJSON.parse(bytes, limits: options.limits), options: options)
    }

    /// The import of a document already parsed (the tests parse a corpus file once and import
    /// each of its frames).
    static func importParsed(_ parsed: FigmaJSON.Parsed, options: ImportOptions) throws(ImportError) -> ImportResult {
        var warnings = ImportWarnings(limit: options.limits.maxWarnings)
        if let commas = parsed.trailingCommas {
            warnings.add(
                ImportWarning(
                    .nonStandardJSON,
                    "the document is not strict JSON: \(commas.count) trailing comma\(commas.count == 1 ? "" : "s") before a closing bracket (the first just before line \(commas.line), column \(commas.column)), read as if absent",
                    line: commas.line, column: commas.column, lost: "nothing"))
        }
        var root = parsed.value
        var base = ""
        var mapping = options.mapping
        if case let .object(members) = root, root["file"] != nil, root["document"] == nil, root["nodes"] == nil, root["type"] == nil {
            if let extra = members.first(where: { $0.key != "file" && $0.key != "mapping" }) {
                throw ImportError(.unsupportedDocument, "an import envelope holds \"file\" and \"mapping\", not \"\(extra.key.prefix(40))\"")
            }
            if let value = root["mapping"] {
                guard mapping == nil else {
                    throw ImportError(.invalidMapping, "the class mapping is given twice (in the body's \"mapping\" and as an option); give one")
                }
                let (decoded, problems) = FigmaClassMapping.decode(value, at: "/mapping")
                guard let decoded else {
                    throw ImportError(.invalidMapping, "the class mapping is not valid: " + problems.prefix(10).map(\.description).joined(separator: "; "))
                }
                mapping = decoded
            }
            root = root["file"] ?? .null
            base = "/file"
        }
        guard case .object = root else {
            throw ImportError(.unsupportedDocument, "a Figma document is a JSON object, not \(root.typeName)")
        }
        if let (key, response) = FigmaDocument.wrappedResponse(root) {
            // A tool's wrapper around the response (`{"Result": {"nodes": …}}`, seen from two
            // repositories): the one member holding `document` or `nodes` is the response.
            let members: [(key: String, value: JSONValue)] = if case let .object(m) = root { m } else { [] }
            let others = members.filter { $0.key != key }.prefix(5).map { "\"" + String($0.key.prefix(40)) + "\"" }
            let at = base + "/" + JSONPointer.escape(key)
            warnings.add(
                ImportWarning(
                    .unsupportedAttribute,
                    "the document wraps Figma's response in \"\(key.prefix(40))\" (a tool's envelope): the response at \(at) is imported"
                        + (others.isEmpty ? "" : "; the wrapper's \(others.joined(separator: ", ")) not read"),
                    lost: others.isEmpty ? "nothing" : "the wrapper's other members", pointer: at))
            root = response
            base = at
        }
        let doc = try FigmaDocument(root, pointer: base, limits: options.limits)
        if let exported = doc.pluginExport {
            throw ImportError(
                .unsupportedDocument,
                "not Figma's REST JSON but a plugin's own export of its nodes: \"\(doc[exported].name.prefix(60))\" at \(doc[exported].pointer.isEmpty ? "the top level" : doc[exported].pointer) has x, y, width and height, and no node has an absoluteBoundingBox (the layers' positions, which the REST API gives); export with exportAsync({format: \"JSON_REST_V1\"}) or fetch GET /v1/files/:key")
        }
        var importer = FigmaImport(doc: doc, options: options, mapping: mapping ?? FigmaClassMapping(), warnings: warnings)
        for n in doc.untyped {
            importer.warn(.invalidValue, n, "a node without \(doc[n].id == nil ? "an id" : "a type") (\(importer.describe(n)))", lost: "the node, unless it is inside the imported frame (then a UIView)")
        }
        if options.list {
            return ImportResult(format: .figma, scene: nil, warnings: importer.warnings.all, ids: [:], units: doc.units.map { summary($0, doc) })
        }
        guard let frame = try select(doc, wanted: options.frame ?? options.scene) else {
            importer.warn(.emptyDocument, nil, "the document has no frames: the scene is an empty window", lost: looseLayersLost(doc))
            return try importer.emptyWindowResult(format: .figma)
        }
        importer.importFrame(frame)
        importer.importInteractions()
        importer.reportUntappableOverflow(screen: frame)
        importer.reportUnknownProperties()
        return try importer.result(format: .figma)
    }

    /// What an import without frames leaves out: the layers lying on the pages outside any frame
    /// (only frames become screens, docs/import-figma.md), named, or nothing.
    static func looseLayersLost(_ doc: FigmaDocument) -> String {
        let loose = doc.looseLayers
        guard !loose.isEmpty else { return "nothing" }
        let names = loose.prefix(3).map { "\"" + String(doc[$0].name.prefix(40)) + "\"" }.joined(separator: ", ")
        return "\(loose.count) layer\(loose.count == 1 ? "" : "s") on the pages outside any frame (\(names)\(loose.count > 3 ? ", …" : "")): only frames become screens; put them in a frame to import them"
    }

    /// The frame to import: by node id (any frame-like node), by the name of a top-level frame,
    /// or by default the first page's prototype start, else the first top-level frame. Nil when
    /// the document has no frames.
    static func select(_ doc: FigmaDocument, wanted: String?) throws(ImportError) -> Int? {
        func available() -> String {
            let list = doc.units.prefix(50).map { "\(doc[$0.node].id ?? "?") \"\(doc[$0.node].name.prefix(60))\"" }
            return list.isEmpty ? "the document has none" : "top-level frames: " + list.joined(separator: ", ") + (doc.units.count > 50 ? ", …" : "")
        }
        guard let wanted else {
            guard let first = doc.units.first else { return nil }
            if let page = first.page, let start = doc.startingFrames[page], let node = doc.byID[start], doc.units.contains(where: { $0.node == node }) {
                return node
            }
            return first.node
        }
        if let node = doc.byID[wanted] {
            guard FigmaVocabulary.containerTypes.contains(doc[node].type) else {
                throw ImportError(.unknownScene, "node \(wanted) is a \(doc[node].type.isEmpty ? "node without a type" : doc[node].type), not a frame; \(available())")
            }
            return node
        }
        let named = doc.units.filter { doc[$0.node].name == wanted }
        if named.count > 1 {
            let ids = named.prefix(20).map { doc[$0.node].id ?? "?" }.joined(separator: ", ")
            throw ImportError(.unknownScene, "\(named.count) top-level frames are named \"\(wanted.prefix(80))\" (ids \(ids)): give the node id")
        }
        guard let unit = named.first else {
            throw ImportError(.unknownScene, "no node has the id \"\(wanted.prefix(80))\" and no top-level frame has that name; \(available())")
        }
        return unit.node
    }

    /// A list entry for a top-level frame.
    static func summary(_ unit: FigmaDocument.Unit, _ doc: FigmaDocument) -> ImportUnit {
        let node = doc[unit.node]
        let size = FigmaImport.box(node.value)?.size
        let initial = unit.page.flatMap { doc.startingFrames[$0] } == node.id && node.id != nil
        return ImportUnit(
            id: node.id ?? "", controller: nil, storyboardIdentifier: nil, element: node.type, customClass: nil, name: node.name,
            size: size, initial: initial, views: doc.subtree(unit.node).count, page: unit.page.map { doc[$0].name })
    }
}
