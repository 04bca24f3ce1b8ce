// Interface Builder import: `Importer.importDocument` on a 200 KB storyboard (target: at most
// 50 ms in release), from the bytes to the validated scene document with its warnings and id
// map (XML guard, FoundationXML parse, the storyboard's initial scene with its containers,
// constraints and connections, and the scene decoder's check of the result). The storyboard is
// generated (GeneratedStoryboard.swift) and, when the shared test corpus sits next to the
// repository, the largest corpus file (appium's 216 KB Main_iPhone.storyboard) is measured too.
import Benchmark
import Foundation
import TouchTraceEngine
import TouchTraceImport

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 2,
        maxDuration: .seconds(3),
        maxIterations: 200
    )
    let generated = GeneratedStoryboard.bytes(minimumBytes: 200_000)
    // Checked once before measuring: the document imports, and its scene loads.
    let check = try! Importer.importDocument(generated, format: .storyboard)
    _ = try! SceneDecoder().decode(check.scene!)

    // The storyboard's initial scene: the navigation controller and its root controller.
    Benchmark("import/generated-\(generated.count / 1000)KB", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! Importer.importDocument(generated, format: .storyboard))
        }
    }

    // Listing the scenes: the whole document read, no scene built.
    Benchmark("list/generated-\(generated.count / 1000)KB", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! Importer.importDocument(generated, format: .storyboard, options: ImportOptions(list: true)))
        }
    }

    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../../../shared/corpus/ib/appium__ios-uicatalog__Main_iPhone.storyboard")
    if let data = try? Data(contentsOf: corpus) {
        let appium = [UInt8](data)
        Benchmark("import/appium-\(appium.count / 1000)KB", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try! Importer.importDocument(appium, format: .storyboard))
            }
        }
    } else {
        print("ImportBenchmark: \(corpus.standardized.path) not found; only the generated storyboard is measured")
    }
}
