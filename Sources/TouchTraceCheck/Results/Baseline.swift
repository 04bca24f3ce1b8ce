import TouchTraceEngine

/// Audit findings accepted as they are today (`--baseline FILE`), so that adopting the check on
/// an existing app fails only on new findings. A finding is known by its expectation file, rule
/// and view; each entry accepts one finding (two steps that find the same thing need two
/// entries), so a finding that appears once more is new.
///
/// JSON: `{"format": "touchtrace.baseline/1", "findings": [{"file", "rule", "view", "message"}]}`,
/// sorted; `message` is for people reading the file and is not compared.
public struct Baseline: Sendable, Equatable {
    public struct Entry: Sendable, Hashable {
        public var file: String
        public var rule: String
        public var view: String
        public var message: String
    }

    public var entries: [Entry]
    public static let format = "touchtrace.baseline/1"

    public init(entries: [Entry]) { self.entries = entries }

    /// Decodes a baseline file's JSON; problems carry pointers.
    public static func decode(_ json: JSONValue) -> (Baseline?, [SceneProblem]) {
        var context = DecodeContext()
        guard let f = context.object(json, at: "", allowed: ["format", "findings"], what: "a baseline") else { return (nil, context.problems) }
        if let v = f["format"], let s = context.string(v, at: "/format", what: "format"), s != format {
            context.fail("/format", "format must be \"\(format)\", not \"\(s)\"")
        }
        var entries: [Entry] = []
        if let v = f["findings"], let items = context.array(v, at: "/findings", what: "findings") {
            for (i, item) in items.enumerated() {
                let at = "/findings/\(i)"
                guard let e = context.object(item, at: at, allowed: ["file", "rule", "view", "message"], what: "a baseline entry") else { continue }
                func field(_ key: String) -> String? {
                    guard let v = e[key] else {
                        if key != "message" { context.fail(at, "a baseline entry needs \"\(key)\"") }
                        return nil
                    }
                    return context.string(v, at: at + "/" + key, what: key)
                }
                if let file = field("file"), let rule = field("rule"), let view = field("view") {
                    entries.append(Entry(file: file, rule: rule, view: view, message: field("message") ?? ""))
                }
            }
        } else if f["findings"] == nil {
            context.fail("", "a baseline needs \"findings\"")
        }
        return (context.problems.isEmpty ? Baseline(entries: entries) : nil, context.problems)
    }

    /// Today's counted findings of a report, as a baseline.
    public static func of(_ report: CheckReport) -> Baseline {
        var entries: [Entry] = []
        for file in report.files {
            for step in file.steps {
                for f in step.findings where f.status == .counted || f.status == .baselined {
                    entries.append(Entry(file: file.path ?? "", rule: f.rule.rawValue, view: f.view, message: f.message))
                }
            }
        }
        return Baseline(entries: entries.sorted { ($0.file, $0.rule, $0.view, $0.message) < ($1.file, $1.rule, $1.view, $1.message) })
    }

    /// Marks the findings the baseline accepts (each entry once).
    public func apply(to report: inout CheckReport) {
        var remaining: [String: Int] = [:]
        for e in entries { remaining[Self.key(e.file, e.rule, e.view), default: 0] += 1 }
        for f in report.files.indices {
            for s in report.files[f].steps.indices {
                for k in report.files[f].steps[s].findings.indices {
                    let finding = report.files[f].steps[s].findings[k]
                    guard finding.status == .counted else { continue }
                    let key = Self.key(report.files[f].path ?? "", finding.rule.rawValue, finding.view)
                    if let n = remaining[key], n > 0 {
                        remaining[key] = n - 1
                        report.files[f].steps[s].findings[k].status = .baselined
                    }
                }
                let step = report.files[f].steps[s]
                if step.failures.isEmpty, !step.findings.contains(where: { $0.status == .counted && $0.severity == .error }) {
                    report.files[f].steps[s].outcome = .passed
                }
            }
        }
    }

    static func key(_ file: String, _ rule: String, _ view: String) -> String { file + "\u{0}" + rule + "\u{0}" + view }

    public var json: JSONValue {
        .obj([
            "format": .string(Self.format),
            "findings": .array(entries.map { .obj(["file": .string($0.file), "rule": .string($0.rule), "view": .string($0.view), "message": .string($0.message)]) }),
        ])
    }
}
