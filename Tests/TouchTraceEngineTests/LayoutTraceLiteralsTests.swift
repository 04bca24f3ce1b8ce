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
}
