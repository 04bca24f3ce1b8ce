import Foundation
import Testing
import TouchTraceEngine
import TouchTraceImport

/// Hand-written Interface Builder documents in Tests/Fixtures/import-ib/, each with its golden
/// import result (`<name>.expected.json`, sorted keys; `TOUCHTRACE_RECORD_FIXTURES=1` rewrites
/// them, review the diff) and optional import options (`<name>.options.json`). A file named
/// after a warning kind (`constraintDropped-….storyboard`) must raise that kind.
enum ImportFixtures {
    static let folder = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/import-ib")
    static let recording = ProcessInfo.processInfo.environment["TOUCHTRACE_RECORD_FIXTURES"] == "1"

    static var names: [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return all.filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }.sorted()
    }

    static func base(_ name: String) -> String { String(name[..<name.lastIndex(of: ".")!]) }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// `{"scene", "controller", "canvas", "maxWarnings"}` from `<name>.options.json`.
    static func options(_ name: String) throws -> ImportOptions {
        var options = ImportOptions(fileName: name)
        let url = folder.appendingPathComponent(base(name) + ".options.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return options }
        let json = try JSONParser().parse([UInt8](Data(contentsOf: url)))
        if case let .string(s)? = json["scene"] { options.scene = s }
        if case let .string(s)? = json["controller"] { options.controller = s }
        if case let .bool(b)? = json["canvas"] { options.canvas = b }
        if case let .number(n)? = json["maxWarnings"] { options.limits.maxWarnings = Int(n) }
        return options
    }

    /// The fixture's scene loads (its id map validated by the decoder) and its import result is
    /// the golden file's, byte for byte (TOUCHTRACE_RECORD_FIXTURES=1 rewrites the file).
    static func expectGolden(_ result: ImportResult, _ name: String, at url: URL) throws {
        _ = try SceneDecoder().decode(try #require(result.scene)).laidOut()
        let actual = JSONWriter(pretty: true).string(result.json)
        if recording {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "\(name): the import result differs from \(url.lastPathComponent) (TOUCHTRACE_RECORD_FIXTURES=1 rewrites it)")
    }

    /// The fixture imported with its options; `canvas` overrides their mode (Xcode's canvas or
    /// the running app), `document` stands for the file's bytes (a variant a test made of it).
    static func importFixture(_ name: String, canvas: Bool? = nil, document: [UInt8]? = nil) throws -> ImportResult {
        let format = try #require(ImportFormat(fileName: name))
        var options = try options(name)
        if let canvas { options.canvas = canvas }
        return try Importer.importDocument(document ?? bytes(name), format: format, options: options)
    }

    /// ``importFixture(_:canvas:document:)`` and its scene decoded and laid out.
    static func laidOut(_ name: String, canvas: Bool? = nil, document: [UInt8]? = nil) throws -> (ImportResult, Scene) {
        let result = try importFixture(name, canvas: canvas, document: document)
        return (result, try SceneDecoder().decode(try #require(result.scene)).laidOut())
    }
}

@Suite("Interface Builder import fixtures")
struct ImportFixtureTests {
    @Test(arguments: ImportFixtures.names)
    func matchesItsGoldenResult(_ name: String) throws {
        let result = try ImportFixtures.importFixture(name)
        try ImportFixtures.expectGolden(result, name, at: ImportFixtures.folder.appendingPathComponent(ImportFixtures.base(name) + ".expected.json"))
    }

    /// Every warning kind the Interface Builder importer raises has a fixture named after it,
    /// which raises it with a line and column (and, for an element warning, the IB id).
    @Test(arguments: ImportWarning.Kind.interfaceBuilder)
    func everyWarningKindHasAFixture(_ kind: ImportWarning.Kind) throws {
        let fixtures = ImportFixtures.names.filter { $0.hasPrefix(kind.rawValue + "-") }
        try #require(!fixtures.isEmpty, "no fixture named \(kind.rawValue)-… in Tests/Fixtures/import-ib")
        for name in fixtures {
            let warnings = try ImportFixtures.importFixture(name).warnings.filter { $0.kind == kind }
            #expect(!warnings.isEmpty, "\(name) raises no \(kind.rawValue) warning")
            if kind != .tooManyWarnings {
                #expect(warnings.allSatisfy { $0.line != nil && $0.column != nil }, "\(name): \(kind.rawValue) without a position")
            }
        }
    }
}
