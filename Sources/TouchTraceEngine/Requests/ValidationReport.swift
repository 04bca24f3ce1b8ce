/// The answer to `validate` for a scene the decoder accepted (``TouchTrace/validate(_:pointerBase:)``):
/// how many views and windows it has, and the warnings — not errors — a developer should read.
/// (An invalid scene never gets here: decoding it throws the problem document that lists every
/// problem.)
public struct ValidationReport: Sendable {
    /// Views, windows included.
    public var views: Int
    public var windows: Int
    /// Views with empty frames, controls nothing can hit, subviews entirely outside their
    /// superview (H4), in document order, each with its view's JSON pointer.
    public var warnings: [SceneWarning]
}
