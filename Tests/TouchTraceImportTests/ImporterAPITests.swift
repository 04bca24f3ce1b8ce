import Testing
import TouchTraceEngine
@testable import TouchTraceImport

@Suite("Importer API")
struct ImporterAPITests {
    @Test func readableIdsAreSanitizedAndMadeUnique() {
        var ids = UniqueIDs(reserved: ["application"])
        #expect(ids.make(["File's Owner"], fallback: "x") == "File-s-Owner")
        #expect(ids.make(["  Pay   now! "], fallback: "x") == "Pay-now")
        #expect(ids.make(["Pay now"], fallback: "x") == "Pay-now-2")
        #expect(ids.make([nil, "", "€€", "label:Total"], fallback: "x") == "label:Total")
        #expect(ids.make(["application"], fallback: "x") == "application-2")
        #expect(ids.make([nil], fallback: "view") == "view")
        #expect(UniqueIDs.sanitize(String(repeating: "a", count: 300))?.count == UniqueIDs.maxBase)
    }

    @Test func multipliersInEveryFormIBWrites() {
        #expect(IBImport.multiplier("0.5") == 0.5)
        #expect(IBImport.multiplier("1/3") == 1.0 / 3)
        #expect(IBImport.multiplier("16:9") == 16.0 / 9)
        #expect(IBImport.multiplier("1:0") == nil)
        #expect(IBImport.multiplier("two") == nil)
        #expect(IBImport.multiplier("nan") == nil)
    }

    @Test func formatFromTheFileName() {
        #expect(ImportFormat(fileName: "Main.storyboard") == .storyboard)
        #expect(ImportFormat(fileName: "Cell.XIB") == .xib)
        #expect(ImportFormat(fileName: "design.json") == .figma)
        #expect(ImportFormat(fileName: "README") == nil)
    }

    @Test func aStoryboardListsItsScenes() throws {
        let bytes = try ImportFixtures.bytes("T2-segue-button-performs-segue.storyboard")
        let result = try Importer.importDocument(bytes, format: .storyboard, options: ImportOptions(list: true))
        #expect(result.scene == nil)
        #expect(result.units == [
            ImportUnit(
                id: "s1", controller: "list", storyboardIdentifier: nil, element: "viewController",
                customClass: "ProductsViewController", name: "Products", size: Size(width: 375, height: 667), initial: true, views: 2),
            ImportUnit(
                id: "s2", controller: "detail", storyboardIdentifier: nil, element: "viewController",
                customClass: "DetailViewController", name: "Details", size: Size(width: 375, height: 667), initial: false, views: 1),
        ])
        #expect(result.json["scenes"] != nil && result.json["scene"] == nil)
    }

    @Test func scenesAreChosenBySceneIdControllerIdOrStoryboardID() throws {
        let bytes = try ImportFixtures.bytes("T2-segue-button-performs-segue.storyboard")
        for options in [ImportOptions(scene: "s2"), ImportOptions(scene: "detail")] {
            let result = try Importer.importDocument(bytes, format: .storyboard, options: options)
            #expect(result.ids["DetailViewController"] == "detail")
            #expect(result.ids["ProductsViewController"] == nil)
        }
        #expect(throws: ImportError.self) { try Importer.importDocument(bytes, format: .storyboard, options: ImportOptions(scene: "nope")) }
        do {
            _ = try Importer.importDocument(bytes, format: .storyboard, options: ImportOptions(controller: "Nope"))
            Issue.record("an unknown Storyboard ID imported")
        } catch {
            #expect(error.kind == .unknownScene)
            #expect(error.status == 422)
            #expect(error.message.contains("available: s1 (controller list), s2 (controller detail)"))
        }
    }

    @Test func theResultNamesTheFormatTheDocumentIs() throws {
        let bytes = try ImportFixtures.bytes("T2-explicit-target-button.storyboard")
        let result = try Importer.importDocument(bytes, format: .xib)
        #expect(result.format == .storyboard)
        #expect(result.json["format"] == "storyboard")
    }

    /// The id map in the result is the scene's `origin.ids`; every view made from an element is in it.
    @Test func theIdMapTracesEveryImportedObject() throws {
        let result = try ImportFixtures.importFixture("G1-tap-recognizer-on-image-view.storyboard")
        #expect(result.ids == [
            "GalleryViewController": "vc", "GalleryViewController.view": "root", "Photo": "photo", "Photo-tap": "tap",
        ])
        let scene = try SceneDecoder().decode(try #require(result.scene))
        #expect(scene.origin?.ids == result.ids)
        #expect(scene.origin?.format == "storyboard")
    }

    /// L6: a placeholder constraint ("Remove at build time") is kept in both modes: on the
    /// canvas as Xcode applies it, as the app runs as the stand-in for the constraint the app
    /// makes in code, and then said so (`layoutApproximated`).
    @Test func placeholderConstraintsKeptAsStandIns() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17701" useAutolayout="YES">
                <objects>
                    <view contentMode="scaleToFill" id="root">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                        <subviews>
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="box">
                                <rect key="frame" x="10" y="10" width="100" height="42"/>
                                <constraints>
                                    <constraint firstAttribute="height" constant="42" placeholder="YES" id="p1"/>
                                    <constraint firstAttribute="width" constant="100" id="w1"/>
                                </constraints>
                            </view>
                        </subviews>
                    </view>
                </objects>
            </document>
            """
        for canvas in [false, true] {
            let result = try Importer.importDocument(Array(xml.utf8), format: .xib, options: ImportOptions(canvas: canvas))
            let scene = try SceneDecoder().decode(try #require(result.scene))
            let box = try #require(scene.viewIndex("view-2"))
            #expect(scene.views[box].layout.constraints.count == 2)
            #expect(result.warnings.filter { $0.kind == .layoutApproximated }.map(\.sourceID) == (canvas ? [] : ["p1"]))
        }
    }

    /// Xcode 26's canvas counts the device's unsafe edges twice; the app's scene has the device's.
    @Test func xcode26CanvasInsets() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="24127" useAutolayout="YES" useSafeAreas="YES" initialViewController="vc">
                <device id="retina6_1" orientation="portrait"/>
                <scenes><scene sceneID="s"><objects>
                    <viewController id="vc" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="root">
                            <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                        </view>
                    </viewController>
                </objects></scene></scenes>
            </document>
            """
        for (canvas, top, bottom) in [(false, 48.0, 34.0), (true, 96.0, 68.0)] {
            let result = try Importer.importDocument(Array(xml.utf8), format: .storyboard, options: ImportOptions(canvas: canvas))
            let scene = try SceneDecoder().decode(try #require(result.scene))
            #expect(scene.views[scene.windows[0]].layout.safeAreaInsets == EdgeInsets(top: top, left: 0, bottom: bottom, right: 0))
        }
    }

    /// In a xib, File's Owner with a `view` outlet to the top-level view is that view's
    /// controller: actions sent to it are explicit targets (R1, T2).
    @Test func filesOwnerIsTheControllerOfItsView() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17701" useAutolayout="YES">
                <device id="retina4_7" orientation="portrait"/>
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="LoginViewController">
                        <connections>
                            <outlet property="view" destination="root" id="o1"/>
                        </connections>
                    </placeholder>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                    <view contentMode="scaleToFill" id="root">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                        <subviews>
                            <button opaque="NO" contentMode="scaleToFill" buttonType="system" id="login" userLabel="Log in">
                                <rect key="frame" x="20" y="300" width="335" height="44"/>
                                <connections>
                                    <action selector="logIn:" destination="-1" eventType="touchUpInside" id="a1"/>
                                </connections>
                            </button>
                        </subviews>
                    </view>
                </objects>
            </document>
            """
        let result = try Importer.importDocument(Array(xml.utf8), format: .xib)
        #expect(result.warnings.isEmpty)
        #expect(result.ids["LoginViewController"] == "-1")
        let scene = try SceneDecoder().decode(try #require(result.scene))
        let trace = try TouchTrace.touches(TouchRequest.decode(.obj(["tap": .obj(["x": 100, "y": 320])])), in: scene)
        guard case let .array(actions)? = trace["actions"] else { return }
        #expect(actions.first?["target"] == "LoginViewController")
        #expect(actions.first?["action"] == "logIn:")
    }

}

extension ImporterAPITests {
    /// A document is refused with a reason that says what it is: a macOS or a watchOS document,
    /// and Interface Builder's pre-Xcode 5 archive format (`<archive type="…InterfaceBuilder3…">`).
    @Test(arguments: [
        ("<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" version=\"3.0\" toolsVersion=\"22155\"><objects/></document>", "macOS"),
        ("<document type=\"com.apple.InterfaceBuilder3.WatchKit.Storyboard\" version=\"3.0\" toolsVersion=\"22155\"><scenes/></document>", "watchOS"),
        ("<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"8.00\"><data/></archive>", "pre-Xcode 5"),
    ])
    func unsupportedDocumentsAreRefusedWithTheirReason(_ xml: String, _ reason: String) throws {
        let bytes = Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + xml).utf8)
        do {
            _ = try Importer.importDocument(bytes, format: .xib)
            Issue.record("a \(reason) document was imported")
        } catch {
            #expect(error.kind == .unsupportedDocument)
            #expect(error.message.contains(reason), "\(error.message)")
            #expect(error.line != nil)
        }
    }

    /// The refusal of a document in no accepted format says what it looks like: a bracket or brace
    /// is called JSON only when what follows it can open a JSON value (a tool's log line such as
    /// "[Xcode] …", met among dumps pasted from logs, is text and is shown as text).
    @Test(arguments: [
        ("[Xcode] t = 1.2s Find the Application", "text starting \"[Xcode] t = 1.2s"),
        ("[HTTP] --> GET /wd/hub/session", "text starting \"[HTTP]"),
        ("{ nope }", "text starting \"{ nope }"),
        ("[{\"id\": 1}]", "a JSON array"),
        ("[ 1, 2 ]", "a JSON array"),
        ("[]", "a JSON array"),
        ("{\"a\": 1}", "a JSON object"),
        ("  {}", "a JSON object"),
    ])
    func aDocumentInNoFormatIsDescribedByWhatItLooksLike(_ text: String, _ described: String) {
        let description = ImportFormat.describe(Array(text.utf8))
        #expect(description.hasPrefix(described), "\(description)")
    }
}
