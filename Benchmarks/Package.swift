// swift-tools-version: 6.1
// Benchmarks for TouchTrace, kept out of the main package so that `swift build` and
// `swift test` of the engine never build the benchmark framework. Run `./run.sh` from this
// folder (see docs/benchmarks.md).
import PackageDescription

/// An ordo-one benchmark executable: its folder under Benchmarks/, the products of the
/// touchtrace package it uses, and targets of this package.
func benchmark(_ name: String, folder: String, engine products: [String], local: [String] = []) -> Target {
    .executableTarget(
        name: name,
        dependencies: local.map { .target(name: $0) } + products.map { .product(name: $0, package: "touchtrace") }
            + [.product(name: "Benchmark", package: "benchmark")],
        path: "Benchmarks/\(folder)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

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
        benchmark("HitTesting", folder: "HitTesting", engine: ["TouchTraceEngine"], local: ["SceneGenerator"]),
        // A 100-event touch sequence on the 1,000-view scene (touch delivery, tracking, actions).
        benchmark("Touches", folder: "Touches", engine: ["TouchTraceEngine"], local: ["SceneGenerator"]),
        // A full touch-target and layout audit of the generated scenes (effective hit regions).
        benchmark("AuditBenchmark", folder: "Audit", engine: ["TouchTraceEngine"], local: ["SceneGenerator"]),
        // kiwi_reference.py's 'cards' scene: the solver-level constraint systems and the same
        // tree as a TouchTrace scene document (stack views and intrinsic sizes).
        .target(
            name: "CardsSceneGenerator",
            dependencies: [.product(name: "TouchTraceSolver", package: "touchtrace")]
        ),
        // The constraint solver on kiwi_reference.py's card scenes, and the wired pipeline
        // (AutoLayoutSystem, TouchTrace.layout) on the same scene; driven by solver/run.sh,
        // which runs kiwisolver on the same systems in the same run.
        .executableTarget(
            name: "touchtrace-solver-bench",
            dependencies: [
                "CardsSceneGenerator",
                .product(name: "TouchTraceSolver", package: "touchtrace"),
                .product(name: "TouchTraceEngine", package: "touchtrace"),
            ]
        ),
        // Deterministic 1 MB hierarchy dumps (recursiveDescription, XCUITest, Sentry) of a table
        // screen, shared by DumpImportBenchmark and inline-layout-bench's dump rows.
        .target(name: "DumpGenerator"),
        // Issue 27: what an inline layout request (`POST /v1/layout`, a 1,000-view scene and a
        // window resize) costs, stage by stage, with and without the prepared-scene cache, and
        // the scene document's read rate next to Foundation's JSON parsers, in one run.
        .executableTarget(
            name: "inline-layout-bench",
            dependencies: [
                "CardsSceneGenerator",
                "DumpGenerator",
                "SceneGenerator",
                .product(name: "TouchTraceEngine", package: "touchtrace"),
                .product(name: "TouchTraceImport", package: "touchtrace"),
                .product(name: "TouchTraceOperations", package: "touchtrace"),
            ]
        ),
        // Interface Builder import of a 200 KB storyboard (generated; and the largest corpus
        // file when ../shared/corpus is there): bytes to a validated scene document.
        benchmark("ImportBenchmark", folder: "ImportBenchmark", engine: ["TouchTraceImport", "TouchTraceEngine"]),
        // Figma import of a generated 2 MB file and of figmagic's 2 MB corpus file (when
        // ../shared/corpus is there): bytes to a validated scene document.
        benchmark("FigmaImportBenchmark", folder: "FigmaImportBenchmark", engine: ["TouchTraceImport", "TouchTraceEngine"]),
        // Hierarchy dump import of generated 1 MB dumps (recursiveDescription, XCUITest, Sentry),
        // with the scene decoder alone on the same scene as the reference of the run.
        benchmark("DumpImportBenchmark", folder: "DumpImportBenchmark", engine: ["TouchTraceImport", "TouchTraceEngine"], local: ["DumpGenerator"]),
        // Penpot (Transit JSON) and Sketch (.sketch archive) import of generated 5 MB documents:
        // bytes to a validated scene document (issue 26's target: at most 150 ms).
        benchmark("DesignImportBenchmark", folder: "DesignImportBenchmark", engine: ["TouchTraceImport", "TouchTraceEngine"]),
        // Rotation (resizeWindow) of autoresizing scenes of 1,000 and 10,000 views (rule L5).
        benchmark("LayoutBenchmark", folder: "LayoutBenchmark", engine: ["TouchTraceEngine"], local: ["SceneGenerator"]),
        // Why-not (the diagnosis stage) on the generated scenes, with a traced hit test at the same
        // points as the reference measured in the same run.
        benchmark("WhyNotBenchmark", folder: "WhyNot", engine: ["TouchTraceEngine"], local: ["SceneGenerator"]),
    ]
)
