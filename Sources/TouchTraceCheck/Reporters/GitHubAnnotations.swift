/// GitHub Actions workflow commands (`--github`): `::error file=…,line=…,col=…,title=…::message`
/// for each failure and each counted audit error, `::warning …` for each audit warning, pointing
/// at the expectation file's line, so the pull request shows them on that line.
///
/// GitHub shows at most 10 error and 10 warning annotations per step, and 50 per job (the
/// "Limitations" of actions/toolkit's docs/problem-matchers.md): beyond 10, the first 9 are written and the 10th says how many more there are and
/// where, so nothing is silently dropped. The text report printed with them has every one.
public enum GitHubAnnotations {
    /// Annotations of one level GitHub shows per step.
    public static let perStepLimit = 10

    struct Annotation {
        var file: String?
        var location: SourceLocation?
        var title: String
        var message: String
    }

    public static func render(_ report: CheckReport) -> String {
        var errors: [Annotation] = []
        var warnings: [Annotation] = []
        for file in report.files {
            for step in file.steps {
                let title = "TouchTrace: step \(step.number) \(step.title)"
                for f in step.failures {
                    errors.append(Annotation(file: file.path, location: f.location ?? step.location, title: title, message: f.text))
                }
                for finding in step.findings where finding.status == .counted {
                    let a = Annotation(file: file.path, location: step.location, title: title, message: finding.text)
                    if finding.severity == .error { errors.append(a) } else { warnings.append(a) }
                }
            }
        }
        var lines = capped(errors, command: "error", noun: "failure")
        lines += capped(warnings, command: "warning", noun: "warning")
        return lines.map { $0 + "\n" }.joined()
    }

    static func capped(_ list: [Annotation], command: String, noun: String) -> [String] {
        guard list.count > perStepLimit else { return list.map { line(command, $0) } }
        let shown = list.prefix(perStepLimit - 1)
        let rest = list.dropFirst(perStepLimit - 1)
        let places = rest.map { a in (a.file ?? "check") + (a.location.map { ":\($0.line)" } ?? "") }
        let summary = Annotation(
            file: rest.first?.file, location: rest.first?.location, title: "TouchTrace: \(rest.count) more \(noun)s",
            message: "\(rest.count) more \(noun)s (GitHub shows \(perStepLimit) per step; the report lists all): " + places.joined(separator: ", "))
        return shown.map { line(command, $0) } + [line(command, summary)]
    }

    static func line(_ command: String, _ a: Annotation) -> String {
        var properties: [String] = []
        if let file = a.file { properties.append("file=" + escapeProperty(file)) }
        if let l = a.location {
            properties.append("line=\(l.line)")
            properties.append("col=\(l.column)")
        }
        properties.append("title=" + escapeProperty(a.title))
        return "::\(command) " + properties.joined(separator: ",") + "::" + escapeData(a.message)
    }

    /// Workflow command data: `%`, CR and LF are escaped.
    static func escapeData(_ s: String) -> String {
        s.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    /// Property values also escape `:` and `,`.
    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}

extension String {
    func replacingAll(_ target: String, _ replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
