import Foundation
import Testing
import TouchTraceCheck
import TouchTraceEngine
import TouchTraceOperations

/// `touchtrace check` on a scene whose geometry is not known (``UnknownGeometry``): the steps that
/// hit-test or measure are problems at their pointers (exit 2), the steps that read no frame run,
/// and a layout change says in its note that the frames are not the views'
/// (`Tests/Fixtures/geometry-unknown/*.touchtrace.yaml`).
@Suite struct GeometryUnknownCheckTests {
    static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/geometry-unknown")

    @Test func stepsThatNeedFramesAreProblemsAtTheirPointers() throws {
        let run = try CheckHarness.run(
            ["geometryUnknown-check-tap-refused.touchtrace.yaml", "--format", "json"], read: CheckHarness.reader(root: Self.folder))
        #expect(run.status == CheckOperation.inputErrorExitCode, "\(run.output)")
        let problem = try JSONParser().parse(Array(run.output.utf8))
        guard case let .array(errors)? = problem["errors"] else {
            Issue.record("no errors: \(run.output)")
            return
        }
        let pointers = errors.compactMap { e -> String? in
            guard case let .string(p)? = e["pointer"] else { return nil }
            return p
        }
        #expect(pointers == ["/steps/0", "/steps/1", "/steps/2"], "\(run.output)")
        #expect(errors.allSatisfy { ($0["message"].map { "\($0)" } ?? "").contains("prints no frames") }, "\(run.output)")
    }

    @Test func stepsThatReadNoFrameRunAndTheLayoutNoteSaysSo() throws {
        let run = try CheckHarness.run(
            ["geometryUnknown-check-changes-and-actions-answer.touchtrace.yaml", "--format", "json"], read: CheckHarness.reader(root: Self.folder))
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("prints no frames"), "the layout step's note: \(run.output)")
        #expect(run.output.contains(#""passed":2"#) && run.output.contains(#""controlEvents":[{"control":"payButton","event":"touchUpInside""#), "\(run.output)")
    }
}
