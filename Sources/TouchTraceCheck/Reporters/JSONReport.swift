import TouchTraceEngine

/// The JSON report (`--format json`, and `POST /v1/check`): everything the text report says,
/// with the full traces of every step (`trace`: the hit test, touches, actions, layout or audit
/// answer, as the engine wrote it). Written with `JSONWriter` (sorted keys).
public enum JSONReport {
    public static func json(_ report: CheckReport) -> JSONValue {
        .obj([
            "passed": .bool(report.passed),
            "baseline": .string(orNull: report.baseline),
            "summary": .obj([
                "steps": count(report.steps.count), "passed": count(report.passedSteps), "failed": count(report.failedSteps),
                "errors": count(report.errors), "warnings": count(report.warnings), "allowed": count(report.allowed),
                "baselined": count(report.baselined), "updated": count(report.updated),
            ]),
            "files": .array(report.files.map(file)),
        ])
    }

    static func count(_ n: Int) -> JSONValue { .number(Double(n)) }

    static func file(_ f: FileReport) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("path", .string(orNull: f.path)), ("name", .string(orNull: f.name)), ("screen", .string(orNull: f.screen)),
            ("passed", .bool(!f.steps.contains { $0.outcome == .failed })),
            ("steps", .array(f.steps.map(step))),
        ]
        // Scenes imported from design files, with the imports' warnings (only when there are some).
        if !f.imports.isEmpty {
            members.append(("imports", .array(f.imports.map { i in
                .obj([
                    "scene": .string(i.scene), "file": .string(i.file), "format": .string(i.format), "picked": .string(orNull: i.picked),
                    "warnings": .array(i.warnings.map { .string($0) }),
                ])
            })))
        }
        return .object(members)
    }

    static func location(_ l: SourceLocation?) -> [(key: String, value: JSONValue)] {
        guard let l else { return [] }
        return [("line", count(l.line)), ("column", count(l.column))]
    }

    static func step(_ s: StepReport) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("number", count(s.number)), ("title", .string(s.title)), ("kind", .string(s.kind)), ("pointer", .string(s.pointer)),
            ("outcome", .string(s.outcome.rawValue)),
            ("failures", .array(s.failures.map { f in
                .object([
                    ("expectation", .string(f.expectation)), ("message", .string(f.message)),
                    ("explanation", .array(f.explanation.map { .string($0) })), ("pointer", .string(f.pointer)),
                    ("expected", f.expected), ("actual", f.actual),
                ] + location(f.location))
            })),
            ("findings", .array(s.findings.map(finding))),
            ("notes", .array(s.notes.map { .string($0) })),
            ("trace", s.evidence),
        ]
        if !s.updates.isEmpty {
            members.append(("updated", .array(s.updates.map { .obj(["pointer": .string($0.pointer), "value": $0.value]) })))
        }
        return .object(members + location(s.location))
    }

    static func finding(_ f: CheckFinding) -> JSONValue {
        guard case var .object(members) = f.json else { return f.json }
        members.removeAll { $0.key == "reason" }
        switch f.status {
        case .counted: members.append(("status", "counted"))
        case let .allowed(reason):
            members.append(("status", "allowed"))
            members.append(("reason", .string(reason)))
        case .baselined: members.append(("status", "baselined"))
        }
        return .object(members)
    }
}

/// Values written back into text: the inline form `--update` reports.
enum JSONText {
    static func inline(_ v: JSONValue) -> String { JSONWriter().string(v) }
}
