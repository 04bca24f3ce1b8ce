import Foundation
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

@Suite("The document's connections as the oracle (corpus)")
struct IBConnectionOracleTests {
    /// Every connection the document shows tappable is reached by a tap at the control's
    /// centre in the imported scene, and a tap-triggered one sends its action to its destination
    /// (`IBConnectionOracle`). `TOUCHTRACE_CONNECTION_REPORT=path` writes the table and every
    /// failure.
    @Test(.requires(.ib)) func everyTappableConnectionReachesItsControl() throws {
        let corpus = try Corpus.ib.checked()
        var eligible = 0, passing = 0, tapTriggered = 0
        var ineligible: [String: Int] = [:]
        var report = ["| file | eligible connections | reached (and delivered when tap-triggered) | shown untappable by the file |", "|---|---:|---:|---:|"]
        var failures: [String] = []
        let only = ProcessInfo.processInfo.environment["TOUCHTRACE_ORACLE_FILES"]
        for entry in corpus where only.map({ f in f.split(separator: ",").contains { entry.file.contains($0) } }) ?? true {
            let r = try IBConnectionOracle.check(file: entry.file, bytes: entry.bytes)
            eligible += r.eligible
            passing += r.passing
            tapTriggered += r.connections.filter(\.tapTriggered).count
            for (k, v) in r.ineligible { ineligible[k, default: 0] += v }
            let shown = r.ineligible.values.reduce(0, +)
            if r.eligible > 0 || shown > 0 { report.append("| \(entry.file) | \(r.eligible) | \(r.passing) | \(shown) |") }
            failures += r.connections.filter { !$0.ok }.map { "- \(entry.file): \($0)" }
        }
        report.append("| **all** | **\(eligible)** (\(tapTriggered) tap-triggered) | **\(passing)** | \(ineligible.values.reduce(0, +)) |")
        report.append("")
        report.append("Shown untappable by the file: " + ineligible.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        let text = (report + ["", "Failures:"] + failures).joined(separator: "\n")
        print(text)
        if let path = ProcessInfo.processInfo.environment["TOUCHTRACE_CONNECTION_REPORT"] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(eligible > 100, "the corpus should give hundreds of connections")
        #expect(passing == eligible, "\(passing) of \(eligible) eligible connections reach their control")
    }
}
