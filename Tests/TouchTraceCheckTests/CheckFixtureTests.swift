import Foundation
import Testing
import TouchTraceCheck
import TouchTraceEngine

/// The check fixtures (`Tests/Fixtures/check/*.touchtrace.yaml`): per assertion kind, passing and
/// failing, and input errors. Each file is an expectation file, then `---` and what running it
/// gives: `exit` and the text `report`, or the `problems` with file, line and column.
/// `TOUCHTRACE_RECORD_FIXTURES=1 swift test --disable-xctest --filter CheckFixtureTests` records
/// the second part (review the diff).
@Suite struct CheckFixtureTests {
    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: checkFixtures.path)) ?? []).filter { $0.hasSuffix(".touchtrace.yaml") }.sorted()
    }

    static let separator = "\n---\n"

    @Test func everyAssertionKindHasPassingAndFailingFixtures() {
        for kind in ["hitView", "responderChain", "action", "actions", "controlEvents", "recognizer", "frame", "assertNotHittable", "assertTouchTargets", "assertLayout"] {
            #expect(Self.names.contains("\(kind)-pass.touchtrace.yaml"), "a passing fixture for \(kind)")
            #expect(Self.names.contains("\(kind)-fail.touchtrace.yaml"), "a failing fixture for \(kind)")
        }
    }

    @Test(arguments: names)
    func fixture(_ name: String) throws {
        let url = checkFixtures.appendingPathComponent(name)
        let whole = try String(contentsOf: url, encoding: .utf8)
        guard let split = whole.range(of: Self.separator) else {
            Issue.record("\(name) has no \"---\" line before its expected outcome")
            return
        }
        let input = String(whole[..<split.lowerBound]) + "\n"
        let run = try CheckHarness.run([name], read: CheckHarness.reader(root: checkFixtures, overrides: [name: input]))
        var recorded = "# What running it gives (TOUCHTRACE_RECORD_FIXTURES=1 records this part).\nexit: \(run.status)\n"
        if run.status == 2 {
            let problem = try JSONParser().parse(run.output)
            guard case let .array(errors)? = problem["errors"] else {
                Issue.record("\(name): no errors in \(run.output)")
                return
            }
            recorded += "problems:\n" + errors.map { "  - " + JSONWriter().string($0["message"] ?? .null) + "\n" }.joined()
        } else {
            recorded += "report: |\n" + run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0.isEmpty ? "\n" : "  " + $0 + "\n" }.joined()
        }
        let expected = String(whole[split.upperBound...])
        if ProcessInfo.processInfo.environment["TOUCHTRACE_RECORD_FIXTURES"] == "1" {
            if expected != recorded { try (input.dropLast() + Self.separator + recorded).write(to: url, atomically: true, encoding: .utf8) }
            return
        }
        #expect(expected == recorded, "\(name): the outcome changed; record with TOUCHTRACE_RECORD_FIXTURES=1 and review the diff")
        // The expected part is itself YAML that the reader accepts.
        guard case let .success(document) = ExpectationReader.read(Array(expected.utf8), file: "expected.yaml") else {
            Issue.record("\(name): the expected part is not YAML")
            return
        }
        #expect(document.value["exit"] == .number(Double(run.status)))
        // What the name promises: a passing fixture exits 0, a failing one 1, an error one 2.
        let promised: Int32? = name.contains("-pass.") ? 0 : name.contains("-fail.") ? 1 : name.hasPrefix("errors-") ? 2 : nil
        #expect(promised != nil, "\(name) is named neither *-pass, *-fail nor errors-*")
        #expect(run.status == promised, "\(name) exits \(run.status)")
    }
}
