import TouchTraceEngine

/// SARIF 2.1.0 (`--sarif FILE`; OASIS "Static Analysis Results Interchange Format" 2.1.0, which
/// GitHub code scanning and many dashboards read): one run, a rule per expectation kind and per
/// audit rule, a result per failure and per audit finding, located at the expectation file's
/// line and column. Allowed findings are suppressed in source (the allow-list, with its reason);
/// with a baseline, results carry `baselineState` and baselined ones are suppressed externally.
/// The tests validate the output against the OASIS schema.
public enum SARIFReport {
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    static let expectationRules: [(id: String, description: String)] = [
        ("hitView", "A touch hit the view the step expects."),
        ("responderChain", "The hit view's responder chain holds the views the step expects, in order."),
        ("action", "The step sent the action it expects (selector, target, event)."),
        ("actions", "The step sent exactly the actions it expects."),
        ("controlEvents", "The step sent exactly the control events it expects, in order."),
        ("recognizer", "A gesture recognizer ended the step in the state it expects."),
        ("frame", "A view's frame is where the step expects, within a tolerance."),
        ("assertNotHittable", "No touch reaches the view, for the reason the step gives."),
    ]

    static let auditRules: [(rule: AuditRule, description: String)] = [
        (.targetSize, "A control's effective hit region holds a rectangle of the profile's minimum size."),
        (.emptyHitRegion, "A control's effective hit region is not empty."),
        (.offScreen, "A control's touch area lies inside a window."),
        (.unsatisfiableConstraints, "Auto Layout did not have to break a required constraint."),
        (.ambiguousLayout, "A view's constraints determine its frame."),
    ]

    public static func json(_ report: CheckReport) -> JSONValue {
        let ids = expectationRules.map(\.id) + auditRules.map(\.rule.rawValue)
        let rules: [JSONValue] = expectationRules.map { rule($0.id, $0.description) } + auditRules.map { rule($0.rule.rawValue, $0.description) }
        var results: [JSONValue] = []
        for file in report.files {
            for step in file.steps {
                for f in step.failures {
                    let index = ids.firstIndex(of: f.expectation) ?? 0
                    results.append(result(
                        ruleIndex: index, id: ids[index], level: "error", text: f.text, file: file.path, location: f.location ?? step.location,
                        fingerprint: [file.path ?? "", "step \(step.number)", f.pointer].joined(separator: "|"), extra: []))
                }
                for finding in step.findings {
                    let index = ids.firstIndex(of: finding.rule.rawValue) ?? 0
                    var extra: [(key: String, value: JSONValue)] = []
                    switch finding.status {
                    case .counted:
                        if report.baseline != nil { extra.append(("baselineState", "new")) }
                    case let .allowed(reason):
                        extra.append(("suppressions", .array([.obj(["kind": "inSource", "justification": .string(reason)])])))
                    case .baselined:
                        extra.append(("baselineState", "unchanged"))
                        extra.append(("suppressions", .array([.obj(["kind": "external", "justification": .string("accepted in the baseline \(report.baseline ?? "")")])])))
                    }
                    results.append(result(
                        ruleIndex: index, id: ids[index], level: finding.severity == .error ? "error" : "warning", text: finding.text,
                        file: file.path, location: step.location,
                        fingerprint: [file.path ?? "", finding.rule.rawValue, finding.view].joined(separator: "|"), extra: extra))
                }
            }
        }
        return .obj([
            "$schema": .string(schema),
            "version": "2.1.0",
            "runs": .array([.obj([
                "tool": .obj(["driver": .obj([
                    "name": "TouchTrace", "version": .string(TouchTrace.version), "informationUri": "https://touchtrace.dev/",
                    "rules": .array(rules),
                ])]),
                "columnKind": "unicodeCodePoints",
                "results": .array(results),
            ])]),
        ])
    }

    static func rule(_ id: String, _ description: String) -> JSONValue {
        .obj(["id": .string(id), "name": .string(id), "shortDescription": .obj(["text": .string(description)]),
              "helpUri": .string("https://touchtrace.dev/docs/check#\(id.lowercased())")])
    }

    static func result(
        ruleIndex: Int, id: String, level: String, text: String, file: String?, location: SourceLocation?, fingerprint: String,
        extra: [(key: String, value: JSONValue)]
    ) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("ruleId", .string(id)), ("ruleIndex", .number(Double(ruleIndex))), ("level", .string(level)),
            ("message", .obj(["text": .string(text)])),
            ("partialFingerprints", .obj(["touchtrace/v1": .string(fingerprint)])),
        ]
        if let file {
            var physical: [(key: String, value: JSONValue)] = [("artifactLocation", .obj(["uri": .string(uri(file))]))]
            if let location {
                physical.append(("region", .obj(["startLine": .number(Double(location.line)), "startColumn": .number(Double(location.column))])))
            }
            members.append(("locations", .array([.obj(["physicalLocation": .object(physical)])])))
        }
        return .object(members + extra)
    }

    /// A relative path as a URI reference: unreserved characters and `/` stay, the rest is
    /// percent-encoded.
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "-._~/".contains(c) {
                out.append(c)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return out
    }
}

extension String {
    var leftPadded: String { count == 1 ? "0" + self : self }
}
