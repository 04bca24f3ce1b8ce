// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "touchtrace",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "TouchTraceEngine", targets: ["TouchTraceEngine"]),
        .executable(name: "touchtrace", targets: ["touchtrace"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The pure engine: geometry, scene model and validation, hit testing, responder chain,
        // traces. No I/O, no clock, no globals; it depends on the standard library only.
        .target(name: "TouchTraceEngine"),
        .executableTarget(
            name: "touchtrace",
            dependencies: [
                "TouchTraceEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "TouchTraceEngineTests",
            dependencies: ["TouchTraceEngine"]
        ),
    ]
)
