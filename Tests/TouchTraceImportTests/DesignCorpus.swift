import Foundation
import TestSupport
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

extension Corpus {
    /// Penpot's own test fixtures (get-file and get-file-fragment responses in Transit JSON).
    static let penpot = Corpus(name: "penpot", label: "Penpot")
    /// A zipped .sketch file and the JSON parts of Sketch's reference documents.
    static let sketch = Corpus(name: "sketch", label: "Sketch")

    /// One file's bytes.
    func bytes(_ file: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: folder.appendingPathComponent(file))) }
}

/// A design file's stored geometry as the oracle: every layer's box as the file stores it
/// (Penpot's `selrect` through its `transform`; Sketch's frames, accumulated), relative to its
/// screen, against its view's box in the window after TouchTrace's layout pass — the views that
/// Auto Layout places (arranged subviews, inner stacks, constrained views) first moved to the
/// origin and shrunk, so only the layout pass can put them back.
enum DesignOracle {
    struct Comparison {
        var file: String
        var screen: String
        var screenID: String
        var node: String
        var name: String
        var stored: Rect
        var scene: Rect
        var visible: Bool
        var arranged: Bool
        var agrees: Bool

        var description: String {
            func f(_ v: Double) -> String { JSONWriter.format((v * 100).rounded() / 100) }
            func r(_ x: Rect) -> String { "(\(f(x.minX)), \(f(x.minY)), \(f(x.size.width)), \(f(x.size.height)))" }
            return "\(file) \(screen) \(node) \"\(name.prefix(40))\": file \(r(stored)), TouchTrace \(r(scene))"
        }
    }

    static func document(_ bytes: [UInt8], format: ImportFormat) throws -> DesignDocument {
        format == .penpot ? try PenpotImporter.read(bytes, options: ImportOptions()).doc : try SketchImporter.read(bytes, options: ImportOptions()).doc
    }

    /// Every screen of the document imported and laid out, each layer compared.
    static func check(file: String, bytes: [UInt8], format: ImportFormat, tolerance: Double = 0.5) throws -> [Comparison] {
        let doc = try document(bytes, format: format)
        var out: [Comparison] = []
        for unit in doc.units {
            let root = doc[unit.node]
            let imported = try Importer.importDocument(bytes, format: format, options: ImportOptions(frame: root.id))
            let json = FigmaFrameOracle.withoutConstrainedFrames(try #require(imported.scene))
            let scene = try SceneDecoder().decode(json).laidOut()
            guard let rootBox = root.storedBox else { continue }
            for (sceneID, nodeID) in imported.ids.sorted(by: { $0.key < $1.key }) {
                guard let v = scene.viewIndex(sceneID), scene.views[v].viewClass != .UIWindow, let n = doc.byID[nodeID], let box = doc[n].storedBox else { continue }
                if let parent = scene.views[v].parent, imported.ids[scene.views[parent].id] == nodeID { continue }
                let stored = Rect(x: box.minX - rootBox.minX, y: box.minY - rootBox.minY, width: box.size.width, height: box.size.height)
                let computed = FigmaFrameOracle.windowBox(v, in: scene)
                var visible = true
                var p: Int? = n
                while let i = p {
                    if doc[i].hidden { visible = false }
                    if i == unit.node { break }
                    p = doc[i].parent
                }
                let arranged = doc[n].parent.flatMap { doc[$0].layout }?.flow.contains(n) ?? false
                let agrees = abs(stored.minX - computed.minX) <= tolerance && abs(stored.minY - computed.minY) <= tolerance
                    && abs(stored.size.width - computed.size.width) <= tolerance && abs(stored.size.height - computed.size.height) <= tolerance
                out.append(
                    Comparison(
                        file: file, screen: root.name, screenID: root.id, node: nodeID, name: doc[n].name, stored: stored, scene: computed, visible: visible, arranged: arranged,
                        agrees: agrees))
            }
        }
        return out
    }
}

/// The folder the Sketch and Penpot oracle reads. `TOUCHTRACE_DESIGN_CORPUS=/path` names any folder
/// of Sketch and Penpot files, each file's format sniffed from its bytes as the importer does
/// (`ImportFormat.sniff`); `TOUCHTRACE_SKETCH_CORPUS` / `TOUCHTRACE_PENPOT_CORPUS` name a folder of
/// one format (a file of the other format, or of none, is a refused row). The files are those its
/// INDEX.tsv lists (the shared corpus's columns, each checked against its sha256), else every
/// `*.json`, `*.sketch` and `*.penpot` in it by name. A Sketch document committed unzipped, saved
/// as the corpus names its parts (`<doc>_document.json`, `<doc>_meta.json`, `<doc>_pages_<id>.json`),
/// is also put together into the `.sketch` archive Sketch writes and measured as one more file.
/// Without a variable, the shared corpus (../shared/corpus/{penpot,sketch}), whose floors apply.
struct DesignOracleFolder: Sendable {
    static let variables: [(name: String, format: ImportFormat?)] = [
        ("TOUCHTRACE_DESIGN_CORPUS", nil), ("TOUCHTRACE_SKETCH_CORPUS", .sketch), ("TOUCHTRACE_PENPOT_CORPUS", .penpot),
    ]

    /// The folders of one's own, with the format each expects (nil: sniffed); empty for the shared corpus.
    var own: [(variable: String, folder: URL, format: ImportFormat?)]

    var isSharedCorpus: Bool { own.isEmpty }

    static var current: DesignOracleFolder { resolve(ProcessInfo.processInfo.environment) }

    static func resolve(_ environment: [String: String]) -> DesignOracleFolder {
        DesignOracleFolder(
            own: variables.compactMap { v in
                guard let path = environment[v.name], !path.isEmpty else { return nil }
                return (v.name, URL(fileURLWithPath: path, isDirectory: true), v.format)
            })
    }

    var isPresent: Bool {
        if isSharedCorpus { return Corpus.penpot.isPresent && Corpus.sketch.isPresent }
        return own.allSatisfy { o in
            var directory: ObjCBool = false
            return FileManager.default.fileExists(atPath: o.folder.path, isDirectory: &directory) && directory.boolValue
        }
    }

    var absence: String {
        if isSharedCorpus { return Corpus.penpot.isPresent ? Corpus.sketch.absence : Corpus.penpot.absence }
        return own.map { "\($0.variable) names \($0.folder.path), which is not a folder" }.joined(separator: "; ")
    }

    var source: String { isSharedCorpus ? "../shared/corpus/{penpot,sketch}/" : own.map(\.folder.path).joined(separator: ", ") }

    /// One file to measure: its name, bytes, and the format the folder expects (nil: sniffed).
    struct File {
        var name: String
        var bytes: [UInt8]
        var expected: ImportFormat?
    }

    /// The files of the folders, with the Sketch documents whose parts are there assembled. On
    /// the shared corpus the page files are measured alone too (as its figures always were); in
    /// a folder of one's own a page of an assembled document is measured in the archive only.
    func files() throws -> [File] {
        var files: [File] = []
        let folders: [(entries: [Corpus.Entry], format: ImportFormat?)] =
            isSharedCorpus
            ? [(try Corpus.penpot.checked(), .penpot), (try Corpus.sketch.checked(), .sketch)]
            : try own.map { (try Self.entries(of: $0.folder), $0.format) }
        for (entries, format) in folders {
            let archives = Self.assembled(entries)
            let documents = isSharedCorpus ? [] : archives.map { String($0.name.dropLast(".sketch".count)) + "_pages_" }
            files += entries.filter { !Self.isPart($0.file, of: documents) }.map { File(name: $0.file, bytes: $0.bytes, expected: format) }
            files += archives.map { File(name: $0.name, bytes: $0.bytes, expected: format) }
        }
        return files
    }

    /// The parts of an unzipped Sketch document, measured as the archive they make: its document
    /// and meta (refused alone, by design) and, given the documents' page prefixes, its pages.
    static func isPart(_ name: String, of documents: [String]) -> Bool {
        name.hasSuffix("_document.json") || name.hasSuffix("_meta.json") || name.hasSuffix("_user.json")
            || documents.contains { name.hasPrefix($0) }
    }

    /// A folder's INDEX.tsv entries (sha256 checked where given), else its design files by name
    /// (`Corpus`'s reading of a folder of one's own, as `TOUCHTRACE_IB_CORPUS` uses it).
    static func entries(of folder: URL) throws -> [Corpus.Entry] {
        try Corpus(name: "design", label: "design", own: folder, allowedExtensions: ["json", "sketch", "penpot"]).checked()
    }

    /// Sketch documents whose parts are among the entries (`<doc>_document.json`, `<doc>_meta.json`,
    /// `<doc>_pages_<id>.json`), as the `.sketch` archive Sketch writes (`<doc>.sketch`).
    static func assembled(_ entries: [Corpus.Entry]) -> [(name: String, bytes: [UInt8])] {
        var byDocument: [String: [TestZIP.Entry]] = [:]
        for entry in entries {
            for marker in ["_document.json", "_meta.json"] where entry.file.hasSuffix(marker) {
                byDocument[String(entry.file.dropLast(marker.count)), default: []].append(TestZIP.Entry(String(marker.dropFirst()), entry.bytes))
            }
            if let range = entry.file.range(of: "_pages_") {
                byDocument[String(entry.file[..<range.lowerBound]), default: []].append(TestZIP.Entry("pages/" + entry.file[range.upperBound...], entry.bytes))
            }
        }
        return byDocument.filter { $0.value.contains { $0.name == "document.json" } }.sorted { $0.key < $1.key }.map { ($0.key + ".sketch", TestZIP($0.value).bytes) }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test when the Sketch and Penpot oracle's folders (the variables', or the shared
    /// corpus's) are there; otherwise the test is reported as skipped, with the reason.
    static var requiresDesignOracleFolder: Self {
        let folder = DesignOracleFolder.current
        return .enabled(if: folder.isPresent, Comment(rawValue: folder.absence))
    }
}

/// One run of the Sketch and Penpot oracle over files: a row per file (its screens, flex items and
/// visible layers, and how many are within the tolerance of the box the file stores), or a row
/// `refused` with the importer's reason and where (`OracleRefusal`); the totals per format over
/// the files that imported, and every disagreement.
struct DesignOracleReport {
    struct Totals {
        var files = 0, refused = 0, screens = 0, arranged = 0, arrangedAgreeing = 0, visible = 0, visibleAgreeing = 0
        var share: Double { visible == 0 ? 1 : Double(visibleAgreeing) / Double(visible) }
    }
    var rows: [String] = []
    var refused: [OracleRefusal] = []
    var disagreements: [String] = []
    var totals: [ImportFormat: Totals] = [:]

    static func make(_ files: [DesignOracleFolder.File], tolerance: Double = 0.5) -> DesignOracleReport {
        var report = DesignOracleReport()
        for file in files {
            let sniffed = ImportFormat.sniff(file.bytes)
            let format = file.expected ?? sniffed
            let label = format.map(\.rawValue) ?? "?"
            do {
                guard let format, format == .sketch || format == .penpot else {
                    throw ImportError(.unsupportedDocument, "not a Sketch or Penpot file: the bytes read as \(sniffed.map { "\"\($0.rawValue)\"" } ?? "no format the importer knows")")
                }
                let comparisons = try DesignOracle.check(file: file.name, bytes: file.bytes, format: format, tolerance: tolerance).filter(\.visible)
                let a = comparisons.filter(\.arranged)
                let screens = Set(comparisons.map(\.screenID)).count
                var t = report.totals[format, default: Totals()]
                t.files += 1
                t.screens += screens
                t.arranged += a.count
                t.arrangedAgreeing += a.filter(\.agrees).count
                t.visible += comparisons.count
                t.visibleAgreeing += comparisons.filter(\.agrees).count
                report.totals[format] = t
                report.disagreements += comparisons.filter { !$0.agrees }.map { "- \($0.arranged ? "(arranged) " : "")\($0.description)" }
                report.rows.append("| \(label) | \(file.name) | \(screens) | \(a.count) | \(a.filter(\.agrees).count) | \(comparisons.count) | \(comparisons.filter(\.agrees).count) |")
            } catch {
                let refusal = OracleRefusal(file: file.name, error: error)
                report.refused.append(refusal)
                if let format { report.totals[format, default: Totals()].refused += 1 }
                report.rows.append("| \(label) | \(file.name) | \(refusal.cell) | | | | |")
            }
        }
        return report
    }

    func markdown(source: String, tolerance: Double = 0.5) -> String {
        var lines = [
            "Sketch and Penpot oracle on `\(source)`: every visible layer of every screen after the layout pass, against the box the file stores, within \(JSONWriter.format(tolerance)) pt.",
            "", "| format | file | screens | flex items | within | visible layers | within |", "|---|---|---:|---:|---:|---:|---:|",
        ]
        lines += rows
        for format in [ImportFormat.penpot, .sketch] {
            guard let t = totals[format] else { continue }
            lines.append(
                "| **\(format.rawValue)** | **all (\(t.files) imported, \(t.refused) refused)** | **\(t.screens)** | **\(t.arranged)** | **\(t.arrangedAgreeing)** | **\(t.visible)** | **\(t.visibleAgreeing)** (\(String(format: "%.1f", t.share * 100))%) |")
        }
        lines += ["", "Disagreements:"] + disagreements
        if !refused.isEmpty { lines += ["", "Files refused, with the importer's reason and where:", ""] + refused.map { "- \($0)" } }
        return lines.joined(separator: "\n")
    }
}
