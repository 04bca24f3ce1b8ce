/// JUnit XML (`--junit FILE`): a `<testsuite>` per expectation file, a `<testcase>` per step
/// (an audit step is one case), in the shape the Jenkins xunit schema (`junit-10.xsd`) allows and
/// GitLab, GitHub test reporters and Jenkins read. A failed case has one `<failure>` whose
/// `message` is the first failure and whose body repeats every failure with its file, line and
/// explanation — GitLab shows the body, not `message`. Audit warnings and allowed or baselined
/// findings go to the case's `<system-out>`. No `time` attributes: a check has no clock.
public enum JUnitReport {
    public static func render(_ report: CheckReport) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"touchtrace check\" tests=\"\(report.steps.count)\" failures=\"\(report.failedSteps)\" errors=\"0\">\n"
        for file in report.files {
            let failed = file.steps.filter { $0.outcome == .failed }.count
            out += "  <testsuite name=\"\(XML.escape(file.title))\" tests=\"\(file.steps.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\""
            if let path = file.path { out += " file=\"\(XML.escape(path))\"" }
            out += ">\n"
            for step in file.steps {
                out += "    <testcase name=\"\(XML.escape("\(step.number): \(step.title)"))\" classname=\"\(XML.escape(file.path ?? file.title))\""
                let failureLines = lines(of: step, file: file)
                let other = step.findings.filter { !($0.status == .counted && $0.severity == .error) }.map(\.text) + step.notes
                if failureLines.isEmpty && other.isEmpty {
                    out += "/>\n"
                    continue
                }
                out += ">\n"
                if step.outcome == .failed {
                    let first = step.failures.first?.message
                        ?? step.findings.first { $0.status == .counted && $0.severity == .error }?.text ?? "failed"
                    let type = step.failures.first?.expectation ?? step.kind
                    out += "      <failure message=\"\(XML.escape(first))\" type=\"\(XML.escape(type))\">"
                    out += XML.escape(failureLines.joined(separator: "\n")) + "</failure>\n"
                }
                if !other.isEmpty { out += "      <system-out>" + XML.escape(other.joined(separator: "\n")) + "</system-out>\n" }
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// Every failure of a step with where it is: `app.touchtrace.yaml:18:9: expected …`.
    static func lines(of step: StepReport, file: FileReport) -> [String] {
        var lines: [String] = []
        for f in step.failures {
            lines.append(place(file.path, f.location ?? step.location) + f.message)
            lines += f.explanation.map { "  " + $0 }
        }
        for finding in step.findings where finding.status == .counted && finding.severity == .error {
            lines.append(place(file.path, step.location) + finding.text)
        }
        return lines
    }

    static func place(_ path: String?, _ location: SourceLocation?) -> String {
        guard let path else { return location.map { "line \($0.line): " } ?? "" }
        return path + (location.map { ":\($0.line):\($0.column)" } ?? "") + ": "
    }
}

/// XML text and attribute escaping; characters XML 1.0 cannot hold become U+FFFD.
enum XML {
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case "\r": out += "&#13;"
            default:
                let v = scalar.value
                let allowed = v >= 0x20 && v <= 0xD7FF || v >= 0xE000 && v <= 0xFFFD || v >= 0x10000
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }
}
