// Figma import: `Importer.importDocument(_:format: .figma)` on a 2 MB file (target: at most
// 100 ms in release), from the bytes to the validated scene document with its warnings and id
// map: the strict JSON parse of the whole file, the node arena, the chosen frame's views,
// stack views, constraints and prototype actions, and the scene decoder's check of the result.
// The file is generated (GeneratedFigmaFile.swift: its default frame holds the whole feed, about
// 5,000 layers) and, when the shared test corpus sits next to the repository, figmagic's 2 MB
// corpus file is measured too (its default frame is small: the parse dominates).
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
    let generated = GeneratedFigmaFile.bytes(minimumBytes: 2_000_000)
    // Checked once before measuring: the document imports, its scene loads, nothing is warned.
    let check = try! Importer.importDocument(generated, format: .figma)
    let scene = try! SceneDecoder().decode(check.scene!)
    precondition(check.warnings.isEmpty, "the generated file should import without warnings: \(check.warnings.map(\.message))")
    print("FigmaImportBenchmark: generated \(generated.count) bytes, \(scene.views.count) views in the imported frame")

    // The prototype's starting frame, which holds nearly every layer of the file.
    Benchmark("figma/generated-\(generated.count / 1000)KB", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! Importer.importDocument(generated, format: .figma))
        }
    }

    // Listing the frames: the whole file parsed, no scene built.
    Benchmark("figma-list/generated-\(generated.count / 1000)KB", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try! Importer.importDocument(generated, format: .figma, options: ImportOptions(list: true)))
        }
    }

    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../../../shared/corpus/figma/mikaelvesavuori__figmagic__figma.json")
    if let data = try? Data(contentsOf: corpus) {
        let figmagic = [UInt8](data)
        Benchmark("figma/figmagic-\(figmagic.count / 1000)KB", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try! Importer.importDocument(figmagic, format: .figma))
            }
        }
        // Its largest top-level frame.
        let list = try! Importer.importDocument(figmagic, format: .figma, options: ImportOptions(list: true))
        if let largest = list.units?.max(by: { $0.views < $1.views }) {
            Benchmark("figma/figmagic-\(figmagic.count / 1000)KB-largest-frame", configuration: configuration) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try! Importer.importDocument(figmagic, format: .figma, options: ImportOptions(frame: largest.id)))
                }
            }
        }
    } else {
        print("FigmaImportBenchmark: \(corpus.standardized.path) not found; only the generated file is measured")
    }
}
