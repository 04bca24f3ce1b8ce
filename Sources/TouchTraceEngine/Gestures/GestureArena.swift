/// The arbitration between a touch's gesture recognizers, the view it hit and scroll views
/// (rules G1–G6, S1, S2), as a value-type state machine.
///
/// UIKit gives every touch to the recognizers on its hit view and that view's ancestors before
/// the view (G1); they decide, one proposal at a time, who gets the touch: a control may refuse a
/// recognizer (G4), a recognizer may wait for another to fail (G5), a winner fails the others
/// (G5) and takes the touch from its view (G3, S2), recognizers hold back the view's calls while
/// they are undecided (G2, S1). Flutter's `GestureArena` is the same idea.
///
/// In the shape of swift-nio's `NIOTypedHTTPServerUpgraderStateMachine`: each `mutating` input
/// (a touch phase, a timer, a control's `enabled` changed by code) returns the `Action`s the
/// caller performs in order: deliver a call to the touch's view, record a transition, send a
/// recognizer's actions, take a touch from its view. It knows views only as indices and
/// recognizers as `GestureRecognizerRef`s, never a scene (GestureArenaTests build one by hand;
/// `GestureArena(scene:)` builds it from a scene).
package struct GestureArena: Sendable {
    /// The recognizers, in the order UIKit asks them.
    public internal(set) var members: [Member]
    /// Members by the view they are attached to, each view's in list order.
    let membersByView: [Int: [Int]]
    /// Touches that recognizers take (G1), by touch id.
    var touches: [Int: Touch] = [:]
    /// What the input being handled asks the caller to do, in order.
    var output: [Action] = []
    /// S5: scroll views still moving after a drag (decelerating, paging, bouncing back): a touch
    /// that reaches one catches it, its pan beginning at once. The caller sets this before a
    /// touch begins.
    public var movingScrollViews: [Int] = []

    public init(members: [Member]) {
        self.members = members
        var byView: [Int: [Int]] = [:]
        for (index, member) in members.enumerated() { byView[member.recognizer.view, default: []].append(index) }
        membersByView = byView
    }

    /// No recognizer at all: touches go straight to their views.
    public var isEmpty: Bool { members.isEmpty }

    /// One gesture recognizer as the arena runs it.
    public struct Member: Sendable {
        /// Which recognizer (its view is the one it is attached to).
        public var recognizer: GestureRecognizerRef
        public var machine: GestureRecognizerMachine
        /// G2: UIKit's defaults are true, false, true, true.
        public var cancelsTouchesInView: Bool
        public var delaysTouchesBegan: Bool
        public var delaysTouchesEnded: Bool
        public var enabled: Bool
        /// G5: the members it requires to fail, by index.
        public var requireToFail: [Int]
        /// S2: for a scroll view's pan, its `canCancelContentTouches`.
        public var canCancelContentTouches: Bool
        /// Touches it has seen since its last reset (G1), in order.
        public internal(set) var seen: [Int] = []
        /// A recognition or begin waiting for `requireToFail` members to fail (G5).
        public internal(set) var pending: GestureProposal?

        public init(
            recognizer: GestureRecognizerRef, machine: GestureRecognizerMachine, cancelsTouchesInView: Bool = true,
            delaysTouchesBegan: Bool = false, delaysTouchesEnded: Bool = true, enabled: Bool = true,
            requireToFail: [Int] = [], canCancelContentTouches: Bool = true
        ) {
            self.recognizer = recognizer
            self.machine = machine
            self.cancelsTouchesInView = cancelsTouchesInView
            self.delaysTouchesBegan = delaysTouchesBegan
            self.delaysTouchesEnded = delaysTouchesEnded
            self.enabled = enabled
            self.requireToFail = requireToFail
            self.canCancelContentTouches = canCancelContentTouches
        }

        var isScrollDelay: Bool { recognizer.kind == .scrollDelay }
        var isScrollPan: Bool { recognizer.kind == .scrollPan }

        /// Its gesture is over: a final state, no touch down, nothing waiting (UIKit then resets it).
        var isOver: Bool { machine.state.isFinal && machine.touches.isEmpty && pending == nil }
    }

    /// What the control a touch hit does against recognizers (G4) and scroll views (S2).
    public struct ControlTraits: Sendable, Hashable {
        /// G4: an enabled UIButton, UISwitch, UIStepper, UISegmentedControl or UIPageControl wins
        /// a single tap against a one-tap recognizer on an ancestor.
        public var winsSingleTap: Bool
        /// G4: an enabled UISlider or UISwitch wins a drag (pan, swipe) that starts on it.
        public var winsDrag: Bool
        /// C8: a control disabled by code refuses nothing.
        public var enabled: Bool
    }

    /// A touch that recognizers take (G1): what its view has been sent, and what is held back (G2).
    struct Touch: Sendable {
        var members: [Int]
        /// The view hit testing returned at began (R2), delivered to or not.
        var hitView: Int
        /// The view the touch is bound to (R2), when it is delivered to it (M1, M2).
        var view: Int?
        var tapCount: Int
        /// The hit view as a control (G4, S2); nil when it is none.
        var control: ControlTraits?
        /// Where the finger was last (a cancelled call is delivered there).
        var lastPoint: Point
        /// The view received touchesBegan.
        var began = false
        /// The view received touchesEnded or touchesCancelled, or never will (its held calls were dropped).
        var finished = false
        /// Calls held back by `delaysTouchesBegan` / `delaysTouchesEnded` (G2), oldest first.
        var held: [(phase: TouchPhase, point: Point)] = []
    }

    /// One thing the caller does, in order.
    public enum Action: Sendable, Hashable {
        /// G1: these recognizers get the touch's call before its view (a `recognizerTouches` entry).
        case recognizersSee(touch: Int, phase: TouchPhase, recognizers: [GestureRecognizerRef])
        /// A recognizer changed state (G3–G6, S1, S2): a `gestureRecognizer` entry.
        case transition(GestureRecognizerRef, from: GestureState, to: GestureState, reason: GestureReason, rule: RuleID)
        /// G5: the recognizer would enter `wants` but waits for others to fail.
        case wait(GestureRecognizerRef, wants: GestureState, reason: GestureReason, waitingFor: [GestureRecognizerRef])
        /// G6: the recognizer calls its targets for its new state.
        case sendActions(GestureRecognizerRef, state: GestureState)
        /// S1–S5: the scroll view starts scrolling with a touch (began), follows it (changed), or
        /// lets it go (ended, cancelled); the caller moves the offset.
        case scroll(scrollView: Int, phase: TouchesTrace.ScrollPhase, touch: Int?, rule: RuleID)
        /// G2, S1: the view's call of this phase is held back by these recognizers.
        case hold(touch: Int, phase: TouchPhase, view: Int?, by: [GestureRecognizerRef], rule: RuleID)
        /// Deliver the touch's call to its view (and on along the responder chain, R3).
        case deliver(TouchPhase, touch: Int, point: Point, tapCount: Int, view: Int)
        /// G3, S1, S2: the recognizer takes the touch from its view; held calls are `dropped`;
        /// when `touchesCancelled` a `deliver(.cancelled, …)` follows.
        case takeTouch(GestureRecognizerRef, touch: Int, view: Int, touchesCancelled: Bool, dropped: [TouchPhase], rule: RuleID)
    }

    // MARK: - Inputs

    /// A touch begins. `path` is the hit view and its ancestors up to the window (G1);
    /// `boundView` the view it is delivered to (nil when M1 or M2 keep it from the view; the
    /// recognizers still see it); `control` the hit view as a control. Returns nil when no
    /// recognizer takes the touch: the caller delivers it itself.
    public mutating func touchBegan(
        _ sample: TouchSample, path: [Int], boundView: Int?, tapCount: Int, control: ControlTraits?
    ) -> [Action]? {
        guard let hitView = path.first else { return nil }
        let taking = recognizers(along: path)
        guard !taking.isEmpty else { return nil }
        touches[sample.touch] = Touch(
            members: taking, hitView: hitView, view: boundView, tapCount: tapCount, control: control, lastPoint: sample.point)
        for m in taking { members[m].seen.append(sample.touch) }
        feed(sample)
        if !movingScrollViews.isEmpty {
            // S5: a touch on a moving scroll view stops it: its pan begins at once, so the content
            // never gets the touch (a tap on a scrolling list selects nothing).
            for m in taking where members[m].isScrollPan && movingScrollViews.contains(members[m].recognizer.view)
                && members[m].machine.state == .possible
            {
                win(.begin(reason: "the touch caught the moving scroll view"), member: m, scrollRule: .S5)
            }
        }
        if boundView != nil { queue(sample) }
        return takeOutput()
    }

    /// Moved, ended or cancelled. Returns nil for a touch the arena does not have: the caller
    /// delivers it itself (R2).
    public mutating func touchContinued(_ sample: TouchSample) -> [Action]? {
        guard let touch = touches[sample.touch] else { return nil }
        touches[sample.touch]?.lastPoint = sample.point
        feed(sample)
        if touch.view != nil { queue(sample) }
        return takeOutput()
    }

    /// The earliest recognizer timer due before `limit` (any when nil), without firing it.
    public func nextDeadline(before limit: Double?) -> Double? {
        var best: Double?
        for m in members.indices {
            guard let due = members[m].machine.deadline else { continue }
            if let limit, due >= limit { continue }
            if best.map({ due < $0 }) ?? true { best = due }
        }
        return best
    }

    /// Fires the earliest recognizer timer due before `limit` (any when nil) and returns its
    /// time and actions, or nil when none is due. A timer due at the same time as an input
    /// entry fires after it (docs/touches.md: "within" is inclusive, as for M3).
    public mutating func fireNextTimer(before limit: Double?) -> (time: Double, actions: [Action])? {
        var best: (member: Int, due: Double)?
        for m in members.indices {
            guard let due = members[m].machine.deadline else { continue }
            if let limit, due >= limit { continue }
            if best.map({ due < $0.due }) ?? true { best = (m, due) }
        }
        guard let (m, due) = best else { return nil }
        let proposal = members[m].machine.timerFired(time: due)
        if members[m].machine.deadline == due { members[m].machine.deadline = nil }
        if let proposal { handle(proposal, member: m) }
        resetFinished()
        return (due, takeOutput())
    }

    /// UIKit resets a recognizer once its gesture is over (a final state, no touch down,
    /// nothing waiting). The caller runs this after each input entry (timers run it
    /// themselves), so a finished recognizer neither blocks (G5) nor holds (G2) anything later.
    public mutating func resetFinished() {
        for m in members.indices where members[m].isOver {
            members[m].machine.reset()
            members[m].seen = []
        }
    }

    /// C8: code enabled or disabled a control; a disabled control the touch hit refuses no
    /// recognizer from then on (G4).
    public mutating func setControlEnabled(_ view: Int, _ enabled: Bool) {
        for (id, touch) in touches where touch.hitView == view && touch.control != nil {
            touches[id]?.control?.enabled = enabled
        }
    }

    // MARK: - Helpers

    mutating func emit(_ action: Action) {
        output.append(action)
    }

    mutating func takeOutput() -> [Action] {
        defer { output = [] }
        return output
    }

    /// G1: the enabled recognizers along the path, from the hit view up (each view's in list
    /// order). One whose gesture is over is reset first; one still busy with other touches, or
    /// waiting for another to fail (G5), does not take the new touch. S1: a scroll view's delay
    /// is for its content, not for touches on the scroll view itself.
    mutating func recognizers(along path: [Int]) -> [Int] {
        var result: [Int] = []
        for (depth, view) in path.enumerated() {
            for m in membersByView[view] ?? [] where members[m].enabled {
                if members[m].isScrollDelay, depth == 0 { continue }
                if members[m].isOver {
                    members[m].machine.reset()
                    members[m].seen = []
                }
                guard !members[m].machine.state.isFinal, members[m].pending == nil else { continue }
                result.append(m)
            }
        }
        return result
    }
}

extension GestureProposal {
    /// The rule of a failure the recognizer proposed itself (G3, G6, S1).
    var failRule: RuleID {
        if case let .fail(_, rule) = self { return rule }
        return .G6
    }
}
