extension TouchTrace {
    /// Answers a hit-test request against a scene: one trace for `point`, `{"results": [...]}`
    /// for `points`. With `changes`, hit-tests the scene as the changes and one layout cycle
    /// left it (the scene passed in is not changed).
    public static func hitTest(_ request: HitTestRequest, in prepared: PreparedScene, limits: SceneLimits) throws(InputError) -> JSONValue {
        let (scene, results) = try hitTestResults(request, in: prepared, limits: limits)
        let traces = results.map { $0.json(in: scene) }
        // (No trace only when the time budget ran out: the transport discards the answer.)
        return request.single ? traces.first ?? .null : .obj(["results": .array(traces)])
    }

    /// Runs a hit-test request: applies its `changes` (if any) to a copy of the scene — or, with
    /// none, takes the scene after its initial layout cycle — then hit-tests every point.
    /// Returns the scene the points were tested against and one trace per point.
    public static func hitTestResults(_ request: HitTestRequest, in prepared: PreparedScene, limits: SceneLimits) throws(InputError) -> (scene: Scene, results: [HitTestTrace]) {
        let scene = try prepared.scene(after: request.changes, limits: limits)
        var window: Int?
        if let name = request.window {
            guard let index = scene.viewIndex(name), scene.views[index].isWindow else {
                throw .invalidRequest([SceneProblem(pointer: "/window", message: "\"\(name)\" is not a window of the scene" + scene.didYouMean(name, among: { scene.isWindow($0) }))])
            }
            window = index
        }
        let tester = HitTester(scene: scene)
        var results: [HitTestTrace] = []
        results.reserveCapacity(request.points.count)
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
            if limits.budget.spend(1 + trace.steps.count / 16) { break }
            results.append(trace)
        }
        return (scene, results)
    }

    /// The response of `hitTest(_:in:)` as bytes, written directly (the API's hot path): the
    /// same bytes as `JSONWriter().bytes(hitTest(request, in: scene))`.
    public static func hitTestBytes(_ request: HitTestRequest, in prepared: PreparedScene, limits: SceneLimits) throws(InputError) -> [UInt8] {
        let (scene, results) = try hitTestResults(request, in: prepared, limits: limits)
        var out = JSONOutput(capacity: 512 * results.count)
        if request.single {
            if let first = results.first { first.writeJSON(in: scene, into: &out) } else { out.raw("null") }
        } else {
            out.raw("{\"results\":[")
            for (i, result) in results.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ",")) }
                result.writeJSON(in: scene, into: &out)
            }
            out.raw("]}")
        }
        return out.bytes
    }
}
