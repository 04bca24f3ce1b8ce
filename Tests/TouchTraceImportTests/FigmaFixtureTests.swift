import Foundation
import TestSupport
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

/// Hand-written Figma documents in Tests/Fixtures/import-figma/ (`<name>.figma.json`), each with
/// its golden import result (`<name>.expected.json`, sorted keys; `TOUCHTRACE_RECORD_FIXTURES=1`
/// rewrites them, review the diff) and optional options (`<name>.options.json`: `frame`,
/// `maxWarnings`, `mapping`). A file named after a warning kind must raise that kind; one named
/// after a UIKit rule (`T2-…`, `L6-…`) is checked against Figma's boxes after the layout pass.
enum FigmaFixtures {
    static let folder = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/import-figma")

    static var names: [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return all.filter { $0.hasSuffix(".figma.json") }.sorted()
    }

    static func base(_ name: String) -> String { String(name.dropLast(".figma.json".count)) }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    static func options(_ name: String) throws -> ImportOptions {
        var options = ImportOptions(fileName: name)
        let url = folder.appendingPathComponent(base(name) + ".options.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return options }
        let json = try JSONParser().parse([UInt8](Data(contentsOf: url)))
        if case let .string(s)? = json["frame"] { options.frame = s }
        if case let .number(n)? = json["maxWarnings"] { options.limits.maxWarnings = Int(n) }
        if let mapping = json["mapping"] {
            let decoded: FigmaClassMapping = try #require(FigmaClassMapping.decode(mapping).mapping)
            options.mapping = decoded
        }
        return options
    }

    static func importFixture(_ name: String) throws -> ImportResult {
        try Importer.importDocument(bytes(name), format: .figma, options: options(name))
    }

    /// Whether the fixture is named after a rule (`T2-…`) rather than a warning kind.
    static func isRuleFixture(_ name: String) -> Bool {
        guard let first = name.first, first.isUppercase, name.dropFirst().first?.isNumber == true else { return false }
        return true
    }
}

@Suite("Figma import fixtures")
struct FigmaFixtureTests {
    @Test(arguments: FigmaFixtures.names)
    func matchesItsGoldenResult(_ name: String) throws {
        let result = try FigmaFixtures.importFixture(name)
        try ImportFixtures.expectGolden(result, name, at: FigmaFixtures.folder.appendingPathComponent(FigmaFixtures.base(name) + ".expected.json"))
    }

    /// Every warning kind the Figma importer raises has a fixture named after it, which raises
    /// it; a warning about a node carries the node's id, name and JSON pointer.
    @Test(arguments: ImportWarning.Kind.figma)
    func everyWarningKindHasAFixture(_ kind: ImportWarning.Kind) throws {
        let fixtures = FigmaFixtures.names.filter { $0.hasPrefix(kind.rawValue + "-") }
        try #require(!fixtures.isEmpty, "no fixture named \(kind.rawValue)-… in Tests/Fixtures/import-figma")
        for name in fixtures {
            let warnings = try FigmaFixtures.importFixture(name).warnings.filter { $0.kind == kind }
            #expect(!warnings.isEmpty, "\(name) raises no \(kind.rawValue) warning")
            switch kind {
            case .tooManyWarnings, .emptyDocument:
                break
            case .nonStandardJSON:
                #expect(warnings.allSatisfy { $0.line != nil && $0.column != nil }, "\(name): \(kind.rawValue) without a line and column")
            default:
                #expect(
                    warnings.allSatisfy { $0.sourceID != nil && $0.sourceName != nil && $0.pointer?.hasPrefix("/") == true },
                    "\(name): \(kind.rawValue) without the node's id, name and pointer")
            }
        }
    }

    /// The warnings' pointers lead to the node they name.
    @Test(arguments: FigmaFixtures.names.filter { !$0.hasPrefix("nonStandardJSON") })
    func pointersLeadToTheNodes(_ name: String) throws {
        let document = try JSONParser().parse(FigmaFixtures.bytes(name))
        for warning in try FigmaFixtures.importFixture(name).warnings {
            guard let pointer = warning.pointer else { continue }
            var value: JSONValue? = document
            for token in pointer.split(separator: "/").map(String.init) {
                if case let .array(items)? = value, let i = Int(token), i < items.count { value = items[i] } else { value = value?[token] }
            }
            #expect(value?["id"] == warning.sourceID.map(JSONValue.string), "\(name): \(pointer) is not node \(warning.sourceID ?? "?")")
        }
    }

    /// A fixture named after a rule is imported at Figma's boxes, and TouchTrace's layout pass
    /// (the views Auto Layout places moved to the origin first) puts every visible node back there.
    @Test(arguments: FigmaFixtures.names.filter(FigmaFixtures.isRuleFixture))
    func ruleFixturesLayOutAtFigmasBoxes(_ name: String) throws {
        let bytes = try FigmaFixtures.bytes(name)
        for laidOut in [false, true] {
            let comparisons = try FigmaFrameOracle.check(file: name, bytes: bytes, laidOut: laidOut, tolerance: 0.01)
            #expect(!comparisons.isEmpty)
            for c in comparisons where c.visible && !c.agrees {
                Issue.record("\(laidOut ? "after layout" : "imported"): \(c.description)")
            }
        }
    }
}
