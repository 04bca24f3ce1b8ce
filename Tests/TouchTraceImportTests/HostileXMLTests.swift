import Foundation
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

/// Hostile documents get a clear error (with line and column where there is one), never a
/// crash, a hang or a file read.
@Suite("Hostile XML")
struct HostileXMLTests {
    static func importing(_ text: String) -> ImportError? {
        importing(Array(text.utf8))
    }

    static func importing(_ bytes: [UInt8], limits: ImportLimits = ImportLimits()) -> ImportError? {
        do {
            _ = try Importer.importDocument(bytes, format: .xib, options: ImportOptions(limits: limits))
            return nil
        } catch {
            return error
        }
    }

    static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

    static func billionLaughs(in element: String = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" text=\"&l9;\">&l9;</document>") -> String {
        let entities = (1...9).map { i in "  <!ENTITY l\(i) \"" + String(repeating: "&l\(i - 1);", count: 10) + "\">" }
        return header + "<!DOCTYPE document [\n  <!ENTITY l0 \"lol\">\n" + entities.joined(separator: "\n") + "\n]>\n" + element
    }

    /// Sizes and margins that are not finite numbers (`inf`, `NaN`, `1e999`) are warned about
    /// (`invalidValue`, naming the element) and left out: the scene still loads and lays out.
    @Test(arguments: ["inf", "NaN", "1e999", "-5"]) func nonFiniteSizesAreWarnedAboutAndLeftOut(_ junk: String) throws {
        let xml = Self.header + """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17701" useAutolayout="YES">
                <objects>
                    <view contentMode="scaleToFill" id="root">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                        <subviews>
                            <imageView contentMode="scaleToFill" image="logo" translatesAutoresizingMaskIntoConstraints="NO" id="logo">
                                <rect key="frame" x="10" y="10" width="100" height="40"/>
                            </imageView>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="card">
                                <rect key="frame" x="10" y="60" width="100" height="40"/>
                                <edgeInsets key="layoutMargins" top="\(junk)" left="4" bottom="4" right="4"/>
                            </view>
                        </subviews>
                    </view>
                </objects>
                <resources>
                    <image name="logo" width="\(junk)" height="40"/>
                </resources>
            </document>
            """
        let result = try Importer.importDocument(Array(xml.utf8), format: .xib)
        let scene = try SceneDecoder().decode(try #require(result.scene))
        _ = scene.laidOut()
        #expect(result.warnings.contains { $0.kind == .invalidValue && $0.message.contains("logo") })
        if junk != "-5" {
            #expect(result.warnings.contains { $0.kind == .invalidValue && $0.message.contains("top=") })
        }
    }

    @Test func deepNestingIsRefusedAtTheLimit() {
        let depth = 100_000
        let text = Self.header + String(repeating: "<view>", count: depth) + String(repeating: "</view>", count: depth)
        let clock = ContinuousClock()
        var error: ImportError?
        let time = clock.measure { error = Self.importing(text) }
        #expect(error?.kind == .limitExceeded)
        #expect(error?.status == 422)
        #expect(error?.line == 2)
        #expect(error?.message.contains("nested deeper than 256") == true)
        #expect(time < .seconds(5))
    }

    @Test func billionLaughsIsRefusedBeforeParsing() {
        let error = Self.importing(Self.billionLaughs())
        #expect(error?.kind == .forbiddenDeclaration)
        #expect(error?.status == 400)
        #expect(error?.line == 2 && error?.column == 1)
    }

    /// Without the guard, FoundationXML (libxml2 2.9 on Linux) itself stops the expansion with
    /// its entity-loop error: a second line of defence, checked here so that a libxml2 that
    /// stops doing so is noticed.
    @Test func libxml2AloneRefusesTheExpansionToo() {
        #expect(throws: ImportError.self) {
            _ = try XMLTree.parseWithoutGuard(Array(Self.billionLaughs().utf8))
        }
        do {
            _ = try XMLTree.parseWithoutGuard(Array(Self.billionLaughs().utf8))
        } catch {
            #expect(error.kind == .malformedXML)
            #expect(error.message.contains("entities that expand without bound"))
        }
    }

    /// An external entity naming a real file: refused by the guard; and libxml2 alone, with
    /// `shouldResolveExternalEntities = false`, does not put the file's content into the tree.
    @Test func externalEntitiesReadNoFile() throws {
        let secret = "TOUCHTRACE-SECRET-\(UInt32.random(in: 0...UInt32.max))"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("touchtrace-xxe-\(secret).txt")
        try secret.write(to: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: path) }
        let text = Self.header + "<!DOCTYPE document [ <!ENTITY xxe SYSTEM \"\(path.absoluteString)\"> ]>\n"
            + "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects><label text=\"&xxe;\" id=\"l\"><string key=\"text\">&xxe;</string></label></objects></document>"
        let error = Self.importing(text)
        #expect(error?.kind == .forbiddenDeclaration)
        // The parser alone: whatever it makes of the entity, the file's content is not in the tree.
        if let tree = try? XMLTree.parseWithoutGuard(Array(text.utf8)) {
            for element in tree.elements {
                #expect(!(element.text ?? "").contains(secret))
                #expect(!element.attributes.values.contains { $0.contains(secret) })
            }
        }
    }

    @Test func eightMegabytesOfAttributesAreRefusedQuickly() {
        var many = Array((Self.header + "<document type=\"x\"").utf8)
        var i = 0
        while many.count < 8_000_000 {
            many.append(contentsOf: " a\(i)=\"x\"".utf8)
            i += 1
        }
        many.append(contentsOf: "/>".utf8)
        var long = Array((Self.header + "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" text=\"").utf8)
        long.append(contentsOf: repeatElement(UInt8(ascii: "a"), count: 8_000_000))
        long.append(contentsOf: "\"/>".utf8)
        let clock = ContinuousClock()
        for (bytes, what) in [(many, "more than 256 attributes"), (long, "longer than 1048576 bytes")] {
            var error: ImportError?
            let time = clock.measure { error = Self.importing(bytes) }
            #expect(error?.kind == .limitExceeded)
            #expect(error?.message.contains(what) == true, "\(error?.message ?? "no error")")
            #expect(error?.line == 2 && error?.column == 1)
            #expect(time < .seconds(5))
        }
    }

    @Test func invalidUTF8IsNamedWithItsPlace() {
        var bytes = Array((Self.header + "<document type=\"x\">\n  <label text=\"caf").utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\"/>\n</document>".utf8)
        let error = Self.importing(bytes)
        #expect(error?.kind == .invalidEncoding)
        #expect(error?.status == 400)
        #expect(error?.line == 3 && error?.column == 19)
        #expect(error?.message.contains("0xC3 0x28") == true)
    }

    @Test func otherEncodingsAreRefused() {
        #expect(Self.importing([0xFF, 0xFE, 0x3C, 0x00])?.kind == .invalidEncoding)
        #expect(Self.importing("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<document/>")?.kind == .invalidEncoding)
    }

    @Test func tooLargeIs413() {
        let error = Self.importing(Array(repeating: UInt8(ascii: " "), count: 2_000), limits: ImportLimits(maxBytes: 1_000))
        #expect(error?.kind == .documentTooLarge)
        #expect(error?.status == 413)
    }

    @Test func malformedXMLIs400WithLineAndColumn() {
        let error = Self.importing(Self.header + "<document type=\"x\">\n  <objects>\n  </document>")
        #expect(error?.kind == .malformedXML)
        #expect(error?.status == 400)
        #expect(error?.line == 4)
        #expect(error?.message.contains("does not match") == true)
        #expect(error?.json["line"] == 4)
    }

    @Test func documentsThatAreNotInterfaceBuilderAre422() {
        #expect(Self.importing("<html><body/></html>")?.kind == .unsupportedDocument)
        #expect(Self.importing("<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\"><objects/></document>")?.kind == .unsupportedDocument)
        #expect(Self.importing("<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\"/>")?.status == 422)
    }

    /// Every error is an RFC 9457 problem document with its status.
    @Test func errorsAreProblemDocuments() throws {
        let error = try #require(Self.importing(Self.billionLaughs()))
        #expect(error.json["status"] == 400)
        #expect(error.json["type"] == "https://touchtrace.dev/problems/forbidden-declaration")
    }
}
