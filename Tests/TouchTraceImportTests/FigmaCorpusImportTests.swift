import Foundation
import Testing
import TestSupport
import TouchTraceEngine
@testable import TouchTraceImport

@Suite("Importing the Figma corpus")
struct FigmaCorpusImportTests {
    /// Every corpus file imports with no error, by default and frame by frame; every scene
    /// decodes (its id map included), lays out, and maps every view but the window to a node.
    /// The counts of warnings by kind are printed (docs/import-figma.md quotes them).
    @Test(.requires(.figma)) func everyFileAndEveryFrameImports() async throws {
        try await offPool {
            let corpus = try Corpus.figma.checked()
            var kinds: [String: Int] = [:]
            var frames = 0
            for entry in corpus {
                let parsed = try FigmaJSON.parse(entry.bytes, limits: ImportLimits())
                let list = try FigmaImporter.importParsed(parsed, options: ImportOptions(list: true))
                var requests = [ImportOptions(fileName: entry.file)]
                requests += (list.units ?? []).map { ImportOptions(fileName: entry.file, frame: $0.id) }
                for options in requests {
                    let result = try FigmaImporter.importParsed(parsed, options: options)
                    let scene = try SceneDecoder().decode(try #require(result.scene)).laidOut(limits: SceneLimits())
                    #expect(scene.origin?.file == entry.file)
                    for view in scene.views where view.viewClass != .UIWindow {
                        #expect(result.ids[view.id] != nil, "\(entry.file) \(view.id) has no node id")
                    }
                    if options.frame != nil {
                        frames += 1
                        for warning in result.warnings {
                            kinds[warning.kind.rawValue, default: 0] += 1
                            if ProcessInfo.processInfo.environment["TOUCHTRACE_FIGMA_WARNINGS"] != nil { print("\(entry.file): \(warning.kind.rawValue): \(warning.message)") }
                        }
                    }
                }
                let warned = Set(try FigmaImporter.importParsed(parsed, options: ImportOptions()).warnings.map(\.kind))
                if entry.features.contains("strictJSON=NO") { #expect(warned.contains(.nonStandardJSON), "\(entry.file)") }
                if list.units?.isEmpty == true { #expect(warned.contains(.emptyDocument), "\(entry.file)") }
            }
            print("Figma corpus: \(frames) frames imported one by one; warnings by kind: \(kinds.sorted { $0.key < $1.key })")
            #expect(frames > 80)
        }
    }
}

extension FigmaCorpusImportTests {
    /// Every prototype link of the corpus (38 `transitionNodeID`s in four files), tapped at the
    /// centre of its layer's visible box, reaches its `navigate:` action through the engine's
    /// touch delivery, unless another layer in front takes the tap: those are listed.
    @Test(.requires(.figma)) func everyCorpusLinkIsReachedByATap() async throws {
        try await offPool {
            let corpus = try Corpus.figma.checked()
            var links = 0, reached = 0
            var missed: [String] = []
            for entry in corpus {
                let parsed = try FigmaJSON.parse(entry.bytes, limits: ImportLimits())
                let doc = try FigmaDocument(parsed.value, pointer: "", limits: ImportLimits())
                let list = try FigmaImporter.importParsed(parsed, options: ImportOptions(list: true))
                for unit in list.units ?? [] {
                    guard let frameNode = doc.byID[unit.id], let frameBox = FigmaImport.box(doc[frameNode].value) else { continue }
                    let imported = try FigmaImporter.importParsed(parsed, options: ImportOptions(frame: unit.id))
                    let scene = try SceneDecoder().decode(try #require(imported.scene))
                    for n in doc.subtree(frameNode) {
                        guard case let .string(destination)? = doc[n].value["transitionNodeID"], var box = FigmaImport.box(doc[n].value) else { continue }
                        var hidden = false
                        var p: Int? = n
                        while let a = p {
                            if doc[a].value["visible"] == .bool(false) { hidden = true }
                            if let clip = FigmaImport.box(doc[a].value), doc[a].value["clipsContent"] == .bool(true) || a == frameNode {
                                box = FigmaImport.intersection(box, clip)
                            }
                            if a == frameNode { break }
                            p = doc[a].parent
                        }
                        guard !hidden, box.size.width > 0, box.size.height > 0 else { continue }
                        links += 1
                        let point = JSONValue.obj(["x": .number(box.midX - frameBox.minX), "y": .number(box.midY - frameBox.minY)])
                        let trace = try TouchTrace.touches(try TouchRequest.decode(.obj(["tap": point])), in: scene)
                        guard case let .array(actions)? = trace["actions"] else { continue }
                        if actions.contains(where: { $0["action"] == .string("navigate:" + destination) }) {
                            reached += 1
                        } else {
                            let hit: JSONValue? = if case let .array(t)? = trace["touches"] { t.first?["hitView"] } else { nil }
                            missed.append("\(entry.file) \(unit.id) \(doc[n].id ?? "?") \"\(doc[n].name)\": the tap hits \(hit.map { JSONWriter().string($0) } ?? "nothing")")
                        }
                    }
                }
            }
            print("Figma corpus links: \(reached) of \(links) reached by a tap at their centre" + (missed.isEmpty ? "" : "; not:\n" + missed.joined(separator: "\n")))
            #expect(links >= 30)
            #expect(reached == links, "\(missed.count) links are not reached")
        }
    }
}
