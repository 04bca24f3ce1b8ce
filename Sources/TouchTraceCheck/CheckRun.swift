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

/// A scene ready for a check: prepared, and, when it came from a design file, what the import said.
public struct ResolvedScene: Sendable {
    public var prepared: PreparedScene
    public var source: SceneImport?

    public init(_ prepared: PreparedScene, source: SceneImport? = nil) {
        self.prepared = prepared
        self.source = source
    }
}

/// A check run over files: read, decode, resolve the scenes, run, and report every input problem
/// at once (with file, line and column) or the report.
public enum CheckRun {
    /// Resolves a document's scene: a prepared scene (with what importing it said, when it came
    /// from a design file), or the problems that kept it from loading. Called once per scene of
    /// each document, in order; a resolver may keep what it imported for the next call.
    public typealias SceneResolver = (_ reference: SceneReference, _ file: CheckInputFile) -> Result<ResolvedScene, SceneLoadError>

    /// Runs every file. Every input problem of every file is reported at once: the document's
    /// own (unknown keys, bad values), its scenes' (a file that cannot be read or imported), and
    /// those found running the steps that could be read; a step naming a view the scene does not
    /// have fails that step, and is an input problem only beside other input problems.
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
            var imports: [SceneImport] = []
            for (name, reference, pointer) in document.scenes {
                switch resolve(reference, file) {
                case let .success(resolved):
                    scenes[name] = resolved.prepared
                    if var source = resolved.source {
                        source.scene = name
                        imports.append(source)
                    }
                case let .failure(error):
                    problems += error.problems.map { locate(SceneProblem(pointer: pointer + $0.pointer, message: $0.message)) }
                }
            }
            var (report, runProblems) = runner.run(document, scenes: scenes, file: file.path, located: located)
            report.imports = imports
            problems += runProblems.map(locate)
            reports.append(report)
        }
        if !problems.isEmpty {
            // Beside other input problems, a step that names what the scene does not have is one too.
            for report in reports {
                for failure in report.steps.flatMap(\.failures) where failure.expectation == Failure.unknownView {
                    problems.append(CheckProblem(file: report.path, pointer: failure.pointer, location: failure.location, message: failure.message))
                }
            }
        }
        // A step that did not decode whole may meet the same problem again when it runs: once each.
        var seen: Set<CheckProblem> = []
        problems = problems.filter { seen.insert($0).inserted }
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
