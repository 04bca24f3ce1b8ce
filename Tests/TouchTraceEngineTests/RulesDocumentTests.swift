import Foundation
import Testing
import TouchTraceEngine

/// docs/uikit-rules.md is the repository's own definition of the rule ids the code, the traces
/// and the fixtures cite: every `RuleID` has a section there, every fixture it names exists, and
/// every fixture named after a rule names a rule that exists.
@Suite struct RulesDocumentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let document = (try? String(contentsOf: root.appendingPathComponent("docs/uikit-rules.md"), encoding: .utf8)) ?? ""

    @Test func everyRuleHasASectionWithAnAnchor() {
        #expect(!Self.document.isEmpty, "docs/uikit-rules.md is in the repository")
        for rule in RuleID.allCases {
            let id = rule.rawValue
            #expect(Self.document.contains("<a id=\"\(id.lowercased())\"></a>\n### \(id) — "), "docs/uikit-rules.md#\(id.lowercased())")
        }
    }

    /// Fixture files the document names (`area/NAME.json`) exist, so the document does not go stale.
    @Test func everyFixtureTheDocumentNamesExists() throws {
        let pattern = try Regex("`([a-z-]+/[A-Za-z0-9.-]+\\.json)`")
        var named = 0
        for match in Self.document.matches(of: pattern) {
            guard let path = match.output[1].substring.map(String.init) else { continue }
            named += 1
            let url = Self.root.appendingPathComponent("Tests/Fixtures/" + path)
            #expect(FileManager.default.fileExists(atPath: url.path), "docs/uikit-rules.md names \(path)")
        }
        #expect(named > 100)
    }

    /// A fixture whose name starts like a rule id (`H4-…`) names a rule of the document.
    @Test func fixturesNamedAfterRulesNameKnownRules() throws {
        let fixtures = Self.root.appendingPathComponent("Tests/Fixtures")
        let areas = try FileManager.default.contentsOfDirectory(atPath: fixtures.path)
        let ids = Set(RuleID.allCases.map(\.rawValue))
        for area in areas {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent(area).path)) ?? []
            for file in files where file.hasSuffix(".json") {
                let prefix = String(file.prefix { $0 != "-" })
                guard prefix.count == 2, prefix.first!.isUppercase, prefix.last!.isNumber else { continue }
                #expect(ids.contains(prefix), "\(area)/\(file) is named after a rule that docs/uikit-rules.md defines")
            }
        }
    }
}
