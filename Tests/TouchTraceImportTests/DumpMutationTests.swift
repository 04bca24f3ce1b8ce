import Foundation
import TestSupport
import Testing
import TouchTraceEngine
import TouchTraceImport

/// Our dump fixtures and the shared ones damaged at random (seeded, so every failure
/// reproduces): lines cut, removed, repeated or swapped, values replaced by junk, descriptions'
/// brackets and quotes broken, indents changed. Each import either gives a scene that loads and
/// lays out — the importer's scenes are valid by construction and this is where that is checked,
/// with the fuzz harnesses — or an `ImportError`; nothing traps.
@Suite("Mutated hierarchy dumps")
struct DumpMutationTests {
    static let junk = ["", "nan", "-inf", "1e308", "-1e308", "0x", "<", ">", ";", "'", "\"", "|", "   |", "{", "}", "(", ")", "YES", "baseClass = UIWindow",
                       "transform = [0, 0, 0, 0, 0, 0]", "contentOffset: {1e300, -1e300}", "\\n", "\\u{D800}", "→", "{{", "}}", "Disabled", "9999999999999999999999"]

    static func mutate(_ text: String, _ rng: inout SplitMix64) -> String {
        var lines = text.components(separatedBy: "\n")
        for _ in 0..<rng.int(1...5) {
            guard !lines.isEmpty else { break }
            let i = rng.int(0...(lines.count - 1))
            switch rng.int(0...6) {
            case 0:  // junk at a random place of a line
                var chars = Array(lines[i])
                let at = rng.int(0...chars.count)
                chars.insert(contentsOf: rng.pick(Self.junk), at: at)
                lines[i] = String(chars)
            case 1: lines.remove(at: i)
            case 2: lines.insert(lines[i], at: i)
            case 3:  // a line cut short
                let chars = Array(lines[i])
                lines[i] = String(chars.prefix(rng.int(0...chars.count)))
            case 4:  // two lines swapped
                let j = rng.int(0...(lines.count - 1))
                lines.swapAt(i, j)
            case 5:  // the indent changed
                lines[i] = String(repeating: rng.pick(["   |", "|", " ", "\t", "    |"]), count: rng.int(0...6)) + lines[i].drop { $0 == " " || $0 == "|" || $0 == "\t" }
            default:  // a span of characters removed
                var chars = Array(lines[i])
                guard !chars.isEmpty else { continue }
                let a = rng.int(0...(chars.count - 1))
                chars.removeSubrange(a..<min(chars.count, a + rng.int(1...40)))
                lines[i] = String(chars)
            }
        }
        return lines.joined(separator: "\n")
    }

    @Test func damagedDumpsImportOrFailCleanly() throws {
        var seeds = try DumpFixtures.names.map { String(decoding: try DumpFixtures.bytes($0), as: UTF8.self) }
        if DumpCorpus.available { seeds += try DumpCorpus.names.map { String(decoding: try DumpCorpus.bytes($0), as: UTF8.self) } }
        var rng = SplitMix64(state: 24)
        var imported = 0
        var refused = 0
        for round in 0..<1_500 {
            let text = Self.mutate(rng.pick(seeds), &rng)
            let bytes = Array(text.utf8)
            let format = ImportFormat.detect(fileName: nil, bytes: bytes) ?? rng.pick([.recursiveDescription, .xcuitest, .sentryViewHierarchy, .printHierarchy])
            do {
                let result = try Importer.importDocument(bytes, format: format)
                let scene = try #require(result.scene)
                do {
                    _ = try SceneDecoder().decode(scene).laidOut()
                    imported += 1
                } catch {
                    Issue.record("round \(round) (\(format.rawValue)): the scene does not load: \(error)\n\(text.prefix(2_000))")
                }
            } catch {
                refused += 1
            }
        }
        #expect(imported > 1_000, "\(imported) imported, \(refused) refused")
    }
}
