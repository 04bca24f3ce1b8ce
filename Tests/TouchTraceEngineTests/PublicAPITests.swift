import Foundation
import TestSupport
import Testing

/// docs/public-api.md follows the code: every top-level type the engine declares `public` is
/// listed there (promised, or public but not promised), and every type the page lists as public
/// is public. The types are read from the sources (SwiftSource.swift), not kept as a list.
@Suite struct PublicAPITests {
    /// The engine's top-level declarations by access level.
    static func declarations() throws -> [String: Set<String>] {
        let engine = repositoryRoot.appendingPathComponent("Sources/TouchTraceEngine")
        var byAccess: [String: Set<String>] = [:]
        guard let walker = FileManager.default.enumerator(at: engine, includingPropertiesForKeys: nil) else { return [:] }
        for case let url as URL in walker where url.pathExtension == "swift" {
            let code = SwiftSource.code(try String(contentsOf: url, encoding: .utf8))
            for (name, access) in SwiftSource.declarationsWithAccess(code) { byAccess[access, default: []].insert(name) }
        }
        return byAccess
    }

    /// The type names the page lists (in backticks) under a heading, up to the next heading of
    /// the same or a higher level.
    static func listed(under heading: String) throws -> Set<String> {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/public-api.md"), encoding: .utf8)
        guard let start = text.range(of: "\n" + heading + "\n") else { return [] }
        let level = heading.prefix { $0 == "#" }.count
        var section = ""
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            let hashes = line.prefix { $0 == "#" }.count
            if hashes > 0, hashes <= level, line.dropFirst(hashes).first == " " { break }
            section += line + "\n"
        }
        var names: Set<String> = []
        for part in section.split(separator: "`").enumerated() where part.offset % 2 == 1 {
            let word = part.element
            if let first = word.first, first.isUppercase, word.allSatisfy({ $0.isLetter || $0.isNumber }) { names.insert(String(word)) }
        }
        return names
    }

    @Test func everyPublicTypeIsOnThePage() throws {
        let declared = try Self.declarations()
        let public_ = declared["public"] ?? []
        #expect(public_.count > 50, "too few public types found: the scan is broken")
        let promised = try Self.listed(under: "### Promised")
        let exposed = try Self.listed(under: "### Public, not promised")
        #expect(promised.count > 20 && exposed.count > 10, "the page's headings were not found")
        #expect(public_.subtracting(promised).subtracting(exposed).sorted() == [], "public types docs/public-api.md does not list")
        // Every name the page quotes under those headings is a public type (members, such as
        // `TouchTrace.version`, are quoted with their type and are not single words).
        let listedButNot = promised.union(exposed).subtracting(public_)
        #expect(listedButNot.sorted() == [], "docs/public-api.md lists these as public, but they are not")
        #expect(promised.intersection(exposed).sorted() == [], "listed both as promised and as not promised")
        let hidden = try Self.listed(under: "### Not public")
        #expect(hidden.intersection(public_).sorted() == [], "docs/public-api.md says these are not public, but they are")
    }
}
