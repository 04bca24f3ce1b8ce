import Foundation
import TestSupport
import Testing
import TouchTraceEngine
@testable import TouchTraceImport

/// Sentry's byte reader (`SentryViewHierarchyParser.readBytes`, no `JSONValue` tree) against the
/// tree reader (`readTree`: the engine's strict parse, then the walk of the tree). Wherever the
/// byte reader reads a document, the tree reader reads it too, into the same tree with the same
/// warnings; every other document is left to the tree reader, so the import (`parse`) refuses a
/// malformed one with the tree reader's message, line, column and pointer. Checked on our Sentry
/// fixtures damaged at every byte (cut there, the byte removed, replaced, doubled) and on
/// documents of our own at the edges of what the byte reader takes.
@Suite("Sentry byte reader")
struct SentryByteReaderTests {
    enum Outcome: Equatable, CustomStringConvertible {
        case read(String)
        case refused(ImportError)

        var description: String {
            switch self {
            case let .read(s): return "read: " + s.prefix(400)
            case let .refused(e): return "refused: \(e.kind) \(e)"
            }
        }
    }

    static func parser(_ bytes: [UInt8], _ limits: ImportLimits) -> SentryViewHierarchyParser {
        SentryViewHierarchyParser(bytes: bytes, limits: limits, warnings: ImportWarnings(limit: limits.maxWarnings))
    }

    /// Everything a reader leaves: every field of every node (reflected, so a field added later
    /// is compared too), the roots, the platform flag, and the warnings.
    static func describe(_ tree: DumpTree, _ parser: SentryViewHierarchyParser) -> String {
        "\(tree)\n\(parser.warnings.all)"
    }

    /// The byte reader's tree and warnings, or nil when it leaves the document.
    static func byteReader(_ bytes: [UInt8], _ limits: ImportLimits = ImportLimits()) -> String? {
        var p = parser(bytes, limits)
        return p.readBytes().map { describe($0, p) }
    }

    static func treeReader(_ bytes: [UInt8], _ limits: ImportLimits = ImportLimits()) -> Outcome {
        var p = parser(bytes, limits)
        do {
            return .read(describe(try p.readTree(), p))
        } catch {
            return .refused(error)
        }
    }

    /// The import's reader: the byte reader, else the tree reader.
    static func imported(_ bytes: [UInt8], _ limits: ImportLimits = ImportLimits()) -> Outcome {
        var p = parser(bytes, limits)
        do {
            return .read(describe(try p.parse(), p))
        } catch {
            return .refused(error)
        }
    }

    static var fixtures: [String] { DumpFixtures.names.filter { $0.hasSuffix(".sentry.json") } }

    /// The fixtures the byte reader reads, and those it leaves to the tree reader (a file cut
    /// off; members after `children`, `rendering_system` after the windows).
    @Test(arguments: SentryByteReaderTests.fixtures)
    func fixturesReadAlike(_ name: String) throws {
        let bytes = try DumpFixtures.bytes(name)
        let left = ["dumpTruncated-sentry-file-cut-off.sentry.json", "sentry-members-in-any-order.sentry.json"]
        let fast = Self.byteReader(bytes)
        #expect((fast == nil) == left.contains(name), "\(name): the byte reader \(fast == nil ? "left it" : "read it")")
        if let fast { #expect(Self.treeReader(bytes) == .read(fast)) }
        #expect(Self.imported(bytes) == Self.treeReader(bytes))
    }

    /// Every fixture cut at every byte, and each byte damaged twice, two of four ways drawn: removed,
    /// replaced by a byte JSON gives a meaning to (or an invalid UTF-8 one), followed by such a
    /// byte, or followed by a copy of the span it starts: where the byte reader reads the result, the tree reader reads the
    /// same; the import always answers as the tree reader does.
    @Test func damagedFixturesReadAsTheTreeReaderReadsThem() async throws {
        try await offPool {
            let seeds = try Self.fixtures.map { try DumpFixtures.bytes($0) }
            let bytes: [UInt8] = Array("{}[]\",:0-+.eE tnu\\/\r".utf8) + [0x00, 0xC3, 0xA9, 0xFF, 0x80]
            var rng = SplitMix64(state: 24)
            var read = 0
            var left = 0
            for seed in seeds {
                for offset in 0..<seed.count {
                    // Cut here, and two of the four other damages, drawn (to keep the test's time down).
                    var variants = [Array(seed[..<offset])]
                    for damage in [0, 1, 2, 3].shuffled(using: &rng).prefix(2) {
                        var b = seed
                        switch damage {
                        case 0: b.remove(at: offset)
                        case 1: b[offset] = rng.pick(bytes)
                        case 2: b.insert(rng.pick(bytes), at: offset)
                        default: b.insert(contentsOf: seed[offset..<min(seed.count, offset + rng.int(1...60))], at: offset)
                        }
                        variants.append(b)
                    }
                    for v in variants {
                        if let fast = Self.byteReader(v) {
                            read += 1
                            #expect(Self.treeReader(v) == .read(fast), "offset \(offset): \(String(decoding: v, as: UTF8.self).prefix(300))")
                        } else {
                            left += 1
                            // Left to the tree reader: the import answers as it does (checked on
                            // every fourth, to keep the test's time down; it is so by construction).
                            if left % 4 == 0 { #expect(Self.imported(v) == Self.treeReader(v)) }
                        }
                    }
                }
            }
            // Both sides are exercised: a damaged value or member still reads, a broken document is left.
            #expect(read > 2_500 && left > 2_500, "\(read) read, \(left) left")
        }
    }

    /// Documents the byte reader reads (escapes, non-ASCII text, numbers in every form, empty
    /// members, white space, a byte order mark, skipped members of any shape) and documents it
    /// leaves (keys it cannot compare as bytes, members after `children`, a foreign platform
    /// named after the windows, a large unknown object): the answer is the tree reader's.
    @Test(arguments: [
        (#"{"rendering_system":"UIKIT","windows":[{"type":"UIView","identifier":"a\"b\\c\/d\u00e9\ud83d\ude00","x":1e2,"y":-1.25E-1,"width":0.1,"height":123456789012345678,"children":[]}]}"#, true),
        (#"{"windows":[{"type":"Caf\u00e9View","identifier":"ñandú","x":0,"y":0,"width":1,"height":1}],"other":{"a":[{"b":{}}],"c":[]}}"#, true),
        ("\u{FEFF}" + #" { "windows" : [ ] , "rendering_system" : "UIKIT" } "#, true),
        (#"[{"type":"UIView","children":[{"type":"SentryTruncatedViewHierarchy","children":[{"type":"UIView"}]},{}],"depth":0,"z":1}]"#, true),
        (#"{"rendering_system":"android_view_system","windows":[{"type":"android.view.View","visibility":"gone","tag":{"k":1},"children":[]}]}"#, true),
        (#"{"windows":[{"type":"UIView","\u0074ype":"UILabel"}]}"#, false),
        (#"{"windows":[{"type":"UIView","é":1,"é":2}]}"#, false),
        (#"{"windows":[{"type":"UIView","children":[],"identifier":"late"}]}"#, false),
        (#"{"windows":[{"type":"UIView","children":[],"z":1,"z":2}]}"#, false),
        (#"{"windows":[{"type":"UIView"}],"rendering_system":"flutter"}"#, false),
        (#"{"windows":[{"type":"UIView","x":1e999}]}"#, false),
        (#"{"windows":[{"type":"UIView","x":01}]}"#, false),
        (#"{"windows":[{"type":"UIView","extra":{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"q":17}}]}"#, false),
        (#"{"windows":[{"type":"UIView","type":"UILabel"}]}"#, false),
        (#"{"windows":{}}"#, false),
        (#"{"windows":[],"windows":[]}"#, false),
        (#""windows""#, false),
    ] as [(String, Bool)])
    func edgesOfWhatTheByteReaderReads(_ document: String, _ readsIt: Bool) {
        let bytes = Array(document.utf8)
        let fast = Self.byteReader(bytes)
        #expect((fast != nil) == readsIt, "the byte reader \(fast == nil ? "left" : "read") it")
        if let fast { #expect(Self.treeReader(bytes) == .read(fast)) }
        #expect(Self.imported(bytes) == Self.treeReader(bytes))
    }

    /// Large hierarchies of our own, seeded, in sentry-cocoa's member order with now and then a
    /// member of the wrong type, an unknown member, a truncation marker, an escaped or non-ASCII
    /// string, or (for the tree reader) a member after `children`, with a warning limit of 200
    /// (passed): read alike by both readers.
    @Test(arguments: [(1, false), (2, false), (3, true)] as [(UInt64, Bool)])
    func generatedHierarchiesReadAlike(_ seed: UInt64, _ membersAfterChildren: Bool) throws {
        var rng = SplitMix64(state: seed)
        var count = 0
        func value(_ good: String) -> String {
            rng.int(0...40) == 0 ? rng.pick(["null", "\"x\"", "[]", "{\"a\":1}", "true", "-1e3"]) : good
        }
        func node(_ depth: Int) -> String {
            count += 1
            let type = rng.pick(["UIView", "UILabel", "UIButton", "MyApp.Card", "UIImageView", "_UIPrivate\\u00e9", "Café"])
            var s = "{\"type\":\(value("\"\(type)\""))"
            if rng.int(0...3) == 0 { s += ",\"identifier\":\(value("\"id\(rng.int(0...30))\""))" }
            for key in ["width", "height", "x", "y"] { s += ",\"\(key)\":\(value(String(Double(rng.int(-5...400)) / 3)))" }
            s += ",\"alpha\":\(value(rng.pick(["1", "0", "0.5", "1.5"]))),\"visible\":\(value(rng.pick(["true", "false"])))"
            if rng.int(0...20) == 0 { s += ",\"view_controller\":\(value("\"MyApp.ViewController\""))" }
            if rng.int(0...30) == 0 { s += ",\"custom\(rng.int(0...3))\":{\"k\":[1,{\"l\":null}]}" }
            if depth > 6 || count > 2_500 || rng.int(0...5) == 0 {
                return s + (rng.int(0...1) == 0 ? "}" : ",\"children\":[]}")
            }
            if rng.int(0...60) == 0 { return s + ",\"children\":[{\"type\":\"SentryTruncatedViewHierarchy\"}]}" }
            let children = (0..<rng.int(1...6)).map { _ in node(depth + 1) }.joined(separator: ",")
            return s + ",\"children\":[\(children)]" + (membersAfterChildren && rng.int(0...80) == 0 ? ",\"accessibilityLabel\":\"late\"}" : "}")
        }
        let windows = (0..<3).map { _ in node(0) }.joined(separator: ",")
        let bytes = Array("{\"rendering_system\":\"UIKIT\",\"windows\":[\(windows)]}".utf8)
        let limits = ImportLimits(maxWarnings: 200)
        let tree = Self.treeReader(bytes, limits)
        let fast = Self.byteReader(bytes, limits)
        #expect(count > 1_000)
        #expect((fast == nil) == membersAfterChildren, "\(count) nodes: the byte reader \(fast == nil ? "left" : "read") them")
        if let fast { #expect(tree == .read(fast)) }
        #expect(Self.imported(bytes, limits) == tree)
        guard case let .read(description) = tree else {
            Issue.record("the tree reader refused the generated hierarchy: \(tree)")
            return
        }
        #expect(description.contains("tooManyWarnings"), "the warning limit was not reached")
    }

    /// The limits hold as before: nesting, the number of nodes, the number of warnings.
    @Test func limitsAnswerAsTheTreeReaderDoes() {
        var chain = #"{"type":"UIView","children":[]}"#
        // 41 views deep.
        for _ in 0..<40 { chain = #"{"type":"UIView","x":"bad","children":["# + chain + "]}" }
        let bytes = Array((#"{"rendering_system":"UIKIT","windows":["# + chain + "]}").utf8)
        for limits in [ImportLimits(maxDepth: 8), ImportLimits(maxDepth: 100), ImportLimits(maxElements: 10), ImportLimits(maxWarnings: 3)] {
            let tree = Self.treeReader(bytes, limits)
            #expect(Self.imported(bytes, limits) == tree)
            if let fast = Self.byteReader(bytes, limits) { #expect(tree == .read(fast)) }
        }
        guard case let .refused(error) = Self.imported(bytes, ImportLimits(maxDepth: 8)) else {
            Issue.record("a chain of 41 views imported with a depth limit of 8")
            return
        }
        // The JSON's nesting (2 × 8 + 16 levels) is met before the views' depth.
        #expect(error.kind == .limitExceeded && error.message.contains("nests deeper than 32 levels"), "\(error)")
        guard case let .refused(size) = Self.imported(bytes, ImportLimits(maxBytes: 100)) else {
            Issue.record("a document of \(bytes.count) bytes imported with a size limit of 100")
            return
        }
        #expect(size.kind == .documentTooLarge)
    }
}
