import Foundation
import Testing
import TestSupport
import TouchTraceEngine
import TouchTraceImport

@Suite("Importing the Interface Builder corpus")
struct CorpusImportTests {
    /// Every corpus file imports with no error, by default and scene by scene; every scene it
    /// gives decodes (the id map included), lays out, and maps every view to its IB element.
    @Test(.requires(.ib)) func everyFileAndEverySceneImports() async throws {
        try await offPool {
            let corpus = try Corpus.ib.checked()
            var kinds: [String: Int] = [:]
            for entry in corpus {
                let format = try #require(ImportFormat(fileName: entry.file))
                let list = try Importer.importDocument(entry.bytes, format: format, options: ImportOptions(list: true))
                let units = list.units ?? []
                var requests = [ImportOptions(fileName: entry.file)]
                if format == .storyboard { requests += units.map { ImportOptions(scene: $0.id, fileName: entry.file) } }
                for options in requests {
                    let result = try Importer.importDocument(entry.bytes, format: format, options: options)
                    let scene = try SceneDecoder().decode(try #require(result.scene))
                    _ = scene.laidOut()
                    #expect(scene.origin?.file == entry.file)
                    for view in scene.views where view.viewClass != .UIWindow || result.ids[view.id] != nil {
                        // Every view but a synthesized window comes from an element (IB's cell and
                        // effect content views can lack an id; they are the only exceptions).
                        if result.ids[view.id] == nil {
                            // The navigation bar a scene is shown below is made by the importer.
                            let madeBar = view.viewClass == .UINavigationBar && view.id.hasSuffix(".navigationBar")
                            #expect(["UITableViewCellContentView", nil].contains(view.customClass) || view.viewController != nil || madeBar,
                                "\(entry.file) \(view.id) has no source id")
                        }
                    }
                    for warning in result.warnings {
                        kinds[warning.kind.rawValue, default: 0] += 1
                        #expect(warning.line != nil && warning.column != nil, "\(entry.file): a warning without a position: \(warning.message)")
                    }
                }
            }
            print("warnings over the corpus, by kind: \(kinds.sorted { $0.key < $1.key })")
        }
    }
}
