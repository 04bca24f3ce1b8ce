import TestSupport
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

/// A prototype link is checkable as UIKit behaviour: a tap on the imported layer, replayed by the
/// engine's touch delivery (`TouchTrace.touches`), ends at the navigation action.
@Suite("Figma prototype links, tapped")
struct FigmaPrototypeTests {
    /// Imports a fixture, taps at a point (window coordinates), and returns the trace.
    static func tap(_ fixture: String, x: Double, y: Double) throws -> JSONValue {
        let result = try FigmaFixtures.importFixture(fixture)
        let scene = try SceneDecoder().decode(try #require(result.scene))
        let request = try TouchRequest.decode(.obj(["tap": .obj(["x": .number(x), "y": .number(y)])]))
        return try TouchTrace.touches(request, in: scene)
    }

    static func hitView(_ trace: JSONValue) -> JSONValue? {
        guard case let .array(touches)? = trace["touches"] else { return nil }
        return touches.first?["hitView"]
    }

    static func actions(_ trace: JSONValue) -> [JSONValue] {
        guard case let .array(actions)? = trace["actions"] else { return [] }
        return actions
    }

    /// T2: the Checkout instance is a UIButton (its component set is named Button); its
    /// ON_CLICK → NAVIGATE link is a touch-up-inside action `navigate:2:1` sent to the frame's
    /// controller, and it is the last thing the tap does.
    @Test func aTapOnALinkedButtonEndsAtItsNavigation() throws {
        let trace = try Self.tap("T2-prototype-link-navigates.figma.json", x: 195, y: 765)
        #expect(Self.hitView(trace) == "Checkout")
        let actions = Self.actions(trace)
        #expect(actions.count == 1)
        let last = try #require(actions.last)
        #expect(last["sender"] == "Checkout")
        #expect(last["event"] == "touchUpInside")
        #expect(last["action"] == "navigate:2:1")
        #expect(last["target"] == "Cart.controller")
        #expect(last["resolution"] == "explicit")
        // In the log (every call in order) the navigation is the last action delivered: after it
        // only the control's end of tracking (primaryActionTriggered, which has no target here,
        // and the highlight cleared).
        guard case let .array(log)? = trace["log"] else {
            Issue.record("no log")
            return
        }
        let delivered = log.filter { $0["action"] != nil }
        #expect(delivered.last?["action"] == "navigate:2:1")
    }

    /// G1, G3, H6: a text layer with a link gets a tap recognizer (and user interaction, which a
    /// label lacks by default); its BACK action reaches the controller.
    @Test func aTapOnALinkedTextIsRecognized() throws {
        let actions = Self.actions(try Self.tap("T2-prototype-link-navigates.figma.json", x: 340, y: 111))
        #expect(actions.count == 1)
        #expect(actions.first?["sender"] == "Edit-cart.tap")
        #expect(actions.first?["action"] == "back:")
        #expect(actions.first?["target"] == "Cart.controller")
    }

    /// A tap beside the links reaches no action.
    @Test func aTapElsewhereSendsNothing() throws {
        #expect(Self.actions(try Self.tap("T2-prototype-link-navigates.figma.json", x: 195, y: 400)).isEmpty)
    }

    /// H4: the part of the close button outside its non-clipping card is drawn but never hit:
    /// a tap there reaches the frame, not the button, and the importer warned about it.
    @Test func theOverflowingPartOfAButtonIsNotHit() throws {
        let name = "untappableOverflow-button-outside-its-card.figma.json"
        // Inside the card: the button.
        let inside = try Self.tap(name, x: 345, y: 105)
        #expect(Self.hitView(inside) == "Close-button")
        #expect(Self.actions(inside).first?["action"] == "close:")
        // Above the card, on the button as drawn: the frame.
        let outside = try Self.tap(name, x: 345, y: 92)
        #expect(Self.hitView(outside) == "Home")
        #expect(Self.actions(outside).isEmpty)
    }

    /// H5: the rotated sticker is hit inside its rotated outline, not in the corners of its
    /// bounding box.
    @Test func aRotatedLayerIsHitInsideItsOutline() throws {
        let result = try FigmaFixtures.importFixture("H5-rotated-layer.figma.json")
        let scene = try SceneDecoder().decode(try #require(result.scene))
        let centre = try TouchTrace.hitTest(HitTestRequest(points: [Point(x: 200, y: 150)], single: true), in: scene)
        #expect(centre["hitView"] == "Sticker")
        // The box's top-left corner region (the sticker is turned 30° counterclockwise).
        let corner = try TouchTrace.hitTest(HitTestRequest(points: [Point(x: 145, y: 120)], single: true), in: scene)
        #expect(corner["hitView"] == "Dial")
    }
}
