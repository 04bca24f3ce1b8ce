import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing
import TouchTraceCheck
import TouchTraceEngine
import TouchTraceOperations

/// `touchtrace check --init` and `POST /v1/check/init`: the starter file of a storyboard of our
/// own (Examples/ci-storyboard/Checkout.storyboard) passes on the unchanged file, and fails,
/// saying what changed, after a designer covers the pay button or rewires its action.
@Suite struct CheckInitTests {
    static let storyboard = "Examples/ci-storyboard/Checkout.storyboard"

    static func text(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The starter file for the storyboard (as the design file's text gives it), then the check
    /// of that file against `changed` (the storyboard as a designer left it).
    static func initThenCheck(changed: String? = nil) throws -> (starter: String, run: CheckHarness.Run) {
        let initRun = try CheckHarness.run(["--init", storyboard], read: CheckHarness.reader(root: packageRoot))
        #expect(initRun.status == 0, "\(initRun.output)")
        let starter = initRun.output
        var overrides = ["Examples/ci-storyboard/starter.touchtrace.yaml": starter]
        if let changed { overrides[storyboard] = changed }
        // The starter names the storyboard as given on the command line (relative to the working
        // directory); the check reads it relative to the starter, so the starter sits at the root.
        overrides["starter.touchtrace.yaml"] = starter
        let run = try CheckHarness.run(["starter.touchtrace.yaml"], read: CheckHarness.reader(root: packageRoot, overrides: overrides))
        return (starter, run)
    }

    @Test func theStarterFileTapsEveryWiredReachableControlAndPassesOnTheUnchangedFile() throws {
        let (starter, run) = try Self.initThenCheck()
        #expect(starter.contains("scene: \"Examples/ci-storyboard/Checkout.storyboard\""), "the scene is the design file itself")
        // A tap per wired, visible, enabled control, by its most stable selector, with what the file declares.
        #expect(starter.contains("- tapOn: {accessibilityIdentifier: pay}"))
        #expect(starter.contains("action: {selector: \"pay:\", target: CheckoutViewController, event: touchUpInside}"))
        #expect(starter.contains("action: {selector: \"saveCardChanged:\", target: CheckoutViewController, event: valueChanged}"))
        // The segue a control triggers, with where it goes.
        #expect(starter.contains("action: {selector: \"show:TermsViewController\", target: CheckoutViewController, event: touchUpInside}"))
        #expect(starter.contains("(a show segue to TermsViewController)"))
        // An action on an event a tap does not send, from code.
        #expect(starter.contains("- sendActions: {sender: email, events: [editingChanged]}"))
        // The disabled coupon button: assertNotHittable with the reason, and a comment.
        #expect(starter.contains("- assertNotHittable: {view: {ib: Chk-Bt-003}, reason: disabled}"))
        #expect(starter.contains("no touch reaches it: it is disabled"))
        #expect(starter.contains("- assertTouchTargets: {}") && starter.contains("- assertLayout: {}"))
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("8 steps in 1 file: 8 passed, 0 failed"), "\(run.output)")
    }

    @Test func coveringThePayButtonFailsAndSaysWhatCoversIt() throws {
        let original = try Self.text(Self.storyboard)
        // A designer drops a banner over the bottom of the screen, in front of the pay button.
        let banner = """
                                    <view contentMode="scaleToFill" id="Ban-Vw-001" userLabel="Promo banner">
                                        <rect key="frame" x="0.0" y="730" width="393" height="122"/>
                                        <autoresizingMask key="autoresizingMask" widthSizable="YES" flexibleMinY="YES"/>
                                    </view>
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="Chk-Sa-001"/>
            """
        let covered = original.replacingOccurrences(of: "                        </subviews>\n                        <viewLayoutGuide key=\"safeArea\" id=\"Chk-Sa-001\"/>", with: banner)
        #expect(covered != original)
        let (_, run) = try Self.initThenCheck(changed: covered)
        #expect(run.status == 1)
        #expect(run.output.contains("expected hitView pay, but Promo-banner was hit"), "\(run.output)")
        #expect(run.output.contains("pay (20, 754, 353×50) is covered by Promo-banner (0, 730, 393×122), a later sibling"), "\(run.output)")
        #expect(run.output.contains("expected an action pay: → CheckoutViewController on touchUpInside; no action was sent"), "\(run.output)")
    }

    @Test func rewiringThePayActionFailsAndNamesTheNewAction() throws {
        let original = try Self.text(Self.storyboard)
        let rewired = original.replacingOccurrences(of: "selector=\"pay:\"", with: "selector=\"startPayment:\"")
        #expect(rewired != original)
        let (_, run) = try Self.initThenCheck(changed: rewired)
        #expect(run.status == 1)
        #expect(
            run.output.contains("expected an action pay: → CheckoutViewController on touchUpInside; the actions sent were startPayment: → CheckoutViewController (touchUpInside from pay)"),
            "\(run.output)")
    }

    @Test func outputIsNamedRelativeToTheStarterFile() throws {
        let run = try CheckHarness.run(["--init", Self.storyboard, "-o", "Tests/ui/checkout.touchtrace.yaml"], read: CheckHarness.reader(root: packageRoot))
        #expect(run.status == 0)
        let written = try #require(run.files["Tests/ui/checkout.touchtrace.yaml"])
        #expect(written.contains("scene: \"../../Examples/ci-storyboard/Checkout.storyboard\""), "\(written)")
        #expect(run.output.hasPrefix("wrote Tests/ui/checkout.touchtrace.yaml: 4 taps, 1 sendActions, 1 assertNotHittable"), "\(run.output)")
    }

    @Test func initOptionsPickAScene() throws {
        let run = try CheckHarness.run(["--init", Self.storyboard, "--scene", "Trm-Sc-001"], read: CheckHarness.reader(root: packageRoot))
        #expect(run.status == 0)
        #expect(run.output.contains("scene: {file: \"Examples/ci-storyboard/Checkout.storyboard\", scene: Trm-Sc-001}"), "\(run.output)")
        #expect(run.output.contains("- tapOn: {accessibilityIdentifier: acceptTerms}"))
        let missing = try CheckHarness.run(["--init", Self.storyboard, "--scene", "Nope"], read: CheckHarness.reader(root: packageRoot))
        #expect(missing.status == 2)
        #expect(missing.output.contains("no scene or top-level object has the id \\\"Nope\\\""), "\(missing.output)")
    }

    @Test func aFigmaFileInitialisesWithAStepPerPrototypeLink() throws {
        let run = try CheckHarness.run(["--init", "Examples/checkout.figma.json", "--frame", "Checkout"], read: CheckHarness.reader(root: packageRoot))
        #expect(run.status == 0)
        #expect(run.output.contains("- tapOn: {figma: \"2:6\"}"), "\(run.output)")
        #expect(run.output.contains("action: {selector: \"navigate:3:1\""), "\(run.output)")
        #expect(run.output.contains("(a prototype link to node 3:1)"))
        var overrides = ["figma.touchtrace.yaml": run.output]
        overrides["figma.touchtrace.yaml"] = run.output
        let check = try CheckHarness.run(["figma.touchtrace.yaml"], read: CheckHarness.reader(root: packageRoot, overrides: overrides))
        #expect(check.status == 0, "\(check.output)")
    }

    /// Over HTTP, the same starter file from the storyboard inline, in process and over a socket.
    @Test(arguments: HTTPTransport.allCases)
    func theRouteAnswersTheSameFileAsTheCLI(_ transport: HTTPTransport) async throws {
        let cli = try CheckHarness.run(["--init", Self.storyboard], read: CheckHarness.reader(root: packageRoot))
        let body = JSONWriter().string(.obj(["scene": .obj(["file": .string(Self.storyboard), "document": .string(try Self.text(Self.storyboard))])]))
        try await CheckHTTPTests.app().test(over: transport) { client in
            try await client.execute(uri: "/v1/check/init", method: .post, headers: CheckHTTPTests.json, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("application/yaml") == true)
                #expect(String(buffer: response.body) + (String(buffer: response.body).hasSuffix("\n") ? "" : "\n") == cli.output)
            }
            // A check whose scene is the storyboard inline runs the starter's steps over HTTP.
            guard case let .success(starter) = ExpectationReader.read(Array(cli.output.utf8), file: "starter.yaml") else {
                Issue.record("the starter file does not read")
                return
            }
            let document = starter.value.setting("scene", to: .obj(["file": .string("Checkout.storyboard"), "document": .string(try Self.text(Self.storyboard))]))
            try await client.execute(uri: "/v1/check", method: .post, headers: CheckHTTPTests.json, body: ByteBuffer(string: JSONWriter().string(document))) { response in
                #expect(response.status == .ok)
                let answer = try #require(response.body.json)
                #expect(answer["passed"] == .bool(true), "\(response.body.text.prefix(600))")
                guard case let .array(files)? = answer["files"], case let .array(imports)? = files.first?["imports"] else {
                    Issue.record("no imports in the report")
                    return
                }
                #expect(imports.first?["format"] == .string("storyboard"))
            }
            // A design file named without its content is located at its file over HTTP.
            let named = starter.value.setting("scene", to: .obj(["file": .string("Checkout.storyboard")]))
            try await client.execute(uri: "/v1/check", method: .post, headers: CheckHTTPTests.json, body: ByteBuffer(string: JSONWriter().string(named))) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("over HTTP a design file comes inline"))
            }
        }
    }
}
