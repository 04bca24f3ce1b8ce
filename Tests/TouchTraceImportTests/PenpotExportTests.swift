import Foundation
import TestSupport
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

/// The `.penpot` export (v3, a ZIP) against the API's Transit JSON: each fixture of
/// Tests/Fixtures/import-penpot is written here as Penpot 2.4+ exports a file
/// (`backend/src/app/binfile/v3.clj`: `manifest.json`, `files/<file>.json`,
/// `files/<file>/pages/<page>.json`, one `files/<file>/pages/<page>/<shape>.json` per shape, keys
/// in camel case) and must import to the same scene as the Transit document it came from.
@Suite("Penpot's .penpot export")
struct PenpotExportTests {
    static func camel(_ key: String) -> String {
        var out = ""
        var upper = false
        for ch in key {
            if ch == "-" {
                upper = true
            } else {
                out += upper ? ch.uppercased() : String(ch)
                upper = false
            }
        }
        return out
    }

    /// A JSON value with every object key in camel case, as the v3 export writes.
    static func camelKeys(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .object(members): return .object(members.map { (camel($0.key), camelKeys($0.value)) })
        case let .array(items): return .array(items.map(camelKeys))
        default: return value
        }
    }

    static func export(_ transit: [UInt8]) throws -> [UInt8] {
        var reader = TransitReader(maxDepth: 150, parser: JSONParser())
        let plain = try reader.read(try JSONParser().parse(transit))
        let file = "f0000000-0000-4000-8000-0000000000f1"
        var entries = [
            TestZIP.Entry("manifest.json", JSONWriter(pretty: true).string(.obj([
                "type": "penpot/export-files", "version": 1, "generatedBy": "penpot/2.4.0",
                "files": .array([.obj(["id": .string(file), "name": "fixture", "features": .array([])])]), "relations": .array([]),
            ]))),
            TestZIP.Entry("files/\(file).json", JSONWriter().string(.obj(["id": .string(file), "name": "fixture"]))),
        ]
        guard case let .array(pages)? = plain["data"]?["pages"] else { throw CorpusAbsent(message: "no pages") }
        for (index, pageID) in pages.enumerated() {
            guard case let .string(id) = pageID, let page = plain["data"]?["pages-index"]?[id] else { continue }
            var meta: [(key: String, value: JSONValue)] = [("id", .string(id)), ("name", page["name"] ?? "Page"), ("index", .number(Double(index)))]
            if let flows = page["flows"] { meta.append(("flows", camelKeys(flows))) }
            entries.append(TestZIP.Entry("files/\(file)/pages/\(id).json", JSONWriter(pretty: true).string(.object(meta))))
            guard case let .object(objects)? = page["objects"] else { continue }
            for (shapeID, shape) in objects {
                entries.append(TestZIP.Entry("files/\(file)/pages/\(id)/\(shapeID).json", JSONWriter(pretty: true).string(camelKeys(shape))))
            }
        }
        return TestZIP(entries).bytes
    }

    /// Every Transit fixture (the camel-case JSON ones are another form of the same data, read by
    /// `PenpotJSONForm`, and have no Transit document to export).
    @Test(arguments: DesignFixtures.names(.penpot).filter { !$0.hasPrefix("fragments") && !$0.hasPrefix("emptyDocument") && !$0.contains("penpot-json") })
    func anExportImportsAsItsTransitDocumentDoes(_ name: String) throws {
        let transit = try DesignFixtures.bytes(name)
        let zip = try Self.export(transit)
        #expect(ImportFormat.sniff(zip) == .penpot)
        var options = try DesignFixtures.options(name)
        options.fileName = nil
        let fromTransit = try Importer.importDocument(transit, format: .penpot, options: options)
        let fromExport = try Importer.importDocument(zip, format: .penpot, options: options)
        #expect(fromExport.scene == fromTransit.scene, "\(name): the export's scene differs from the Transit document's")
        #expect(fromExport.warnings.map(\.kind) == fromTransit.warnings.map(\.kind))
        let pointers = fromExport.warnings.compactMap(\.pointer)
        #expect(pointers.allSatisfy { $0.hasPrefix("files/") && $0.hasSuffix(".json") }, "\(pointers)")
    }
}
