// Prints what the hit-testing benchmark's scenes and points are like (views, depth, JSON size,
// what the points hit, steps per traced hit, response size), and a rough per-hit time measured
// with a plain clock as a cross-check of the benchmark framework's scaled figures.
import SceneGenerator
import TouchTraceEngine

#if canImport(Glibc)
    import Glibc
#endif

func perHitNanoseconds(_ fixture: HitTestFixture, rounds: Int, _ body: (Point) -> Int) -> Double {
    var sink = 0
    var best = Double.infinity
    let clock = ContinuousClock()
    for _ in 0..<rounds {
        let start = clock.now
        for p in fixture.points { sink &+= body(p) }
        let elapsed = clock.now - start
        let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        best = min(best, ns / Double(fixture.points.count))
    }
    if sink == 42 { print("") }
    return best
}

// `scene-stats --profile untraced|traced|json VIEWS SECONDS`: loops one variant for a profiler
// (perf record, valgrind --tool=callgrind) without the benchmark framework around it.
let arguments = CommandLine.arguments
if let i = arguments.firstIndex(of: "--profile"), arguments.count > i + 3,
    let size = Int(arguments[i + 2]), let seconds = Double(arguments[i + 3])
{
    let f = HitTestFixture(viewCount: size)
    let variant = arguments[i + 1]
    let clock = ContinuousClock()
    let end = clock.now + .milliseconds(Int(seconds * 1000))
    var sink = 0
    var hits = 0
    while clock.now < end {
        for p in f.points {
            switch variant {
            case "untraced": sink &+= f.tester.hitTest(p, traced: false).hitView ?? 0
            case "traced": sink &+= f.tester.hitTest(p, traced: true).steps.count
            default:
                let out = ResponseEncoder.bytes(f.tester.hitTest(p, traced: true), in: f.scene)
                sink &+= out.count
            }
        }
        hits += f.points.count
    }
    print("\(variant) \(size) views: \(hits) hits (\(sink))")
    exit(0)
}

let quick = arguments.contains("--no-timing") == false
print("views  depth  scene JSON  window-hits  hits by class                                    steps/hit  trace JSON/hit  | best-of-5 ns/hit: untraced  traced  traced+JSON")
for size in HitTestFixture.sizes {
    let f = HitTestFixture(viewCount: size)
    var byClass: [String: Int] = [:]
    var steps = 0
    var bytes = 0
    var misses = 0
    for p in f.points {
        let r = f.tester.hitTest(p, traced: true)
        steps += r.steps.count
        bytes += ResponseEncoder.bytes(r, in: f.scene).count
        if let hit = r.hitView {
            byClass[f.scene.views[hit].viewClass.rawValue, default: 0] += 1
        } else {
            misses += 1
        }
    }
    let classes = byClass.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    var line = "\(size)  \(f.depth)  \(f.jsonBytes / 1024) KB  \(f.points.count - misses)/\(f.points.count)  \(classes)  "
    line += "\(Double(steps) / Double(f.points.count))  \(bytes / f.points.count) B"
    if quick {
        let rounds = size >= 10_000 ? 3 : 5
        let u = perHitNanoseconds(f, rounds: rounds) { f.tester.hitTest($0, traced: false).hitView ?? -1 }
        let t = perHitNanoseconds(f, rounds: rounds) { f.tester.hitTest($0, traced: true).steps.count }
        let j = perHitNanoseconds(f, rounds: rounds) {
            ResponseEncoder.bytes(f.tester.hitTest($0, traced: true), in: f.scene).count
        }
        line += "  | \(Int(u))  \(Int(t))  \(Int(j))"
    }
    print(line)
}
