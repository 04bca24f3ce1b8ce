// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "touchtrace",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TouchTraceEngine", targets: ["TouchTraceEngine"]),
        .library(name: "TouchTraceSolver", targets: ["TouchTraceSolver"]),
        .library(name: "TouchTraceOperations", targets: ["TouchTraceOperations"]),
        .library(name: "TouchTraceImport", targets: ["TouchTraceImport"]),
        .library(name: "TouchTraceCheck", targets: ["TouchTraceCheck"]),
        .library(name: "TouchTraceRender", targets: ["TouchTraceRender"]),
        .executable(name: "touchtrace", targets: ["touchtrace"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Already in the graph through Hummingbird; named here for the connection guard (HTTP
        // parts) and TLS (PEM certificates and keys).
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // The pure engine: geometry, scene model and validation, hit testing, responder chain,
        // traces. No I/O, no clock, no globals; it depends on the standard library only.
        .target(name: "TouchTraceEngine", dependencies: ["TouchTraceSolver"]),
        // The Cassowary-family constraint solver (rule L6) with priorities as strict tiers:
        // standard library only, so the engine can depend on it without giving up purity.
        .target(name: "TouchTraceSolver"),
        // The operation catalogue: each operation (hit-test, touches, layout, …) declared once,
        // with how the CLI reads its input (swift-argument-parser) and how it runs; the server's
        // routes and the CLI's subcommands are generated from it. No I/O of its own.
        .target(
            name: "TouchTraceOperations",
            dependencies: [
                "TouchTraceEngine", "TouchTraceImport", "TouchTraceCheck", "TouchTraceRender",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Pictures: a scene as SVG, with touch points and their hit paths, effective hit regions
        // and audit findings. Standard library only, like the engine: a value in, bytes out.
        .target(name: "TouchTraceRender", dependencies: ["TouchTraceEngine"]),
        // Expectation files (`*.touchtrace.yaml`, JSON too) and the check that runs them: the
        // reader (with line and column for every value), the runner (steps through the engine's
        // facade and the audit), and the reports for CI (text, JSON, JUnit XML, GitHub Actions
        // annotations, SARIF). Bytes in, values and bytes out: no file or network access.
        .target(name: "TouchTraceCheck", dependencies: ["TouchTraceEngine", .product(name: "Yams", package: "Yams")]),
        // Design files (Interface Builder's .xib and .storyboard, Figma's REST API JSON) → scene documents,
        // with warnings and the id map. Bytes in, a value out: no file or network access. Uses
        // FoundationXML (libxml2 at run time on Linux).
        .target(name: "TouchTraceImport", dependencies: ["TouchTraceEngine"]),
        // Scenes as files on disk (and in memory for tests). Uses the engine's model only.
        .target(name: "TouchTraceStore", dependencies: ["TouchTraceEngine"]),
        // The HTTP API: routes, decoding, limits, errors, metrics. No domain logic.
        .target(
            name: "TouchTraceServer",
            dependencies: [
                "TouchTraceEngine",
                "TouchTraceImport",
                "TouchTraceOperations",
                "TouchTraceStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            plugins: ["EmbedFiles"]
        ),
        // Embeds openapi.yaml and the playground's files (Playground/) in the server at build time:
        // the build-tool plugin runs the generator, so the files stay the single source.
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["embed-files"]),
        .executableTarget(name: "embed-files"),
        .executableTarget(
            name: "touchtrace",
            dependencies: [
                "TouchTraceEngine",
                "TouchTraceOperations",
                "TouchTraceStore",
                "TouchTraceServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // Shared by the test targets: the 'cards' benchmark scene with kiwisolver's frames for it,
        // a seeded random number generator, the HTTP tests' two transports (in process and over
        // a socket to a live server), and `offPool` (blocking work on a thread of its own).
        .target(
            name: "TestSupport",
            dependencies: [
                "TouchTraceEngine",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "TouchTraceEngineTests",
            dependencies: ["TouchTraceEngine", "TestSupport"]
        ),
        .testTarget(
            name: "TouchTraceSolverTests",
            dependencies: ["TouchTraceSolver", "TestSupport"]
        ),
        .testTarget(
            name: "TouchTraceImportTests",
            dependencies: ["TouchTraceImport", "TouchTraceEngine", "TestSupport"]
        ),
        .testTarget(
            name: "TouchTraceCheckTests",
            dependencies: [
                "TouchTraceCheck",
                "TouchTraceEngine",
                "TouchTraceOperations",
                "TouchTraceServer",
                "TouchTraceStore",
                "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "TouchTraceRenderTests",
            dependencies: ["TouchTraceRender", "TouchTraceEngine", "TestSupport"]
        ),
        .testTarget(
            name: "TouchTraceStoreTests",
            dependencies: ["TouchTraceStore", "TouchTraceEngine"]
        ),
        .testTarget(
            name: "TouchTraceServerTests",
            dependencies: [
                "TouchTraceServer",
                "TouchTraceStore",
                "TouchTraceEngine",
                "TouchTraceOperations",
                "TouchTraceRender",
                "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
    ]
)
