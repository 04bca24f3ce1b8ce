import TouchTraceEngine

extension CheckRunner {
    /// `assertTouchTargets`: the audit's `targetSize` rule, with the step's profile and severity
    /// (else the document's `audit`), and `emptyHitRegion` with the same severity: a target no
    /// finger reaches at all is the smallest target there is (a screen whose every control is
    /// covered must not pass). Off-screen targets are left to `assertLayout` (the audit reports
    /// one cause once). Disabled and hidden targets are not measured (docs/audit.md).
    func touchTargets(_ a: TouchTargetAssertion, document: CheckDocument, state: inout SceneState, into report: inout StepReport) throws {
        let severity = a.severity ?? document.audit.severity(of: .targetSize)
        var options = AuditOptions(profile: a.profile ?? document.audit.profile, allow: document.audit.allow + a.allow)
        options.severities = [.targetSize: severity, .emptyHitRegion: severity, .offScreen: .warn, .unsatisfiableConstraints: .off, .ambiguousLayout: .off]
        try audit(options, rules: [.targetSize, .emptyHitRegion], state: &state, into: &report)
    }

    /// `assertLayout`: unsatisfiable constraints, ambiguous views, controls off screen and
    /// controls whose effective hit region is empty, each with its severity (the step's, else the
    /// document's `audit.severity`, else error).
    func layout(_ a: LayoutAssertion, document: CheckDocument, state: inout SceneState, into report: inout StepReport) throws {
        var options = AuditOptions(profile: document.audit.profile, allow: document.audit.allow + a.allow)
        options.severities[.targetSize] = .off
        for rule in LayoutAssertion.rules { options.severities[rule] = a.severities[rule] ?? document.audit.severity(of: rule) }
        try audit(options, rules: LayoutAssertion.rules, state: &state, into: &report)
    }

    func audit(_ options: AuditOptions, rules: [AuditRule], state: inout SceneState, into report: inout StepReport) throws {
        let scene = try state.scene(limits: limits)
        var problems: [SceneProblem] = []
        for entry in options.allow where scene.viewIndex(entry.view) == nil {
            problems.append(SceneProblem(pointer: entry.pointer + "/view", message: "the allow-list names \"\(entry.view)\", which is not a view of the scene" + scene.didYouMean(entry.view, among: IDSuggestion.isView)))
        }
        if !problems.isEmpty { throw StepProblem.unknownAll(problems) }
        let result = SceneAudit.run(try state.map(limits: limits, work: regionWork), options: options, pointers: ViewPointers(scene: state.prepared.scene))
        for f in result.findings where rules.contains(f.rule) {
            report.findings.append(CheckFinding(
                rule: f.rule, severity: f.severity, view: scene.views[f.view].id, message: f.message,
                json: ResponseEncoder.json(f, in: result), status: .counted))
        }
        for entry in result.allowed where rules.contains(entry.finding.rule) {
            let f = entry.finding
            report.findings.append(CheckFinding(
                rule: f.rule, severity: f.severity, view: scene.views[f.view].id, message: f.message,
                json: ResponseEncoder.json(f, in: result, allowedBecause: entry.reason), status: .allowed(entry.reason)))
        }
        // The findings are the step's own; the evidence is the rest of the report.
        let evidence = ResponseEncoder.json(result, listingFindings: false)
        report.evidence = .obj(["audit": evidence])
    }
}
