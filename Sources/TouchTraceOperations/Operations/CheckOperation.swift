import ArgumentParser
import TouchTraceCheck
import TouchTraceEngine

/// `check`: runs expectation files (`*.touchtrace.yaml`, docs/check.md) — taps, drags, long
/// presses, `sendActions`, changes, and what each must produce; `assertNotHittable`,
/// `assertTouchTargets`, `assertLayout` — and reports for CI: text, JSON, JUnit XML, GitHub
/// Actions annotations, SARIF. Exit status 0 when everything passed, 1 when an expectation or an
/// audit failed, 2 for bad input (the problem document, with file, line and column), 64 for usage.
/// `touchtrace check FILE…`; `POST /v1/check` with the document as JSON (the scene inline, or a
/// stored scene's id).
public enum CheckOperation: TouchTraceOperation {
    public static let name = "check"
    public static let abstract = "Run expectation files (taps, expectations, touch-target and layout audits) and report for CI."
    public static let discussion = """
        An expectation file names its scene (a file, relative to it), a device or window size, audit \
        defaults, and steps: tapOn (a view id, {view, at: "90%,50%"} or {point: "50%,90%"}), drag, \
        longPress, sendActions, changes (engine changes, or {op: rotate, to: landscape}), each with \
        expect (hitView, responderChain, action, actions, controlEvents, recognizer, frame); and \
        assertNotHittable, assertTouchTargets, assertLayout. A failure says what was hit instead and \
        why. --junit, --sarif write reports; --github prints annotations for GitHub Actions; \
        --update rewrites expected values from what happened (refused when CI=true unless --force); \
        --baseline FILE accepts the audit findings it lists, so only new ones fail (a missing file \
        is written from today's findings). Over HTTP, POST the document as JSON to /v1/check \
        (?report=json|text|junit|sarif|github). Exit status: 0 passed, 1 failed, 2 bad input, 64 \
        usage. Example: touchtrace check Examples/ci/app.touchtrace.yaml --junit report.xml. \
        See docs/check.md and docs/ci.md.
        """
    public static let rules: [RuleID] = [.H1, .H2, .H3, .H4, .H5, .H8, .H9, .R1, .R3, .C2, .T2, .T4, .T7, .G1, .G6, .L6]
    public static let sceneUse = SceneUse.none
    public static var inputErrorExitCode: Int32 { 2 }
    public static var problemTypes: [ProblemType] { [.invalidExpectations, .invalidRequest] }
    public static var queryParameters: [QueryParameter] {
        [QueryParameter("report", .string, help: "The answer's form: json (default), text, junit, sarif or github.")]
    }

    /// Stored scenes a request names by id (`scene: "checkout"`, or in `scenes`).
    public static func storedSceneIDs(in input: Input) -> [(id: String, pointer: String)] {
        guard case .stored = input.namedScenes else { return [] }
        var ids: [(id: String, pointer: String)] = []
        for file in input.files {
            guard case let .success(document) = file.document else { continue }
            for (name, pointer) in CheckInputs.sceneNames(in: document.value) { ids.append((name, pointer)) }
        }
        return ids
    }

    public struct Options: OperationOptions {
        @Argument(help: ArgumentHelp("Expectation files (*.touchtrace.yaml, or JSON).", valueName: "file"))
        public var files: [String] = []

        @Option(help: ArgumentHelp("Write a JUnit XML report (a suite per file, a case per step).", valueName: "report.xml"))
        public var junit: String?

        @Option(help: ArgumentHelp("Write a SARIF 2.1.0 report.", valueName: "report.sarif"))
        public var sarif: String?

        @Flag(help: "Print GitHub Actions annotations (::error file=…,line=…) after the text report.")
        public var github = false

        @Option(help: "text (default) or json (sorted keys, with the full traces).")
        public var format: Format = .text

        @Flag(help: "Rewrite the expected values that did not hold from what happened (refused when CI=true unless --force).")
        public var update = false

        @Flag(help: "With --update (or a missing --baseline file): run even when CI=true.")
        public var force = false

        @Option(help: ArgumentHelp("Accept the audit findings this file lists; write it from today's findings when it does not exist (or with --update).", valueName: "baseline.json"))
        public var baseline: String?

        @Option(name: .customLong("init"), help: ArgumentHelp("Write a starter expectation file from this design file's own connections (see check-init).", valueName: "design-file"))
        public var initFile: String?

        @OptionGroup(title: "With --init") public var starter: CheckInitOperation.StarterOptions

        public init() {}

        public var sceneFile: String? { nil }
        public var problemsAsJSON: Bool { format == .json }

        public enum Format: String, ExpressibleByArgument, Sendable, CaseIterable {
            case text, json
        }

        public func validate() throws {
            if initFile != nil {
                if !files.isEmpty { throw ValidationError("--init writes a starter file; run the expectation files in another call") }
                return
            }
            if starter.scene != nil || starter.controller != nil || starter.frame != nil || starter.canvas || starter.output != nil {
                throw ValidationError("--scene, --controller, --frame, --canvas and --output go with --init")
            }
            if files.isEmpty { throw ValidationError("give at least one expectation file (or --init DESIGN_FILE to write one)") }
            if force && !update && baseline == nil { throw ValidationError("--force goes with --update or --baseline") }
            if github && format == .json { throw ValidationError("--github prints annotations with the text report; leave out --format json") }
        }

        public func input(_ cli: CLIContext) throws -> Input {
            if let initFile {
                var input = Input(files: [], namedScenes: .files([:]))
                input.starter = try starter.input(file: initFile, cli)
                return input
            }
            let ci = cli.environment["CI"]?.lowercased() == "true"
            if update, ci, !force {
                throw ValidationError(
                    "--update rewrites expected values from what happened; it is refused when CI=true, where a re-recorded expectation would pass silently. Run it locally, or pass --force.")
            }
            var input = Input(files: [], namedScenes: .files([:]))
            var sceneFiles: [String: [String: Input.SceneFile]] = [:]
            for path in files {
                // Each file is read and parsed once; the scene files it names are read relative to it.
                let document = ExpectationReader.read(try cli.read(path), file: path)
                input.files.append(CheckInputFile(path: path, document: document))
                guard case let .success(located) = document else { continue }
                for name in CheckInputs.fileNames(in: located.value) {
                    let resolved = CheckInputs.relative(name, to: path)
                    sceneFiles[path, default: [:]][name] = Input.SceneFile(path: resolved, bytes: try? cli.read(resolved))
                }
            }
            input.namedScenes = .files(sceneFiles)
            var baselineFile: Input.BaselineFile?
            if let baseline {
                let bytes = try? cli.read(baseline)
                if bytes == nil, ci, !force {
                    throw ValidationError("the baseline \(baseline) does not exist; writing it when CI=true is refused (it would accept every finding silently). Write it locally, or pass --force.")
                }
                baselineFile = Input.BaselineFile(path: baseline, bytes: bytes)
            }
            input.report = Input.Report(
                form: format == .json ? .json : .text, annotations: github, junitFile: junit, sarifFile: sarif, update: update,
                baseline: baselineFile)
            return input
        }
    }

    public static func decode(_ request: OperationRequest) throws(OperationError) -> Input {
        try CheckInputs.decode(request)
    }

    public static func run(_ input: Input, in context: OperationContext) throws(OperationError) -> OperationResult {
        if let starter = input.starter { return try CheckInitOperation.run(starter, in: context) }
        return try CheckInputs.run(input, in: context)
    }
}
