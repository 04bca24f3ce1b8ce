// swift-tools-version: 6.1
// Benchmarks for TouchTrace, kept out of the main package so that `swift build` and
// `swift test` of the engine never build the benchmark framework. Run `./run.sh` from this
// folder (see docs/benchmarks.md).
import PackageDescription

let package = Package(
    name: "touchtrace-benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "touchtrace", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Deterministic UI-like scenes (scene JSON text) and probe points.
        .target(
            name: "SceneGenerator",
            dependencies: [.product(name: "TouchTraceEngine", package: "touchtrace")]
        ),
        // Describes the scenes and points, and cross-checks the per-hit figures with a plain clock.
        .executableTarget(
            name: "scene-stats",
            dependencies: ["SceneGenerator", .product(name: "TouchTraceEngine", package: "touchtrace")]
        ),
        .executableTarget(
            name: "HitTesting",
            dependencies: [
                "SceneGenerator",
                .product(name: "TouchTraceEngine", package: "touchtrace"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/HitTesting",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
