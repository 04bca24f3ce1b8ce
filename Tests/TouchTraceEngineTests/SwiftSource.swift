import Foundation

/// Just enough of Swift's lexical structure to tell code from comments and literals.
enum SwiftSource {
    /// The source with comments removed and string literals emptied (their interpolations kept).
    static func code(_ source: String) -> String {
        let s = Array(source.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        func at(_ k: Int, _ text: String) -> Bool {
            let t = Array(text.unicodeScalars)
            return k + t.count <= s.count && Array(s[k..<(k + t.count)]) == t
        }
        /// Skips a string literal starting at `i` (after its `#`s), keeping interpolations.
        func string(hashes: Int) {
            let multi = at(i, "\"\"\"")
            i += multi ? 3 : 1
            let close = (multi ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
            let interpolation = "\\" + String(repeating: "#", count: hashes) + "("
            out.append(contentsOf: "\"\"".unicodeScalars)
            while i < s.count {
                if at(i, close) {
                    i += close.unicodeScalars.count
                    return
                }
                if at(i, interpolation) {
                    i += interpolation.unicodeScalars.count
                    var depth = 1
                    out.append(" ")
                    while i < s.count, depth > 0 {
                        if s[i] == "(" { depth += 1 }
                        if s[i] == ")" { depth -= 1 }
                        if depth > 0 { out.append(s[i]) }
                        i += 1
                    }
                    out.append(" ")
                    continue
                }
                if hashes == 0, s[i] == "\\" { i += 1 }
                if !multi, s[i] == "\n" { return }
                i += 1
            }
        }
        while i < s.count {
            if at(i, "//") {
                while i < s.count, s[i] != "\n" { i += 1 }
            } else if at(i, "/*") {
                var depth = 0
                repeat {
                    if at(i, "/*") {
                        depth += 1
                        i += 2
                    } else if at(i, "*/") {
                        depth -= 1
                        i += 2
                    } else {
                        i += 1
                    }
                } while i < s.count && depth > 0
            } else if s[i] == "#", i + 1 < s.count, s[i + 1] == "#" || s[i + 1] == "\"" {
                var hashes = 0
                var k = i
                while k < s.count, s[k] == "#" { hashes += 1; k += 1 }
                if k < s.count, s[k] == "\"" {
                    i = k
                    string(hashes: hashes)
                } else {
                    out.append(s[i])
                    i += 1
                }
            } else if s[i] == "\"" {
                string(hashes: 0)
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return String(out)
    }

    static let declarationKeywords: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
    static let modifiers: Set<Substring> = ["public", "package", "internal", "final", "indirect", "nonisolated", "open"]

    /// Top-level type names (a line that starts at column 0), except private ones.
    static func declaredTypes(_ code: String) -> Set<String> {
        var names: Set<String> = []
        for line in code.split(separator: "\n") where line.first.map({ !$0.isWhitespace }) ?? false {
            var words = line.split(whereSeparator: { $0 == " " || $0 == "<" || $0 == ":" || $0 == "{" || $0 == "=" })[...]
            while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) { words = words.dropFirst() }
            guard let keyword = words.first, declarationKeywords.contains(keyword), let name = words.dropFirst().first else { continue }
            names.insert(String(name))
        }
        return names
    }

    /// Every identifier that starts with a capital letter.
    static func identifiers(_ code: String) -> Set<String> {
        var names: Set<String> = []
        var current = ""
        for c in code.unicodeScalars {
            if c == "_" || CharacterSet.alphanumerics.contains(c) {
                current.unicodeScalars.append(c)
            } else {
                if let first = current.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first) { names.insert(current) }
                current = ""
            }
        }
        if let first = current.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first) { names.insert(current) }
        return names
    }
}

extension SwiftSource {
    /// Top-level declarations with their access level (`public`, `package`, `internal`).
    static func declarationsWithAccess(_ code: String) -> [(name: String, access: String)] {
        var out: [(String, String)] = []
        for line in code.split(separator: "\n") where line.first.map({ !$0.isWhitespace }) ?? false {
            var words = line.split(whereSeparator: { $0 == " " || $0 == "<" || $0 == ":" || $0 == "{" || $0 == "=" })[...]
            var access = "internal"
            while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) || first == "private" || first == "fileprivate" {
                if ["public", "package", "private", "fileprivate", "open"].contains(first) { access = String(first) }
                words = words.dropFirst()
            }
            guard let keyword = words.first, declarationKeywords.contains(keyword), let name = words.dropFirst().first else { continue }
            out.append((String(name), access))
        }
        return out
    }
}
