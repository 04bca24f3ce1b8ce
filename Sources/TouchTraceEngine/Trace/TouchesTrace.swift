/// The touches trace (openapi.yaml, docs/trace-schema.md): what replaying touches, or calling
/// `sendActions(for:)` from code, made UIKit do, as typed entries.
///
/// The session appends entries while it runs; nothing is written as JSON until the response is
/// built, in one place (`ResponseEncoder`, Encoding/). Views, controls and responders are scene
/// indices and recognizers `GestureRecognizerRef`s, as in the hit-test and layout traces;
/// `controlEvents` and `actions` of the response are read off the log, so each fact is kept once.
public struct TouchesTrace: Sendable {
    /// Every call in order (the response's `log`).
    public var log: [Entry] = []
    /// Per touch, in the order they began (the response's `touches`).
    public var touches: [Touch] = []
    /// The final state of every control of the scene, in scene order (the response's `state`).
    public var controls: [ControlSnapshot] = []
    /// The final state of the scene's scroll views, lists and tab bars, in scene order (the
    /// response's `views`; left out when the scene has none).
    public var views: [ViewSnapshot] = []
    /// The first responder at the end (F1), reported when the scene names one or a touch changed
    /// it (the response's `firstResponder`).
    public var firstResponder: ResponderRef?
    public var reportsFirstResponder = false

    public init() {}

    /// One entry of the log: when (seconds on the input's clock; nil outside touch input, as in
    /// an actions request), the rule that decided it, and what happened.
    public struct Entry: Sendable, Hashable {
        public var time: Double?
        public var rule: RuleID
        public var kind: Kind
    }

    /// What an entry records: one case per log `type` (`touches` covers the four touch methods,
    /// `tracking` the four tracking calls; `action` and `recognizerAction` are both written as
    /// `type: "action"`).
    public enum Kind: Sendable, Hashable {
        /// R2: the touch's only hit test, at `began` (point in the request window's coordinates).
        case hitTest(touch: Int, point: Point, hitView: Int?, window: Int?, tapCount: Int)
        /// M3: the touch continues a multi-tap of `previousTouch`.
        case multiTap(touch: Int, tapCount: Int, previousTouch: Int)
        /// M1, M2: the touch is not delivered to `view`; `exclusiveView` names the exclusive view (M2).
        case touchIgnored(touch: Int, view: Int, reason: IgnoreReason, otherTouch: Int, exclusiveView: Int?)
        /// R2–R4, C1, C3: `touchesBegan/Moved/Ended/Cancelled` at one responder. `point` (bounds
        /// coordinates; nil when a transform on the way cannot be inverted) is written for a
        /// tracking control's calls other than `touchesCancelled`.
        case touches(TouchPhase, responder: ResponderRef, touch: Int, forwarded: Bool, handling: Handling, point: Point?)
        /// C1, C3, C4: `beginTracking`, `continueTracking` (with what it returned), `endTracking`,
        /// `cancelTracking`.
        case tracking(TrackingCall, control: Int, touch: Int, returned: Bool?)
        /// C1–C7: a property the control changed.
        case state(control: Int, property: ControlProperty, value: ControlPropertyValue)
        /// C2–C7, T7: `sendActions(for:)`; `touch` is nil when code sent it.
        case controlEvent(control: Int, event: String, touch: Int?)
        /// T2–T4: one `sendAction` of a control and where it went.
        case action(ActionDelivery)
        /// G6: a gesture recognizer calls one of its targets directly for its new state.
        case recognizerAction(GestureRecognizerRef, state: GestureState, action: String, target: String?)
        /// C7, C8, C9: a property set by code between events (`value` nil: a value control
        /// without a value).
        case set(control: Int, property: ControlProperty, value: ControlPropertyValue?, tracking: Bool)
        /// T1: `addTarget(_:action:for:)` from an actions request.
        case addTarget(control: Int, registration: TargetRegistration)
        /// T6: `removeTarget(_:action:for:)` from an actions request (nil matches every entry).
        case removeTarget(control: Int, target: String?, action: String?, events: ControlEvents)
        /// G1: the recognizers still in play that get the touch's call before its view.
        case recognizerTouches(touch: Int, phase: TouchPhase, recognizers: [GestureRecognizerRef])
        /// G3–G6, S1, S2: a recognizer changed state.
        case gestureRecognizer(GestureRecognizerRef, from: GestureState, to: GestureState, reason: GestureReason)
        /// G5: a recognizer would enter `wants` but waits for others to fail.
        case gestureRecognizerWaits(GestureRecognizerRef, wants: GestureState, reason: GestureReason, waitingFor: [GestureRecognizerRef])
        /// G2, S1: the view's call is held back by recognizers (`view` nil: the touch has no view).
        case touchDelayed(touch: Int, phase: TouchPhase, view: Int?, by: [GestureRecognizerRef])
        /// G3, S1, S2: a recognizer takes the touch from its view: `touchesCancelled` when the
        /// view had `touchesBegan`; `dropped` lists held calls never delivered.
        case cancelsTouchesInView(GestureRecognizerRef, touch: Int, view: Int, touchesCancelled: Bool, dropped: [TouchPhase])
        /// S1–S7: a scroll view starts, moves, stops or is caught; `motion` has its offset.
        case scroll(scrollView: Int, phase: ScrollPhase, touch: Int?, motion: ScrollEntryMotion)
        /// H3: a sibling drawn over the hit path by its `layer.zPosition` does not get the touch.
        case drawnOnTop(touch: Int, view: Int, over: Int)
        /// L2: a view was marked as needing layout during touch handling (a scroll's new bounds
        /// origin); `coalesced` when it already was.
        case needsLayout(view: Int, reason: LayoutTrace.Reason, coalesced: Bool)
        /// L3: the update cycle after an event ran the view's `layoutSubviews`.
        case layoutSubviews(view: Int, reason: LayoutTrace.Reason, marks: Int)
        /// F1: a view became first responder; `previous` resigned (T4 searches start here).
        case becomeFirstResponder(view: Int, previous: ResponderRef?, touch: Int?)
        /// F1: the first responder resigned because `next` became first responder.
        case resignFirstResponder(responder: ResponderRef, next: Int, touch: Int?)
        /// F2: a touch ended elsewhere and the first responder stays (UIKit leaves resigning to the app).
        case firstResponderKept(responder: ResponderRef, touch: Int)
        /// V1–V3: a cell's `isHighlighted` or `isSelected` changed.
        case cellState(cell: Int?, list: Int, indexPath: CellIndexPath, property: CellProperty, value: Bool)
        /// V1–V4, B2: a delegate method UIKit calls, with its receiver (nil: no delegate).
        case delegateCall(DelegateCall)
        /// V1–V4: a touch on a cell that selects nothing, and why.
        case noSelection(list: Int, cell: Int, touch: Int, reason: NoSelectionReason)
        /// B1: the back item popped the navigation controller's top view controller.
        case popViewController(bar: Int, item: Int, viewController: Int?)
        /// B2: a tab bar item selected its tab.
        case selectTab(bar: Int, item: Int, index: Int, previous: Int?, tabBarController: Int?, viewController: Int?)
    }

    /// Where a scroll view is (S3–S7), as a `scroll` entry shows it.
    public struct ScrollEntryMotion: Sendable, Hashable {
        /// The offset after the entry (the bounds origin, S3).
        public var contentOffset: Point
        /// S4: past an edge (rubber-banding).
        public var pastEdge = false
        /// S7: the axis a directional lock keeps (began).
        public var lock: ScrollLock?
        /// At `ended` and `cancelled`: the lift's velocity (points per second) and where the
        /// scroll view will rest (`targetContentOffset`); `restsAt` when it moves on until then.
        public var velocity: Point?
        public var target: Point?
        public var restsAt: Double?
    }

    /// A cell property the list changes (V1–V3).
    public enum CellProperty: String, Sendable, Hashable {
        case highlighted, selected
    }

    /// A delegate call (V1–V4, B2): UIKit's method name, the object that sends it, the receiver.
    public struct DelegateCall: Sendable, Hashable {
        public var sender: Int
        public var method: String
        /// The delegate's id; nil when the sender has no delegate (the call goes nowhere).
        public var receiver: String?
        public var indexPath: CellIndexPath?
        /// What the delegate answered, for the `should…`/`will…` methods (declared as data).
        public var returned: Answer?

        /// A delegate's answer.
        public enum Answer: Sendable, Hashable {
            case bool(Bool)
            case indexPath(CellIndexPath?)
        }
    }

    /// Why a touch on a cell selected nothing (V1–V4): the classic failures explained.
    public enum NoSelectionReason: Sendable, Hashable {
        /// A control inside the cell took the touch (R4): the cell never saw it.
        case controlInCell(control: Int)
        /// A gesture recognizer took the touch from the cell (G3: `cancelsTouchesInView`).
        case recognizer(GestureRecognizerRef)
        /// The list scrolled: its pan took the touch (S1, S2).
        case scrolled
        /// A responder between the touched view and the cell handled the touch without passing it on (R3).
        case handledBefore(responder: ResponderRef)
        /// The touch was cancelled.
        case cancelled
        /// `allowsSelection` is false (V4).
        case selectionNotAllowed
        /// `shouldHighlight…` returned false: no highlight and no selection (V4).
        case shouldHighlightFalse
        /// `willSelectRowAt` returned nil or `shouldSelectItemAt` false (V4).
        case declined(method: String)
    }

    /// How a responder handled a touch method (R3, R4): its `touches` setting, or `control`
    /// when a control's tracking ran.
    public enum Handling: String, Sendable, Hashable {
        case forward, handle, handleAndForward, control

        public init(_ handling: TouchHandling) {
            switch handling {
            case .forward: self = .forward
            case .handle: self = .handle
            case .handleAndForward: self = .handleAndForward
            }
        }
    }

    /// Why a touch is not delivered to its hit view.
    public enum IgnoreReason: String, Sendable, Hashable {
        /// M1: the view is not `multipleTouchEnabled` and already has a touch.
        case multipleTouchDisabled
        /// M2: an `exclusiveTouch` view is involved.
        case exclusiveTouch
    }

    /// A scroll view's scrolling, as `scroll` entries show it: a drag begins, moves, ends or is
    /// cancelled; after it, the scroll view moves on until it `stopped`, unless a touch `caught` it.
    public enum ScrollPhase: String, Sendable, Hashable {
        case began, changed, ended, cancelled, stopped, caught
    }

    /// One touch, as the response's `touches` lists it.
    public struct Touch: Sendable, Hashable {
        public var touch: Int
        /// The view hit testing returned at began (R2), and its window.
        public var hitView: Int?
        public var window: Int?
        public var tapCount: Int
        public var delivered: Bool
        public var ignoredBecause: IgnoreReason?
        /// The recognizer (or scroll view recognizer) that took the touch from its view (G3, S1, S2).
        public var takenBy: GestureRecognizerRef?
    }

    /// A non-control view's final state: a scroll view's `contentOffset` (S3), a list's selected
    /// index paths (V2, V3), a tab bar's `selectedIndex` (B2).
    public struct ViewSnapshot: Sendable, Hashable {
        public var view: Int
        public var contentOffset: Point?
        public var selected: [CellIndexPath]?
        /// A tab bar: the selected index (nil inside: none selected).
        public var selectedIndex: Int??
    }

    /// A control's final state (C9) and which value property its class reports (C7).
    public struct ControlSnapshot: Sendable, Hashable {
        public var control: Int
        public var state: ControlState
        public var valueProperty: ControlProperty?
    }
}

/// Names a gesture recognizer without a string: the view it is attached to and which of the
/// view's recognizers it is. A scroll view's built-in recognizers (S1, S2) are `<id>#delay` and
/// `<id>#pan`; `id(in:)` gives the name traces show.
public struct GestureRecognizerRef: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// The view's `gestureRecognizers[index]` in the scene.
        case declared(Int)
        /// The scroll view's delayed-touches-began recognizer (S1).
        case scrollDelay
        /// The scroll view's pan recognizer (S1, S2).
        case scrollPan
        /// A text field's or text view's tap that gives it focus (F1).
        case textInteraction
    }

    public var view: Int
    public var kind: Kind

    public init(view: Int, kind: Kind) {
        self.view = view
        self.kind = kind
    }

    /// The recognizer's id as the scene names it.
    public func id(in scene: Scene) -> String {
        switch kind {
        case let .declared(index): return scene.views[view].gestureRecognizers[index].id
        case .scrollDelay: return scene.views[view].id + "#delay"
        case .scrollPan: return scene.views[view].id + "#pan"
        case .textInteraction: return scene.views[view].id + "#textInteraction"
        }
    }
}

/// Why a recognizer changed state or waits: its own reason (G3, G6: the machine's sentence), or
/// a decision of the arbitration between recognizers, controls and scroll views, named by index
/// and written as a sentence only when the trace is written.
public enum GestureReason: Sendable, Hashable {
    /// The recognizer's own reason (`GestureProposal.reason`).
    case recognizer(String)
    /// G4: the control the touch hit returned false from `gestureRecognizerShouldBegin`.
    case controlWins(control: Int)
    /// S2: the scroll view's `canCancelContentTouches` is false; `content` keeps the touch.
    case contentTouchesCannotBeCancelled(content: Int)
    /// S2: `touchesShouldCancel(in:)` returned false for a control; it keeps the touch.
    case controlKeepsTouch(control: Int)
    /// G5: a recognizer this one requires to fail recognized.
    case requiredRecognized(GestureRecognizerRef)
    /// G5: another recognizer sharing a touch recognized first.
    case otherRecognized(GestureRecognizerRef)
    /// S1: the scroll view's pan began within the content-touch delay.
    case scrollBeganWithinDelay
}
