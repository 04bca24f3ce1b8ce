extension ImportFormat {
    /// Penpot and Sketch told from the bytes: a ZIP archive by its entries (`manifest.json` of a
    /// Penpot export; `document.json` and `pages/` of a Sketch file; one that cannot be read safely
    /// goes to the Sketch importer, which says why), Penpot's binary exports by
    /// their headers, JSON by its shape (Transit's `"~:"` keys and `["^ ", …]` maps are Penpot's,
    /// Sketch's layers carry `"_class"`). Nil when neither shows.
    static func sniffDesign(_ bytes: [UInt8]) -> ImportFormat? {
        if ZIPArchive.looksLikeZIP(bytes) {
            // An archive that cannot be read safely goes to an archive importer all the same, which
            // refuses it with the reason (the entry and the limit), whichever its kind.
            guard let archive = try? ZIPArchive(bytes, limits: ArchiveLimits()) else { return .sketch }
            if archive.entry("manifest.json") != nil { return .penpot }
            if archive.entry("document.json") != nil || archive.entries.contains(where: { $0.name.hasPrefix("pages/") }) { return .sketch }
            // A Sketch document in folders (Kactus's layout: `<page>/page.json`, `SketchFolder`).
            if archive.entries.contains(where: { $0.name == "page.json" || $0.name.hasSuffix("/page.json") }) { return .sketch }
            return nil
        }
        if PenpotImporter.binaryExport(bytes) != nil { return bytes.starts(with: Array("SQLite format 3".utf8)) ? .sketch : .penpot }
        let head = String(decoding: bytes.prefix(4_096), as: UTF8.self)
        guard let first = head.unicodeScalars.first(where: { !" \t\r\n\u{FEFF}".unicodeScalars.contains($0) }) else { return nil }
        guard first == "{" || first == "[" else { return nil }
        if head.contains("\"~:") || head.contains("\"^ \"") || head.contains("\"~#") { return .penpot }
        if head.contains("\"_class\"") { return .sketch }
        // Penpot's data as plain JSON in camel case (its RPC API's application/json answer).
        if head.contains("\"pagesIndex\"") || (head.contains("\"objects\"") && head.contains("\"parentId\"") && head.contains("\"frameId\"")) { return .penpot }
        return nil
    }

    /// Whether a byte can start a JSON value (RFC 8259: an object, an array, a string, a number,
    /// `true`, `false` or `null`).
    static func startsJSONValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return true
        default:
            return false
        }
    }

    /// What a document that is no accepted format looks like, for the error message.
    public static func describe(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "an empty body" }
        if ZIPArchive.looksLikeZIP(bytes) {
            guard let archive = try? ZIPArchive(bytes, limits: ArchiveLimits()) else { return "a ZIP archive that cannot be read safely" }
            let names = archive.entries.prefix(5).map { "\"\($0.name.prefix(50))\"" }.joined(separator: ", ")
            return "a ZIP archive with \(archive.entries.count) entries (\(names.isEmpty ? "none" : names)) but neither a Penpot manifest.json nor a Sketch document.json"
        }
        let head = bytes.prefix(64)
        let isSpace: (UInt8) -> Bool = { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if let at = head.firstIndex(where: { !isSpace($0) }) {
            // A bracket opens JSON only when what follows it can: a log line such as
            // "[Xcode] …" or "[HTTP] …" is text, and is shown as text below.
            let next = head[(at + 1)...].first(where: { !isSpace($0) })
            switch head[at] {
            case UInt8(ascii: "[") where next.map(Self.startsJSONValue) ?? true || next == UInt8(ascii: "]"):
                return "a JSON array that is not Penpot's Transit (a Figma document is an object; a Penpot bundle is an array of get-file and get-file-fragment responses)"
            case UInt8(ascii: "{") where next == nil || next == UInt8(ascii: "\"") || next == UInt8(ascii: "}"):
                return "a JSON object"
            case UInt8(ascii: "<"): return "XML that is not Interface Builder's"
            default: break
            }
        }
        // Text that is none of the above: show its start, so the reader sees what was sent.
        let start = String(decoding: bytes.prefix(40), as: UTF8.self)
        if !start.unicodeScalars.contains(where: { ($0.value < 0x20 && !"\t\n\r".unicodeScalars.contains($0)) || $0 == "\u{FFFD}" }) {
            let shown = start.unicodeScalars.map { "\t\n\r".unicodeScalars.contains($0) ? " " : String($0) }.joined()
            return "text starting \"\(shown)\"" + (bytes.count > 40 ? "…" : "") + " (not Interface Builder's XML, nor the JSON of Figma, Penpot or Sketch)"
        }
        let hex = bytes.prefix(8).map { String($0, radix: 16, uppercase: true).count == 1 ? "0" + String($0, radix: 16, uppercase: true) : String($0, radix: 16, uppercase: true) }
        return "binary data starting \(hex.joined(separator: " "))"
    }
}
