// swift-tools-version: 6.0
// libFuzzer harnesses for TouchTrace's input decoders, kept out of the main package's build and
// tests. Every folder under Sources/ whose name ends in "Fuzz" is a harness: one executable with
// an `LLVMFuzzerTestOneInput` function (see docs/fuzzing.md; adding one is one small file).
// Build and run them with scripts/fuzz.sh, which passes `-sanitize=fuzzer,address`.
import Foundation
import PackageDescription

let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Sources")
let harnesses = ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? [])
    .filter { $0.hasSuffix("Fuzz") }
    .sorted()

let package = Package(
    name: "touchtrace-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "touchtrace", path: "..")],
    targets: [
        // Shared by the harnesses: a fixed scene to run requests on, and input helpers.
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "TouchTraceEngine", package: "touchtrace"),
                .product(name: "TouchTraceOperations", package: "touchtrace"),
            ]),
    ]
        + harnesses.map { name in
            .executableTarget(
                name: name,
                dependencies: [
                    "FuzzSupport",
                    .product(name: "TouchTraceEngine", package: "touchtrace"),
                    .product(name: "TouchTraceOperations", package: "touchtrace"),
                ],
                swiftSettings: [.unsafeFlags(["-parse-as-library"])])
        }
)
