import Foundation
import Testing
import TestSupport

/// Every relative link in the README and in docs/ resolves: the file exists, and a `#fragment`
/// into a Markdown file names one of its headings (GitHub's anchors: lower-cased, punctuation
/// dropped, spaces as hyphens). A renamed or deleted document fails here, not for a reader.
@Suite struct DocumentationLinkTests {
    /// The Markdown files a reader follows links from: the README, docs/, and the READMEs of the
    /// repository's other folders.
    static var documents: [URL] {
        let readme = repositoryRoot.appendingPathComponent("README.md")
        let others = files(withExtension: "md", skipping: ["Tests"]).filter { $0.path != readme.path }
        return ([readme] + others).sorted { $0.path < $1.path }
    }

    /// The repository's files with that extension, outside build folders, `.git`,
    /// `node_modules` and the folders named in `skipping`.
    static func files(withExtension ext: String, skipping: Set<String> = []) -> [URL] {
        var result: [URL] = []
        let skipped = skipping.union([".build", ".git", "node_modules"])
        let enumerator = FileManager.default.enumerator(at: repositoryRoot, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            let name = url.lastPathComponent
            if skipped.contains(name) || name.hasPrefix(".build") { enumerator?.skipDescendants(); continue }
            if url.pathExtension == ext { result.append(url) }
        }
        return result
    }

    /// The inline links `[text](target)` of a Markdown text, outside code blocks and code spans.
    static func links(in text: String) -> [String] {
        var result: [String] = []
        var inFence = false
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            if inFence { continue }
            // Drop code spans, where `[a](b)` is text, not a link.
            let plain = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = plain[...]
            while let close = rest.range(of: "](") {
                let after = rest[close.upperBound...]
                guard let end = after.firstIndex(of: ")") else { break }
                result.append(String(after[..<end]).components(separatedBy: " ")[0])
                rest = after[end...]
            }
        }
        return result
    }

    /// GitHub's anchor for a heading.
    static func anchor(_ heading: String) -> String {
        var result = ""
        for scalar in heading.lowercased().unicodeScalars {
            if scalar == " " { result.append("-") } else if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func anchors(of file: URL) -> Set<String> {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        var result: Set<String> = []
        var inFence = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence, line.hasPrefix("#") else { continue }
            let heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            var base = anchor(heading)
            var n = 1
            while result.contains(base) { base = anchor(heading) + "-\(n)"; n += 1 }
            result.insert(base)
        }
        // Explicit anchors (`<a id="h4"></a>`, `<a name="…">`).
        for marker in ["id=\"", "name=\""] {
            var rest = text[...]
            while let start = rest.range(of: "<a " + marker) {
                let after = rest[start.upperBound...]
                guard let end = after.firstIndex(of: "\"") else { break }
                result.insert(String(after[..<end]))
                rest = after[end...]
            }
        }
        return result
    }

    @Test func everyRelativeLinkResolves() throws {
        var broken: [String] = []
        var checked = 0
        for document in Self.documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            let relative = document.path.replacingOccurrences(of: repositoryRoot.path + "/", with: "")
            for link in Self.links(in: text) {
                if link.isEmpty || link.contains("://") || link.hasPrefix("mailto:") || link.hasPrefix("<") { continue }
                checked += 1
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? document : document.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
                guard FileManager.default.fileExists(atPath: target.path) else {
                    broken.append("\(relative): \(link) (no file \(parts[0]))")
                    continue
                }
                if parts.count == 2, target.pathExtension == "md", !Self.anchors(of: target).contains(parts[1].lowercased()) {
                    broken.append("\(relative): \(link) (no heading #\(parts[1]) in \(target.lastPathComponent))")
                }
            }
        }
        #expect(checked > 50, "only \(checked) links found: is the link reader broken?")
        #expect(broken.isEmpty, "broken links:\n\(broken.joined(separator: "\n"))")
    }

    /// The Swift files the documents name in code spans (`Touches/TouchSession.swift`,
    /// `Sources/TouchTraceEngine/Trace/LayoutTrace.swift`): each names a file of the repository,
    /// by its path or by the end of its path. A span that is a link's text (`[`a.swift`](…)`,
    /// `[`a.swift`][ref]`) names the link's target, usually another project's file, and is left out.
    static func sourcePaths(in text: String) -> [String] {
        var result: [String] = []
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        for (i, part) in parts.enumerated() where i % 2 == 1 {
            guard part.hasSuffix(".swift"), part.contains("/"), !part.contains(" "), !part.contains("*"), !part.contains("<") else { continue }
            let before = parts[i - 1], after = i + 1 < parts.count ? parts[i + 1] : ""
            if before.hasSuffix("["), after.hasPrefix("](") || after.hasPrefix("][") { continue }
            result.append(String(part))
        }
        return result
    }

    @Test func everySourcePathNamedInTheDocumentsExists() throws {
        let files = Self.files(withExtension: "swift").map { "/" + $0.path.replacingOccurrences(of: repositoryRoot.path + "/", with: "") }
        var missing: [String] = []
        var checked = 0
        for document in Self.documents {
            let relative = document.path.replacingOccurrences(of: repositoryRoot.path + "/", with: "")
            for path in Set(Self.sourcePaths(in: try String(contentsOf: document, encoding: .utf8))) {
                checked += 1
                if !files.contains(where: { $0.hasSuffix("/" + path) }) { missing.append("\(relative): `\(path)`") }
            }
        }
        #expect(checked > 50, "only \(checked) source paths found: is the reader broken?")
        #expect(missing.isEmpty, "source paths the documents name that do not exist:\n\(missing.sorted().joined(separator: "\n"))")
    }

    @Test func anchorsFollowGitHub() {
        #expect(Self.anchor("The hit-test trace") == "the-hit-test-trace")
        #expect(Self.anchor("Scroll views (S1–S8)") == "scroll-views-s1s8")
        #expect(Self.anchor("Issue 10: the operation catalogue, against the previous main in one run") == "issue-10-the-operation-catalogue-against-the-previous-main-in-one-run")
        #expect(Self.links(in: "see [a](b.md#c) and `[x](y)`\n```\n[d](e)\n```") == ["b.md#c"])
        #expect(Self.sourcePaths(in: "`Touches/A.swift` and [`Sources/B.swift`][ref], `C.swift`, `Gestures/*.swift`") == ["Touches/A.swift"])
    }
}
