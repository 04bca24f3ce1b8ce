/// The audit report as JSON (docs/audit.md, openapi.yaml's `AuditReport`), written by
/// `JSONWriter` (which sorts keys); ``ResponseEncoder`` is its entry point.
extension AuditReport {
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
        if let c = f.conflict {
            members.append(("constraints", .obj(["broken": c.broken.json(in: scene), "involved": .array(c.involved.map { $0.json(in: scene) })])))
        }
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
