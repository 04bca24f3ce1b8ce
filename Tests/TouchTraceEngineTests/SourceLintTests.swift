import Foundation
import Testing
import TestSupport

/// The lint that keeps traps on input out of the code (issue 21): a Swift program dies, and a
/// server with every request in flight, when it converts a `Double` that is NaN, infinite or past
/// `Int`'s range with `Int(_:)`, or force-unwraps a nil. Every number an input gives is a `Double`,
/// so the only way it may become an integer is through `Checked` or `DecodeContext.integer` /
/// `index` (which check the range and report the JSON pointer).
///
/// The test reads every Swift file under `Sources/` (comments and string literals removed) and
/// finds two shapes:
/// - **conversion**: an integer initialiser with an unlabelled argument — `Int(x)`, `Int32(x)`,
///   `UInt8(x)`, …, and `numericCast(x)`. Labelled forms (`Int(exactly:)`,
///   `Int(truncatingIfNeeded:)`, `Int(clamping:)`, `Int(bitPattern:)`, `UInt8(ascii:)`) cannot trap
///   on a value out of range and are not flagged;
/// - **force**: a force unwrap `x!`, `try!` and `as!`.
///
/// Each finding must be covered by an entry of ``allowList``, which says why it is safe (the value
/// is an integer already, a count the code itself made, a parse of text that returns nil, …).
/// An entry that covers nothing any more fails too, so the list stays exact. A subscript `[i]`
/// cannot be told apart from a safe one by reading the text; an index that comes from input is an
/// `Int` made by the helpers above, with its range, and the fuzzers (docs/fuzzing.md) look for the
/// rest.
@Suite("Source lint: no trap reachable from input")
struct SourceLintTests {
    enum Rule: String, Sendable {
        case conversion, force
    }

    struct Entry: Sendable {
        var rule: Rule
        /// A path under `Sources/`, or a folder ending in `/`.
        var path: String
        /// A regular expression the flagged expression (from the conversion's name, or the
        /// unwrapped operand, to the end of the line) must match at its start.
        var pattern: String
        var reason: String
    }

    struct Finding: CustomStringConvertible {
        var rule: Rule
        var path: String
        var line: Int
        /// The code from the flagged token to the end of its line.
        var code: String
        var description: String { "\(path):\(line): \(rule.rawValue): \(code.prefix(120))" }
    }

    /// Why each flagged expression cannot trap on input. Keep it short: fix the code instead
    /// when a helper of `Checked` does the job.
    static let allowList: [Entry] = [
        Entry(
            rule: .force, path: "TouchTraceServer/CORSMiddleware.swift", pattern: #"HTTPField\.Name\("#,
            reason: "Private Network Access's header names: constant, valid tokens (RFC 9110), not input"),
        // Widening integers: an integer type converted to a wider one never traps.
        Entry(
            rule: .conversion, path: "TouchTraceSolver/",
            pattern: #"Int\([A-Za-z_$][\w.$]*(\[[\w.$]+\]|\[Int\([\w.$]+\)\]|\[\w+\]\[\w+\])*(\.component|\.rawValue|\.slot|\.id)?\)"#,
            reason: "the solver's symbols, row slots, tier components and constraint ids are Int32 it numbered itself, which Int widens (no arithmetic, and no Double, inside the parentheses)"),
        Entry(
            rule: .conversion, path: "TouchTraceSolver/", pattern: #"Int32\((rows\.count|records\.count|symbolCount|entryCount|i)\)"#,
            reason: "counts of the solver's own arrays and of what it made (symbols, column entries), bounded by SolverLimits and the engine's constraint limit (far below Int32.max)"),
        Entry(
            rule: .conversion, path: "TouchTraceSolver/Row.swift", pattern: #"(Int\(\(UInt32\(bitPattern|UInt32\(newCap\.trailingZeroBitCount\)|Int\(\(UInt32\(bitPattern: k\))"#,
            reason: "hashing: a 32-bit product shifted right, and a bit count"),
        Entry(
            rule: .conversion, path: "TouchTraceEngine/AutoLayout/AutoLayoutSystem.swift",
            pattern: #"(Int\((t\.variable\.id|pool\.terms\[j\]\.variable\.id|variable\.id|[ab]\.id|partOfVariable\[i\]|parts\[i\])\)|Int32\(index\))"#,
            reason: "variable ids and partition numbers are Int32 the layout made (at most 4 per view and guide)"),
        Entry(
            rule: .conversion, path: "TouchTraceEngine/HitTesting/HitTester.swift", pattern: #"Int32\((view|result \?\? -1)\)"#,
            reason: "view indices, below SceneLimits.maxViews (checked by the decoder, far below Int32.max)"),
        Entry(
            rule: .conversion, path: "TouchTraceEngine/Trace/HitTestTrace+Detail.swift", pattern: #"Int\((view|result)\)"#,
            reason: "a step's view index (Int32) widened"),
        Entry(
            rule: .conversion, path: "TouchTraceEngine/Encoding/HitTestTrace+Encoding.swift", pattern: #"Int\((view|result)\)"#,
            reason: "a step's view index (Int32) widened"),
        Entry(
            rule: .conversion, path: "TouchTraceEngine/Regions/SpatialGrid.swift", pattern: #"(Int32\(v\)|Int\(v\))"#,
            reason: "view indices (below SceneLimits.maxViews) in the grid's buckets"),
        Entry(
            rule: .conversion, path: "TouchTraceRender/SceneRenderer.swift", pattern: #"Int\(step\.(result|view)\)"#,
            reason: "a hit-test step's view index (Int32) widened"),
        Entry(
            rule: .conversion, path: "TouchTraceEngine/JSON/JSONParser.swift",
            pattern: #"(Int\(bytes\[position\] &- UInt8|UInt32\(byte - UInt8)"#, reason: "a byte's digit value (0–15) widened"),
        Entry(
            rule: .conversion, path: "TouchTraceImport/XML/XMLGuard.swift", pattern: #"UInt32\((b|c) & 0x"#,
            reason: "a masked byte widened"),
        Entry(
            rule: .conversion, path: "TouchTraceImport/Common/UniqueIDs.swift", pattern: #"UInt8\(scalar\.value\)"#,
            reason: "inside `if scalar.isASCII`: below 128"),
        Entry(
            rule: .conversion, path: "TouchTraceStore/DurableFile.swift",
            pattern: #"(UInt64\(st\.st_(dev|ino)\)|Int64\(st\.st_(size|mtim|ctim)|Int64\(now\.tv_sec\))"#,
            reason: "stat(2) fields, integers of at most 64 bits"),
        Entry(
            rule: .conversion, path: "TouchTraceStore/SceneStore.swift", pattern: #"(Int\(generator\.next|UInt32\(alphabet\.count\))"#,
            reason: "a random number below the alphabet's size, and that size"),
        Entry(
            rule: .conversion, path: "TouchTraceStore/FileSceneStore.swift", pattern: #"Int\((String\(decoding|version\)|views\))"#,
            reason: "parsing text (nil when it is not a number) and Int64 fields of the stored metadata line"),
        // Parsing text: `Int(someString)` returns nil for anything that is not a whole number in range.
        Entry(
            rule: .conversion, path: "TouchTraceServer/", pattern: #"Int\((\$0|digits|String\(text\))\)"#,
            reason: "parsing text (a header, a path part, a query value): nil when it is not a number in range"),
        Entry(
            rule: .conversion, path: "TouchTraceServer/TouchTraceAPI+Operations.swift", pattern: #"Int\(\$0\.components\.attoseconds"#,
            reason: "the configured time budget's milliseconds (an Int64 quotient, below 1000)"),
        Entry(
            rule: .conversion, path: "touchtrace/TouchTraceCommand.swift", pattern: #"Int\(text\)"#,
            reason: "parsing an environment variable's text (nil when it is not a number)"),
        Entry(
            rule: .conversion, path: "touchtrace/ServeCommand.swift", pattern: #"(Int\(text\)|Int\(seconds\)|Int64\(\(given \* 1000\)\.rounded\(\)\))"#,
            reason: "parsing a flag's text; an uptime in whole seconds; a duration checked finite and at most 10^6 s before"),
        Entry(
            rule: .conversion, path: "TouchTraceCheck/", pattern: #"(Int64\(s\.dropFirst\(2\), radix|Int\(String\(s\[i\]\), radix|UInt32\(Int\(String\(s\[i\]\), radix|Int\(key\))"#,
            reason: "parsing text (nil when it is not a number)"),
        Entry(
            rule: .conversion, path: "TouchTraceImport/Common/SceneDocument+Validation.swift", pattern: #"Int\(problem\.pointer"#,
            reason: "parsing the digits of a pointer (nil when out of range)"),
        // Force unwraps that cannot fail.
        Entry(
            rule: .force, path: "TouchTraceSolver/", pattern: #"(records\[Int\((id|\$0)\.rawValue\)\]!|artificial!|third!|first!|second!)"#,
            reason: "the solver's own bookkeeping: a record this call installed, the artificial row while phase 1 runs, a candidate set just before"),
        Entry(
            rule: .force, path: "TouchTraceStore/", pattern: #"(buffer\.baseAddress!|\$0\.baseAddress!|cursor!|s\.scenes\[\$0\]!)"#,
            reason: "buffers that are not empty; an optional checked for nil on the left of `||`; a key just listed"),
        Entry(
            rule: .force, path: "TouchTraceServer/TouchTraceAPI+Playground.swift", pattern: #"\.init\("#,
            reason: "a header name given as a literal"),
        Entry(
            rule: .force, path: "TouchTraceImport/InterfaceBuilder/IBDocument.swift", pattern: #"scalars\.lastIndex"#,
            reason: "after a check that the text is not all whitespace"),
        Entry(
            rule: .force, path: "TouchTraceImport/InterfaceBuilder/IBImport+Attributes.swift", pattern: #"el\.attributes\[key\]!"#,
            reason: "a key taken from the same dictionary's keys"),
        Entry(
            rule: .force, path: "TouchTraceOperations/Operations/RenderOperation.swift", pattern: #"list\["#,
            reason: "checked for nil in the same condition"),
    ]

    static let sources = repositoryRoot.appendingPathComponent("Sources")

    @Test("no integer conversion or force unwrap outside the allow-list")
    func lint() throws {
        let findings = try Self.findings()
        #expect(findings.count > 50, "the scan found too little: is \(Self.sources.path) the sources folder?")
        var used = Set<Int>()
        var uncovered: [Finding] = []
        for finding in findings {
            if let k = Self.allowList.indices.first(where: { Self.covers(Self.allowList[$0], finding) }) {
                used.insert(k)
            } else {
                uncovered.append(finding)
            }
        }
        #expect(
            uncovered.isEmpty,
            """
            Integer conversions and force unwraps that can trap on input (use Checked / \
            DecodeContext.integer, or add an allow-list entry saying why it is safe):
            \(uncovered.map(\.description).joined(separator: "\n"))
            """)
        let stale = Self.allowList.indices.filter { !used.contains($0) }.map { "\(Self.allowList[$0].path): \(Self.allowList[$0].pattern)" }
        #expect(stale.isEmpty, "allow-list entries that cover nothing (remove them):\n\(stale.joined(separator: "\n"))")
    }

    @Test("the lint finds the shapes it is for, and not their safe forms")
    func lintCatchesTheClass() {
        let flagged = Self.scan(
            """
            let a = Int(x / width)          // flagged
            let b = Int32(n)                // flagged
            let c = numericCast(n) as Int   // flagged
            let d = list.first!             // flagged
            let e = try! decode()           // flagged
            let f = value as! Double        // flagged
            """, path: "X.swift")
        #expect(flagged.map(\.line) == [1, 2, 3, 4, 5, 6])
        let safe = Self.scan(
            """
            let a = Int(exactly: x) ?? 0, b = Int(truncatingIfNeeded: n), c = UInt8(ascii: "a")
            if a != b { }
            let s = "Int(x) in a string", t = #"Int(y)"#   // Int(z) in a comment
            /* Int(w) */ let u = Checked.int(x, rounding: .down, clampedTo: 0...9)
            let m = \"""
                Int(q) and x! in a multi-line string
                \"""
            let v = "\\(n)" + "!"
            """, path: "X.swift")
        #expect(safe.isEmpty, "\(safe)")
    }

    static func covers(_ entry: Entry, _ finding: Finding) -> Bool {
        guard entry.rule == finding.rule else { return false }
        let pathMatches = entry.path.hasSuffix("/") ? finding.path.hasPrefix(entry.path) : finding.path == entry.path
        guard pathMatches else { return false }
        return finding.code.range(of: "^" + entry.pattern, options: .regularExpression) != nil
    }

    static func findings() throws -> [Finding] {
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var result: [Finding] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let path = String(url.path.dropFirst(sources.path.count + 1))
            let text = try String(contentsOf: url, encoding: .utf8)
            result += scan(text, path: path)
        }
        return result.sorted { ($0.path, $0.line) < ($1.path, $1.line) }
    }

    static let integerTypes = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]

    /// The findings in one file's text.
    static func scan(_ text: String, path: String) -> [Finding] {
        let code = Array(SwiftCode.withoutCommentsAndStrings(text).utf8)
        var findings: [Finding] = []
        var line = 1
        var lineStart = 0
        func rest(from i: Int) -> String {
            var j = i
            while j < code.count, code[j] != UInt8(ascii: "\n") { j += 1 }
            return String(decoding: code[i..<j], as: UTF8.self)
        }
        func isIdentifier(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_")
        }
        var i = 0
        while i < code.count {
            let b = code[i]
            if b == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
                i += 1
                continue
            }
            // A word: an integer type or numericCast followed by `(`, not a member (`.Int(`).
            if isIdentifier(b), i == 0 || (!isIdentifier(code[i - 1]) && code[i - 1] != UInt8(ascii: ".")) {
                var j = i
                while j < code.count, isIdentifier(code[j]) { j += 1 }
                let word = String(decoding: code[i..<j], as: UTF8.self)
                if j < code.count, code[j] == UInt8(ascii: "(") {
                    if integerTypes.contains(word) && !firstArgumentIsLabelled(code, from: j + 1) || word == "numericCast" {
                        findings.append(Finding(rule: .conversion, path: path, line: line, code: rest(from: i)))
                    }
                }
                if (word == "try" || word == "as"), j < code.count, code[j] == UInt8(ascii: "!") {
                    findings.append(Finding(rule: .force, path: path, line: line, code: rest(from: i)))
                    i = j + 1
                    continue
                }
                i = j
                continue
            }
            // A postfix `!` after an operand (not `!=`, not a prefix `!`).
            if b == UInt8(ascii: "!"), i > lineStart {
                let previous = code[i - 1]
                let next = i + 1 < code.count ? code[i + 1] : 0
                if (isIdentifier(previous) || previous == UInt8(ascii: ")") || previous == UInt8(ascii: "]")), next != UInt8(ascii: "=") {
                    // The operand: back to the start of the expression the `!` ends.
                    var k = i - 1
                    var depth = 0
                    while k >= lineStart {
                        let c = code[k]
                        if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") { depth += 1 }
                        else if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") {
                            if depth == 0 { break }
                            depth -= 1
                        } else if depth == 0, !isIdentifier(c), c != UInt8(ascii: "."), c != UInt8(ascii: "$") { break }
                        k -= 1
                    }
                    findings.append(Finding(rule: .force, path: path, line: line, code: rest(from: k + 1)))
                }
            }
            i += 1
        }
        return findings
    }

    /// Whether the argument list starting at `i` begins with `label:`.
    static func firstArgumentIsLabelled(_ code: [UInt8], from i: Int) -> Bool {
        var j = i
        while j < code.count, code[j] == UInt8(ascii: " ") { j += 1 }
        let start = j
        while j < code.count, (code[j] >= 0x30 && code[j] <= 0x39) || (code[j] >= 0x41 && code[j] <= 0x5A) || (code[j] >= 0x61 && code[j] <= 0x7A) || code[j] == UInt8(ascii: "_") { j += 1 }
        guard j > start else { return false }
        while j < code.count, code[j] == UInt8(ascii: " ") { j += 1 }
        return j < code.count && code[j] == UInt8(ascii: ":")
    }
}

/// Swift source with comments and the text of string literals blanked out (interpolations kept,
/// as they are code), so that a lint sees code only. Line breaks are kept, so lines still count.
enum SwiftCode {
    static func withoutCommentsAndStrings(_ text: String) -> String {
        let s = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        var i = 0
        func blank(_ from: Int, _ to: Int) {
            for k in from..<min(to, s.count) { out.append(s[k] == UInt8(ascii: "\n") ? s[k] : UInt8(ascii: " ")) }
        }
        func starts(_ p: String, at k: Int) -> Bool {
            let u = Array(p.utf8)
            return k + u.count <= s.count && Array(s[k..<(k + u.count)]) == u
        }
        while i < s.count {
            if starts("//", at: i) {
                var j = i
                while j < s.count, s[j] != UInt8(ascii: "\n") { j += 1 }
                blank(i, j)
                i = j
                continue
            }
            if starts("/*", at: i) {
                var j = i + 2
                var depth = 1
                while j < s.count, depth > 0 {
                    if starts("/*", at: j) { depth += 1; j += 2 } else if starts("*/", at: j) { depth -= 1; j += 2 } else { j += 1 }
                }
                blank(i, j)
                i = j
                continue
            }
            // A string literal: `#`s, then `"` or `"""`.
            var hashes = 0
            while i + hashes < s.count, s[i + hashes] == UInt8(ascii: "#") { hashes += 1 }
            if i + hashes < s.count, s[i + hashes] == UInt8(ascii: "\"") {
                let multiline = starts("\"\"\"", at: i + hashes)
                let quote = multiline ? "\"\"\"" : "\""
                let close = Array((quote + String(repeating: "#", count: hashes)).utf8)
                let escape = Array(("\\" + String(repeating: "#", count: hashes)).utf8)
                var j = i + hashes + quote.utf8.count
                blank(i, j)
                while j < s.count {
                    if Array(s[j..<min(j + close.count, s.count)]) == close {
                        blank(j, j + close.count)
                        j += close.count
                        break
                    }
                    if Array(s[j..<min(j + escape.count, s.count)]) == escape {
                        let after = j + escape.count
                        if after < s.count, s[after] == UInt8(ascii: "(") {
                            // An interpolation: code, up to the matching parenthesis.
                            blank(j, after + 1)
                            var k = after + 1
                            var depth = 1
                            while k < s.count, depth > 0 {
                                if s[k] == UInt8(ascii: "(") { depth += 1 }
                                if s[k] == UInt8(ascii: ")") { depth -= 1 }
                                if depth > 0 { out.append(s[k]) } else { out.append(UInt8(ascii: " ")) }
                                k += 1
                            }
                            j = k
                            continue
                        }
                        blank(j, min(after + 1, s.count))
                        j = after + 1
                        continue
                    }
                    if !multiline, s[j] == UInt8(ascii: "\n") { break }
                    blank(j, j + 1)
                    j += 1
                }
                i = j
                continue
            }
            if hashes > 0 {
                out.append(contentsOf: s[i..<(i + hashes)])
                i += hashes
                continue
            }
            out.append(s[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
