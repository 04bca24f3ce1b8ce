import Foundation
import Testing
import TestSupport
import TouchTraceEngine
@testable import TouchTraceImport

@Suite("Figma's boxes as the oracle (corpus)")
struct FigmaFrameOracleTests {
    /// Every visible node of every top-level frame of every corpus file is imported at Figma's
    /// absolute bounding box (relative to its frame) within 0.01 pt.
    @Test(.requires(.figma)) func importedFramesEqualFigmasBoxes() async throws {
        try await offPool {
            let corpus = try Corpus.figma.checked()
            var report = ["| file | frames | visible nodes | within 0.01 pt |", "|---|---:|---:|---:|"]
            var failures: [String] = []
            var total = 0
            for entry in corpus {
                let comparisons = try FigmaFrameOracle.check(file: entry.file, bytes: entry.bytes, laidOut: false, tolerance: 0.01)
                let visible = comparisons.filter(\.visible)
                total += visible.count
                failures += visible.filter { !$0.agrees }.map { "- \(entry.file): \($0.description)" }
                report.append("| \(entry.file) | \(Set(comparisons.map(\.frame)).count) | \(visible.count) | \(visible.filter(\.agrees).count) |")
            }
            print((report + ["", "Disagreements:"] + failures).joined(separator: "\n"))
            #expect(total > 1_000, "the corpus should give over a thousand visible nodes")
            #expect(failures.isEmpty, "\(failures.count) visible nodes are not at Figma's box")
        }
    }

    /// After TouchTrace's layout pass (the initial cycle: stack views and constraints at the
    /// frame's own size), at least 99% of the children of auto-layout frames, and of all visible
    /// nodes, are where Figma stored them (within 0.5 pt: the issue's target; the corpus gives
    /// 100%); every disagreement is listed (docs/import-figma.md explains them).
    @Test(.requires(.figma)) func layoutPassReproducesAutoLayout() async throws {
        try await offPool {
            let corpus = try Corpus.figma.checked()
            var report = ["| file | auto-layout children | within 0.5 pt | all visible nodes | within 0.5 pt |", "|---|---:|---:|---:|---:|"]
            var details: [String] = []
            var arranged = 0, arrangedAgreeing = 0, visible = 0, visibleAgreeing = 0
            for entry in corpus {
                let comparisons = try FigmaFrameOracle.check(file: entry.file, bytes: entry.bytes, laidOut: true, tolerance: 0.5).filter(\.visible)
                let a = comparisons.filter(\.arranged)
                arranged += a.count
                arrangedAgreeing += a.filter(\.agrees).count
                visible += comparisons.count
                visibleAgreeing += comparisons.filter(\.agrees).count
                details += comparisons.filter { !$0.agrees }.map { "- \(entry.file)\($0.arranged ? " (arranged)" : ""): \($0.description)" }
                report.append("| \(entry.file) | \(a.count) | \(a.filter(\.agrees).count) | \(comparisons.count) | \(comparisons.filter(\.agrees).count) |")
            }
            let share = arranged == 0 ? 1 : Double(arrangedAgreeing) / Double(arranged)
            report.append("| **all** | **\(arranged)** | **\(arrangedAgreeing)** (\(String(format: "%.1f", share * 100))%) | | |")
            let text = (report + ["", "Disagreements:"] + details).joined(separator: "\n")
            print(text)
            if let path = ProcessInfo.processInfo.environment["TOUCHTRACE_FIGMA_ORACLE_REPORT"] {
                try text.write(toFile: path, atomically: true, encoding: .utf8)
            }
            #expect(arranged > 100, "the corpus should give over a hundred auto-layout children")
            #expect(share >= 0.99, "\(arrangedAgreeing) of \(arranged) auto-layout children agree with Figma")
            #expect(Double(visibleAgreeing) >= 0.99 * Double(visible), "\(visibleAgreeing) of \(visible) visible nodes agree with Figma")
        }
    }

    /// Debugging aid: `TOUCHTRACE_FIGMA_DUMP=<corpus file>[:<frame>]` prints that import and its
    /// layout (nothing is checked).
    @Test(.requires(.figma), .requiresEnvironment("TOUCHTRACE_FIGMA_DUMP")) func dumpOneImport() throws {
        guard let spec = ProcessInfo.processInfo.environment["TOUCHTRACE_FIGMA_DUMP"], let corpus = try Corpus.figma.load() else { return }
        let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
        guard let entry = corpus.first(where: { $0.file == parts[0] }) else { return }
        let result = try Importer.importDocument(entry.bytes, format: .figma, options: ImportOptions(frame: parts.count > 1 ? parts[1] : nil))
        print(JSONWriter(pretty: true).string(result.json))
        if let json = result.scene {
            let layout = try TouchTrace.layout(LayoutRequest(changes: [], includeConstraints: true), in: SceneDecoder().decode(json))
            print(JSONWriter(pretty: true).string(.obj(["frames": layout["frames"] ?? .null, "conflicts": layout["conflicts"] ?? .null, "ambiguous": layout["ambiguous"] ?? .null])))
        }
    }
}

extension FigmaFrameOracleTests {
    /// Every frame of the corpus lays out without an unsatisfiable constraint, and no view is
    /// left ambiguous: the stack views and constraints the importer writes determine every frame.
    @Test(.requires(.figma)) func corpusFramesLayOutWithoutConflictsOrAmbiguity() async throws {
        try await offPool {
            let corpus = try Corpus.figma.checked()
            var frames = 0
            for entry in corpus {
                let parsed = try FigmaJSON.parse(entry.bytes, limits: ImportLimits())
                let list = try FigmaImporter.importParsed(parsed, options: ImportOptions(list: true))
                for unit in list.units ?? [] {
                    let imported = try FigmaImporter.importParsed(parsed, options: ImportOptions(frame: unit.id))
                    let scene = try SceneDecoder().decode(try #require(imported.scene))
                    let layout = try TouchTrace.layout(LayoutRequest(changes: []), in: scene)
                    frames += 1
                    #expect(layout["conflicts"] == nil || layout["conflicts"] == .array([]), "\(entry.file) \(unit.id): \(JSONWriter().string(layout["conflicts"] ?? .null))")
                    #expect(layout["ambiguous"] == nil || layout["ambiguous"] == .array([]), "\(entry.file) \(unit.id): \(JSONWriter().string(layout["ambiguous"] ?? .null))")
                }
            }
            #expect(frames > 80)
        }
    }
}
