// Why-not benchmark (issue 24): the diagnosis of a view of the generated 1,000-view scene
// (Sources/SceneGenerator; 100 and 10,000 views too). Target: at most 5 ms per why-not on the
// 1,000-view scene (release).
//
// Each iteration diagnoses 1,000 views of the scene at their centers — every view of the
// 1,000-view scene once, a fixed sample of the others — and the scaling factor `.kilo` divides
// every metric by 1,000, so the reported time is that of ONE diagnosis. The scene has a scroll
// view (the feed), so every diagnosis also replays a tap through the touch session (the
// delivery stage). Measured beside it, in the same run, the reference: one traced hit test at
// the same point (`hitTestReference`), so the ratio why-not / hit test holds on a busy machine.
//
// - `whyNot/N`: `Diagnoser.diagnose(view)` with a diagnoser made once per scene (as the
//   operation makes one per request, `whyNotRequest` below includes it);
// - `whyNotRequest/N`: what `POST /v1/scenes/{id}/why-not` does for a stored scene: the facade
//   (`TouchTrace.whyNot`, a new `Diagnoser`) and the answer's JSON bytes;
// - `hitTestReference/N`: `HitTester.hitTest(center, traced: true)`.
import Benchmark
import SceneGenerator
import TouchTraceEngine

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 2,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 200
    )
    for size in [100, 1_000, 10_000] {
        let generated = GeneratedScene(viewCount: size)
        let decoded: Scene
        do {
            decoded = try SceneDecoder().decode(bytes: Array(generated.json.utf8))
        } catch {
            fatalError("the generated scene of \(size) views does not decode: \(error)")
        }
        let prepared = PreparedScene(decoded, limits: SceneLimits())
        let scene = prepared.laidOut
        let diagnoser = Diagnoser(scene: scene)
        let count = BenchmarkScalingFactor.kilo.rawValue
        let views = (0..<count).map { $0 * scene.views.count / count }
        let centers = views.map { diagnoser.center(of: $0) }
        let requests = views.map { WhyNotRequest(view: scene.views[$0].id) }

        Benchmark("whyNot/\(size)", configuration: configuration) { benchmark in
            for i in benchmark.scaledIterations {
                blackHole(diagnoser.diagnose(views[i]))
            }
        }
        Benchmark("whyNotRequest/\(size)", configuration: configuration) { benchmark in
            for i in benchmark.scaledIterations {
                guard let result = try? TouchTrace.whyNot(requests[i], in: prepared, limits: SceneLimits()) else {
                    fatalError("why-not failed")
                }
                blackHole(ResponseEncoder.bytes(result))
            }
        }
        Benchmark("hitTestReference/\(size)", configuration: configuration) { benchmark in
            for i in benchmark.scaledIterations {
                blackHole(diagnoser.tester.hitTest(centers[i], traced: true))
            }
        }
    }
}
