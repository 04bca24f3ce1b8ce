import Foundation
import Testing
import TouchTraceEngine
import TestSupport

/// Runs the fixtures of Tests/Fixtures/diagnosis/ (the why-not answers of the diagnosis stage,
/// no server), in the format of `HitTestingFixtures`: `request` is the body of `POST
/// /v1/scenes/{id}/why-not` and `expected` the exact answer. Each file is named
/// `<rule>-<cause kind>-…` after the cause it pins; `TOUCHTRACE_RECORD_FIXTURES=1` rewrites
/// `expected` (review the diff line by line).
enum DiagnosisFixtures {
    static let files = Fixtures.files(in: "diagnosis").map(\.lastPathComponent)

    static func response(scene: JSONValue, request: JSONValue) -> JSONValue {
        do {
            let prepared = PreparedScene(try SceneDecoder().decode(scene))
            return ResponseEncoder.json(try TouchTrace.whyNot(try WhyNotRequest.decode(request), in: prepared, limits: defaultLimits))
        } catch {
            return error.problemDocument.json
        }
    }

    /// The cause kinds a fixture's expected answers give.
    static func kinds(in name: String) throws -> Set<String> {
        let url = Fixtures.root.appendingPathComponent("diagnosis").appendingPathComponent(name)
        let document = try JSONParser().parse([UInt8](Data(contentsOf: url)))
        guard case let .array(cases)? = document["cases"] else { return [] }
        var kinds: Set<String> = []
        for c in cases {
            guard case let .array(causes)? = c["expected"]?["causes"] else { continue }
            for cause in causes { if case let .string(kind)? = cause["kind"] { kinds.insert(kind) } }
        }
        return kinds
    }
}

@Suite struct DiagnosisFixtureTests {
    @Test(arguments: DiagnosisFixtures.files)
    func fixture(_ name: String) throws {
        try Fixtures.run(area: "diagnosis", name: name, respond: DiagnosisFixtures.response)
    }

    /// Every cause kind has a fixture named after it (`<rule>-<kind>-…`) whose answers give it.
    @Test func everyCauseKindHasAFixture() throws {
        for kind in Diagnosis.Cause.Kind.allCases {
            let named = DiagnosisFixtures.files.filter { $0.split(separator: "-").dropFirst().first.map(String.init) == kind.rawValue }
            #expect(!named.isEmpty, "no fixture named after \(kind.rawValue)")
            for name in named {
                #expect(try DiagnosisFixtures.kinds(in: name).contains(kind.rawValue), "\(name) never gives \(kind.rawValue)")
            }
        }
    }

    /// The file name's cause kind is one of the kinds.
    @Test func fixtureNamesCarryARuleAndACauseKind() {
        let kinds = Set(Diagnosis.Cause.Kind.allCases.map(\.rawValue))
        for name in DiagnosisFixtures.files {
            let parts = name.split(separator: "-").map(String.init)
            #expect(parts.count > 2 && RuleID(rawValue: parts[0]) != nil && kinds.contains(parts[1]), "\(name): <rule>-<kind>-… expected")
        }
    }
}
