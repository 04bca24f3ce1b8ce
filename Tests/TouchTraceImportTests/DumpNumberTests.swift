import Testing
import TestSupport
@testable import TouchTraceImport

/// The dump parsers' quick reading of `%g` numbers (`DumpValues.shortDecimal`, issue 24's speed
/// pass) gives exactly what `Double(String)` gives, or declines (and `Double(String)` reads it).
@Suite struct DumpNumberTests {
    static func check(_ text: String) {
        let token = Array(text.utf8)
        if let quick = DumpValues.shortDecimal(token) {
            #expect(quick.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test func agreesWithDoubleOnEdgesAndDeclinesTheRest() {
        for text in ["0", "-0", "390", "161.333", "-47", "0.333333", "87.6667", "20.3333", "123456789012345", "0.00000000000001",
            "99999.9999999999", "007", "1.50"]
        {
            #expect(DumpValues.shortDecimal(Array(text.utf8)) != nil, "declined \(text)")
            Self.check(text)
        }
        for text in ["", "-", ".", "1.", ".5", "-.5", "1e-05", "+1", "1.2.3", "1234567890123456", "12345678.90123456", "nan", "inf", "0x10", "1-2"] {
            #expect(DumpValues.shortDecimal(Array(text.utf8)) == nil, "read \(text)")
        }
    }

    @Test func agreesWithDoubleOnRandomDecimals() {
        var random = SplitMix64(state: 24)
        for _ in 0..<20_000 {
            let digits = Int(random.next() % 15) + 1
            let point = Int(random.next() % UInt64(digits + 1))
            var text = random.next() % 2 == 0 ? "-" : ""
            for i in 0..<digits {
                if i == point, i > 0 { text += "." }
                text += String(random.next() % 10)
            }
            Self.check(text)
        }
    }
}
