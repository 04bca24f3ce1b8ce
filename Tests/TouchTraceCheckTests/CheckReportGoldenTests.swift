import Foundation
import Testing
import TouchTraceCheck
import TouchTraceEngine

/// The CI reports of one run over several fixture files (a suite per file), kept as golden files
/// in `Tests/Fixtures/check/golden/`: JUnit XML, SARIF (sorted keys), the GitHub Actions
/// annotations (more than GitHub's 10 errors per step, so the summary shows) and the JSON report
/// (sorted keys, full traces). `TOUCHTRACE_RECORD_FIXTURES=1` records them (review the diff).
/// JUnit is validated against the Jenkins xunit `junit-10.xsd`, SARIF against the OASIS 2.1.0
/// schema (`Tests/Fixtures/check/schemas/`, sources in its README), with python3.
@Suite struct CheckReportGoldenTests {
    static let inputs = ["hitView-fail.touchtrace.yaml", "assertTouchTargets-fail.touchtrace.yaml", "action-fail.touchtrace.yaml", "hitView-pass.touchtrace.yaml"]
    static let golden = checkFixtures.appendingPathComponent("golden")

    static func runReports() throws -> CheckHarness.Run {
        try CheckHarness.run(inputs + ["--junit", "report.xml", "--sarif", "report.sarif", "--github"], read: CheckHarness.fixtureReader())
    }

    /// Compares with (or records) a golden file.
    static func compare(_ actual: String, golden name: String) throws {
        let url = golden.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["TOUCHTRACE_RECORD_FIXTURES"] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "\(name) changed; record with TOUCHTRACE_RECORD_FIXTURES=1 and review the diff")
    }

    @Test func junitSARIFAndAnnotationsMatchTheirGoldenFiles() throws {
        let run = try Self.runReports()
        #expect(run.status == 1)
        let junit = try #require(run.files["report.xml"])
        let sarif = try #require(run.files["report.sarif"])
        try Self.compare(junit, golden: "report.junit.xml")
        try Self.compare(sarif, golden: "report.sarif.json")
        // The annotations follow the text report; the golden file keeps the workflow commands.
        let annotations = run.output.split(separator: "\n").filter { $0.hasPrefix("::") }.map { $0 + "\n" }.joined()
        try Self.compare(annotations, golden: "report.github.txt")
    }

    @Test func sarifIsSortedKeysJSON() throws {
        let sarif = try #require(try Self.runReports().files["report.sarif"])
        let parsed = try JSONParser().parse(sarif)
        #expect(JSONWriter(pretty: true).string(parsed) + "\n" == sarif)
        #expect(parsed["version"] == .string("2.1.0"))
    }

    @Test func jsonReportMatchesItsGoldenFileWithSortedKeys() throws {
        let run = try CheckHarness.run(["hitView-fail.touchtrace.yaml", "--format", "json"], read: CheckHarness.fixtureReader())
        #expect(run.status == 1)
        let parsed = try JSONParser().parse(run.output)
        #expect(JSONWriter().string(parsed) + "\n" == run.output, "the JSON report is written with sorted keys")
        try Self.compare(JSONWriter(pretty: true).string(parsed) + "\n", golden: "report.json")
    }

    @Test func junitHasASuitePerFileAndRepeatsTheReasonInTheBody() throws {
        let junit = try #require(try Self.runReports().files["report.xml"])
        #expect(junit.components(separatedBy: "<testsuite ").count - 1 == Self.inputs.count)
        // GitLab shows the failure body, not its message: the body says what was hit instead and why.
        let failure = try #require(junit.range(of: "<failure message=\"expected hitView cancelButton, but overlay was hit\""))
        let body = junit[failure.upperBound...].prefix(while: { $0 != "<" })
        #expect(body.contains("expected hitView cancelButton, but overlay was hit"))
        #expect(body.contains("covered by overlay (0, 600, 390×80), a later sibling"))
        #expect(body.contains("fix: move overlay off cancelButton"))
    }

    @Test func githubAnnotationsSummariseBeyondTenErrors() throws {
        let run = try Self.runReports()
        let errors = run.output.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(errors.count == GitHubAnnotations.perStepLimit)
        let summary = try #require(errors.last)
        #expect(summary.contains("more failures (GitHub shows 10 per step; the report lists all)"))
        #expect(errors.first?.hasPrefix("::error file=hitView-fail.touchtrace.yaml,line=6,col=") == true)
    }

    @Test(.enabled("python3 with xmlschema is missing (pip install xmlschema): the JUnit schema check is skipped") { await Python.has("xmlschema") })
    func junitIsValidAgainstTheJUnitSchema() async throws {
        let junit = try #require(try Self.runReports().files["report.xml"])
        let result = try await Python.run("""
            import sys, xmlschema
            xmlschema.XMLSchema(sys.argv[1]).validate(sys.argv[2])
            print("valid")
            """, arguments: [checkFixtures.appendingPathComponent("schemas/junit-10.xsd").path], input: junit, suffix: ".xml")
        #expect(result.status == 0 && result.output.contains("valid"), "\(result.output)")
    }

    @Test(.enabled("python3 with jsonschema is missing (pip install jsonschema): the SARIF schema check is skipped") { await Python.has("jsonschema") })
    func sarifIsValidAgainstTheSARIF210Schema() async throws {
        let sarif = try #require(try Self.runReports().files["report.sarif"])
        let result = try await Python.run("""
            import sys, json, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft4Validator(schema).validate(json.load(open(sys.argv[2])))
            print("valid")
            """, arguments: [checkFixtures.appendingPathComponent("schemas/sarif-schema-2.1.0.json").path], input: sarif, suffix: ".sarif")
        #expect(result.status == 0 && result.output.contains("valid"), "\(result.output)")
    }
}
