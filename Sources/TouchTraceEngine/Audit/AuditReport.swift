/// One problem the audit found, explained: the view, the rule, the threshold, what was measured
/// and what blocks it — `payButton: effective hit region 44×20 pt (profile apple-44 needs
/// 44×44); its lower 24 pt are covered by couponBanner, a later sibling`.
public struct AuditFinding: Sendable {
    public var rule: AuditRule
    /// `warn` or `error` (findings of rules that are off are not made).
    public var severity: AuditSeverity
    /// The view it is about (for a broken constraint, the view that owns it).
    public var view: Int
    /// The whole explanation, starting with the view's id.
    public var message: String
    /// `targetSize`: the profile's minimum.
    public var threshold: Size?
    /// `targetSize`, `emptyHitRegion`: the measured rectangle's size.
    public var measured: Size?
    /// The parts of the view's touch area the touch does not reach, largest first.
    public var blockers: [RegionBlocker]
    /// `unsatisfiableConstraints`: the broken constraint and the ones it conflicts with.
    public var constraints: JSONValue?

    public init(
        rule: AuditRule, severity: AuditSeverity, view: Int, message: String, threshold: Size? = nil, measured: Size? = nil,
        blockers: [RegionBlocker] = [], constraints: JSONValue? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.view = view
        self.message = message
        self.threshold = threshold
        self.measured = measured
        self.blockers = blockers
        self.constraints = constraints
    }

    /// The one-line text form: `error [targetSize] payButton: effective hit region 44×20 pt …`.
    public var text: String { "\(severity.rawValue) [\(rule.rawValue)] \(message)" }
}

/// How the audit judged one control or gesture view.
public struct AuditTarget: Sendable {
    public enum Outcome: Sendable, Hashable {
        case passed
        /// Undersized, but WCAG 2.5.8's spacing exception holds.
        case passedBySpacing
        /// At least one finding (allowed or not).
        case failed
        /// Not measured, with the reason (disabled, hidden, scrolled out of view).
        case skipped(String)
    }
    public var view: Int
    public var region: HitRegion
    /// The rectangle the size check measured (the best fit for the profile's minimum).
    public var measured: InscribedRectangle?
    public var outcome: Outcome
    /// `wcag-2.5.8`: the target (or undersized target's circle) that the spacing circle of this
    /// undersized target meets, so the exception does not apply.
    public var spacingConflict: Int?
}

/// The result of ``SceneAudit/run(_:options:pointers:)``.
public struct AuditReport: Sendable {
    /// The scene audited (after its initial layout cycle).
    public var scene: Scene
    public var options: AuditOptions
    /// Findings that count, in document order of their views, then by rule.
    public var findings: [AuditFinding]
    /// Findings the allow-list accepted, with its reason.
    public var allowed: [(finding: AuditFinding, reason: String)]
    /// Every control and gesture view, in document order.
    public var targets: [AuditTarget]
    public var pointers: ViewPointers?

    public var errorCount: Int { findings.filter { $0.severity == .error }.count }
    public var warningCount: Int { findings.filter { $0.severity == .warn }.count }
    /// No finding of severity `error`.
    public var passed: Bool { errorCount == 0 }

    /// One line per finding (errors and warnings), then one per allowed finding.
    public var text: String {
        var lines = findings.map(\.text)
        lines += allowed.map { "allowed [\($0.finding.rule.rawValue)] \($0.finding.message) (allowed: \($0.reason))" }
        return lines.joined(separator: "\n")
    }

    /// The JSON form (write it with `JSONWriter`, which sorts keys): `profile` (`name`,
    /// `minimum`, `source`), `findings` (each: `rule`, `severity`, `view`, `pointer`, `message`,
    /// `text`, and `threshold`, `measured`, `coveredBy`, `constraints` when they apply),
    /// `allowed` (the same plus `reason`), `targets` (each: `view`, `outcome`, `reason` when
    /// skipped, `area`, `size`), and `summary` (`errors`, `warnings`, `allowed`, `targets`,
    /// `passed`). Without `listingFindings`, no `findings` and `allowed` (their counts are in
    /// the summary).
    func json(listingFindings: Bool) -> JSONValue {
        let profile = options.profile
        var members: [(key: String, value: JSONValue)] = [
            ("profile", .obj([
                "name": .string(profile.name), "minimum": RegionFormat.json(profile.minimum), "source": .string(profile.source),
            ])),
            ("targets", .array(targets.map(json))),
            ("summary", .obj([
                "errors": .number(Double(errorCount)), "warnings": .number(Double(warningCount)),
                "allowed": .number(Double(allowed.count)), "targets": .number(Double(targets.count)),
                "passed": .bool(passed),
            ])),
        ]
        if listingFindings {
            members.append(("findings", .array(findings.map { json($0) })))
            members.append(("allowed", .array(allowed.map { json($0.finding, allowedBecause: $0.reason) })))
        }
        return .object(members)
    }

    /// One finding: `rule`, `severity`, `view`, `pointer`, `message`, `text`, `threshold`,
    /// `measured`, `coveredBy`, `constraints` when they apply, and `reason` when the allow-list
    /// accepted it.
    func json(_ f: AuditFinding, allowedBecause reason: String? = nil) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("rule", .string(f.rule.rawValue)), ("severity", .string(f.severity.rawValue)),
            ("view", .string(scene.views[f.view].id)), ("message", .string(f.message)), ("text", .string(f.text)),
            ("pointer", .string(orNull: pointers?[f.view])),
        ]
        if let t = f.threshold { members.append(("threshold", RegionFormat.json(t))) }
        if let m = f.measured { members.append(("measured", RegionFormat.json(m))) }
        if let region = targets.first(where: { $0.view == f.view })?.region, !f.blockers.isEmpty {
            members.append(("coveredBy", .array(f.blockers.map { b in
                guard case var .object(fields) = region.blockerJSON(b, in: scene) else { return .null }
                fields.removeAll { $0.key == "polygons" }
                return .object(fields)
            })))
        }
        if let c = f.constraints { members.append(("constraints", c)) }
        if let reason { members.append(("reason", .string(reason))) }
        return .object(members)
    }

    func json(_ t: AuditTarget) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("view", .string(scene.views[t.view].id)),
            ("area", RegionFormat.json(t.region.area)),
            ("size", RegionFormat.json(t.measured.map { Size(width: $0.width, height: $0.height) } ?? .zero)),
        ]
        switch t.outcome {
        case .passed: members.append(("outcome", "passed"))
        case .passedBySpacing: members.append(("outcome", "passedBySpacing"))
        case .failed: members.append(("outcome", "failed"))
        case let .skipped(reason):
            members.append(("outcome", "skipped"))
            members.append(("reason", .string(reason)))
        }
        return .object(members)
    }
}
