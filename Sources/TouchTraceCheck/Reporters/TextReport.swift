/// The readable report (the default): per file, one line per step (✓ or ✗, its number, what it
/// did, its line), under a failed step each failure with what was seen and why, audit findings
/// one per line; then a summary.
///
/// ```
/// Examples/ci/checkout.touchtrace.yaml: Checkout (iPhone 15, portrait: 393×852 pt)
///   ✓ 1 tapOn payButton (line 12)
///   ✗ 2 tapOn closeButton (line 16)
///       line 18: expected hitView closeButton, but promoOverlay was hit
///         the touch at (361, 71) hit promoOverlay: (361, 71) is inside and no subview answered (H3)
/// ```
public enum TextReport {
    public static func render(_ report: CheckReport) -> String {
        var lines: [String] = []
        for file in report.files {
            var header = file.path ?? "check"
            if let name = file.name { header += ": " + name }
            if let screen = file.screen { header += " (\(screen))" }
            lines.append(header)
            for source in file.imports {
                let count = source.warnings.count
                lines.append("  scene \(source.scene): imported from \(source.file) (\(source.format)\(source.picked.map { ", " + $0 } ?? ""))"
                    + (count == 0 ? "" : ", \(plural(count, "import warning"))"))
                for warning in source.warnings.prefix(maxImportWarnings) { lines.append("    warning: " + warning) }
                if count > maxImportWarnings { lines.append("    … and \(count - maxImportWarnings) more (--format json lists them all)") }
            }
            for step in file.steps {
                let mark = step.outcome == .passed ? "✓" : "✗"
                lines.append("  \(mark) \(step.number) \(step.title)" + (step.location.map { " (line \($0.line))" } ?? ""))
                for note in step.notes where step.outcome == .passed { lines.append("      " + note) }
                for failure in step.failures {
                    let at = failure.location.map { "line \($0.line): " } ?? ""
                    lines.append("      " + at + failure.message)
                    for line in failure.explanation { lines.append("        " + line) }
                }
                for finding in step.findings { lines.append("      " + finding.text) }
                for update in step.updates where file.updatesApplied {
                    lines.append("      updated \(update.pointer) to \(JSONText.inline(update.value))")
                }
            }
            lines.append("")
        }
        lines.append(summary(report))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Import warnings listed per scene in the text report (the JSON report has them all).
    static let maxImportWarnings = 20

    /// `12 steps: 10 passed, 2 failed; audit findings: 3 errors, 1 warning, 2 allowed, 1 baselined`.
    public static func summary(_ report: CheckReport) -> String {
        let steps = report.steps.count
        var s = "\(steps) step\(steps == 1 ? "" : "s") in \(report.files.count) file\(report.files.count == 1 ? "" : "s"): \(report.passedSteps) passed, \(report.failedSteps) failed"
        let findings = report.findings.count
        if findings > 0 {
            s += "; audit findings: \(plural(report.errors, "error")), \(plural(report.warnings, "warning")), \(report.allowed) allowed, \(report.baselined) baselined"
        }
        if report.updated > 0 { s += "; \(plural(report.updated, "value")) updated" }
        return s
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
