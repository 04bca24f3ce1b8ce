// Touch delivery benchmark (issue "Touch delivery, UIControl tracking and target-action"):
// engine time of a 100-event touch sequence on the generated 1,000-view scene, traced.
//
// The sequence: one finger goes down on a button, moves 98 times (out beyond the 70-point
// tracking margin and back in, so the control sends drag-exit/enter and drag-inside/outside
// events) and lifts inside: 100 events, each with its hit test (at began), delivery, tracking
// calls, control events and target-action resolution. The request is decoded and the scene laid
// out (its initial layout cycle, as a stored scene is) before measuring;
// the benchmark measures `TouchTrace.touches` (the typed trace), that plus the answer as a JSON
// value (`ResponseEncoder.json`, which parses the bytes), and that plus the answer's bytes
// (`ResponseEncoder.bytes`, written straight from the typed trace: the API's path).
import Benchmark
import SceneGenerator
import TouchTraceEngine

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )
    let generated = GeneratedScene(viewCount: 1_000)
    let limits = SceneLimits()
    let prepared: PreparedScene
    do {
        // Prepared (laid out) once before measuring, as the server keeps a stored scene:
        // touches see the scene after its initial layout cycle.
        prepared = PreparedScene(try SceneDecoder().decode(bytes: Array(generated.json.utf8)), limits: limits)
    } catch {
        fatalError("the generated scene does not decode: \(error)")
    }
    let scene = prepared.laidOut
    // The first button whose centre the hit test really reaches.
    let tester = HitTester(scene: scene)
    guard
        let button = generated.targets.filter({ $0.kind == .button }).first(where: { target in
            let centre = Point(x: target.rect.midX, y: target.rect.midY)
            guard let hit = tester.hitTest(centre, traced: false).hitView else { return false }
            return scene.views[hit].control != nil
        })?.rect
    else { fatalError("no reachable button in the generated scene") }
    let start = Point(x: button.midX, y: button.midY)
    var entries = ["{\"touch\": 1, \"phase\": \"began\", \"x\": \(start.x), \"y\": \(start.y), \"t\": 0}"]
    for k in 1...98 {
        // Out 150 points to the left and back: a triangle wave over the 98 moves.
        let phase = Double(k) / 49
        let dx = -150 * (phase <= 1 ? phase : 2 - phase)
        entries.append("{\"touch\": 1, \"phase\": \"moved\", \"x\": \(start.x + dx), \"y\": \(start.y), \"t\": \(Double(k) / 100)}")
    }
    entries.append("{\"touch\": 1, \"phase\": \"ended\", \"x\": \(start.x), \"y\": \(start.y), \"t\": 1}")
    let request: TouchRequest
    do {
        request = try TouchRequest.decode(try JSONParser().parse("{\"touches\": [\(entries.joined(separator: ","))]}"))
    } catch {
        fatalError("the touch request does not decode: \(error)")
    }

    Benchmark("touches/100-events/1000-views", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? TouchTrace.touches(request, in: prepared, limits: limits))
        }
    }

    Benchmark("touchesJSON/100-events/1000-views", configuration: configuration) { benchmark in
        let writer = JSONWriter()
        for _ in benchmark.scaledIterations {
            if let result = try? TouchTrace.touches(request, in: prepared, limits: limits) { blackHole(writer.bytes(ResponseEncoder.json(result))) }
        }
    }

    Benchmark("touchesBytes/100-events/1000-views", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            if let result = try? TouchTrace.touches(request, in: prepared, limits: limits) { blackHole(ResponseEncoder.bytes(result)) }
        }
    }
}
