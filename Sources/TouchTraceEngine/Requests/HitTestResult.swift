/// The answer to a hit-test request (``TouchTrace/hitTest(_:in:limits:)``): one trace per point,
/// with the scene their view indices refer to (after the request's `changes`, if any).
///
/// `ResponseEncoder.bytes(_:)` writes it as the API answers it: one trace for a request with
/// `point`, `{"results": [...]}` for one with `points`.
public struct HitTestResult: Sendable {
    /// The scene the points were tested against.
    public var scene: Scene
    /// One trace per point, in request order.
    public var traces: [HitTestTrace]
    /// True when the request used `point` (the answer is one trace), false for `points`.
    public var single: Bool

    /// The id of the view hit at each point (nil: nothing was hit), in request order.
    public var hitViews: [String?] { traces.map { $0.hitView.map { scene.views[$0].id } } }
}
