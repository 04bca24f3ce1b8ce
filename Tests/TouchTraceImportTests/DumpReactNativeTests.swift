import Foundation
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

/// React Native's views test hits their own way (RCTView's hitTest:withEvent:): the import says
/// so once (docs/import-dumps.md, "React Native's views").
@Suite("Hierarchy dumps: React Native's views")
struct DumpReactNativeTests {
    @Test func oneWarningNamesTheFirstAndCountsThem() throws {
        let result = try DumpFixtures.importFixture("propertiesUnknown-react-native-views.txt")
        let warnings = result.warnings(.propertiesUnknown)
        #expect(warnings.count == 1)
        let w = try #require(warnings.first)
        #expect(w.line == 3 && w.column != nil)
        #expect(w.message.hasPrefix("6 React Native views (the first RCTRootView 0x7fc1d2f0a6b0 (line 3))"))
        #expect(w.message.contains("one at alpha 0 still takes touches"))
        #expect(w.message.contains("pointerEvents (box-none, box-only) is not in the dump"))
        // The scene itself is UIKit's reading: the alpha-0 overlay is imported as printed.
        let overlayID = try #require(result.id(of: "0x7fc1d2f18060"))
        let overlay = try #require(result.view(overlayID))
        #expect(overlay["alpha"] == .number(0))
    }

    @Test func aDumpWithoutThemSaysNothing() throws {
        let result = try importDump("""
            <UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x2>>
               | <UIView: 0x10; frame = (0 0; 320 480); alpha = 0; layer = <CALayer: 0x11>>
            """)
        #expect(result.warnings(.propertiesUnknown).isEmpty)
    }
}
