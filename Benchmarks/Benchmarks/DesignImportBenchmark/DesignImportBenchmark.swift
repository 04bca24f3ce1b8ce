// Penpot and Sketch import: `Importer.importDocument` on a 5 MB document of each (target: at
// most 150 ms in release), from the bytes to the validated scene document of the default
// screen: for the .sketch archive, the central directory and its limits, inflating every page
// (literal-only DEFLATE: the inflater's slowest path), the strict JSON parse, every artboard's
// layers read with its symbol instances expanded; for Penpot's Transit JSON, the parse, the
// Transit decoding, every board's shapes read, flex rows as stack views. And the corpus's
// Penpot files, when ../shared/corpus is there.
import Benchmark
import Foundation
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
    let (sketch, pageBytes) = GeneratedDesignFiles.sketchArchive(minimumBytes: 5_000_000)
    let penpot = GeneratedDesignFiles.penpotFile(minimumBytes: 5_000_000)
    // Checked once before measuring: both import, their scenes load.
    for (bytes, format) in [(sketch, ImportFormat.sketch), (penpot, .penpot)] {
        let result = try! Importer.importDocument(bytes, format: format)
        let scene = try! SceneDecoder().decode(result.scene!)
        let list = try! Importer.importDocument(bytes, format: format, options: ImportOptions(list: true))
        print("DesignImportBenchmark: \(format.rawValue) \(bytes.count) bytes, \(list.units?.count ?? 0) screens, \(scene.views.count) views in the default one, \(result.warnings.count) warnings")
    }
    print("DesignImportBenchmark: the Sketch page inflates to \(pageBytes) bytes")

    Benchmark("sketch/generated-\(pageBytes / 1000)KB-page", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! Importer.importDocument(sketch, format: .sketch))
        }
    }
    Benchmark("penpot/generated-\(penpot.count / 1000)KB", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! Importer.importDocument(penpot, format: .penpot))
        }
    }
}
