import Foundation
import TouchTraceEngine
@testable import TouchTraceImport

/// The Interface Builder corpus's oracles, file by file, as the markdown table of
/// docs/import-ib-corpus.md: frames (canvas and app), connections, and every disagreement that
/// remains with its class.
struct IBCorpusReport {
    struct Totals {
        var compared = 0
        var agreeing = 0
        var excluded = 0
        /// Issue 23's measure: the compared views whose frame Auto Layout decides, and those of
        /// them that agree (`XcodeFrameOracle.Placement`).
        var constraintDriven = 0
        var constraintDrivenAgreeing = 0
        var share: Double { compared == 0 ? 1 : Double(agreeing) / Double(compared) }
        var constraintDrivenShare: Double { constraintDriven == 0 ? 1 : Double(constraintDrivenAgreeing) / Double(constraintDriven) }

        mutating func add(_ file: XcodeFrameOracle.FileResult) {
            compared += file.compared
            agreeing += file.agreeing
            excluded += file.excluded
            constraintDriven += file.constraintDriven
            constraintDrivenAgreeing += file.constraintDrivenAgreeing
        }
    }

    struct ConnectionTotals {
        var eligible = 0
        var passing = 0
        var shownUntappable = 0
        var share: Double { eligible == 0 ? 1 : Double(passing) / Double(eligible) }
    }

    var canvas = Totals()
    var app = Totals()
    var connections = ConnectionTotals()
    var ineligible: [String: Int] = [:]
    var rows: [String] = []
    var canvasDisagreements: [String] = []
    var appDisagreements: [String] = []
    var failures: [String] = []
    var classes: [String: Int] = [:]
    var appClasses: [String: Int] = [:]
    /// The classes of the constraint-driven views' disagreements alone.
    var constraintDrivenClasses: [String: Int] = [:]
    var constraintDrivenAppClasses: [String: Int] = [:]
    /// Compared views (canvas) by who decides their frame.
    var placements: [XcodeFrameOracle.Placement: Int] = [:]
    /// Segues from cells (V5): tappable in the document, passing, left out.
    var cellSegues = (eligible: 0, passing: 0, ineligible: 0)
    var cellSegueFailures: [String] = []
    /// Files the importer refused, with its reason (a corpus of one's own may hold macOS or
    /// pre-Xcode 5 documents, which are refused by design).
    var refused: [String] = []

    var summary: String {
        "canvas \(canvas.agreeing)/\(canvas.compared) (\(pct(canvas.share))), app \(app.agreeing)/\(app.compared) (\(pct(app.share))), connections \(connections.passing)/\(connections.eligible) (\(pct(connections.share))); constraint-driven canvas \(canvas.constraintDrivenAgreeing)/\(canvas.constraintDriven) (\(pct(canvas.constraintDrivenShare))), app \(app.constraintDrivenAgreeing)/\(app.constraintDriven) (\(pct(app.constraintDrivenShare)))"
    }

    func pct(_ x: Double) -> String { String(format: "%.1f%%", x * 100) }

    /// How a disagreement is classed automatically: Xcode's stored frame contradicts a required
    /// constraint of the file (stale), the view follows its superview's disagreement, or it
    /// starts one (then docs/import-ib.md classes it by hand).
    static func kind(_ d: XcodeFrameOracle.Disagreement) -> String {
        if d.contradicted != nil { return "stale stored frame" }
        return d.root ? "starts here" : "follows its superview"
    }

    static func make(_ corpus: [Corpus.Entry]) throws -> IBCorpusReport {
        var report = IBCorpusReport()
        for entry in corpus {
            let canvas: XcodeFrameOracle.FileResult
            do {
                canvas = try XcodeFrameOracle.check(file: entry.file, bytes: entry.bytes, canvas: true)
            } catch {
                // Refused (or not an IB document at all): the reason goes in the table.
                let reason = "\(error)".replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
                report.refused.append("- \(entry.file): \(reason)")
                report.rows.append("| \(entry.file) | | refused | | | | | | | | | | |")
                continue
            }
            var connections = IBConnectionOracle.FileResult(file: entry.file)
            let doc = try IBDocument(tree: XMLTree.parse(entry.bytes, limits: ImportLimits()))
            let app = try XcodeFrameOracle.check(file: entry.file, bytes: entry.bytes, canvas: false) { unit, scene, imported, laidOut in
                try IBConnectionOracle.checkUnit(unit, scene: scene, imported: imported, laidOut: laidOut, doc: doc, into: &connections)
            }
            report.canvas.add(canvas)
            report.app.compared += app.compared
            report.app.agreeing += app.agreeing
            report.app.constraintDriven += app.constraintDriven
            report.app.constraintDrivenAgreeing += app.constraintDrivenAgreeing
            for (k, v) in canvas.placements { report.placements[k, default: 0] += v }
            report.connections.eligible += connections.eligible
            report.connections.passing += connections.passing
            let shown = connections.ineligible.values.reduce(0, +)
            report.connections.shownUntappable += shown
            for (k, v) in connections.ineligible { report.ineligible[k, default: 0] += v }
            let tools = doc.tree[doc.root]["toolsVersion"] ?? "?"
            let device = doc.deviceID ?? "none"
            report.rows.append(
                "| \(entry.file) | \(tools) | \(device) | \(canvas.compared) | \(canvas.agreeing) | \(canvas.excluded) | \(app.agreeing) | \(canvas.constraintDriven) | \(canvas.constraintDrivenAgreeing) | \(app.constraintDrivenAgreeing) | \(connections.eligible) | \(connections.passing) | \(shown) |")
            let canvasIDs = Set(canvas.disagreements.map(\.sourceID))
            for d in canvas.disagreements {
                let k = kind(d)
                report.classes[k, default: 0] += 1
                if d.placement.isConstraintDriven { report.constraintDrivenClasses[k, default: 0] += 1 }
                report.canvasDisagreements.append("- \(entry.file): \(d) — \(k)")
            }
            for d in app.disagreements {
                let k = canvasIDs.contains(d.sourceID) ? "as on the canvas: " + kind(d) : "the canvas differs (agrees on the canvas)"
                report.appClasses[k, default: 0] += 1
                if d.placement.isConstraintDriven { report.constraintDrivenAppClasses[k, default: 0] += 1 }
                report.appDisagreements.append("- \(entry.file): \(d) — \(k)")
            }
            report.failures += connections.connections.filter { !$0.ok }.map { "- \(entry.file): \($0)" }
            report.cellSegues.eligible += connections.cellSegues.count
            report.cellSegues.passing += connections.cellSegues.filter(\.ok).count
            report.cellSegues.ineligible += connections.cellSeguesIneligible
            report.cellSegueFailures += connections.cellSegues.filter { !$0.ok }.map { "- \(entry.file): \($0)" }
        }
        return report
    }

    var markdown: String { markdown(source: "../shared/corpus/ib/") }

    static func list(_ counts: [String: Int]) -> String {
        counts.isEmpty ? "none" : counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    /// The table; `source` names the folder it was measured on.
    func markdown(source: String) -> String {
        var lines = [
            "# The Interface Builder corpus, file by file", "",
            "Generated by `XcodeFrameOracleTests.framesAndConnectionsAgreeWithTheDocuments` (`TOUCHTRACE_RECORD_FIXTURES=1` rewrites it; a test compares it) from `\(source)`. The oracles and the classes of every disagreement are explained in [import-ib.md](import-ib.md#the-oracles-on-the-corpus).",
            "",
            "Columns: the file; the tools version that saved it; its device id; views compared with Xcode's stored frames (misplaced, ambiguous and placeholder frames left out: *left out*), within 0.5 pt on the canvas (`ImportOptions.canvas`) and as the app runs; the same for the constraint-driven views alone, issue 23's measure (*AL views*, *AL canvas*, *AL app*: a view with `translatesAutoresizingMaskIntoConstraints=\"NO\"` or arranged in a stack view, not a root view, not a fixed frame; [import-ib.md](import-ib.md#the-issues-measure-constraint-driven-views)); connections the document shows tappable (*eligible*), those a tap at the control's centre reaches and, when a tap triggers them, delivers to their destination (*pass*), and those the document itself shows untappable.",
            "",
            "| file | tools | device | views | canvas | left out | app | AL views | AL canvas | AL app | eligible | pass | untappable |",
            "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ] + rows
        lines.append(
            "| **all** | | | **\(canvas.compared)** | **\(canvas.agreeing)** (\(pct(canvas.share))) | \(canvas.excluded) | **\(app.agreeing)** (\(pct(app.share))) | **\(canvas.constraintDriven)** | **\(canvas.constraintDrivenAgreeing)** (\(pct(canvas.constraintDrivenShare))) | **\(app.constraintDrivenAgreeing)** (\(pct(app.constraintDrivenShare))) | **\(connections.eligible)** | **\(connections.passing)** (\(pct(connections.share))) | \(connections.shownUntappable) |")
        lines += [
            "",
            "Views compared, by who decides their frame: " + XcodeFrameOracle.Placement.allCases.map { "\($0.rawValue) \(placements[$0] ?? 0)" }.joined(separator: ", ") + ".",
        ]
        if !refused.isEmpty { lines += ["", "Files refused, with the importer's reason:", ""] + refused }
        lines += ["", "Connections the documents show untappable, by reason: " + (ineligible.isEmpty ? "none" : ineligible.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")) + "."]
        lines += ["", "## Canvas disagreements", "", "By class: " + Self.list(classes) + "; of the constraint-driven views: " + Self.list(constraintDrivenClasses) + ". A view that is not constraint-driven says who places it after a ·.", ""]
        lines += canvasDisagreements
        lines += ["", "## Disagreements as the app runs", "", "By class: " + Self.list(appClasses) + "; of the constraint-driven views: " + Self.list(constraintDrivenAppClasses) + ".", ""]
        lines += appDisagreements
        lines += ["", "## Connections that fail", ""]
        lines += failures.isEmpty ? ["None."] : failures
        lines += [
            "", "## Segues from cells (V5)", "",
            "Cells with a selection segue that the document shows tappable, tapped at their centre as the app runs: \(cellSegues.passing) of \(cellSegues.eligible) select the cell and send the segue's action to the scene's controller (\(cellSegues.ineligible) left out: the document shows the cell untappable, a control in it at its centre, off the window or in a view Xcode marks ambiguous).",
            "",
        ]
        lines += cellSegueFailures.isEmpty ? ["None fails."] : cellSegueFailures
        return lines.joined(separator: "\n") + "\n"
    }
}
