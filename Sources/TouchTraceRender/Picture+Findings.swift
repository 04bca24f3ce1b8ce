import TouchTraceEngine

/// Audit findings (docs/audit.md): each finding's view outlined in its severity's colour and
/// numbered as the line of the audit's text report that states it; a size finding also shows
/// the largest rectangle that fits the profile's minimum (dotted).
extension Picture {
    /// The text report's lines, one per numbered finding (``AuditReport/text``).
    var findingLines: [String] {
        guard let audit, !findings.isEmpty else { return [] }
        let lines = audit.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.count == findings.count ? lines : findings.map { $0.finding.text }
    }

    func severityName(_ entry: (finding: AuditFinding, allowedBecause: String?)) -> String {
        entry.allowedBecause == nil ? entry.finding.severity.rawValue : "allowed"
    }

    func writeFindings(_ out: inout SVGWriter) {
        guard let audit, !findings.isEmpty else { return }
        let lines = findingLines
        var badgesOnView: [Int: Int] = [:]
        out.line("<g class=\"tt-findings\">")
        for (i, entry) in findings.enumerated() {
            let f = entry.finding
            let severity = severityName(entry)
            out.open("g", [
                ("class", "tt-finding-mark"), ("data-number", String(i + 1)), ("data-rule", f.rule.rawValue),
                ("data-severity", severity), ("data-view", scene.views[f.view].id),
            ])
            out.element("title", text: "\(i + 1). " + lines[i])
            if let corners = layout.corners(of: f.view) {
                out.open("polygon", [("class", "tt-finding tt-finding-\(severity)"), ("points", SVGWriter.points(corners))], close: true)
                if f.rule == .targetSize, let target = audit.targets.first(where: { $0.view == f.view }), let measured = target.measured {
                    out.open("polygon", [("class", "tt-measured"), ("points", SVGWriter.points(measured.corners))], close: true)
                }
                let k = badgesOnView[f.view, default: 0]
                badgesOnView[f.view] = k + 1
                let anchor = corners[0]
                let centre = Point(x: anchor.x + 2 + Double(k) * 20, y: anchor.y - 2)
                out.open("circle", [
                    ("class", "tt-badge-\(severity)"), ("cx", SVGWriter.number(centre.x)), ("cy", SVGWriter.number(centre.y)), ("r", "9"),
                ], close: true)
                out.element("text", [("class", "tt-badge"), ("x", SVGWriter.number(centre.x)), ("y", SVGWriter.number(centre.y + 3.5))], text: String(i + 1))
            }
            out.close("g")
        }
        out.close("g")
    }
}
