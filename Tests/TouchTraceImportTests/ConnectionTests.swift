import Testing
import TouchTraceEngine
import TouchTraceImport

/// A tap on an imported control reaches the action Interface Builder wired, through the
/// engine's touch delivery (`TouchTrace.touches`): one test per connection kind.
@Suite("Imported connections, tapped")
struct ConnectionTests {
    /// Imports a fixture, taps at a point, and returns the `actions` entries of the trace.
    static func tap(_ fixture: String, x: Double, y: Double) throws -> [JSONValue] {
        let result = try ImportFixtures.importFixture(fixture)
        let scene = try SceneDecoder().decode(try #require(result.scene))
        let request = try TouchRequest.decode(.obj(["tap": .obj(["x": .number(x), "y": .number(y)])]))
        let trace = try TouchTrace.touches(request, in: scene)
        guard case let .array(actions)? = trace["actions"] else { return [] }
        return actions
    }

    /// T2: `destination` is the scene's view controller: an explicit target.
    @Test func explicitTargetReachesTheController() throws {
        let actions = try Self.tap("T2-explicit-target-button.storyboard", x: 187, y: 608)
        #expect(actions.count == 1)
        #expect(actions.first?["sender"] == "Pay-button")
        #expect(actions.first?["action"] == "pay:")
        #expect(actions.first?["event"] == "touchUpInside")
        #expect(actions.first?["target"] == "CheckoutViewController")
        #expect(actions.first?["resolution"] == "explicit")
    }

    /// T1: a `<view>` of a custom class that is the source of an `<action>` is a control (Xcode
    /// connects actions only from controls, and the nib registers them with `addTarget`): the
    /// tap sends its action, where it was dropped before (CleverTap, GoogleSignIn, iNaturalist).
    @Test func aViewWithAnActionIsAControl() throws {
        let actions = try Self.tap("T1-view-with-an-action-is-a-control.xib", x: 187.5, y: 122)
        #expect(actions.count == 1)
        #expect(actions.first?["sender"] == "ProviderSignInButton")
        #expect(actions.first?["action"] == "signIn:")
        #expect(actions.first?["event"] == "touchUpInside")
    }

    /// T4: `destination` is the First Responder placeholder: a nil target, resolved along the
    /// responder chain from the sender; the controller implements `copy:` (another button sends
    /// it there explicitly, so IB knows the class declares it).
    @Test func firstResponderIsANilTargetResolvedAlongTheChain() throws {
        let actions = try Self.tap("T4-first-responder-nil-target.storyboard", x: 38, y: 42)
        #expect(actions.count == 1)
        #expect(actions.first?["action"] == "copy:")
        #expect(actions.first?["resolution"] == "responderChain")
        #expect(actions.first?["target"] == "EditorViewController")
        #expect(actions.first?["searched"] == .array(["Copy", "Tools", "EditorViewController.view", "EditorViewController"]))
    }

    /// G1, G6: a tap recognizer attached to the image view (IB's `gestureRecognizers` outlet
    /// collection) recognizes and sends its action to the controller, the recognizer as sender.
    @Test func gestureRecognizerSendsItsAction() throws {
        let actions = try Self.tap("G1-tap-recognizer-on-image-view.storyboard", x: 187, y: 333)
        #expect(actions.count == 1)
        #expect(actions.first?["sender"] == "Photo-tap")
        #expect(actions.first?["action"] == "showPhoto:")
        #expect(actions.first?["target"] == "GalleryViewController")
    }

    /// A segue a button triggers is an action naming what it shows (the destination controller),
    /// sent to the controller of the button's scene on touch-up inside.
    @Test func segueIsAnActionNamingIt() throws {
        let actions = try Self.tap("T2-segue-button-performs-segue.storyboard", x: 80, y: 122)
        #expect(actions.count == 1)
        #expect(actions.first?["action"] == "show:DetailViewController")
        #expect(actions.first?["target"] == "ProductsViewController")
        #expect(actions.first?["resolution"] == "explicit")
    }

    /// A tap beside the controls reaches no action.
    @Test func aTapElsewhereSendsNothing() throws {
        #expect(try Self.tap("T2-explicit-target-button.storyboard", x: 187, y: 300).isEmpty)
    }
}
