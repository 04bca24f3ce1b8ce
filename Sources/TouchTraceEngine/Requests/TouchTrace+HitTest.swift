extension TouchTrace {
    /// Runs a hit-test request: applies its `changes` (if any) to a copy of the scene — or, with
    /// none, takes the scene after its initial layout cycle — then hit-tests every point in the
    /// request's window (H1–H9). The scene passed in is not changed.
    public static func hitTest(_ request: HitTestRequest, in prepared: PreparedScene, limits: SceneLimits) throws(InputError) -> HitTestResult {
        let scene = try prepared.scene(after: request.changes, limits: limits)
        let window = try resolveWindow(request.window, in: scene)
        let tester = HitTester(scene: scene)
        return HitTestResult(scene: scene, traces: request.points.map { tester.hitTest($0, inWindow: window) }, single: request.single)
    }

    /// The window a request names (`/window`), or nil for the front-most.
    static func resolveWindow(_ name: String?, in scene: Scene) throws(InputError) -> Int? {
        guard let name else { return nil }
        guard let index = scene.viewIndex(name), scene.views[index].isWindow else {
            throw .invalidRequest([SceneProblem(pointer: "/window", message: "\"\(name)\" is not a window of the scene" + scene.didYouMean(name, among: { scene.isWindow($0) }))])
        }
        return index
    }
}
