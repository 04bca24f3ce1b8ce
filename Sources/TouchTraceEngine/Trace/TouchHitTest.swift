/// One touch's hit test at `began` (R2): the full trace, and the scene it ran on (the scene as
/// it was at that moment, which later programmatic edits of the same request may have changed).
public struct TouchHitTest: Sendable {
    public var touch: Int
    public var trace: HitTestTrace
    public var scene: Scene
}
