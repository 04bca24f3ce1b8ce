/// The engine's entry points, one per operation, shared by the HTTP API, the CLI, `touchtrace
/// check` and any Swift program that embeds the engine. Each takes a scene that was decoded (and
/// validated) by ``SceneDecoder`` and prepared (``PreparedScene``), never changes it, and returns
/// a typed value; ``ResponseEncoder`` writes that value as the JSON the API answers.
///
/// | operation | request | entry point | answer |
/// |---|---|---|---|
/// | hit-test | ``HitTestRequest`` | ``hitTest(_:in:limits:)`` | ``HitTestResult`` |
/// | touches | ``TouchRequest`` | ``touches(_:in:limits:)`` | ``TouchesResult`` |
/// | actions | ``ActionsRequest`` | ``actions(_:in:limits:)`` | ``ActionsResult`` |
/// | layout | ``LayoutRequest`` | ``layout(_:in:limits:)`` | ``LayoutResult`` |
/// | validate | none | ``validate(_:pointerBase:)`` | ``ValidationReport`` |
/// | audit | ``AuditOptions`` | ``audit(_:options:pointerBase:)`` | ``AuditReport`` |
/// | why-not | ``WhyNotRequest`` | ``whyNot(_:in:limits:)`` | ``WhyNotResult`` |
///
/// ```swift
/// let limits = SceneLimits()
/// let prepared = PreparedScene(try SceneDecoder(limits: limits).decode(bytes: sceneJSON), limits: limits)
/// let result = try TouchTrace.hitTest(HitTestRequest(points: [Point(x: 40, y: 720)], single: true), in: prepared, limits: limits)
/// print(result.hitViews)                          // ["button"]
/// let body = ResponseEncoder.bytes(result)        // the API's answer
/// ```
public enum TouchTrace {}

extension TouchTrace {
    /// The version of TouchTrace: `touchtrace --version`, openapi.yaml's `info.version` (a test
    /// keeps them equal) and the `/health` answer.
    public static let version = "0.2.0"
}
