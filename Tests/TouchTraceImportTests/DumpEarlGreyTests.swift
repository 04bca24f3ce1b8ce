import Foundation
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

/// EarlGrey's hierarchy (`grey_description` of each view, `|--` branches), which EarlGrey and
/// Detox before 17 print with a failed interaction (docs/import-dumps.md, "EarlGrey's hierarchy").
@Suite("Hierarchy dumps: EarlGrey's hierarchy")
struct DumpEarlGreyTests {
    @Test func branchesNestAndFlagsAreRead() throws {
        let result = try DumpFixtures.importFixture("earlgrey-hierarchy.txt")
        #expect(result.format == .recursiveDescription)
        // One window, each line under the one its `|--` branch hangs from.
        #expect(result.warnings(.windowSynthesized).isEmpty && result.warnings(.layoutApproximated).isEmpty)
        #expect(result.warnings(.unsupportedAttribute).isEmpty && result.warnings(.invalidValue).isEmpty)
        let contentID = try #require(result.id(of: "0x7f9a4c70c3d0"))
        let content = try #require(result.view(contentID))
        guard case let .array(subviews)? = content["subviews"] else { Issue.record("no subviews"); return }
        #expect(subviews.count == 2)
        // `UIE=N`: interaction off; a bare `hidden`: hidden; `AX.id` names the view.
        let buttonID = try #require(result.id(of: "0x7f9a4c80d4e0"))
        #expect(buttonID == "checkout-pay" || buttonID.contains("checkout"))
        let button = try #require(result.view(buttonID))
        #expect(button["userInteractionEnabled"] == .bool(false))
        #expect(button["frame"] == frame(24, 760, 342, 50))
        let toolbarID = try #require(result.id(of: "0x7f9a4ca0f600"))
        let toolbar = try #require(result.view(toolbarID))
        #expect(toolbar["hidden"] == .bool(true))
    }
}
