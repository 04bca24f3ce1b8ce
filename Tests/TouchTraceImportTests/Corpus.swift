import Foundation
import Testing

/// One folder of the shared test corpus (`../shared/corpus/<name>/` from the package root): read
/// from there, never copied into the repository; each file is checked against its sha256 in the
/// folder's INDEX.tsv. Tests that need it skip, saying so, when it is absent.
struct Corpus {
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

    var folder: URL { Self.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/\(name)") }

    /// The entries of INDEX.tsv with their bytes, or nil when the corpus is not there.
    func load() throws -> [Entry]? {
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
    func checked() throws -> [Entry]? {
        guard let entries = try load() else {
            print("\(label) corpus not found at \(folder.path): skipping (it lives next to the repository, in ../shared/corpus/\(name))")
            return nil
        }
        for entry in entries {
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
}
