// Hierarchy dump import: `Importer.importDocument(_:format:)` on 1 MB dumps (target: at most
// 50 ms in release, issue 24), from the bytes to the validated scene document with its
// warnings and id map: the text stage (lines, limits, unescaping), the parser, the classes and
// ids, the drafts and the scene decoder's check of the result. The dumps are generated
// (Sources/DumpGenerator): a table screen of about 5,000 views as recursiveDescription, XCUITest
// debugDescription and Sentry JSON. The reference, measured in the same run, is the scene
// decoder alone on the scene the recursiveDescription import makes (the floor every importer
// pays) — docs/import-dumps.md gives the ratios.
import Benchmark
import DumpGenerator
import TouchTraceEngine
import TouchTraceImport

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 2,
        maxDuration: .seconds(5),
        maxIterations: 100
    )
    let megabyte = 1_000_000
    let dumps: [(String, ImportFormat, [UInt8])] = [
        ("recursive-description", .recursiveDescription, GeneratedDumps.recursiveDescription(minimumBytes: megabyte)),
        ("xcuitest", .xcuitest, GeneratedDumps.xcuitest(minimumBytes: megabyte)),
        ("sentry", .sentryViewHierarchy, GeneratedDumps.sentry(minimumBytes: megabyte)),
    ]
    var referenceScene: JSONValue = .null
    for (name, format, bytes) in dumps {
        // Checked once before measuring: the dump imports, and its scene loads.
        let check = try! Importer.importDocument(bytes, format: format)
        let scene = try! SceneDecoder().decode(check.scene!)
        if format == .recursiveDescription { referenceScene = check.scene! }
        print("DumpImportBenchmark: \(name) \(bytes.count) bytes, \(scene.views.count) views, \(check.warnings.count) warnings")
        Benchmark("dump/\(name)-\(bytes.count / 1000)KB", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try! Importer.importDocument(bytes, format: format))
            }
        }
    }
    let reference = referenceScene
    Benchmark("reference/scene-decoder-on-the-recursive-description-scene", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! SceneDecoder().decode(reference))
        }
    }
}
