/// The engine's entry points, one per operation, shared by the HTTP API and the CLI so that both
/// return the same JSON for the same input (the operation catalogue in `TouchTraceOperations`
/// declares each once and generates the routes and subcommands from it):
///
/// | operation | request | entry point |
/// |---|---|---|
/// | hit-test | ``HitTestRequest`` | ``hitTest(_:in:)``, ``hitTestBytes(_:in:)`` |
/// | touches | ``TouchRequest`` | ``touches(_:in:)`` |
/// | actions | ``ActionsRequest`` | ``actions(_:in:)`` |
/// | layout | ``LayoutRequest`` | ``layout(_:in:)``, ``layoutBytes(_:in:)`` |
/// | validate | none | ``validate(_:)`` |
///
/// Each takes a scene that was decoded (and validated) by ``SceneDecoder``; none changes it.
public enum TouchTrace {}

extension TouchTrace {
    /// The version of TouchTrace: `touchtrace --version`, openapi.yaml's `info.version` (a test
    /// keeps them equal) and the `/health` answer.
    public static let version = "0.2.0"
}
