import Foundation
import TestSupport
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

/// Hand-made Penpot and Sketch documents in Tests/Fixtures/import-penpot/ (`<name>.penpot.json`,
/// Transit JSON-Verbose) and import-sketch/ (`<name>.sketch.json`, a page's JSON), written by
/// each folder's make-fixtures.py, with their golden results (`<name>.expected.json`;
/// `TOUCHTRACE_RECORD_FIXTURES=1` rewrites them, review the diff) and optional options
/// (`<name>.options.json`: `frame`, `maxWarnings`). A file named after a warning kind raises it;
/// one named after a rule (`L6-…`) lands every layer where the file stores it after the layout pass.
enum DesignFixtures {
    static func folder(_ format: ImportFormat) -> URL { Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/import-\(format.rawValue)") }
    static func suffix(_ format: ImportFormat) -> String { ".\(format.rawValue).json" }

    static func names(_ format: ImportFormat) -> [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: folder(format).path)) ?? []
        return all.filter { $0.hasSuffix(suffix(format)) }.sorted()
    }

    static var all: [String] { names(.penpot) + names(.sketch) }

    static func format(_ name: String) -> ImportFormat { name.hasSuffix(".penpot.json") ? .penpot : .sketch }
    static func base(_ name: String) -> String { String(name.dropLast(suffix(format(name)).count)) }
    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: folder(format(name)).appendingPathComponent(name))) }

    static func options(_ name: String) throws -> ImportOptions {
        var options = ImportOptions(fileName: name)
        let url = folder(format(name)).appendingPathComponent(base(name) + ".options.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return options }
        let json = try JSONParser().parse([UInt8](Data(contentsOf: url)))
        if case let .string(s)? = json["frame"] { options.frame = s }
        if case let .number(n)? = json["maxWarnings"] { options.limits.maxWarnings = Int(n) }
        return options
    }

    static func importFixture(_ name: String) throws -> ImportResult {
        try Importer.importDocument(bytes(name), format: format(name), options: options(name))
    }

    static func isRuleFixture(_ name: String) -> Bool { FigmaFixtures.isRuleFixture(name) }
}

@Suite("Penpot and Sketch import fixtures")
struct DesignFixtureTests {
    @Test(arguments: DesignFixtures.all)
    func matchesItsGoldenResult(_ name: String) throws {
        let result = try DesignFixtures.importFixture(name)
        #expect(ImportFormat.sniff(try DesignFixtures.bytes(name)) == DesignFixtures.format(name))
        try ImportFixtures.expectGolden(
            result, name, at: DesignFixtures.folder(DesignFixtures.format(name)).appendingPathComponent(DesignFixtures.base(name) + ".expected.json"))
    }

    /// Every warning kind each importer raises has a fixture named after it, which raises it;
    /// a warning about a layer carries its id, name and pointer.
    @Test(arguments: ImportWarning.Kind.penpot.map { (ImportFormat.penpot, $0) } + ImportWarning.Kind.sketch.map { (ImportFormat.sketch, $0) })
    func everyWarningKindHasAFixtureThatRaisesIt(_ format: ImportFormat, _ kind: ImportWarning.Kind) throws {
        let fixtures = DesignFixtures.names(format).filter { $0.hasPrefix(kind.rawValue + "-") }
        #expect(!fixtures.isEmpty, "no \(format.rawValue) fixture for \(kind.rawValue)")
        for name in fixtures {
            let result = try DesignFixtures.importFixture(name)
            let raised = result.warnings.filter { $0.kind == kind }
            #expect(!raised.isEmpty, "\(name) raises no \(kind.rawValue)")
            for warning in raised where kind != .tooManyWarnings && kind != .emptyDocument {
                #expect(warning.pointer != nil && warning.sourceID != nil, "\(name): \(warning.message)")
            }
        }
    }

    /// The rule fixtures' layers are where the file stores them after the layout pass.
    @Test(arguments: DesignFixtures.all.filter(DesignFixtures.isRuleFixture))
    func ruleFixturesLandWhereTheFileStoresTheLayers(_ name: String) throws {
        let comparisons = try DesignOracle.check(file: name, bytes: DesignFixtures.bytes(name), format: DesignFixtures.format(name), tolerance: 0.01)
        #expect(!comparisons.isEmpty)
        for c in comparisons where c.visible && !c.agrees { Issue.record("\(c.description)") }
    }

    /// A file whose pages are kept in fragments arrives as one JSON array, the get-file response
    /// followed by its fragments; a fragment missing is a warning naming it.
    @Test func aFileAndItsFragmentsImportTogether() throws {
        let name = "fragments-file-and-its-fragment.penpot.json"
        let result = try DesignFixtures.importFixture(name)
        #expect(result.ids.values.count >= 2)
        guard case let .array(parts) = try JSONParser().parse(try DesignFixtures.bytes(name)) else { throw CancellationError() }
        let alone = JSONWriter().bytes(.array([parts[0]]))
        let missing = try Importer.importDocument(alone, format: .penpot, options: ImportOptions())
        #expect(missing.warnings.contains { $0.kind == .externalReference && $0.message.contains("fragment") })
    }

    /// The class mapping file works as for Figma (`types` in Figma's names): a Penpot rectangle
    /// and a Sketch text named by a rule become controls, and their prototype taps become the
    /// control's targets instead of a tap recognizer's.
    @Test func aClassMappingAppliesToPenpotAndSketch() throws {
        let mapping = try #require(FigmaClassMapping.decode(try JSONParser().parse(
            #"{"rules": [{"match": "Button", "class": "UIButton", "customClass": "PayButton", "types": ["RECTANGLE"]}, {"match": "Back", "class": "UIButton"}], "useDefaults": false}"#)).mapping)
        for (name, view, action) in [("T2-interactions-as-actions.penpot.json", "Button", "navigate:"), ("T2-flows-and-hotspots.sketch.json", "Back", "back:")] {
            var options = try DesignFixtures.options(name)
            options.mapping = mapping
            if name.hasSuffix(".sketch.json") { options.frame = "AB-ITEM" }
            let result = try Importer.importDocument(try DesignFixtures.bytes(name), format: DesignFixtures.format(name), options: options)
            let scene = try SceneDecoder().decode(try #require(result.scene))
            let index = try #require(scene.viewIndex(view), "\(name): no view \(view)")
            #expect(scene.views[index].viewClass == .UIButton, "\(name): \(view) is a \(scene.views[index].viewClass)")
            let json = JSONWriter().string(try #require(result.scene))
            #expect(json.contains(#""action":"\#(action)"#), "\(name): the control sends \(action)")
        }
    }
}
