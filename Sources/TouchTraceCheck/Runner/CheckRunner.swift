import TouchTraceEngine

/// Runs an expectation document against its scenes, step by step, through the engine's facade
/// (`TouchTrace.touches`, `.actions`, `.layout`, whose typed answers it reads) and the audit
/// (`SceneAudit.run`). Each scene keeps the `changes` applied so far: every later step runs on
/// the scene as the header's size and those changes left it (touches do not change the scene;
/// their outcome is in the step's trace). Pure: no I/O, no clock.
public struct CheckRunner: Sendable {
    public var limits: SceneLimits
    /// The effective hit regions' work of the whole run, against the limits (every scene's map
    /// and every explanation count into it).
    let regionWork: RegionWork

    public init(limits: SceneLimits) {
        self.limits = limits
        regionWork = RegionWork(limit: limits.maxRegionWork, budget: limits.budget)
    }

    /// The state of one scene during a run.
    struct SceneState {
        let prepared: PreparedScene
        var changes: [LayoutChange] = []
        var cachedScene: Scene?
        var cachedMap: HitRegionMap?

        init(_ prepared: PreparedScene) { self.prepared = prepared }

        /// The scene after the changes so far (and their update cycle).
        mutating func scene(limits: SceneLimits) throws(InputError) -> Scene {
            if let cachedScene { return cachedScene }
            let scene = changes.isEmpty ? prepared.laidOut : try prepared.scene.applying(changes, limits: limits).scene
            cachedScene = scene
            return scene
        }

        mutating func map(limits: SceneLimits, work: RegionWork) throws(InputError) -> HitRegionMap {
            if let cachedMap { return cachedMap }
            let map = HitRegionMap(scene: try scene(limits: limits), limits: limits, work: work)
            cachedMap = map
            return map
        }

        mutating func append(_ more: [LayoutChange]) {
            changes += more
            cachedScene = nil
            cachedMap = nil
        }
    }

    /// A problem found while running a step: an id the scene does not have, a change that cannot
    /// apply. Pointers are the document's.
    struct StepProblem: Error {
        var problems: [SceneProblem]
        /// The step names something the scene does not have (a view, a recognizer, a window):
        /// the step fails, and the run goes on.
        var unknown = false
        init(_ problems: [SceneProblem]) { self.problems = problems }
        init(_ pointer: String, _ message: String) { problems = [SceneProblem(pointer: pointer, message: message)] }
        static func unknown(_ pointer: String, _ message: String) -> StepProblem {
            var p = StepProblem(pointer, message)
            p.unknown = true
            return p
        }
        static func unknownAll(_ problems: [SceneProblem]) -> StepProblem {
            var p = StepProblem(problems)
            p.unknown = true
            return p
        }
    }

    /// Runs `document` on `scenes` (prepared, by the document's scene names). Returns the report,
    /// and the input problems found on the way (an unknown id, a change that cannot apply), each
    /// with its document pointer.
    public func run(_ document: CheckDocument, scenes: [String: PreparedScene], file: String?, located: LocatedDocument?) -> (FileReport, [SceneProblem]) {
        var states: [String: SceneState] = [:]
        var initial: [String: SceneState] = [:]
        for (name, prepared) in scenes {
            var state = SceneState(prepared)
            if let screen = document.screen {
                let windows = ChangeExpansion.screenWindows(of: prepared.laidOut)
                state.append(ChangeExpansion.resize(windows, to: Size(width: screen.width, height: screen.height), in: prepared.laidOut, pointer: screen.pointer))
            }
            states[name] = state
            initial[name] = state
        }
        var steps: [StepReport] = []
        var problems: [SceneProblem] = []
        // Every step may hit-test its whole scene: bounded before the run starts (SceneLimits).
        let largest = scenes.values.map { $0.scene.views.count }.max() ?? 0
        if let work = Checked.multiply(document.steps.count, largest), work > limits.maxHitTestWork {
            problems.append(SceneProblem(
                pointer: "/steps",
                message: "\(document.steps.count) steps on a scene of \(largest) views may take \(work) hit-test visits, more than this server's limit (maxHitTestWork: \(limits.maxHitTestWork)); split the file or use a smaller scene"))
            return (FileReport(path: file, name: document.name, screen: document.screen?.label, steps: [], document: located), problems)
        }
        for step in document.steps {
            guard var state = step.reset ? initial[step.scene] : states[step.scene] else { continue }
            // Out of time: the transport discards the unfinished run.
            if limits.budget.spend(1 + largest / 64) { break }
            var report = StepReport(
                number: step.number, title: step.title, kind: step.action.kind, pointer: step.pointer,
                location: located?.location(of: step.pointer), outcome: .passed, failures: [], findings: [], notes: [],
                evidence: .null, updates: [])
            let before = state
            do {
                try runStep(step, document: document, state: &state, into: &report)
            } catch {
                // A step that cannot run leaves the scene as it was, so later steps report their own problems.
                state = before
                switch error {
                case let error as StepProblem where error.unknown:
                    for p in error.problems {
                        report.failures.append(Failure(
                            expectation: Failure.unknownView, pointer: p.pointer, location: nil, message: p.message, explanation: [],
                            expected: .null, actual: .null))
                    }
                case let error as StepProblem: problems += error.problems
                case let error as InputError: problems += Self.problems(of: error, prefix: step.pointer)
                default: problems.append(SceneProblem(pointer: step.pointer, message: "\(error)"))
                }
            }
            for i in report.failures.indices { report.failures[i].location = located?.location(of: report.failures[i].pointer) }
            if !report.failures.isEmpty || report.findings.contains(where: { $0.status == .counted && $0.severity == .error }) {
                report.outcome = .failed
            }
            states[step.scene] = state
            steps.append(report)
            if regionWork.exceeded {
                problems.append(SceneProblem(pointer: step.pointer, message: regionWork.problem.message))
                break
            }
        }
        return (FileReport(path: file, name: document.name, screen: document.screen?.label, steps: steps, document: located), problems)
    }

    /// An engine error's problems: pointers into the document stay; pointers of a request the
    /// runner made (`/window`, `/sender`) go under the step.
    static func problems(of error: InputError, prefix: String) -> [SceneProblem] {
        let list: [SceneProblem]
        switch error {
        case let .invalidRequest(p), let .invalid(p), let .tooComplex(p): list = p
        case let .malformed(e): list = [SceneProblem(pointer: prefix, message: e.message)]
        }
        let documentRoots = ["/steps/", "/device", "/window", "/audit/"]
        return list.map { p in
            documentRoots.contains { p.pointer.hasPrefix($0) } ? p : SceneProblem(pointer: prefix + p.pointer, message: p.message)
        }
    }

    func runStep(_ step: CheckStep, document: CheckDocument, state: inout SceneState, into report: inout StepReport) throws {
        let step = try step.resolvingViews(in: try state.scene(limits: limits))
        // A scene whose geometry is not known (a frameless dump): the steps that hit-test or
        // measure cannot be decided; sending actions (T7) and layout changes still answer.
        if let unknown = UnknownGeometry(try state.scene(limits: limits)) {
            switch step.action {
            case .sendActions, .changes: break
            default:
                guard case let .invalidRequest(problems) = unknown.refusal(at: step.pointer, "this step (\(step.action.kind)) cannot be checked: where a tap lands") else { break }
                throw StepProblem(problems)
            }
        }
        switch step.action {
        case .tap, .drag, .longPress:
            let observation = try touch(step, state: &state)
            report.evidence = observation.evidence
            try evaluate(step.expect, observation: observation, state: &state, into: &report)
        case let .sendActions(request):
            var request = request
            request.changes = state.changes
            let result: ActionsResult
            do {
                result = try TouchTrace.actions(request, in: state.prepared, limits: limits)
            } catch {
                throw StepProblem(Self.problems(of: error, prefix: step.pointer + "/sendActions"))
            }
            let observation = Observation(
                hit: nil, sent: Sent(trace: result.trace, scene: result.scene), scene: try state.scene(limits: limits),
                evidence: .obj(["actions": ResponseEncoder.json(result)]))
            report.evidence = observation.evidence
            try evaluate(step.expect, observation: observation, state: &state, into: &report)
        case let .changes(items, pointer):
            let before = try state.scene(limits: limits)
            var context = DecodeContext()
            var changes: [LayoutChange] = []
            for (i, item) in items.enumerated() {
                changes += ChangeExpansion.expand(item, at: JSONPointer.join(pointer, i), in: before, context: &context)
            }
            if !context.problems.isEmpty { throw StepProblem(context.problems) }
            state.append(changes)
            let layout = try TouchTrace.layout(LayoutRequest(changes: state.changes), in: state.prepared, limits: limits)
            report.notes += layout.warnings.map(\.message)
            let observation = Observation(
                hit: nil, sent: nil, scene: try state.scene(limits: limits), evidence: .obj(["layout": ResponseEncoder.json(layout)]))
            report.evidence = observation.evidence
            try evaluate(step.expect, observation: observation, state: &state, into: &report)
        case let .assertNotHittable(assertion):
            try notHittable(assertion, step: step, state: &state, into: &report)
        case let .assertTouchTargets(assertion):
            try touchTargets(assertion, document: document, state: &state, into: &report)
        case let .assertLayout(assertion):
            try layout(assertion, document: document, state: &state, into: &report)
        }
    }
}
