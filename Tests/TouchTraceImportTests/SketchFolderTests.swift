import Foundation
import TestSupport
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

/// A Sketch document exploded into a folder per layer, as Kactus writes it (docs/import-design.md,
/// "Sketch documents in folders"): `Tests/Fixtures/import-sketch/folders/L5-symbols-and-resizing-in-folders/`
/// holds two of the page fixtures so exploded (explode-into-folders.py), and each artboard must
/// import from the folder exactly as from its page.
@Suite("Sketch documents in folders")
struct SketchFolderTests {
    static let fixtures = DesignFixtures.folder(.sketch)
    static let folder = fixtures.appendingPathComponent("folders/L5-symbols-and-resizing-in-folders")

    /// The folder's JSON files as the CLI packs them: relative names, sorted.
    static func files(_ root: URL) throws -> [(name: String, bytes: [UInt8])] {
        let base = root.standardizedFileURL.path + "/"
        let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var out: [(name: String, bytes: [UInt8])] = []
        while let url = walk?.nextObject() as? URL {
            guard url.pathExtension == "json" else { continue }
            out.append((String(url.standardizedFileURL.path.dropFirst(base.count)), [UInt8](try Data(contentsOf: url))))
        }
        return out.sorted { $0.name < $1.name }
    }

    static func packed(dropping dropped: String? = nil, under prefix: String = "") throws -> [UInt8] {
        let files = try files(folder).filter { $0.name != dropped }.map { (name: prefix + $0.name, bytes: $0.bytes) }
        return try #require(FolderArchive.zip(files))
    }

    static func importArtboard(_ bytes: [UInt8], _ artboard: String) throws -> ImportResult {
        var options = ImportOptions(fileName: "document")
        options.frame = artboard
        return try Importer.importDocument(bytes, format: .sketch, options: options)
    }

    @Test(arguments: [("AB-HOME", "symbols-with-overrides"), ("AB-DETAIL", "symbols-with-overrides"), ("AB-RESIZE", "L5-resizing-constraint-bits")])
    func anArtboardImportsAsFromItsPage(_ artboard: String, _ page: String) throws {
        let bytes = try Self.packed()
        #expect(ImportFormat.sniff(bytes) == .sketch)
        let fromFolder = try Self.importArtboard(bytes, artboard)
        let fromPage = try Self.importArtboard([UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(page + ".sketch.json"))), artboard)
        let folderScene = try #require(fromFolder.scene), pageScene = try #require(fromPage.scene)
        #expect(JSONWriter().string(folderScene) == JSONWriter().string(pageScene))
        #expect(fromFolder.warnings.map(\.kind) == fromPage.warnings.map(\.kind))
        #expect(fromFolder.warnings.map(\.sourceID) == fromPage.warnings.map(\.sourceID))
    }

    @Test func theDocumentsPageOrderIsKeptAndAZippedParentFolderIsRead() throws {
        // document.json lists "Symbols" before "Resizing", the opposite of the folders' names;
        // artboards, then symbol masters, page by page.
        for prefix in ["", "Design/"] {
            var options = ImportOptions(fileName: "document")
            options.list = true
            let list = try Importer.importDocument(try Self.packed(under: prefix), format: .sketch, options: options)
            #expect(list.units?.map(\.id) == ["AB-HOME", "AB-DETAIL", "M-CARD", "AB-RESIZE"], "prefix \(prefix)")
        }
    }

    @Test func aMissingLayerFileIsAnExternalReferenceNamingTheFile() throws {
        let result = try Self.importArtboard(try Self.packed(dropping: "Symbols/M-CARD/CARD-TITLE.json"), "AB-HOME")
        let warning = try #require(result.warnings.first { $0.kind == .externalReference && $0.sourceID == "CARD-TITLE" })
        #expect(warning.message.contains("\"Symbols/M-CARD/CARD-TITLE.json\""))
        #expect(warning.pointer == "Symbols/M-CARD/symbolMaster.json#/layers/1")
        #expect(warning.lost == "that layer")
        // The other layers of the master are still there, in both instances.
        let text = JSONWriter().string(try #require(result.scene))
        #expect(text.contains("CARD-OPEN") && text.contains("CARD-BG") && !text.contains("CARD-TITLE"))
    }

    @Test func pagesOfTwoDocumentsAndFilesNamedTwiceAreRefusedOrWarned() throws {
        var files = try Self.files(Self.folder).map { (name: "One/" + $0.name, bytes: $0.bytes) }
        files.append((name: "Two/Extra/page.json", bytes: Array(#"{"_class": "page", "name": "Extra", "layers": []}"#.utf8)))
        let two = try #require(FolderArchive.zip(files))
        let refused = #expect(throws: ImportError.self) { try Importer.importDocument(two, format: .sketch, options: ImportOptions()) }
        #expect(refused?.kind == .unsupportedDocument && refused?.message.contains("more than one Sketch folder") == true)
        // A page that names one layer file twice: read once, the second reference warned.
        let page = #"{"_class": "page", "name": "P", "layers": [{"id": "A", "class": "artboard"}, {"id": "A", "class": "artboard"}]}"#
        let artboard = #"{"_class": "artboard", "do_objectID": "A", "name": "A", "frame": {"x": 0, "y": 0, "width": 100, "height": 100}, "layers": []}"#
        let twice = try #require(FolderArchive.zip([(name: "P/page.json", bytes: Array(page.utf8)), (name: "P/A/artboard.json", bytes: Array(artboard.utf8))]))
        let result = try Importer.importDocument(twice, format: .sketch, options: ImportOptions())
        #expect(result.warnings.contains { $0.kind == .invalidValue && $0.message.contains("more than one layer reference") })
    }

    @Test func theCLIReadsAFolder() async throws {
        guard touchtraceExecutable != nil else { return }
        let (status, output) = try await CLITestSupport.run(["import", Self.folder.path, "--frame", "AB-RESIZE"])
        #expect(status == 0)
        let expected = try Self.importArtboard(try Self.packed(), "AB-RESIZE")
        let json = try JSONParser().parse(Array(output.utf8))
        #expect(json["format"] == .string("sketch"))
        // The scene's name and origin file are the folder's name; the views are the page's.
        #expect(json["scene"]?["window"] == expected.scene?["window"])
    }
}
