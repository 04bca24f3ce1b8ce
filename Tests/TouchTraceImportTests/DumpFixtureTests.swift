import Foundation
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

/// Hand-written hierarchy dumps in Tests/Fixtures/import-dumps/ (`<name>.txt`, or
/// `<name>.sentry.json` for Sentry's JSON), each with its golden import result
/// (`<name>.expected.json`, sorted keys; `TOUCHTRACE_RECORD_FIXTURES=1` rewrites them, review
/// the diff), optional options (`<name>.options.json`: `maxWarnings`, `format`) and an optional overlay
/// (`<name>.overlay.json`). The format is read off the text, as `touchtrace import` does. A file
/// named after a warning kind (`controlAssumed-….txt`) must raise that kind.
enum DumpFixtures {
    static let folder = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/import-dumps")

    static var names: [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return all.filter { $0.hasSuffix(".txt") || $0.hasSuffix(".sentry.json") }.sorted()
    }

    static func base(_ name: String) -> String {
        name.hasSuffix(".sentry.json") ? String(name.dropLast(".sentry.json".count)) : String(name.dropLast(".txt".count))
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    static func options(_ name: String) throws -> ImportOptions {
        var options = ImportOptions(fileName: name)
        let url = folder.appendingPathComponent(base(name) + ".options.json")
        if FileManager.default.fileExists(atPath: url.path) {
            let json = try JSONParser().parse([UInt8](Data(contentsOf: url)))
            if case let .number(n)? = json["maxWarnings"] { options.limits.maxWarnings = Int(n) }
        }
        let overlay = folder.appendingPathComponent(base(name) + ".overlay.json")
        if FileManager.default.fileExists(atPath: overlay.path) {
            options.overlay = try JSONParser().parse([UInt8](Data(contentsOf: overlay)))
        }
        return options
    }

    /// The format the options file names (a dump no sniffing can place), else the one read off the text.
    static func format(_ name: String) throws -> ImportFormat {
        let url = folder.appendingPathComponent(base(name) + ".options.json")
        if FileManager.default.fileExists(atPath: url.path), case let .string(f)? = try JSONParser().parse([UInt8](Data(contentsOf: url)))["format"] {
            return try #require(ImportFormat(rawValue: f))
        }
        return try #require(ImportFormat.detect(fileName: name, bytes: bytes(name)), "\(name): no format detected")
    }

    static func importFixture(_ name: String) throws -> ImportResult {
        try Importer.importDocument(bytes(name), format: format(name), options: options(name))
    }
}

@Suite("Hierarchy dump fixtures")
struct DumpFixtureTests {
    @Test(arguments: DumpFixtures.names)
    func matchesItsGoldenResult(_ name: String) throws {
        let result = try DumpFixtures.importFixture(name)
        try ImportFixtures.expectGolden(result, name, at: DumpFixtures.folder.appendingPathComponent(DumpFixtures.base(name) + ".expected.json"))
    }

    /// Every warning kind the dump importers raise has a fixture named after it, which raises it
    /// with its place: a line and column (text), or a JSON pointer (Sentry).
    @Test(arguments: ImportWarning.Kind.dumps)
    func everyWarningKindHasAFixture(_ kind: ImportWarning.Kind) throws {
        let fixtures = DumpFixtures.names.filter { $0.hasPrefix(kind.rawValue + "-") }
        try #require(!fixtures.isEmpty, "no fixture named \(kind.rawValue)-… in Tests/Fixtures/import-dumps")
        for name in fixtures {
            let warnings = try DumpFixtures.importFixture(name).warnings.filter { $0.kind == kind }
            #expect(!warnings.isEmpty, "\(name) raises no \(kind.rawValue) warning")
            if kind != .tooManyWarnings, kind != .emptyDocument {
                #expect(
                    warnings.allSatisfy { ($0.line != nil && $0.column != nil) || $0.pointer?.hasPrefix("/") == true },
                    "\(name): \(kind.rawValue) without a line and column or a pointer")
            }
        }
    }

    /// Every scene id of every fixture maps back to the dump: an address, `line N` or a pointer.
    @Test(arguments: DumpFixtures.names)
    func everyViewMapsBackToTheDump(_ name: String) throws {
        let result = try DumpFixtures.importFixture(name)
        let scene = try SceneDecoder().decode(try #require(result.scene))
        for view in scene.views where !(view.viewClass == .UIWindow && result.ids[view.id] == nil) {
            let source = try #require(result.ids[view.id], "\(name): \(view.id) has no source")
            #expect(source.hasPrefix("0x") || source.hasPrefix("line ") || source.hasPrefix("/"), "\(name): \(view.id) → \(source)")
        }
    }
}
