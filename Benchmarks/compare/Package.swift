// swift-tools-version: 6.1
// The engine's API-path workloads (hit test, touches, layout) as one small executable, built
// against any checkout of TouchTrace: TOUCHTRACE_TREE names the checkout (default: this one),
// TOUCHTRACE_BASE_API=1 compiles the calls of the engine API before the operation catalogue
// (commit base-wave2: entry points took a Scene). compare.sh builds it for two trees and counts
// the instructions each workload executes (valgrind --tool=callgrind), which, unlike wall
// clock, does not depend on what else the machine is doing.
import Foundation
import PackageDescription

let tree = Context.environment["TOUCHTRACE_TREE"] ?? "../.."
let baseAPI = Context.environment["TOUCHTRACE_BASE_API"] == "1"

let package = Package(
    name: "engine-workloads",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "touchtrace", path: tree)],
    targets: [
        .executableTarget(
            name: "engine-workloads",
            dependencies: [.product(name: "TouchTraceEngine", package: "touchtrace")],
            swiftSettings: baseAPI ? [.define("BASE_API")] : []
        )
    ]
)
