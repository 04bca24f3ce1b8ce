/// A touch's phase, as `UITouch.Phase`.
public enum TouchPhase: String, Sendable, CaseIterable {
    case began, moved, ended, cancelled

    /// The `UIResponder` method that delivers this phase.
    public var method: String {
        switch self {
        case .began: return "touchesBegan"
        case .moved: return "touchesMoved"
        case .ended: return "touchesEnded"
        case .cancelled: return "touchesCancelled"
        }
    }
}

/// One touch at one instant.
public struct TouchSample: Sendable, Hashable {
    /// The touch's id: the same finger for its whole life (R2).
    public var touch: Int
    public var phase: TouchPhase
    /// In the request window's coordinates.
    public var point: Point
    /// Seconds on the input's own clock.
    public var time: Double
    /// The JSON pointer of the entry that produced it, for error reports.
    public var pointer: String

    public init(touch: Int, phase: TouchPhase, point: Point, time: Double, pointer: String = "") {
        self.touch = touch
        self.phase = phase
        self.point = point
        self.time = time
        self.pointer = pointer
    }
}

extension TouchSample {
    /// A quick tap's length: the `tap` shorthand's touches (``TouchRequest``) and the diagnosis's
    /// replayed tap end this long after they begin (a decision: short of any long press).
    public static let tapDuration = 0.1
}
