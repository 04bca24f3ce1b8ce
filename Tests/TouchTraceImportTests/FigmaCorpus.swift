import Foundation
import Testing

/// The Figma files of the shared test corpus (`../shared/corpus/figma/` from the package root):
/// read from there, never copied into the repository; each file is checked against its sha256
/// in INDEX.tsv. Tests that need it skip, saying so, when it is absent.
struct FigmaCorpus {
    struct Entry {
        var file: String
        var sha256: String
        var features: String
        var bytes: [UInt8]
    }

    static let folder = IBCorpus.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/figma")

    /// The entries of INDEX.tsv with their bytes, or nil when the corpus is not there.
    static func load() throws -> [Entry]? {
        let index = folder.appendingPathComponent("INDEX.tsv")
        guard FileManager.default.fileExists(atPath: index.path) else { return nil }
        let lines = try String(contentsOf: index, encoding: .utf8).split(separator: "\n").dropFirst()
        return try lines.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let data = try Data(contentsOf: folder.appendingPathComponent(fields[0]))
            return Entry(file: fields[0], sha256: fields[6], features: fields[7], bytes: [UInt8](data))
        }
    }

    /// The corpus, each file checked against its sha256; nil (with a message) when absent.
    static func checked() throws -> [Entry]? {
        guard let entries = try load() else {
            print("Figma corpus not found at \(folder.path): skipping (it lives next to the repository, in ../shared/corpus/figma)")
            return nil
        }
        for entry in entries {
            #expect(SHA256.hex(entry.bytes) == entry.sha256, "\(entry.file) is not the file INDEX.tsv describes")
        }
        return entries
    }
}
