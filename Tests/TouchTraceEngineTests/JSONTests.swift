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
