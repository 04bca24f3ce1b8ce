// Audit benchmark (issue "touchtrace check"): a full touch-target and layout audit of the
// generated scenes of 100, 1,000 and 10,000 views (Sources/SceneGenerator). Target: the
// 1,000-view scene in at most 20 ms (release).
//
// "Full audit" = build the scene's region map (every view's transform to the window, its
// touch-area outline and box), compute the effective hit region of every control and gesture
// view (slab decomposition + one hit test per cell, blockers, largest inscribed rectangle),
// apply the profile, the layout checks (the Auto Layout system) and the allow-list:
// `SceneAudit.run(HitRegionMap(scene:), options:)` on a scene after its initial layout cycle, as
// a stored scene is kept (PreparedScene). Also measured: the same plus the report's JSON bytes,
// and the audit of a scene as decoded (its initial layout cycle included).
import Benchmark
import SceneGenerator
import TouchTraceEngine

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 1_000
    )
    for size in [100, 1_000, 10_000] {
        let generated = GeneratedScene(viewCount: size)
        let decoded: Scene
        do {
            decoded = try SceneDecoder().decode(bytes: Array(generated.json.utf8))
        } catch {
            fatalError("the generated scene of \(size) views does not decode: \(error)")
        }
        let scene = decoded.laidOut(limits: SceneLimits())
        for profile in [TouchTargetProfile.apple44, .wcag258] {
            let options = AuditOptions(profile: profile)
            let name = profile == .apple44 ? "" : "-" + profile.name
            Benchmark("audit\(name)/\(size)", configuration: configuration) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(SceneAudit.run(HitRegionMap(scene: scene), options: options))
                }
            }
        }
        let options = AuditOptions(profile: .apple44)
        Benchmark("auditJSON/\(size)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(ResponseEncoder.bytes(SceneAudit.run(HitRegionMap(scene: scene), options: options)))
            }
        }
        Benchmark("auditDecoded/\(size)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? SceneAudit.run(PreparedScene(decoded, limits: SceneLimits()), options: options))
            }
        }
    }
}
