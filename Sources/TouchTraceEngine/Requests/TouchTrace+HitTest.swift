extension TouchTrace {
    /// Runs a hit-test request: applies its `changes` (if any) to a copy of the scene — or, with
    /// none, takes the scene after its initial layout cycle — then hit-tests every point in the
    /// request's window (H1–H10). The scene passed in is not changed. A scene whose geometry is
    /// not known (``UnknownGeometry``) is refused at `/point` (`/points`).
    public static func hitTest(_ request: HitTestRequest, in prepared: PreparedScene, limits: SceneLimits) throws(InputError) -> HitTestResult {
        let scene = try prepared.scene(after: request.changes, limits: limits)
        if let unknown = UnknownGeometry(scene) {
            throw unknown.refusal(at: request.single ? "/point" : "/points", "what a tap there hits (H2, H4: every point is outside every view)")
        }
        let window = try resolveWindow(request.window, in: scene)
        let tester = HitTester(scene: scene)
        var traces: [HitTestTrace] = []
        traces.reserveCapacity(request.points.count)
        var steps = 0
        for point in request.points {
            let trace = tester.hitTest(point, inWindow: window)
            // The steps and the responder chain (a chain of presented controllers can be long).
            steps += trace.steps.count + (trace.hitView.map { scene.responderChain(from: .view($0)).count } ?? 0)
            // Each step is written in the answer: their number bounds its size (SceneLimits).
            if steps > limits.maxTraceSteps {
                throw .tooComplex([SceneProblem(
                    pointer: request.single ? "/point" : "/points",
                    message: "the hit tests of these points visit more than \(limits.maxTraceSteps) views in all, this server's limit on trace steps (maxTraceSteps); ask for fewer points")])
            }
            // Out of time: the transport throws the unfinished answer away.
            if limits.budget.spend(1 + trace.steps.count / 16) { break }
            traces.append(trace)
        }
        return HitTestResult(scene: scene, traces: traces, single: request.single)
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
