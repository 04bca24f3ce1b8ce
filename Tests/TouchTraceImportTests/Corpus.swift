import Foundation
import Testing

/// One folder of the shared test data (`../shared/corpus/<name>/` from the package root, beside the
/// repository: see the README's "Test data" section): read from there, never copied into the
/// repository; each file is checked against its sha256 in the folder's INDEX.tsv. A test that needs
/// it carries the `.requires(corpus)` trait, so that without the folder the test framework reports
/// it as skipped, with the reason, instead of passing it.
struct Corpus: Sendable {
    struct Entry {
        var file: String
        var sha256: String
        var features: String
        var bytes: [UInt8]
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folder's name under ../shared/corpus (`ib`, `figma`), and how messages call it.
    let name: String
    let label: String
    /// A folder of someone's own instead of ../shared/corpus/<name> (`TOUCHTRACE_IB_CORPUS`):
    /// its INDEX.tsv when it has one (the shared corpus's columns), else every file of the
    /// folder whose extension `allowedExtensions` lists, in name order, without checksums.
    var own: URL? = nil
    var allowedExtensions: Set<String> = []

    var folder: URL { own ?? Self.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/\(name)") }

    /// Whether the folder (its INDEX.tsv; for a folder of one's own, the folder) is there.
    var isPresent: Bool {
        if let own { return FileManager.default.fileExists(atPath: own.path) }
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent("INDEX.tsv").path)
    }

    /// Why a test that needs the folder is skipped.
    var absence: String {
        if let own { return "the folder \(own.path) that TOUCHTRACE_IB_CORPUS names is not there" }
        return "the \(label) corpus is not at \(folder.path) (it lives beside the repository, in ../shared/corpus/\(name); see the README's \"Test data\")"
    }

    /// How reports name the folder: the shared corpus by its path beside the repository.
    var source: String { own.map { $0.path } ?? "../shared/corpus/\(name)/" }

    /// The entries of INDEX.tsv with their bytes, or nil when the corpus is not there.
    func load() throws -> [Entry]? {
        let index = folder.appendingPathComponent("INDEX.tsv")
        guard FileManager.default.fileExists(atPath: index.path) else {
            guard let own, FileManager.default.fileExists(atPath: own.path) else { return nil }
            // A folder without an index: its files of the allowed kinds, no checksum to compare.
            let names = try FileManager.default.contentsOfDirectory(atPath: own.path)
                .filter { allowedExtensions.contains(($0 as NSString).pathExtension.lowercased()) && !$0.hasPrefix(".") }.sorted()
            return try names.map { Entry(file: $0, sha256: "", features: "", bytes: [UInt8](try Data(contentsOf: own.appendingPathComponent($0)))) }
        }
        let lines = try String(contentsOf: index, encoding: .utf8).split(separator: "\n").dropFirst()
        return try lines.enumerated().map { number, line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 8 else {
                throw CorpusAbsent(message: "\(index.path), line \(number + 2): \(fields.count) columns where the index has at least 8 (file, repo, path, commit, license, bytes, sha256, features)")
            }
            let data = try Data(contentsOf: folder.appendingPathComponent(fields[0]))
            return Entry(file: fields[0], sha256: fields[6], features: fields[7], bytes: [UInt8](data))
        }
    }

    /// The corpus, each file checked against its sha256 (where the index gives one). Only for
    /// tests with `.requires(corpus)`: an absent folder is then an error, not a silent pass.
    func checked() throws -> [Entry] {
        guard let entries = try load() else { throw CorpusAbsent(message: absence) }
        for entry in entries where !entry.sha256.isEmpty || own == nil {
            #expect(SHA256.hex(entry.bytes) == entry.sha256, "\(entry.file) is not the file INDEX.tsv describes")
        }
        return entries
    }
}

extension Corpus {
    /// The Interface Builder files (.xib, .storyboard).
    static let ib = Corpus(name: "ib", label: "IB")
    /// The Figma files (REST API responses).
    static let figma = Corpus(name: "figma", label: "Figma")

    /// The folder the Interface Builder oracles read: `TOUCHTRACE_IB_CORPUS` when set (a folder of
    /// one's own, docs/import-ib.md "Running the oracles on your own files"), else the shared corpus.
    static let ibOracle = Corpus.ibOracle(environment: ProcessInfo.processInfo.environment)

    static func ibOracle(environment: [String: String]) -> Corpus {
        guard let path = environment["TOUCHTRACE_IB_CORPUS"], !path.isEmpty else { return .ib }
        return Corpus(name: "ib", label: "IB", own: URL(fileURLWithPath: path), allowedExtensions: ["xib", "storyboard"])
    }
}

/// Thrown when a test reads a corpus folder that is not there (the `.requires` trait skips such
/// tests first, so this shows a test that lacks the trait).
struct CorpusAbsent: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when the corpus folder is present; otherwise the test is reported as
    /// skipped with the reason (`swift test` counts it), never passed.
    static func requires(_ corpus: Corpus) -> Self {
        .enabled(if: corpus.isPresent, Comment(rawValue: corpus.absence))
    }

    /// Runs a diagnostic test only when the environment variable is set (it names what to print).
    static func requiresEnvironment(_ name: String) -> Self {
        .enabled(if: ProcessInfo.processInfo.environment[name] != nil, Comment(rawValue: "set \(name) to run this diagnostic"))
    }
}
