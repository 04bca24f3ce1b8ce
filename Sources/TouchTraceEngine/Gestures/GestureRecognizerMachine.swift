/// `UIGestureRecognizer.State` (rule G6). Discrete recognizers (tap, swipe) go possible →
/// recognized or failed; continuous ones (long press, pan) go possible → began → changed* →
/// ended or cancelled, or possible → failed.
public enum GestureState: String, Sendable, Hashable, CaseIterable {
    case possible, began, changed, ended, cancelled, failed, recognized

    /// A state the recognizer leaves only by being reset, once its touches have ended.
    public var isFinal: Bool {
        switch self {
        case .recognized, .ended, .cancelled, .failed: return true
        case .possible, .began, .changed: return false
        }
    }

    /// Began, changed or recognized: the recognizer has won its touches (G3, G5).
    public var hasRecognized: Bool {
        switch self {
        case .began, .changed, .recognized, .ended: return true
        case .possible, .cancelled, .failed: return false
        }
    }
}

/// What a recognizer's input asks for; the caller decides (G4 may refuse a begin, G5 may make a
/// recognition wait) and then calls `apply(_:)`.
package enum GestureProposal: Sendable, Hashable {
    /// A discrete recognizer recognizes (G3).
    case recognize(reason: String)
    /// A continuous recognizer begins (G6).
    case begin(reason: String)
    /// A continuous recognizer that has begun sees a move (G6).
    case change
    /// A continuous recognizer's touch ended (G6).
    case end(reason: String)
    /// A continuous recognizer's touch was cancelled (G6).
    case cancel(reason: String)
    /// The recognizer fails (G3, G6); G4 and G5 failures come from the caller.
    case fail(reason: String, rule: RuleID)

    /// The state the proposal leads to.
    public var target: GestureState {
        switch self {
        case .recognize: return .recognized
        case .begin: return .began
        case .change: return .changed
        case .end: return .ended
        case .cancel: return .cancelled
        case .fail: return .failed
        }
    }

    /// Leaving `possible` for a winning state: what G4 (`gestureRecognizerShouldBegin`) and G5
    /// (`require(toFail:)`) get to refuse or delay.
    public var isBeginning: Bool {
        switch self {
        case .recognize, .begin: return true
        default: return false
        }
    }

    public var reason: String {
        switch self {
        case let .recognize(reason), let .begin(reason), let .end(reason), let .cancel(reason): return reason
        case .change: return "the touch moved"
        case let .fail(reason, _): return reason
        }
    }
}

/// A state change a recognizer made, for the trace.
package struct GestureTransition: Sendable, Hashable {
    public var from: GestureState
    public var to: GestureState
    public var reason: String
}

/// What a recognizer needs to know, taken from the scene (or built by hand in tests).
package struct GestureMachineConfig: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `UITapGestureRecognizer` with `numberOfTapsRequired` (a `doubleTap` is 2).
        case tap(taps: Int)
        /// `UILongPressGestureRecognizer` with `minimumPressDuration` (seconds).
        case longPress(minimumPressDuration: Double)
        /// `UIPanGestureRecognizer`.
        case pan
        /// `UISwipeGestureRecognizer`, in `swipeDirections` (default `.right`, UIKit's).
        case swipe
        /// A scroll view's delayed-touches-began recognizer (S1): fails, releasing the content's
        /// held calls, when the finger has been down for the delay or lifts; never recognizes.
        case contentTouchDelay(seconds: Double)
    }

    public var kind: Kind
    /// Fingers that may be down at once (`numberOfTouchesRequired`); one more fails the recognizer.
    public var touchesRequired: Int
    /// G3: points a tap (or a long press before it begins) may move; a pan begins beyond it.
    public var tapSlop: Double
    /// G3, M3: seconds between one tap's end and the next tap's start of a multi-tap.
    public var multiTapInterval: Double
    /// G3, M3: points between one tap's end and the next tap's start of a multi-tap.
    public var multiTapRadius: Double
    /// G3: seconds a tap may be held (decision, `UIKitConstants.tapMaximumDuration`).
    public var maximumTapDuration: Double
    /// G6: the directions a swipe recognizes (`UISwipeGestureRecognizer.direction`, an option set).
    public var swipeDirections: SwipeDirections
    /// S4, S8: for a scroll view's pan, the axes its scroll view can scroll along (content larger
    /// than the bounds, or `alwaysBounce…`); nil for a plain pan. A drag along an axis it cannot
    /// scroll fails it, so an outer scroll view can take the drag.
    public var scrollAxes: ScrollAxes?

    public init(
        kind: Kind, touchesRequired: Int = 1, tapSlop: Double = UIKitConstants.tapSlop,
        multiTapInterval: Double = UIKitConstants.multiTapInterval, multiTapRadius: Double = UIKitConstants.multiTapRadius,
        maximumTapDuration: Double = UIKitConstants.tapMaximumDuration, swipeDirections: SwipeDirections = .right,
        scrollAxes: ScrollAxes? = nil
    ) {
        self.kind = kind
        self.touchesRequired = touchesRequired
        self.tapSlop = tapSlop
        self.multiTapInterval = multiTapInterval
        self.multiTapRadius = multiTapRadius
        self.maximumTapDuration = maximumTapDuration
        self.swipeDirections = swipeDirections
        self.scrollAxes = scrollAxes
    }

    /// A tap recognizer (G3).
    public var isTap: Bool {
        if case .tap = kind { return true }
        return false
    }

    /// Continuous recognizers go through began/changed/ended (G6).
    public var isContinuous: Bool {
        switch kind {
        case .longPress, .pan: return true
        case .tap, .swipe, .contentTouchDelay: return false
        }
    }
}

/// One gesture recognizer as a state machine (rules G3, G6), in the shape of `ControlTracking`:
/// each `mutating` input (a touch phase with the point in window coordinates and the input's own
/// time, or a timer reaching `deadline`) returns what the recognizer proposes; the caller
/// applies it (`apply(_:)`) unless G4 or G5 decide otherwise. It knows nothing about scenes or
/// other recognizers (GestureRecognizerMachineTests).
package struct GestureRecognizerMachine: Sendable, Hashable {
    public var config: GestureMachineConfig
    public internal(set) var state: GestureState = .possible
    /// Touches down that the recognizer tracks, with where each began.
    public internal(set) var touches: [Int: Point] = [:]
    /// Where each touch down is now (swipes follow the touches' average, G6).
    public internal(set) var positions: [Int: Point] = [:]
    /// The most touches down at once during the current tap (G3: `numberOfTouchesRequired`).
    public internal(set) var mostTouchesDown = 0
    /// Taps completed so far (tap recognizers).
    public internal(set) var tapsCompleted = 0
    /// Where the last tap ended (multi-taps, G3/M3).
    public internal(set) var lastTapEnd: Point?
    /// When a timer fires for this recognizer (seconds on the input's clock), and why.
    public internal(set) var deadline: Double?
    public internal(set) var deadlineReason = ""

    public init(config: GestureMachineConfig) {
        self.config = config
    }

    /// UIKit's `reset()`: back to possible with nothing remembered.
    public mutating func reset() {
        self = GestureRecognizerMachine(config: config)
    }

    /// Moves to the proposal's state and returns the transition. Entering a final state clears
    /// the timer.
    @discardableResult
    public mutating func apply(_ proposal: GestureProposal) -> GestureTransition {
        let transition = GestureTransition(from: state, to: proposal.target, reason: proposal.reason)
        state = proposal.target
        if state.isFinal || state == .began { deadline = nil }
        return transition
    }

    // MARK: - Inputs

    public mutating func touchBegan(_ touch: Int, at p: Point, time: Double) -> GestureProposal? {
        guard !state.isFinal else { return nil }
        touches[touch] = p
        positions[touch] = p
        mostTouchesDown = max(mostTouchesDown, touches.count)
        if touches.count > config.touchesRequired {
            return state == .possible
                ? .fail(reason: "\(touches.count) touches down, more than numberOfTouchesRequired \(config.touchesRequired)", rule: config.isTap ? .G3 : .G6)
                : nil
        }
        switch config.kind {
        case .tap:
            if tapsCompleted > 0, let last = lastTapEnd {
                let d = distance(p, last)
                if d > config.multiTapRadius {
                    return .fail(reason: "tap \(tapsCompleted + 1) began \(format(d)) points from the last tap, more than multiTapRadius \(format(config.multiTapRadius))", rule: .G3)
                }
            }
            setTimer(time + config.maximumTapDuration, "held longer than the tap's maximum duration \(format(config.maximumTapDuration)) s")
        case let .longPress(minimum):
            setTimer(time + minimum, "held still for minimumPressDuration \(format(minimum)) s")
        case .swipe:
            setTimer(time + UIKitConstants.swipeMaximumDuration, "no swipe within \(format(UIKitConstants.swipeMaximumDuration)) s")
        case let .contentTouchDelay(seconds):
            setTimer(time + seconds, "the finger stayed down for the scroll view's delay (\(format(seconds)) s)")
        case .pan:
            break
        }
        return nil
    }

    public mutating func touchMoved(_ touch: Int, at p: Point, time: Double) -> GestureProposal? {
        guard !state.isFinal, let start = touches[touch] else { return nil }
        positions[touch] = p
        let d = distance(p, start)
        switch config.kind {
        case .tap:
            if d > config.tapSlop {
                return .fail(reason: "moved \(format(d)) points, more than tapSlop \(format(config.tapSlop))", rule: .G3)
            }
        case .longPress:
            if state == .possible, d > config.tapSlop {
                return .fail(reason: "moved \(format(d)) points before minimumPressDuration, more than allowableMovement (tapSlop) \(format(config.tapSlop))", rule: .G6)
            }
            if state != .possible { return .change }
        case .pan:
            if state == .possible, d > config.tapSlop {
                if let axes = config.scrollAxes, let refusal = axes.refusal(dx: p.x - start.x, dy: p.y - start.y) {
                    return .fail(reason: refusal, rule: .S4)
                }
                return .begin(reason: "moved \(format(d)) points, more than tapSlop \(format(config.tapSlop))")
            }
            if state != .possible { return .change }
        case .contentTouchDelay:
            break
        case .swipe:
            return swipeMoved()
        }
        return nil
    }

    /// The touch leaves the recognizer even in a final state, so that it can be reset once all
    /// its touches have ended.
    public mutating func touchEnded(_ touch: Int, at p: Point, time: Double) -> GestureProposal? {
        let start = touches.removeValue(forKey: touch)
        positions[touch] = nil
        guard !state.isFinal, let start else { return nil }
        switch config.kind {
        case let .tap(taps):
            deadline = nil
            let d = distance(p, start)
            if d > config.tapSlop {
                return .fail(reason: "ended \(format(d)) points from where it began, more than tapSlop \(format(config.tapSlop))", rule: .G3)
            }
            guard touches.isEmpty else { return nil }
            if mostTouchesDown < config.touchesRequired {
                return .fail(reason: "tap \(tapsCompleted + 1) had \(mostTouchesDown) touch\(mostTouchesDown == 1 ? "" : "es") down, fewer than numberOfTouchesRequired \(config.touchesRequired)", rule: .G3)
            }
            mostTouchesDown = 0
            tapsCompleted += 1
            lastTapEnd = p
            if tapsCompleted >= taps {
                return .recognize(reason: taps == 1 ? "touch-up of a tap" : "touch-up of tap \(tapsCompleted) of \(taps)")
            }
            setTimer(time + config.multiTapInterval, "no tap \(tapsCompleted + 1) of \(taps) within multiTapInterval \(format(config.multiTapInterval)) s")
        case .longPress, .pan:
            if state == .possible {
                return .fail(reason: config.isContinuous && config.kind == .pan ? "ended without moving more than tapSlop \(format(config.tapSlop))" : "ended before minimumPressDuration", rule: .G6)
            }
            if touches.isEmpty { return .end(reason: "the touch ended") }
        case .swipe:
            return .fail(reason: "ended before moving \(format(UIKitConstants.swipeMinimumDistance)) points \(config.swipeDirections.names(joinedBy: " or "))", rule: .G6)
        case .contentTouchDelay:
            return .fail(reason: "the touch ended within the delay: the content gets the delayed touchesBegan and the end at once", rule: .S1)
        }
        return nil
    }

    public mutating func touchCancelled(_ touch: Int, time: Double) -> GestureProposal? {
        let known = touches.removeValue(forKey: touch) != nil
        positions[touch] = nil
        guard !state.isFinal, known else { return nil }
        return state == .possible ? .fail(reason: "the touch was cancelled", rule: .G6) : .cancel(reason: "the touch was cancelled")
    }

    /// The timer fired (the caller calls this at `deadline`).
    public mutating func timerFired(time: Double) -> GestureProposal? {
        guard let due = deadline, time >= due else { return nil }
        deadline = nil
        guard !state.isFinal else { return nil }
        switch config.kind {
        case .longPress where state == .possible:
            if touches.count < config.touchesRequired {
                return .fail(reason: "\(touches.count) touch\(touches.count == 1 ? "" : "es") down at minimumPressDuration, fewer than numberOfTouchesRequired \(config.touchesRequired)", rule: .G6)
            }
            return .begin(reason: deadlineReason)
        case .tap:
            return .fail(reason: deadlineReason, rule: .G3)
        case .swipe:
            return .fail(reason: deadlineReason, rule: .G6)
        case .contentTouchDelay:
            return .fail(reason: deadlineReason, rule: .S1)
        default:
            return nil
        }
    }

    /// Due times are rounded to the nanosecond, as input times are, so the trace shows 0.45
    /// rather than 0.1 + 0.35 in binary floating point.
    mutating func setTimer(_ due: Double, _ reason: String) {
        deadline = (due * 1e9).rounded() / 1e9
        deadlineReason = reason
    }

    func distance(_ a: Point, _ b: Point) -> Double {
        let dx = a.x - b.x
        let dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }

    func format(_ x: Double) -> String {
        JSONWriter().string(.number((x * 1000).rounded() / 1000))
    }
}
