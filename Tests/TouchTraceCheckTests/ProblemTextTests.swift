import Testing
import TouchTraceEngine
import TouchTraceOperations

/// Input errors for a person at a terminal (`ProblemText`): the title and detail, then a line per
/// problem with its file, line and column (or its pointer); piped output and `--format json` keep
/// the problem document's JSON.
@Suite struct ProblemTextTests {
    @Test func aCheckProblemReadsAsLinesWithFileLineAndColumn() throws {
        let run = try CheckHarness.run(["errors-every-phase.touchtrace.yaml"], read: CheckHarness.fixtureReader())
        #expect(run.status == 2)
        let problem = try JSONParser().parse(run.output)
        guard case let .array(errors)? = problem["errors"] else {
            Issue.record("no errors in \(run.output)")
            return
        }
        var document = ProblemType.invalidExpectations.document(
            "The expectations have \(errors.count) problems.",
            errors: errors.map { SceneProblem(pointer: $0["pointer"]?.stringValue ?? "", message: $0["message"]?.stringValue ?? "") })
        document.extensions = [:]
        let text = ProblemText.render(document)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "error: Invalid expectations: The expectations have \(errors.count) problems.")
        #expect(lines.count == errors.count + 1)
        #expect(lines.contains("  errors-every-phase.touchtrace.yaml:6:5: unknown field \"expekt\" in a step (did you mean \"expect\"?)"), "\(text)")
        #expect(!text.contains("{"), "no JSON in the text form: \(text)")
    }

    @Test func aProblemWithoutLocationsNamesItsPointer() {
        let document = ProblemType.invalidRequest.document(
            "The request has 2 problems.", errors: [SceneProblem(pointer: "/point/x", message: "x must be a number"), SceneProblem(pointer: "/view", message: "view is required")])
        #expect(ProblemText.render(document) == "error: \(document.title): The request has 2 problems.\n  /point/x: x must be a number\n  /view: view is required")
    }
}
