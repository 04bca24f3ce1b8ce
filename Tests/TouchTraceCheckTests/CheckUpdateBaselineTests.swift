import Foundation
import Testing
import TouchTraceCheck
import TouchTraceEngine
import TouchTraceOperations

/// `--update` (rewrite the expected values that did not hold, keeping the file's text; refused
/// under `CI=true` unless `--force`) and `--baseline` (accept today's audit findings so only new
/// ones fail; written when missing, except under `CI=true`).
@Suite struct CheckUpdateBaselineTests {
    static let read = CheckHarness.fixtureReader()

    static func fixtureText(_ name: String) throws -> String {
        String(decoding: try read(name), as: UTF8.self)
    }

    @Test(arguments: ["hitView-fail.touchtrace.yaml", "responderChain-fail.touchtrace.yaml", "recognizer-fail.touchtrace.yaml", "frame-fail.touchtrace.yaml", "controlEvents-fail.touchtrace.yaml"])
    func updateRewritesOnlyTheValuesThatFailedAndThenPasses(_ name: String) throws {
        let before = try Self.fixtureText(name)
        let run = try CheckHarness.run([name, "--update"], read: Self.read)
        let after = try #require(run.files[name], "\(name): --update wrote nothing\n\(run.output)")
        #expect(after != before)
        // Same number of lines, comments untouched; only lines holding expected values change.
        let (b, a) = (before.split(separator: "\n", omittingEmptySubsequences: false), after.split(separator: "\n", omittingEmptySubsequences: false))
        #expect(a.count == b.count, "\(name):\n\(after)")
        for (old, new) in zip(b, a) where old.hasPrefix("#") { #expect(old == new) }
        // Run again on the rewritten file: every expectation that was updated now holds.
        let again = try CheckHarness.run([name], read: { path in path == name ? Array(after.utf8) : try Self.read(path) })
        #expect(again.status == 0, "\(name) after --update:\n\(after)\n\(again.output)")
    }

    @Test func updateIsRefusedUnderCIUnlessForced() throws {
        #expect(throws: (any Error).self) {
            try CheckHarness.run(["hitView-fail.touchtrace.yaml", "--update"], environment: ["CI": "true"], read: Self.read)
        }
        let forced = try CheckHarness.run(["hitView-fail.touchtrace.yaml", "--update", "--force"], environment: ["CI": "true"], read: Self.read)
        #expect(forced.files["hitView-fail.touchtrace.yaml"] != nil)
    }

    @Test func aMissingBaselineIsWrittenFromTodaysFindingsAndAcceptsThem() throws {
        let name = "assertTouchTargets-fail.touchtrace.yaml"
        let first = try CheckHarness.run([name, "--baseline", "baseline.json"], read: Self.read)
        #expect(first.status == 0, "\(first.output)")
        let written = try #require(first.files["baseline.json"])
        let json = try JSONParser().parse(written)
        #expect(JSONWriter(pretty: true).string(json) + "\n" == written, "the baseline is sorted JSON")
        guard case let .array(findings)? = json["findings"] else {
            Issue.record("no findings in \(written)")
            return
        }
        // Every counted finding of the three steps: 8 errors and 4 warnings (a baselined warning is
        // no longer shown as one either).
        #expect(findings.count == 12)
        // With the file, the same run passes; without one of its entries, that finding fails again.
        let accepted = try CheckHarness.run([name, "--baseline", "baseline.json"], read: CheckHarness.reader(root: checkFixtures, overrides: [name: try Self.fixtureText(name), "baseline.json": written]))
        #expect(accepted.status == 0 && accepted.files.isEmpty, "\(accepted.output)")
        let fewer = JSONWriter(pretty: true).string(json.setting("findings", to: .array(Array(findings.dropFirst()))))
        let dropped = try #require(findings.first?["view"])
        let partial = try CheckHarness.run([name, "--baseline", "baseline.json"], read: CheckHarness.reader(root: checkFixtures, overrides: [name: try Self.fixtureText(name), "baseline.json": fewer]))
        // Each entry accepts one finding: the view is found by three steps, so one of them is new again.
        #expect(partial.status == 1, "\(partial.output)")
        let droppedRule = findings.first?["rule"]?.stringValue ?? "?"
        #expect(partial.output.contains("error [\(droppedRule)] \(dropped.stringValue ?? "?")"), "\(partial.output)")
        #expect(partial.output.contains("audit findings: 1 error, 0 warnings, 0 allowed, 11 baselined"), "\(partial.output)")
    }

    @Test func writingABaselineIsRefusedUnderCIUnlessForced() throws {
        #expect(throws: (any Error).self) {
            try CheckHarness.run(["assertTouchTargets-fail.touchtrace.yaml", "--baseline", "baseline.json"], environment: ["CI": "true"], read: Self.read)
        }
        let forced = try CheckHarness.run(["assertTouchTargets-fail.touchtrace.yaml", "--baseline", "baseline.json", "--force"], environment: ["CI": "true"], read: Self.read)
        #expect(forced.files["baseline.json"] != nil)
    }

    @Test func aBadBaselineIsBadInputWithItsLocation() throws {
        let name = "assertTouchTargets-fail.touchtrace.yaml"
        let run = try CheckHarness.run([name, "--baseline", "baseline.json"], read: CheckHarness.reader(root: checkFixtures, overrides: [name: try Self.fixtureText(name), "baseline.json": "{\"findings\": [\n  {\"file\": 1}\n"]))
        #expect(run.status == 2)
        #expect(run.output.contains("baseline.json"), "\(run.output)")
    }

    @Test func aJSONExpectationFileIsReadWithLinesAndColumns() throws {
        let json = """
            {
              "scene": "scenes/form.json",
              "steps": [
                {"tapOn": "saveButton", "expect": {"hitView": "saveButton"}},
                {"tapOn": "saveButton", "expect": {"hitVeiw": "saveButton"}}
              ]
            }
            """
        let bad = try CheckHarness.run(["form.json.touchtrace"], read: CheckHarness.reader(root: checkFixtures, overrides: ["form.json.touchtrace": json]))
        #expect(bad.status == 2)
        #expect(bad.output.contains("form.json.touchtrace:5:"), "\(bad.output)")
        let good = try CheckHarness.run(["good.json"], read: CheckHarness.reader(root: checkFixtures, overrides: ["good.json": json.replacingOccurrences(of: "hitVeiw", with: "hitView")]))
        #expect(good.status == 0, "\(good.output)")
    }
}

extension JSONValue {
    var stringValue: String? {
        if case let .string(s) = self { return s }
        return nil
    }
}
