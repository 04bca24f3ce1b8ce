// swift-tools-version: 6.1
// The engine's API-path workloads (hit test, touches, layout) as one small executable, built
// against any checkout of TouchTrace: TOUCHTRACE_TREE names the checkout (default: this one),
// TOUCHTRACE_API says which engine API the tree has: `wave2` (commit base-wave2: entry points took
// a Scene), `catalogue` (entry points that returned bytes, before issue 22's typed answers) or
// `typed` (the default: typed answers and ResponseEncoder); TOUCHTRACE_BASE_API=1 is `wave2`.
// compare.sh builds it for two trees and counts
// the instructions each workload executes (valgrind --tool=callgrind), which, unlike wall
// clock, does not depend on what else the machine is doing.
import Foundation
import PackageDescription

let tree = Context.environment["TOUCHTRACE_TREE"] ?? "../.."
let api = Context.environment["TOUCHTRACE_BASE_API"] == "1" ? "wave2" : (Context.environment["TOUCHTRACE_API"] ?? "typed")

let package = Package(
    name: "engine-workloads",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "touchtrace", path: tree)],
    targets: [
        .executableTarget(
            name: "engine-workloads",
            dependencies: [.product(name: "TouchTraceEngine", package: "touchtrace")],
            swiftSettings: api == "wave2" ? [.define("BASE_API")] : api == "catalogue" ? [.define("CATALOGUE_API")] : []
        )
    ]
)
