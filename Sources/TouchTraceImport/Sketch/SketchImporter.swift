import TouchTraceEngine

/// Imports a Sketch document (docs/import-design.md): one artboard becomes a window whose views
/// are its layers, symbols expanded. Three forms are read, told apart by their bytes: the `.sketch`
/// file (a ZIP of `document.json`, `meta.json`, `pages/<id>.json`, Sketch 43 and later), a ZIP of
/// a document exploded into a folder per layer (Kactus's layout, `SketchFolder`), and one
/// page's JSON (`{"_class": "page", "layers": …}`; its symbols must be on that page). Sketch files
/// from before Sketch 43 (SQLite databases) are refused with a message.
public enum SketchImporter {
    public static func importDocument(_ bytes: [UInt8], options: ImportOptions) throws(ImportError) -> ImportResult {
        try DesignImport.importDocument(read(bytes, options: options), options: options)
    }

    /// The document read into its neutral form, symbols expanded.
    static func read(_ bytes: [UInt8], options: ImportOptions) throws(ImportError) -> SketchReader {
        let sqlite = bytes.starts(with: Array("SQLite format 3".utf8))
        try DesignImport.checkReadable(
            bytes, limits: options.limits,
            refusal: sqlite
                ? "this is an SQLite database: a Sketch file from before Sketch 43 (or Penpot's binary export v2), which is not read; open it in Sketch 43 or later and save it again" : nil)
        var reader = SketchReader(limits: options.limits)
        var pages: [(value: JSONValue, pointer: String, name: String)] = []
        if ZIPArchive.looksLikeZIP(bytes) {
            let archive = try ZIPArchive(bytes, limits: options.limits.archive)
            // A document in folders (its document.json, if any, lists pages by name, not by `_ref`).
            if !archive.entries.contains(where: { $0.name.hasPrefix("pages/") }), let folder = try SketchFolder(archive) {
                let document = try folder.document(limits: options.limits)
                if let document { reader.collectForeignSymbols(document, pointer: folder.root + "document.json#") }
                pages = try folder.assembledPages(document: document, reading: &reader.reading, limits: options.limits)
                return try readPages(pages, into: reader)
            }
            guard let documentEntry = archive.entry("document.json") else {
                let names = archive.entries.prefix(6).map { "\"\($0.name.prefix(60))\"" }.joined(separator: ", ")
                throw ImportError(
                    .unsupportedDocument,
                    "a ZIP archive without document.json is not a .sketch file, nor a Sketch document in folders (no <page>/page.json) (its entries: \(names.isEmpty ? "none" : names))")
            }
            let document = try json(archive, documentEntry, limits: options.limits)
            reader.collectForeignSymbols(document, pointer: "document.json#")
            var refs: [String] = []
            if case let .array(list)? = document["pages"] {
                for ref in list { if case let .string(r)? = ref["_ref"] { refs.append(r) } }
            }
            if refs.isEmpty { refs = archive.entries.filter { $0.name.hasPrefix("pages/") && $0.name.hasSuffix(".json") }.map { String($0.name.dropLast(5)) } }
            for ref in refs {
                let name = ref.hasSuffix(".json") ? ref : ref + ".json"
                guard let entry = archive.entry(name) else {
                    reader.reading.warn(.externalReference, "document.json lists page \(ref.prefix(80)), which is not in the archive", id: nil, name: nil, pointer: "document.json", lost: "that page")
                    continue
                }
                let page = try json(archive, entry, limits: options.limits)
                let pageName: String = if case let .string(s)? = page["name"] { s } else { ref }
                pages.append((page, name + "#", pageName))
            }
        } else {
            let page = try parse(bytes, limits: options.limits, what: "the document")
            guard page["_class"] == .string("page") || page["layers"] != nil else {
                if page["_class"] == .string("document") {
                    throw ImportError(.unsupportedDocument, "this is a Sketch document.json, which holds no layers: send the .sketch file itself, or one of its pages/<id>.json")
                }
                throw ImportError(.unsupportedDocument, "not a Sketch page: the JSON has no \"layers\" (its _class is \(page["_class"].map { JSONWriter().string($0).prefix(40) } ?? "absent")); send a .sketch file or one of its pages/<id>.json")
            }
            let pageName: String = if case let .string(s)? = page["name"] { s } else { options.fileName ?? "page" }
            pages.append((page, "", pageName))
        }
        return try readPages(pages, into: reader)
    }

    /// The pages read into the document: every page's symbol masters first (an instance may use
    /// one from a later page), then the layers.
    static func readPages(_ pages: [(value: JSONValue, pointer: String, name: String)], into reader: SketchReader) throws(ImportError) -> SketchReader {
        var reader = reader
        for page in pages { reader.collectMasters(page.value, pointer: page.pointer) }
        for page in pages { try reader.readPage(page.value, pointer: page.pointer, name: page.name) }
        return reader
    }

    static func json(_ archive: ZIPArchive, _ entry: ZIPArchive.Entry, limits: ImportLimits) throws(ImportError) -> JSONValue {
        try parse(try archive.data(entry), limits: limits, what: "archive entry \"\(entry.name.prefix(120))\"")
    }

    static func parse(_ bytes: [UInt8], limits: ImportLimits, what: String) throws(ImportError) -> JSONValue {
        let parser = JSONParser(maxNesting: limits.maxDepth * 2 + 16)
        do {
            return try parser.parse(bytes)
        } catch {
            if error.kind == .tooDeep { throw ImportError(.limitExceeded, "\(what) nests deeper than \(parser.maxNesting) levels", line: error.line, column: error.column) }
            throw ImportError(.malformedJSON, "\(what) is not JSON: \(error.message)", line: error.line, column: error.column)
        }
    }
}
