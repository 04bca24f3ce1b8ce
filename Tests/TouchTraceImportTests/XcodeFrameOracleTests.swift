import Foundation
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

@Suite("Xcode's frames as the oracle (corpus)")
struct XcodeFrameOracleTests {
    /// At least 95% of the corpus's views (misplaced and ambiguous ones left out) are within
    /// 0.5 pt of the frame Xcode stored, after TouchTrace's layout pass at the document's size.
    @Test(.requires(.ib)) func framesAgreeWithXcode() throws {
        let corpus = try Corpus.ib.checked()
        var compared = 0, agreeing = 0, excluded = 0
        var report = ["| file | views compared | within 0.5 pt | left out (misplaced/ambiguous) |", "|---|---:|---:|---:|"]
        var details: [String] = []
        for entry in corpus {
            let r = try XcodeFrameOracle.check(file: entry.file, bytes: entry.bytes)
            compared += r.compared
            agreeing += r.agreeing
            excluded += r.excluded
            report.append("| \(entry.file) | \(r.compared) | \(r.agreeing) | \(r.excluded) |")
            details += r.disagreements.map { "- \(entry.file): \($0)" }
        }
        let share = compared == 0 ? 1 : Double(agreeing) / Double(compared)
        report.append("| **all** | **\(compared)** | **\(agreeing)** (\(String(format: "%.1f", share * 100))%) | \(excluded) |")
        // The same with the scene as the app runs (no placeholder constraints, the device's own
        // safe area): reported, not asserted (Xcode's canvas is the oracle).
        var deviceAgreeing = 0, deviceCompared = 0
        var deviceByFile: [String] = []
        for entry in corpus {
            let r = try XcodeFrameOracle.check(file: entry.file, bytes: entry.bytes, canvas: false)
            deviceAgreeing += r.agreeing
            deviceCompared += r.compared
            if r.agreeing < r.compared { deviceByFile.append("\(entry.file): \(r.compared - r.agreeing)") }
        }
        report.append("")
        report.append("As the app runs (ImportOptions.canvas false): \(deviceAgreeing) of \(deviceCompared) within 0.5 pt; disagreements by file: \(deviceByFile.joined(separator: ", ")).")
        print((report + ["", "Disagreements:"] + details).joined(separator: "\n"))
        if let path = ProcessInfo.processInfo.environment["TOUCHTRACE_ORACLE_REPORT"] {
            try (report + ["", "Disagreements:"] + details).joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(compared > 700, "the corpus should give hundreds of views to compare")
        #expect(share >= 0.95, "\(agreeing) of \(compared) views agree with Xcode's frames")
    }
}

extension XcodeFrameOracleTests {
    /// Debugging aid: `TOUCHTRACE_IB_DUMP=<corpus file>:<scene id>` prints that import's scene
    /// and warnings (nothing is checked).
    @Test(.requires(.ib), .requiresEnvironment("TOUCHTRACE_IB_DUMP")) func dumpOneImport() throws {
        guard let spec = ProcessInfo.processInfo.environment["TOUCHTRACE_IB_DUMP"], let corpus = try Corpus.ib.load() else { return }
        let parts = spec.split(separator: ":", maxSplits: 1).map(String.init)
        guard let entry = corpus.first(where: { $0.file == parts[0] }) else { return }
        let options = ImportOptions(scene: parts.count > 1 ? parts[1] : nil, canvas: true)
        let result = try Importer.importDocument(entry.bytes, format: ImportFormat(fileName: entry.file) ?? .xib, options: options)
        print(JSONWriter(pretty: true).string(result.json))
        if let json = result.scene {
            let layout = try TouchTrace.layout(LayoutRequest(changes: [], includeConstraints: true), in: SceneDecoder().decode(json))
            print(JSONWriter(pretty: true).string(.obj(["frames": layout["frames"] ?? .null, "constraints": layout["constraints"] ?? .null, "conflicts": layout["conflicts"] ?? .null, "ambiguous": layout["ambiguous"] ?? .null])))
        }
    }
}
