extension TouchTrace {
    /// Why a view does or does not get a tap at a point (the diagnosis stage, ``Diagnoser``): on
    /// the scene after its initial layout cycle, or after the request's `changes` and one update
    /// cycle. A point given in another window's coordinates (`window`) is converted into the
    /// view's window's, which the answer uses. Returns the diagnosis with the scene it refers to.
    /// An id that names no view is a problem at `/view`, with a suggestion; so is any view of a
    /// scene whose geometry is not known (``UnknownGeometry``: imported from a dump that prints
    /// no frames), unless `changes` give frames.
    public static func whyNot(_ request: WhyNotRequest, in prepared: PreparedScene, limits: SceneLimits) throws(InputError) -> WhyNotResult {
        let scene = try prepared.scene(after: request.changes, limits: limits)
        guard let view = scene.viewIndex(request.view) else {
            let what: String
            switch scene.ids[request.view] {
            case nil: what = "is not a view of the scene"
            case .viewController?: what = "is a view controller, not a view (ask about its view)"
            case .gestureRecognizer?: what = "is a gesture recognizer, not a view (ask about the view it is attached to)"
            default: what = "is not a view"
            }
            throw .invalidRequest([SceneProblem(
                pointer: "/view", message: "\"\(request.view)\" \(what)" + scene.didYouMean(request.view, among: IDSuggestion.isView))])
        }
        if let unknown = UnknownGeometry(scene) {
            // Every frame is empty because the dump printed none, not because the views have no
            // size: a diagnosis would blame H2 on each of them.
            throw unknown.refusal(at: "/view", "why \"\(request.view)\" does not get a tap")
        }
        let diagnoser = Diagnoser(scene: scene)
        let window = try resolveWindow(request.window, in: scene)
        guard let point = request.point, let window else { return WhyNotResult(scene: scene, diagnosis: diagnoser.diagnose(view, at: request.point)) }
        // The request window's coordinates → the screen → the view's window's (H8, H5).
        guard let diagnosis = diagnoser.diagnose(view, at: point, fromWindow: window) else {
            throw .invalidRequest([SceneProblem(
                pointer: "/window", message: "the point cannot be brought into \(scene.views[scene.root(of: view)].id)'s coordinates (its transform cannot be inverted)")])
        }
        return WhyNotResult(scene: scene, diagnosis: diagnosis)
    }
}

/// The answer to a why-not request (``TouchTrace/whyNot(_:in:limits:)``): the diagnosis, with the
/// scene its view indices refer to (after the request's `changes`, if any).
public struct WhyNotResult: Sendable {
    public var scene: Scene
    public var diagnosis: Diagnosis
}
