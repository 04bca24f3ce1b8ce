// Layout benchmarks: engine time of rotating a portrait window (390×844) to landscape (844×390)
// in autoresizing scenes of 1,000 and 10,000 views, as `Scene.applying(_:)` does it for a
// request with `changes` (the initial layout cycle, the resize with its autoresizing cascade
// (L5), and the update cycle with its trace (L2, L3, L4)), and the same plus the response JSON
// as `POST …/layout` returns it, through `JSONValue` and `JSONWriter` or written directly. Scenes are generated and decoded before measuring.
import Benchmark
import SceneGenerator
import TouchTraceEngine

/// ``RotationSceneDocument``'s scene of exactly `viewCount` views, decoded, and the rotation.
struct RotationScene {
    let scene: Scene
    let request: LayoutRequest

    init(viewCount: Int) {
        scene = try! SceneDecoder().decode(RotationSceneDocument.document(viewCount: viewCount))
        precondition(scene.views.count == viewCount, "generated \(scene.views.count) views, not \(viewCount)")
        request = LayoutRequest(changes: [LayoutChange(.resizeWindow(window: "win", size: Size(width: 844, height: 390)), pointer: "/changes/0")])
    }
}

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .microseconds,
        warmupIterations: 2,
        maxDuration: .seconds(3),
        maxIterations: 500
    )
    let limits = SceneLimits()
    for size in [1_000, 10_000] {
        let fixture = RotationScene(viewCount: size)
        // The scene as the server keeps it (its initial cycle's system; none here: no constraints).
        let prepared = PreparedScene(fixture.scene, limits: limits)

        // The engine: initial cycle, resize with autoresizing, update cycle, trace.
        Benchmark("rotation/\(size)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try! fixture.scene.applying(fixture.request.changes, limits: limits))
            }
        }

        // What `POST …/layout` does after decoding: the engine plus the response JSON and bytes.
        Benchmark("rotationJSON/\(size)", configuration: configuration) { benchmark in
            let writer = JSONWriter()
            for _ in benchmark.scaledIterations {
                blackHole(writer.bytes(ResponseEncoder.json(try! TouchTrace.layout(fixture.request, in: prepared, limits: limits))))
            }
        }

        // The same response bytes written directly (`ResponseEncoder.bytes`), the API's hot path.
        Benchmark("rotationBytes/\(size)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(ResponseEncoder.bytes(try! TouchTrace.layout(fixture.request, in: prepared, limits: limits)))
            }
        }
    }
}
