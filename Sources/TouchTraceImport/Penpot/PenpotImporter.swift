import TouchTraceEngine

/// Imports a Penpot file (docs/import-design.md): one board becomes a window whose views are its
/// shapes. Three forms are read, told apart by their bytes:
///
/// - the Transit JSON of Penpot's RPC API: a `get-file` response (JSON or JSON-Verbose, objects
///   maps v1 or v2), a `get-file-fragment` response (one page), or a JSON array of responses —
///   a `get-file` followed by the fragments its pages point to (`penpot/pointer`), which is how
///   a large file arrives in parts;
/// - the `.penpot` export, a ZIP (v3): `manifest.json`, `files/<file>.json`,
///   `files/<file>/pages/<page>.json` and one `files/<file>/pages/<page>/<shape>.json` per shape,
///   `files/<file>/components/<component>.json`;
/// - the older binary export (Fressian and zstd) is refused with a message saying how to export
///   the supported form.
public enum PenpotImporter {
    public static func importDocument(_ bytes: [UInt8], options: ImportOptions) throws(ImportError) -> ImportResult {
        try DesignImport.importDocument(read(bytes, options: options), options: options)
    }

    /// The document read into its neutral form (the import, and the tests' oracle, start here).
    static func read(_ bytes: [UInt8], options: ImportOptions) throws(ImportError) -> PenpotReader {
        let refusal = binaryExport(bytes).map {
            "this is \($0), which is not read: in Penpot, export the file again with Main menu → File → Export (the .penpot format of Penpot 2.4 and later is a ZIP), or send the JSON of the get-file RPC"
        }
        try DesignImport.checkReadable(bytes, limits: options.limits, refusal: refusal)
        var reader = PenpotReader(limits: options.limits)
        let pages: [PenpotPage]
        if ZIPArchive.looksLikeZIP(bytes) {
            let archive = try ZIPArchive(bytes, limits: options.limits.archive)
            pages = try archivePages(archive, reader: &reader, limits: options.limits)
        } else {
            pages = try transitPages(bytes, reader: &reader, limits: options.limits)
        }
        try reader.read(pages)
        reader.finishLayouts()
        return reader
    }

    /// Penpot's binary export v1 starts with a header mark (1) and the magic number
    /// 800,099,563,638,710,213 as a big-endian long; zstd frames start `28 B5 2F FD`; v2 is an
    /// SQLite database.
    static func binaryExport(_ bytes: [UInt8]) -> String? {
        let magic: UInt64 = 800_099_563_638_710_213
        let header: [UInt8] = [1] + (0..<8).map { UInt8(truncatingIfNeeded: magic >> (8 * (7 - UInt64(truncatingIfNeeded: $0)))) }
        if bytes.starts(with: header) { return "Penpot's older binary export (Fressian and zstd, v1)" }
        if bytes.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) { return "a zstd-compressed file (Penpot's older binary export)" }
        if bytes.starts(with: Array("SQLite format 3".utf8)) { return "an SQLite database (Penpot's binary export v2)" }
        return nil
    }

    // MARK: Transit JSON

    static func transitPages(_ bytes: [UInt8], reader: inout PenpotReader, limits: ImportLimits) throws(ImportError) -> [PenpotPage] {
        let parser = JSONParser(maxNesting: 160)
        let parsed: JSONValue
        do {
            parsed = try parser.parse(bytes)
        } catch {
            if error.kind == .tooDeep { throw ImportError(.limitExceeded, "the JSON nests deeper than \(parser.maxNesting) levels", line: error.line, column: error.column) }
            throw ImportError(.malformedJSON, "the document is not JSON: \(error.message)", line: error.line, column: error.column)
        }
        var documents: [(value: JSONValue, base: String)] = []
        if case let .array(items) = parsed, !TransitReader.looksLikeTransit(parsed) {
            guard !items.isEmpty else { throw ImportError(.unsupportedDocument, "an empty JSON array is not a Penpot document") }
            for (i, item) in items.enumerated() { documents.append((item, "/\(i)")) }
        } else {
            documents.append((parsed, ""))
        }
        var decoded: [(value: JSONValue, base: String)] = []
        for (value, base) in documents {
            var transit = TransitReader(maxDepth: 150, parser: parser)
            do {
                var plain = try transit.read(value)
                if let file = plain["file"], file["data"] != nil { plain = file }
                decoded.append((plain, base))
            } catch {
                throw ImportError(.unsupportedDocument, "the Transit encoding of \(base.isEmpty ? "the document" : "document \(base)") cannot be read: \(error.message)")
            }
        }
        // Fragments by id, for the pages a file keeps elsewhere.
        var fragments: [String: (data: JSONValue, base: String)] = [:]
        for (value, base) in decoded where value["file-id"] != nil {
            if case let .string(id)? = value["id"], let data = value["data"] ?? value["content"] { fragments[id] = (data, base) }
        }
        // Fragments the files point to are read as those files' pages, not on their own.
        var referenced: Set<String> = []
        for (value, _) in decoded {
            for (_, page) in DesignReading.members(value["data"]?["pages-index"]) {
                if let fragment = string(page["~pointer"]) { referenced.insert(fragment) }
            }
        }
        var pages: [PenpotPage] = []
        for (value, base) in decoded {
            // Penpot's data as plain JSON in camel case (the API's application/json answer).
            if PenpotJSONForm.isCamelCase(value) {
                pages += try PenpotJSONForm.pages(value, base: base, reader: &reader)
                continue
            }
            guard let data = value["data"] ?? value["content"] else {
                throw ImportError(
                    .unsupportedDocument,
                    "not a Penpot document: \(base.isEmpty ? "the JSON" : "document \(base)") has no \"data\" (found \(keys(value))); send the response of Penpot's get-file or get-file-fragment RPC, or a .penpot export")
            }
            readComponents(data["components"], into: &reader)
            if let index = data["pages-index"] {
                let members = DesignReading.members(index)
                var order: [String] = []
                if case let .array(ids)? = data["pages"] { order = ids.compactMap { string($0) } }
                if order.isEmpty, case let .object(list) = index { order = list.map(\.key) }
                for pageID in order {
                    guard let page = members[pageID] else { continue }
                    let pageBase = base + "/data/pages-index/" + JSONPointer.escape(pageID)
                    guard let fragment = string(page["~pointer"]) else {
                        pages.append(makePage(page, id: pageID, base: pageBase))
                        continue
                    }
                    guard let found = fragments[fragment] else {
                        reader.reading.warn(
                            .externalReference, "page \(pageID.prefix(40)) is kept in fragment \(fragment.prefix(40)), which was not sent: send [get-file, get-file-fragment, …] as one JSON array",
                            id: pageID, name: nil, pointer: pageBase, lost: "the page's shapes")
                        continue
                    }
                    pages.append(makePage(found.data, id: pageID, base: found.base + "/data"))
                }
            } else if data["objects"] != nil {
                if let id = string(value["id"]), referenced.contains(id) { continue }
                pages.append(makePage(data, id: string(data["id"]) ?? string(value["id"]) ?? "page", base: base + "/data"))
            } else {
                throw ImportError(
                    .unsupportedDocument,
                    "not a Penpot document: the \"data\" of \(base.isEmpty ? "the JSON" : "document \(base)") has neither \"pages-index\" (get-file) nor \"objects\" (get-file-fragment); found \(keys(data))")
            }
        }
        return pages
    }

    static func makePage(_ page: JSONValue, id: String, base: String) -> PenpotPage {
        let objects = DesignReading.members(page["objects"])
        let name = string(page["name"]) ?? id
        let prefix = base + "/objects/"
        return PenpotPage(id: id, name: name, objects: objects, shapePointer: { prefix + JSONPointer.escape($0) }, flowStarts: flowStarts(page))
    }

    /// The boards a page's flows start at: `flows` (a map or a list of `{starting-frame}`),
    /// in the page or its `options`.
    static func flowStarts(_ page: JSONValue) -> Set<String> {
        var out: Set<String> = []
        for flows in [page["flows"], page["options"]?["flows"]] {
            let list: [JSONValue]
            switch flows {
            case let .array(items)?: list = items
            case let .object(members)?: list = members.map(\.value)
            default: continue
            }
            for flow in list { if let s = string(flow["starting-frame"]) { out.insert(s) } }
        }
        return out
    }

    static func readComponents(_ value: JSONValue?, into reader: inout PenpotReader) {
        for (id, component) in DesignReading.members(value) {
            guard let name = string(component["name"]) else { continue }
            let path = string(component["path"]) ?? ""
            reader.componentNames[id] = path.isEmpty ? name : path + " / " + name
        }
    }

    static func string(_ value: JSONValue?) -> String? {
        if case let .string(s)? = value { return s }
        return nil
    }

    static func keys(_ value: JSONValue) -> String {
        guard case let .object(members) = value else { return "a JSON \(value.typeName)" }
        let names = members.prefix(8).map { "\"\($0.key.prefix(30))\"" }.joined(separator: ", ")
        return names.isEmpty ? "an empty object" : names
    }

    // MARK: The .penpot ZIP (v3)

    static func archivePages(_ archive: ZIPArchive, reader: inout PenpotReader, limits: ImportLimits) throws(ImportError) -> [PenpotPage] {
        guard let manifestEntry = archive.entry("manifest.json") else {
            let names = archive.entries.prefix(6).map { "\"\($0.name.prefix(60))\"" }.joined(separator: ", ")
            throw ImportError(
                .unsupportedDocument,
                "a ZIP archive without manifest.json is neither a .penpot export nor a .sketch file (its entries: \(names.isEmpty ? "none" : names))")
        }
        let manifest = try json(archive, manifestEntry)
        guard manifest["type"] == .string("penpot/export-files") else {
            throw ImportError(.unsupportedDocument, "archive entry \"manifest.json\" is not a Penpot export's (its type is not \"penpot/export-files\")")
        }
        var fileIDs: [String] = []
        if case let .array(files)? = manifest["files"] {
            for file in files { if let id = string(file["id"]) { fileIDs.append(id) } }
        }
        var pages: [PenpotPage] = []
        for fileID in fileIDs {
            let prefix = "files/\(fileID)/"
            // Components (names for the class mapping).
            var components: [(key: String, value: JSONValue)] = []
            for entry in archive.entries where entry.name.hasPrefix(prefix + "components/") && entry.name.hasSuffix(".json") {
                let component = kebab(try json(archive, entry))
                if let id = string(component["id"]) { components.append((id, component)) }
            }
            readComponents(.object(components), into: &reader)
            // Pages in their index order, then each page's shapes.
            var pageEntries: [(index: Double, id: String, meta: JSONValue)] = []
            var shapeEntries: [String: [ZIPArchive.Entry]] = [:]
            for entry in archive.entries where entry.name.hasPrefix(prefix + "pages/") && entry.name.hasSuffix(".json") {
                let rest = entry.name.dropFirst(prefix.count + "pages/".count).dropLast(".json".count)
                let parts = rest.split(separator: "/")
                if parts.count == 1 {
                    let meta = kebab(try json(archive, entry))
                    let index: Double = if case let .number(i)? = meta["index"] { i } else { Double(pageEntries.count) }
                    pageEntries.append((index, String(parts[0]), meta))
                } else if parts.count == 2 {
                    shapeEntries[String(parts[0]), default: []].append(entry)
                }
            }
            for (_, pageID, meta) in pageEntries.sorted(by: { $0.index < $1.index }) {
                var objects: [String: JSONValue] = [:]
                for entry in shapeEntries[pageID] ?? [] {
                    let shape = kebab(try json(archive, entry))
                    let id = string(shape["id"]) ?? String(entry.name.split(separator: "/").last?.dropLast(5) ?? "")
                    if objects[id] == nil { objects[id] = shape }
                }
                let folder = prefix + "pages/" + pageID + "/"
                pages.append(
                    PenpotPage(id: pageID, name: string(meta["name"]) ?? pageID, objects: objects, shapePointer: { folder + $0 + ".json" }, flowStarts: flowStarts(meta)))
            }
        }
        if pages.isEmpty {
            reader.reading.warn(.emptyDocument, "the export's manifest lists no file with pages", id: nil, name: nil, pointer: "manifest.json", lost: "nothing")
        }
        return pages
    }

    /// An archive entry's JSON; errors name the entry.
    static func json(_ archive: ZIPArchive, _ entry: ZIPArchive.Entry) throws(ImportError) -> JSONValue {
        let bytes = try archive.data(entry)
        do {
            return try JSONParser(maxNesting: 160).parse(bytes)
        } catch {
            throw ImportError(.malformedJSON, "archive entry \"\(entry.name.prefix(120))\" is not JSON: \(error.message)", line: error.line, column: error.column)
        }
    }

    /// The v3 export writes keys in camel case (`constraintsH`, `layoutItemHSizing`); the API
    /// writes Penpot's kebab case (`constraints-h`). Keys are turned into kebab case, values
    /// kept, without recursion.
    static func kebab(_ value: JSONValue) -> JSONValue {
        // Post-order over an explicit stack.
        enum Step { case enter(JSONValue), buildArray(Int), buildObject([String]) }
        var work: [Step] = [.enter(value)]
        var results: [JSONValue] = []
        while let step = work.popLast() {
            switch step {
            case let .enter(v):
                switch v {
                case let .array(items):
                    work.append(.buildArray(items.count))
                    for item in items.reversed() { work.append(.enter(item)) }
                case let .object(members):
                    work.append(.buildObject(members.map { kebabKey($0.key) }))
                    for member in members.reversed() { work.append(.enter(member.value)) }
                default: results.append(v)
                }
            case let .buildArray(count):
                let items = Array(results.suffix(count))
                results.removeLast(count)
                results.append(.array(items))
            case let .buildObject(keys):
                let values = Array(results.suffix(keys.count))
                results.removeLast(keys.count)
                results.append(.object(Array(zip(keys, values)).map { (key: $0.0, value: $0.1) }))
            }
        }
        return results.last ?? .null
    }

    static func kebabKey(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return key }
        var out = ""
        for ch in key {
            if ch.isUppercase, ch.isASCII {
                out.append("-")
                out.append(contentsOf: ch.lowercased())
            } else {
                out.append(ch)
            }
        }
        return out
    }
}
