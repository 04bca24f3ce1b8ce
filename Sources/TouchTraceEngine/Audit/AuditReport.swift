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
    public var blockers: [RegionBlocker] = []
    /// `unsatisfiableConstraints`: the broken constraint and the ones it conflicts with.
    public var conflict: ConstraintConflict?

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
}
