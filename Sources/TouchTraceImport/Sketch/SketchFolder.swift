import TouchTraceEngine

/// A Sketch document exploded into a folder per layer, as Kactus (`kactus parse`) and the
/// version-control tools that copied its layout write it for diffing in git
/// (docs/import-design.md, "Sketch documents in folders"):
///
/// ```text
/// <root>/document.json                 the document, its "pages" a list of page names
/// <root>/<page name>/page.json         a page, its "layers" a list of {"id", "class"}
/// <root>/<page name>/<id>.json         a layer without layers of its own
/// <root>/<page name>/<id>/<class>.json a layer with layers (artboard.json, group.json, …),
///                                      whose own layers' files are in that folder
/// ```
///
/// Read from a ZIP of that folder (the CLI packs a folder it is given into one): each page is put
/// back together as the `.sketch` file's `pages/<id>.json` holds it — a layer read from
/// `<id>.json`, else from `<id>/<class>.json`, as `kactus import` reads them — and then read as
/// any Sketch page. Warnings point into the page so assembled (`<page>/page.json#/layers/0/…`).
struct SketchFolder {
    let archive: ZIPArchive
    /// The folder holding the pages' folders (`""` at the archive's top, else ending in `/`).
    let root: String
    /// The pages' folders, each ending in `/`, in the document's order.
    let pages: [String]

    /// The folder layout in `archive`, or nil when no entry is a `page.json`. Pages whose folders
    /// lie in different parents are refused: one archive, one document.
    init?(_ archive: ZIPArchive) throws(ImportError) {
        var folders: [String] = []
        for entry in archive.entries where entry.name == "page.json" || entry.name.hasSuffix("/page.json") {
            folders.append(String(entry.name.dropLast("page.json".count)))
        }
        guard let first = folders.first else { return nil }
        func parent(_ folder: String) -> String {
            let inner = folder.dropLast()
            guard let slash = inner.lastIndex(of: "/") else { return "" }
            return String(inner[...slash])
        }
        let root = parent(first)
        if let other = folders.first(where: { parent($0) != root }) {
            throw ImportError(
                .unsupportedDocument,
                "the archive holds pages of more than one Sketch folder (\(ZIPArchive.shown(first + "page.json")) and \(ZIPArchive.shown(other + "page.json"))): send one document's folder")
        }
        self.archive = archive
        self.root = root
        self.pages = folders
    }

    /// The document (`<root>/document.json`), if the folder has one.
    func document(limits: ImportLimits) throws(ImportError) -> JSONValue? {
        guard let entry = archive.entry(root + "document.json") else { return nil }
        return try SketchImporter.json(archive, entry, limits: limits)
    }

    /// Every page put back together, in the order the document lists their names (`pages`),
    /// the others after them in the archive's order.
    func assembledPages(document: JSONValue?, reading: inout DesignReading, limits: ImportLimits) throws(ImportError) -> [(value: JSONValue, pointer: String, name: String)] {
        var order: [String: Int] = [:]
        if case let .array(names)? = document?["pages"] {
            for (i, name) in names.enumerated() { if case let .string(s) = name, order[s] == nil { order[s] = i } }
        }
        let folderName = { (folder: String) in String(folder.dropFirst(root.count).dropLast()) }
        let sorted = pages.enumerated().sorted { a, b in
            (order[folderName(a.element)] ?? Int.max, a.offset) < (order[folderName(b.element)] ?? Int.max, b.offset)
        }
        var out: [(value: JSONValue, pointer: String, name: String)] = []
        // Each layer file is read once, so that references naming one file from many places
        // cannot make the work grow beyond the archive's size.
        var read: Set<String> = []
        for (_, folder) in sorted {
            let file = folder + "page.json"
            guard let entry = archive.entry(file) else { continue }
            let page = try SketchImporter.json(archive, entry, limits: limits)
            let assembled = try layers(of: page, in: folder, file: file, depth: 0, read: &read, reading: &reading, limits: limits)
            let name: String = if case let .string(s)? = page["name"] { s } else { folderName(folder) }
            out.append((assembled, file + "#", name))
        }
        return out
    }

    /// `value` with its `layers` references replaced by the layers they name, read from `folder`.
    private func layers(
        of value: JSONValue, in folder: String, file: String, depth: Int, read: inout Set<String>, reading: inout DesignReading, limits: ImportLimits
    ) throws(ImportError) -> JSONValue {
        guard case var .object(members) = value, let at = members.firstIndex(where: { $0.key == "layers" }), case let .array(refs) = members[at].value else {
            return value
        }
        guard depth < limits.maxDepth else {
            throw ImportError(.limitExceeded, "layers nest deeper than \(limits.maxDepth) levels (at \(ZIPArchive.shown(file)))")
        }
        var children: [JSONValue] = []
        children.reserveCapacity(refs.count)
        for (i, ref) in refs.enumerated() {
            // A layer written whole (a tool that exploded only some levels) is kept as it is.
            if ref["_class"] != nil {
                children.append(try layers(of: ref, in: folder, file: file, depth: depth + 1, read: &read, reading: &reading, limits: limits))
                continue
            }
            guard case let .string(id)? = ref["id"], !id.isEmpty, !id.contains("/"), id != "..", id != "." else {
                reading.warn(
                    .invalidValue, "layer \(i) of \(ZIPArchive.shown(file)) is neither a layer nor a reference {\"id\", \"class\"} to one",
                    id: nil, name: nil, pointer: file + "#/layers/\(i)", lost: "that layer")
                continue
            }
            let cls: String? = if case let .string(c)? = ref["class"], !c.contains("/") { c } else { nil }
            let own = folder + id + "/"
            let candidates = [folder + id + ".json"] + (cls.map { [own + $0 + ".json"] } ?? [])
            guard let entry = candidates.lazy.compactMap({ archive.entry($0) }).first else {
                reading.warn(
                    .externalReference,
                    "\(ZIPArchive.shown(file)) lists layer \(id.prefix(60)) (\(cls ?? "no class")), whose file is not in the folder (\(candidates.map { ZIPArchive.shown($0) }.joined(separator: " or ")))",
                    id: id, name: nil, pointer: file + "#/layers/\(i)", lost: "that layer")
                continue
            }
            guard read.insert(entry.name).inserted else {
                reading.warn(
                    .invalidValue, "\(ZIPArchive.shown(entry.name)) is named by more than one layer reference (in \(ZIPArchive.shown(file)))",
                    id: id, name: nil, pointer: file + "#/layers/\(i)", lost: "the second reference's layer")
                continue
            }
            let layer = try SketchImporter.json(archive, entry, limits: limits)
            children.append(try layers(of: layer, in: own, file: entry.name, depth: depth + 1, read: &read, reading: &reading, limits: limits))
        }
        members[at].value = .array(children)
        return .object(members)
    }
}
