import TestSupport
import Testing
import TouchTraceEngine

/// The strict parser and the deterministic writer.
@Suite struct JSONTests {
    func parse(_ text: String) throws(JSONParseError) -> JSONValue { try JSONParser().parse(text) }

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#" {"a": [1, -2.5, 3e2, true, false, null], "b": "x\"y\\z\n\u00e9\ud83d\ude00", "c": {}} "#)
        #expect(value["a"] == .array([1, -2.5, 300, true, false, nil]))
        #expect(value["b"] == .string("x\"y\\z\né😀"))
        #expect(value["c"] == .object([]))
    }

    @Test func rejectsWhatRFC8259Rejects() {
        for bad in ["", "{", "[1,]", "{\"a\":1,}", "01", "1.", "-", "+1", "'a'", "[1 2]", "{\"a\" 1}", "nul", "\"\\x\"",
            "\"\u{01}\"", "\"\\ud800\"", "{} {}", "1e", "NaN", "Infinity", "1e999"]
        {
            #expect(throws: JSONParseError.self, "accepted \(bad)") { try parse(bad) }
        }
    }

    @Test func rejectsDuplicateKeysWithThePointer() {
        do {
            _ = try parse(#"{"window": {"id": "a", "id": "b"}}"#)
            Issue.record("accepted a duplicate key")
        } catch {
            #expect(error.message == "duplicate key \"id\"")
            #expect(error.pointer == "/window/id")
        }
    }

    /// Small objects are checked by a scan of their members, large ones by a set of keys: a
    /// duplicate is found on both sides of that threshold, wherever it repeats.
    @Test func rejectsDuplicateKeysInObjectsOfEverySize() {
        for count in [2, 15, 16, 17, 40] {
            for repeated in [0, count / 2, count - 1] {
                let members = (0..<count).map { "\"k\($0)\": \($0)" } + ["\"k\(repeated)\": 0"]
                #expect(throws: JSONParseError.self, "\(count) keys, k\(repeated) twice") { try parse("{" + members.joined(separator: ", ") + "}") }
            }
            let unique = (0..<count).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
            #expect((try? parse("{" + unique + "}")) != nil)
        }
    }

    /// Decimals parsed by the fast path (at most 15 digits, no exponent) are the value a full
    /// conversion gives, bit for bit, at every length and position of the point.
    @Test func shortDecimalsAreCorrectlyRounded() throws {
        var random = SplitMix64(state: 13)
        var texts: [String] = ["0.1", "-0.0", "0.000000000000001", "999999999999999.9", "-12345678.9012345", "0.30000000000000004"]
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...16, using: &random)
            var text = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            let point = Int.random(in: 1...max(1, digits - 1), using: &random)
            if digits > 1 { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
            while text.count > 1, text.first == "0", text.dropFirst().first != "." { text.removeFirst() }
            texts.append(Bool.random(using: &random) ? "-" + text : text)
        }
        let parsed = try parse("[" + texts.joined(separator: ",") + "]")
        guard case let .array(values) = parsed else { return }
        for (text, value) in zip(texts, values) {
            #expect(value == .number(Double(text)!), "\(text)")
            if case let .number(n) = value { #expect(n.bitPattern == Double(text)!.bitPattern, "\(text)") }
        }
    }

    /// RFC 6901 escapes `~` and `/` wherever they are, a combining mark after them included
    /// (the escape works on code points, not on characters).
    @Test func pointerTokensAreEscaped() {
        #expect(JSONPointer.escape("subviews") == "subviews")
        #expect(JSONPointer.escape("a/b~c") == "a~1b~0c")
        #expect(JSONPointer.escape("~/") == "~0~1")
        #expect(JSONPointer.escape("é~\u{301}/x") == "é~0\u{301}~1x")
        #expect(JSONPointer.join("/nodes", "1:2/3") == "/nodes/1:2~13")
    }

    @Test func reportsLineAndColumn() {
        do {
            _ = try parse("{\n  \"a\": tru\n}")
            Issue.record("accepted bad literal")
        } catch {
            #expect(error.line == 2)
            #expect(error.column == 8)
        }
    }

    @Test func nestingLimitIsItsOwnKind() {
        do {
            _ = try JSONParser(maxNesting: 3).parse("[[[[1]]]]")
            Issue.record("accepted deep nesting")
        } catch {
            #expect(error.kind == .tooDeep)
            #expect(error.pointer == "/0/0/0")
        }
        #expect((try? JSONParser(maxNesting: 3).parse("[[[1]]]")) != nil)
    }

    @Test func writerSortsKeysAndFormatsNumbersOneWay() {
        let value: JSONValue = .obj(["b": 1, "a": .array([0.5, -0.0, 1e21, 3, 0.1]), "é": "q\"\n\u{1}", "B": nil])
        #expect(JSONWriter().string(value) == #"{"B":null,"a":[0.5,0,1e+21,3,0.1],"b":1,"é":"q\"\n\u0001"}"#)
        #expect(JSONWriter(pretty: true).string(.obj(["a": .array([1])])) == "{\n  \"a\": [\n    1\n  ]\n}\n")
    }

    @Test func writerOutputParsesBackToTheSameValue() throws {
        let value: JSONValue = .obj(["x": .array([1.25, "s", .obj(["k": true])]), "y": .obj([:])])
        #expect(try parse(JSONWriter().string(value)) == value)
    }
}
