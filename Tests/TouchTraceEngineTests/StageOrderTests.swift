import Foundation
import TestSupport
import Testing

/// The engine's stages are obeyed, not only written: docs/architecture.md lists the folders of
/// `Sources/TouchTraceEngine/` in order ("a stage uses only the stages above it"), and no source
/// file names a type declared in a stage below its own. Nothing here is a hand list: the order is
/// read from the page's table, and which type lives in which stage from the sources' top-level
/// declarations (SwiftSource.swift).
///
/// Two exceptions, both written on the page: the value types of `Trace/` (the hit tester and the
/// touch session write into them) may be named by every stage, and the files at the engine's
/// root (`UIKitConstants.swift`, `Checked.swift`) are the base every stage uses, so they name no
/// stage's types themselves. What this reads is type names: a call of a method that a later
/// stage adds to an earlier stage's type in an extension is not seen (none is known today).
@Suite struct StageOrderTests {
    /// Stages whose types every stage may name.
    static let shared: Set<String> = ["Trace"]

    /// The folders of the page's stage table, in order.
    static func documentedOrder() throws -> [String] {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        guard let start = text.range(of: "\n## The engine's stages\n") else { return [] }
        var order: [String] = []
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            // | `Folder/` | stage | rules |
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { continue }
            let cell = line[line.index(line.startIndex, offsetBy: 3)..<end]
            if cell.hasSuffix("/") { order.append(String(cell.dropLast())) }
        }
        return order
    }

    /// Every Swift file of the engine: its stage (nil at the root) and its code without comments
    /// and string literals.
    static func engineSources() throws -> [(path: String, stage: String?, code: String)] {
        let engine = repositoryRoot.appendingPathComponent("Sources/TouchTraceEngine")
        guard let walker = FileManager.default.enumerator(at: engine, includingPropertiesForKeys: nil) else { return [] }
        var files: [(path: String, stage: String?, code: String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = String(url.standardizedFileURL.path.dropFirst(engine.standardizedFileURL.path.count + 1))
            let parts = path.split(separator: "/")
            let stage = parts.count > 1 ? String(parts[0]) : nil
            files.append((path, stage, SwiftSource.code(try String(contentsOf: url, encoding: .utf8))))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Each use of a type from a later stage (or, from a root file, from any stage), as
    /// `path: Type (Stage/)`; and each type name declared in two places (which would make the
    /// answer ambiguous).
    static func violations(
        _ files: [(path: String, stage: String?, code: String)], order: [String], shared: Set<String>
    ) -> (backwards: [String], ambiguous: [String]) {
        var home: [String: String?] = [:]
        var ambiguous: [String] = []
        for file in files {
            for name in SwiftSource.declaredTypes(file.code).sorted() {
                if let other = home[name], other != file.stage {
                    ambiguous.append("\(name): \(other ?? "the root") and \(file.stage ?? "the root")")
                }
                home.updateValue(file.stage, forKey: name)
            }
        }
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($0.element, $0.offset) })
        var backwards: [String] = []
        for file in files {
            for name in SwiftSource.identifiers(file.code).sorted() {
                guard let declared = home[name], let stage = declared, stage != file.stage, !shared.contains(stage) else { continue }
                // A root file is below no stage; a stage below the user's own runs back up.
                let user = file.stage.flatMap { rank[$0] } ?? -1
                if let used = rank[stage], used > user {
                    backwards.append("\(file.path): \(name) (\(stage)/)")
                }
            }
        }
        return (backwards, ambiguous)
    }

    @Test func everyStageIsInTheDocumentedOrder() throws {
        let order = try Self.documentedOrder()
        #expect(order.count >= 10, "the stage table of docs/architecture.md: \(order)")
        let folders = Set(try Self.engineSources().compactMap(\.stage))
        #expect(folders == Set(order), "folders not in the table: \(folders.subtracting(order).sorted()); table rows with no folder: \(Set(order).subtracting(folders).sorted())")
        #expect(Self.shared.isSubset(of: Set(order)))
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        #expect(page.contains("the value types of `Trace/`"), "the page says every stage may use Trace/'s types")
        #expect(page.contains("`UIKitConstants.swift`") && page.contains("`Checked.swift`"), "the page names the root files")
    }

    @Test func noStageUsesATypeOfALaterStage() throws {
        let (backwards, ambiguous) = Self.violations(try Self.engineSources(), order: try Self.documentedOrder(), shared: Self.shared)
        #expect(backwards.isEmpty, "uses that run back up docs/architecture.md's order:\n\(backwards.joined(separator: "\n"))")
        #expect(ambiguous.isEmpty, "type names declared in two places: \(ambiguous)")
    }

    /// The check finds what it is for: a use back up the order, from a stage and from the root;
    /// a shared stage and a use down the order pass.
    @Test func theCheckFindsABackwardUse() {
        let files: [(path: String, stage: String?, code: String)] = [
            ("A/Early.swift", "A", "struct Early { var late: Late }"),
            ("B/Late.swift", "B", "struct Late { var early: Early; var record: Record }"),
            ("T/Record.swift", "T", "struct Record {}\nextension Early {}"),
            ("Base.swift", nil, "enum Base { static let x: Late? = nil }"),
        ]
        let (backwards, ambiguous) = Self.violations(files, order: ["A", "T", "B"], shared: [])
        #expect(backwards == ["A/Early.swift: Late (B/)", "Base.swift: Late (B/)"])
        #expect(ambiguous.isEmpty)
        let (sharedOnly, _) = Self.violations(Array(files.prefix(3)), order: ["A", "B", "T"], shared: ["T"])
        #expect(sharedOnly == ["A/Early.swift: Late (B/)"])
        let (_, twice) = Self.violations(files + [("A/Twice.swift", "A", "enum Late {}")], order: ["A", "T", "B"], shared: [])
        #expect(twice == ["Late: B and A"])
    }
}
