import TouchTraceEngine

/// An expectation file handed to a check: its name and what reading it gave.
public struct CheckInputFile: Sendable {
    /// The file as named (on the command line), or nil for a request body.
    public var path: String?
    public var document: Result<LocatedDocument, CheckProblem>

    public init(path: String?, document: Result<LocatedDocument, CheckProblem>) {
        self.path = path
        self.document = document
    }
}

/// A check run over files: read, decode, resolve the scenes, run, and report every input problem
/// at once (with file, line and column) or the report.
public enum CheckRun {
    /// Resolves a document's scene: a prepared scene, or the problems that kept it from loading.
    public typealias SceneResolver = @Sendable (_ reference: SceneReference, _ file: CheckInputFile) -> Result<PreparedScene, SceneLoadError>

    public static func run(_ files: [CheckInputFile], limits: SceneLimits, resolve: SceneResolver) -> Result<CheckReport, CheckProblems> {
        var problems: [CheckProblem] = []
        var reports: [FileReport] = []
        let runner = CheckRunner(limits: limits)
        for file in files {
            let located: LocatedDocument
            switch file.document {
            case let .failure(problem):
                problems.append(problem)
                continue
            case let .success(d):
                located = d
            }
            func locate(_ p: SceneProblem) -> CheckProblem {
                CheckProblem(file: file.path, pointer: p.pointer, location: located.location(of: p.pointer), message: p.message)
            }
            let (decoded, decodeProblems) = CheckDocument.decode(located.value)
            problems += decodeProblems.map(locate)
            guard let document = decoded else { continue }
            var scenes: [String: PreparedScene] = [:]
            var sceneProblems: [CheckProblem] = []
            for (name, reference, pointer) in document.scenes {
                switch resolve(reference, file) {
                case let .success(prepared): scenes[name] = prepared
                case let .failure(error):
                    sceneProblems += error.messages.map { locate(SceneProblem(pointer: pointer, message: $0)) }
                }
            }
            problems += sceneProblems
            guard sceneProblems.isEmpty else { continue }
            let (report, runProblems) = runner.run(document, scenes: scenes, file: file.path, located: located)
            problems += runProblems.map(locate)
            reports.append(report)
        }
        return problems.isEmpty ? .success(CheckReport(files: reports)) : .failure(CheckProblems(problems))
    }

    /// The problem document of a run's input problems (`invalid-expectations`, 422; the CLI
    /// exits with 2): every problem with its pointer, and `locations` (file, line, column) in the
    /// same order, when they come from files (a JSON body over HTTP has pointers only).
    public static func problemDocument(_ problems: [CheckProblem]) -> ProblemDocument {
        var document = ProblemType.invalidExpectations.document(
            problems.count == 1 ? "The expectations have 1 problem: \(problems[0].text)" : "The expectations have \(problems.count) problems.",
            errors: problems.map { SceneProblem(pointer: $0.pointer, message: $0.text) })
        guard problems.contains(where: { $0.file != nil || $0.location != nil }) else { return document }
        document.extensions["locations"] = .array(problems.map { p in
            .obj([
                "file": .string(orNull: p.file), "pointer": .string(p.pointer),
                "line": p.location.map { .number(Double($0.line)) } ?? .null,
                "column": p.location.map { .number(Double($0.column)) } ?? .null,
            ])
        })
        return document
    }

    /// After `--update` rewrote a file, its failures that the new values answer no longer count.
    public static func markUpdated(_ report: inout CheckReport, file index: Int) {
        report.files[index].updatesApplied = true
        for s in report.files[index].steps.indices {
            var step = report.files[index].steps[s]
            let pointers = step.updates.map(\.pointer)
            step.failures.removeAll { f in pointers.contains { $0 == f.pointer || $0.hasPrefix(f.pointer + "/") } }
            if step.failures.isEmpty, !step.findings.contains(where: { $0.status == .counted && $0.severity == .error }) {
                step.outcome = .passed
            }
            report.files[index].steps[s] = step
        }
    }
}
