import Foundation
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

/// XCUITest's description as a WebDriver response (`{"value": "…"}`: Appium's `mobile: source`
/// with `format: description`; seen in two Appium issue threads of the second round of unseen
/// dumps, docs/import-dumps.md): read off the bytes whatever the file's name, compact, pretty,
/// cut off or logged on a line of a text; and a JSON document that is not one stays what it was.
@Suite("WebDriver responses holding a dump")
struct DumpWebDriverTests {
    static let folder = DumpFixtures.folder

    @Test(arguments: ["xcuitest-webdriver-response.txt", "xcuitest-webdriver-response-cut-off.txt", "xcuitest-webdriver-response-in-a-log.txt"])
    func theStringIsTheDumpWhateverTheName(_ fixture: String) throws {
        let bytes = try DumpFixtures.bytes(fixture)
        for name in [fixture, "source.json", nil] as [String?] {
            #expect(ImportFormat.detect(fileName: name, bytes: bytes) == .xcuitest, "\(fixture) named \(name ?? "nothing")")
        }
        let result = try Importer.importDocument(bytes, format: .xcuitest, options: ImportOptions(fileName: "source.json"))
        let scene = try SceneDecoder().decode(try #require(result.scene))
        #expect(scene.views.contains { $0.viewClass == .UIButton }, "\(fixture): the buttons are in the scene")
        // Every warning about the dump points at the document's line and a column inside the string.
        #expect(result.warnings.filter { $0.kind != .noiseSkipped }.allSatisfy { ($0.line ?? 0) >= 1 && ($0.column ?? 0) > 1 }, "\(result.warnings)")
    }

    @Test func otherJSONIsNotReadAsOne() {
        let figmaLike = Array(#"{"status": 400, "err": "Not found"}"#.utf8)
        #expect(ImportFormat.detect(fileName: "x.json", bytes: figmaLike) == .figma)
        let notADump = Array(#"{"value": "just some text", "sessionId": "1"}"#.utf8)
        #expect(ImportFormat.detect(fileName: "x.json", bytes: notADump) == .figma)
        let envelope = Array(#"{"dump": "<UIWindow: 0x1; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x2>>"}"#.utf8)
        #expect(ImportFormat.detect(fileName: "x.json", bytes: envelope) == .recursiveDescription)
    }
}
