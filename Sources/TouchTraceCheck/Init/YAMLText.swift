import TouchTraceEngine

/// Values written into a YAML expectation file by hand-made text (the starter file of
/// `check --init`): plain where YAML reads the text back as the same string, double-quoted
/// (JSON's escapes, which YAML's double-quoted style shares) everywhere else.
enum YAMLText {
    /// Words YAML 1.1 and 1.2 readers take for something other than a string.
    static let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "~", ""]

    static func scalar(_ s: String) -> String {
        let plain = s.unicodeScalars.allSatisfy { c in
            switch c {
            case "A"..."Z", "a"..."z", "0"..."9", "_", "-", ".": return true
            default: return false
            }
        }
        let first = s.unicodeScalars.first
        let startsPlain = first.map { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || $0 == "_" } ?? false
        if plain, startsPlain, !reserved.contains(s.lowercased()) { return s }
        return JSONWriter().string(.string(s))
    }

    static func number(_ x: Double) -> String { JSONWriter.format(x == 0 ? 0 : x) }

    /// `{key: value, …}` from members already written.
    static func flow(_ members: [(String, String)]) -> String {
        "{" + members.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// A comment line's text: one line, no control characters.
    static func comment(_ s: String) -> String {
        String(s.unicodeScalars.map { $0.value < 0x20 || $0 == "\u{7F}" ? " " : Character($0) })
    }
}
