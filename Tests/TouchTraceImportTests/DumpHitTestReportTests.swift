import Foundation
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

/// A UI test's hit-test failure report (Detox's "Origin view:", "Hit:", "Target view:") is not a
/// dump: its views come from different superviews (docs/import-dumps.md, "A hit-test failure
/// report is not a dump"). Fixtures: Tests/Fixtures/import-dumps-refused/.
@Suite("Hierarchy dumps: a hit-test failure report")
struct DumpHitTestReportTests {
    static let folder = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/import-dumps-refused")

    func refusal(_ text: String) throws -> ImportError {
        let bytes = Array(text.utf8)
        let format = try #require(ImportFormat.detect(fileName: nil, bytes: bytes))
        #expect(format == .recursiveDescription)
        let outcome: Result<ImportResult, ImportError> = Result(catching: { () throws(ImportError) -> ImportResult in
            try Importer.importDocument(bytes, format: format)
        })
        guard case let .failure(error) = outcome else {
            Issue.record("imported a scene instead of refusing")
            return ImportError(.unsupportedDocument, "not refused")
        }
        return error
    }

    @Test func aReportAloneIsRefusedSayingWhatItRecords() throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("unsupportedDocument-a-ui-tests-hit-test-failure-report.txt"), encoding: .utf8)
        let error = try refusal(text)
        #expect(error.kind == .unsupportedDocument)
        #expect(error.line == 4 && error.column != nil)
        #expect(error.message.hasPrefix("lines 4–7 are a UI test's hit-test failure report"))
        // What UIKit's own hit test answered, from the report's lines, and what to paste instead.
        #expect(error.message.contains(
            "a hit test at {195, 700} in UITransitionView 0x7f8a31d04a10 returned Shop.SpinnerOverlayView 0x7f8a31e0c5f0, not the target UIButton 0x7f8a31e0b220"))
        #expect(error.message.contains("why-not cannot decide"))
        #expect(error.message.contains("recursiveDescription"))
    }

    /// Detox 19.3 printed `Hitten:`; the labels are read whatever their case and dash.
    @Test func olderLabelsAreTheSameReport() throws {
        let error = try refusal("""
            Error: Failed to hit view at point {10, 20} with `hitTest`.
            Origin view: <UIView: 0x10; frame = (0 0; 320 480); layer = <CALayer: 0x11>>
            hitten: <UIView: 0x10; frame = (0 0; 320 480); layer = <CALayer: 0x11>>
            TARGET VIEW: <UISwitch: 0x20; frame = (200 8; 51 31); layer = <CALayer: 0x21>>
            """)
        #expect(error.kind == .unsupportedDocument && error.line == 2)
        #expect(error.message.contains("returned UIView 0x10, not the target UISwitch 0x20"))
    }

    /// With a hierarchy in the same text (the report pasted above the window's dump), the
    /// hierarchy is imported and the report's lines are skipped, not made roots.
    @Test func aReportBeforeAHierarchyIsSkipped() throws {
        let result = try importDump("""
            - Origin view: <UIView: 0x10; frame = (0 0; 320 480); layer = <CALayer: 0x11>>
            - Hit: <UIView: 0x30; frame = (0 0; 320 480); layer = <CALayer: 0x31>>
            - Target view: <UIButton: 0x20; frame = (20 8; 80 44); layer = <CALayer: 0x21>>
            View Hierarchy:
            <UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x2>>
               | <UIView: 0x10; frame = (0 0; 320 480); layer = <CALayer: 0x11>>
               |    | <UIView: 0x19; frame = (0 400; 320 80); layer = <CALayer: 0x18>>
               |    |    | <UIButton: 0x20; frame = (20 8; 80 44); layer = <CALayer: 0x21>>
               |    | <UIView: 0x30; frame = (0 0; 320 480); layer = <CALayer: 0x31>>
            """)
        // One window, the button under its bar (not a root beside it), the overlay last.
        #expect(result.ids.count == 5)
        #expect(result.warnings(.windowSynthesized).isEmpty && result.warnings(.layoutApproximated).isEmpty)
        let barID = try #require(result.id(of: "0x19"))
        let buttonID = try #require(result.id(of: "0x20"))
        let bar = try #require(result.view(barID))
        guard case let .array(inBar)? = bar["subviews"] else { Issue.record("the bar has no subviews"); return }
        #expect(inBar.map { $0["id"] } == [.string(buttonID)])
        let skipped = result.warnings(.noiseSkipped).filter { $0.message.contains("hit-test failure report") }
        #expect(skipped.count == 1 && skipped.first?.line == 1)
        #expect(skipped.first?.message.contains("returned UIView 0x30, not the target UIButton 0x20") == true)
    }

    /// A `Hit:` or `Target view:` label alone is not the report: the text imports as before.
    @Test func oneLabelAloneIsNotAReport() throws {
        let result = try importDump("""
            Target view: <UIButton: 0x20; frame = (20 8; 80 44); layer = <CALayer: 0x21>>
            """)
        #expect(result.ids.count == 1)  // the button, in a window made for it
        #expect(result.warnings(.windowSynthesized).count == 1)
    }
}
