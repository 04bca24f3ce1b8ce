import Testing
@testable import TouchTraceEngine

/// The layout writer writes a trace's reasons, rules and passes as literals (issue 27: no string
/// made and scanned per entry); each literal is the JSON string of the value it stands for.
@Suite struct LayoutTraceLiteralsTests {
    static func text(_ s: StaticString) -> String { s.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }
    static func json(_ s: String) -> String { String(decoding: JSONWriter().bytes(.string(s)), as: UTF8.self) }

    @Test(arguments: LayoutTrace.Reason.allCases)
    func reasonLiteralsAreTheRawValueAndRule(_ reason: LayoutTrace.Reason) {
        #expect(Self.text(reason.quotedName) == Self.json(reason.rawValue))
        #expect(Self.text(reason.quotedRule) == Self.json(reason.rule))
    }

    @Test(arguments: [LayoutTrace.Pass.initial, .layoutIfNeeded, .updateCycle])
    func passLiteralsAreTheRawValue(_ pass: LayoutTrace.Pass) {
        #expect(Self.text(pass.quotedName) == Self.json(pass.rawValue))
    }

    /// Ids are sorted by their bytes (the order of an object's keys) over contiguous storage:
    /// the same answer as comparing the two `UTF8View`s, for ids and for strings no id can be.
    @Test func idOrderIsByteOrder() {
        let strings = [
            "", "a", "A", "a1", "a10", "a2", "a:b", "a.b", "a-b", "a_b", "Z", "z", "0", "9", "button", "button2",
            "a-much-longer-identifier-past-the-small-string-size", "a-much-longer-identifier-past-the-small-string-sizf",
            "é", "e\u{301}", "日本", "🙂", "#3", "#12",
        ]
        for a in strings {
            for b in strings {
                #expect(Scene.precedes(a, b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a) \(b)")
            }
        }
    }
}
