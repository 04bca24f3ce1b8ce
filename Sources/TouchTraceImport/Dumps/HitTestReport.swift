/// A UI test's hit-test failure report, pasted as if it were a dump (docs/import-dumps.md, "A
/// hit-test failure report is not a dump"). Detox (19.3 and later) explains a failed tap with the
/// descriptions of three views, each after a label:
///
/// ```text
/// Test Failed: View is not hittable at its visible point. Error: Failed to hit view … at point {353, 158} with hit-test
///     - Origin view: <UITransitionView: 0x…; frame = (0 0; 393 852); …>
///     - Absolute origin: {0, 0}
///     - Hit: <RCTView: 0x…; frame = (0 0; 393 852); alpha = 0; …>
///     - Target view: <RCTView: 0x…; frame = (54 0; 22 22); …>
///     - Relative point: {353, 158}
/// ```
///
/// The three come from different places of the hierarchy, each frame in its own superview's
/// coordinates, and nothing says how they nest: read as roots, they became siblings in one window
/// and why-not answered from geometry the text does not hold. Their lines are not a dump: they are
/// skipped, and a text that holds nothing else is refused, saying what the report records (UIKit's
/// own answer: what the hit test returned) and what to paste instead.
struct HitTestReport: Sendable {
    /// The lines of the report that hold a labelled description, by index in the text's lines.
    var indices: [Int] = []
    var first: DumpLine
    var last: Int
    var origin: String?
    var hit: String?
    var target: String?
    var point: String?

    /// Records a labelled description; false when the label is none of the report's (as Detox
    /// prints them, lowercased: `Hitten:` in 19.3, `Hit:` since).
    mutating func record(_ label: String, _ view: String) -> Bool {
        switch label {
        case "origin view:": origin = view
        case "hit:", "hitten:": hit = view
        case "target view:": target = view
        default: return false
        }
        return true
    }

    /// The report in `lines`, when a line labels a `Target view:` and another a `Hit:` (or `Hitten:`).
    static func find(in lines: [DumpLine]) -> HitTestReport? {
        var report: HitTestReport?
        for (k, line) in lines.enumerated() {
            let b = line.bytes
            guard let open = b.firstIndex(of: UInt8(ascii: "<")) else {
                if let r = report, r.point == nil, let p = relativePoint(b) { report?.point = p }
                continue
            }
            var label = Array(b[..<open]).text.trimmingSpaces
            if label.hasPrefix("- ") { label = String(label.dropFirst(2)).trimmingSpaces }
            var r = report ?? HitTestReport(first: line, last: line.line)
            guard r.record(label.lowercased(), summary(Array(b[open...]))) else { continue }
            r.indices.append(k)
            r.last = line.line
            report = r
        }
        guard let r = report, r.target != nil, r.hit != nil else { return nil }
        return r
    }

    /// `RCTView 0x118d11a70` from `<RCTView: 0x118d11a70; frame = …>`.
    static func summary(_ b: [UInt8]) -> String {
        let head = b.dropFirst().prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: ">") }
        return String(Array(head).text.filter { $0 != ":" }).trimmingSpaces
    }

    /// `{353, 158}` from `- Relative point: {353, 158}`.
    static func relativePoint(_ b: [UInt8]) -> String? {
        let s = b.text.lowercased()
        guard let r = s.firstRange(of: "relative point:") else { return nil }
        let rest = s[r.upperBound...].trimmingSpaces
        return rest.hasPrefix("{") ? String(rest.prefix { $0 != "}" }) + "}" : nil
    }

    /// Each report line keeps only its label, so that the parser reads it as text around a dump.
    func strip(_ lines: inout [DumpLine]) {
        for k in indices {
            if let open = lines[k].bytes.firstIndex(of: UInt8(ascii: "<")) { lines[k].bytes = Array(lines[k].bytes[..<open]) }
        }
    }

    /// What the report records, in UIKit's words.
    var records: String {
        let at = point.map { " at \($0)" } ?? ""
        let origin = origin.map { " in \($0)" } ?? ""
        return "a hit test\(at)\(origin) returned \(hit ?? "?"), not the target \(target ?? "?")"
    }

    var lineRange: String { first.line == last ? "line \(first.line)" : "lines \(first.line)–\(last)" }

    /// The refusal of a text that holds only the report.
    var refusal: ImportError {
        ImportError(
            .unsupportedDocument,
            "\(lineRange) are a UI test's hit-test failure report (\"Origin view:\", \"Hit:\", \"Target view:\", as Detox prints them), not a hierarchy dump: "
                + "the views come from different places of the hierarchy, each frame in its own superview's coordinates, so no scene can be made of them and why-not cannot decide. "
                + "What the report records: \(records). Import the window's hierarchy taken at the failure instead "
                + "(the \"View Hierarchy:\" Detox prints with a failed tap, or `po [[UIWindow keyWindow] recursiveDescription]` at a breakpoint)",
            line: first.line, column: first.column)
    }

    /// The warning when the text holds a hierarchy too.
    var skipped: ImportWarning {
        ImportWarning(
            .noiseSkipped,
            "\(lineRange) are a UI test's hit-test failure report (\"Origin view:\", \"Hit:\", \"Target view:\"), not part of the hierarchy: their views are skipped. It records that \(records)",
            line: first.line, column: first.column, lost: "nothing: the views it names are in the hierarchy, if anywhere")
    }
}
