// Hit-testing benchmarks: per-hit time of `HitTester.hitTest` on generated scenes of 100, 1,000
// and 10,000 views, untraced, traced, and traced plus the response JSON (what the API does).
//
// Each iteration hit-tests the fixture's 1,000 fixed points once; the scaling factor `.kilo`
// makes the benchmark framework divide every metric by 1,000, so the reported wall clock is the
// time of ONE hit test (and mallocs are per hit). Scenes are generated and decoded before the
// measurement, once per benchmark process.
import Benchmark
import SceneGenerator
import TouchTraceEngine

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 5_000
    )
    for size in HitTestFixture.sizes {
        let fixture = HitTestFixture(viewCount: size)
        precondition(fixture.points.count == BenchmarkScalingFactor.kilo.rawValue)

        Benchmark("untraced/\(size)", configuration: configuration) { benchmark in
            let tester = fixture.tester
            let points = fixture.points
            for i in benchmark.scaledIterations {
                blackHole(tester.hitTest(points[i], traced: false))
            }
        }

        Benchmark("traced/\(size)", configuration: configuration) { benchmark in
            let tester = fixture.tester
            let points = fixture.points
            for i in benchmark.scaledIterations {
                blackHole(tester.hitTest(points[i], traced: true))
            }
        }

        // What `POST .../hit-test` does per point: the traced hit test and the bytes of its
        // response, written directly (`ResponseEncoder.bytes(_:in:)`, with the responder chain and
        // each step's detail).
        Benchmark("tracedJSON/\(size)", configuration: configuration) { benchmark in
            let tester = fixture.tester
            let scene = fixture.scene
            let points = fixture.points
            for i in benchmark.scaledIterations {
                blackHole(ResponseEncoder.bytes(tester.hitTest(points[i], traced: true), in: scene))
            }
        }
    }
}
