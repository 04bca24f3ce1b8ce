import Testing
@testable import TouchTraceEngine

/// The decoders' view of an object's members (`JSONFields`, issue 27): a scan for small
/// objects, an index for large ones; the first member with a key wins either way, and unknown
/// members are reported at their pointers and left out.
@Suite struct JSONFieldsTests {
    @Test(arguments: [3, JSONFields.indexThreshold, JSONFields.indexThreshold + 1, 500])
    func findsEveryMemberTheFirstOneWinning(_ count: Int) {
        var members: [(key: String, value: JSONValue)] = (0..<count).map { (key: "k\($0)", value: .number(Double($0))) }
        members.append((key: "k0", value: "second"))
        let fields = JSONFields(members)
        for i in 0..<count { #expect(fields["k\(i)"] == .number(Double(i))) }
        #expect(fields["k\(count)"] == nil && fields[""] == nil)
        #expect(fields.count == count + 1 && fields.keys.first == "k0" && !fields.isEmpty)
        #expect(fields.map(\.key) == members.map(\.key))
    }

    /// The quick key comparison answers as `==` does, canonical equivalence included (the
    /// Kelvin sign is a K, a precomposed é an e and its accent).
    @Test func keyComparisonIsStringEquality() {
        let keys = ["", "frame", "font", "frame ", "id", "ID", "K", "\u{212A}", "Kind", "\u{212A}ind", "caf\u{E9}", "cafe\u{301}",
            "e\u{301}", "\u{E9}", "\u{301}", "a\u{301}b", "\u{E1}b", "subviews", "subview", "x", "y"]
        for a in keys {
            for b in keys { #expect(JSONFields.same(a, b) == (a == b), "\(a.unicodeScalars.map(\.value)) vs \(b.unicodeScalars.map(\.value))") }
        }
    }

    /// A lookup answers as a scan of the members with `==` does, first member winning, for
    /// objects whose keys start with ASCII bytes or not: the first-byte bits (issue 27) rule out
    /// only keys that cannot be equal, and a member whose key starts with a non-ASCII byte (the
    /// Kelvin sign, which is a K; an accent alone) turns them off for its object.
    @Test func lookupsAnswerAsAScanWithEquality() {
        let keys = ["", "frame", "font", "id", "ID", "K", "\u{212A}", "Kind", "\u{212A}ind", "caf\u{E9}", "cafe\u{301}",
            "e\u{301}", "\u{E9}", "\u{301}", "a\u{301}b", "\u{E1}b", "subviews", "x", "\u{7F}", "~"]
        // Every window of four keys, and of the ASCII-only keys, as an object's members.
        let ascii = keys.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        for list in [keys, ascii] {
            for start in list.indices {
                let members: [(key: String, value: JSONValue)] = (0..<4).map { k in
                    (key: list[(start + k) % list.count], value: .number(Double(k)))
                }
                let fields = JSONFields(members)
                for query in keys {
                    let expected = members.first { $0.key == query }?.value
                    #expect(fields[query] == expected, "\(query.unicodeScalars.map(\.value)) in \(members.map { $0.key.unicodeScalars.map(\.value) })")
                }
            }
        }
    }

    /// Strings of ASCII bytes are made without validation (issue 27); the parser still reads
    /// every string as before, and rejects bytes that are not UTF-8 at the same place.
    @Test func asciiAndOtherStringsParseAlike() throws {
        let text = #"{"id": "v1", "caf\u00e9": "caf\#u{E9}", "\#u{212A}": "~\#u{7F}", "long": "a-string-longer-than-fifteen-bytes"}"#
        let value = try JSONParser().parse(text)
        #expect(value["id"] == "v1" && value["caf\u{E9}"] == "caf\u{E9}" && value["\u{212A}"] == "~\u{7F}")
        #expect(value["long"] == "a-string-longer-than-fifteen-bytes")
        var bytes = Array(#"{"id": "v1x"}"#.utf8)
        bytes[9] = 0xFF
        #expect(throws: JSONParseError.self) { try JSONParser().parse(bytes) }
        do {
            _ = try JSONParser().parse(bytes)
        } catch {
            #expect(error.message == "string is not valid UTF-8" && error.offset == 8 && error.pointer == "/id")
        }
    }

    @Test func objectsReportUnknownMembersAndKeepTheRest() {
        var context = DecodeContext()
        let value: JSONValue = .object([(key: "x", value: 1), (key: "colour", value: "red"), (key: "y", value: 2)])
        let fields = context.object(value, at: "/frame", allowed: ["x", "y", "color"], what: "a frame")
        #expect(fields?.keys == ["x", "y"])
        #expect(context.problems == [SceneProblem(pointer: "/frame/colour", message: "unknown field \"colour\" in a frame (did you mean \"color\"?)")])
        // The pointer and the description are built only for a problem.
        var built = 0
        func pointer() -> String {
            built += 1
            return "/p"
        }
        #expect(context.number(5, at: pointer(), min: 0, what: "n") == 5)
        #expect(context.rect(.obj(["x": 1, "width": 2]), at: pointer(), what: "frame") == Rect(x: 1, y: 0, width: 2, height: 0))
        #expect(built == 0)
        #expect(context.number(-1, at: pointer(), min: 0, what: "n") == nil && built == 1)
    }

    /// Past the index threshold the allowed keys are looked up in a set instead of scanned (a
    /// hostile object of 700,000 unknown members cost members × allowed comparisons): the same
    /// members are reported, in document order, and the same ones kept, canonical equivalence
    /// included, on both sides of the threshold.
    @Test(arguments: [3, JSONFields.indexThreshold, JSONFields.indexThreshold + 1, 2_000])
    func unknownMembersAreTheSameOnBothSidesOfTheThreshold(_ count: Int) {
        let allowed = ["x", "y", "caf\u{E9}", "Kind"]
        var members: [(key: String, value: JSONValue)] = [(key: "cafe\u{301}", value: 1), (key: "\u{212A}ind", value: 2)]
        for i in 0..<max(0, count - 3) { members.append((key: i % 2 == 0 ? "f\(i)" : "x", value: .number(Double(i)))) }
        members.append((key: "kind", value: 3))
        var context = DecodeContext()
        let fields = context.object(.object(members), at: "/o", allowed: allowed, what: "an object")
        let expectedKept = members.map(\.key).filter { key in allowed.contains { $0 == key } }
        #expect(fields?.keys == expectedKept)
        #expect(context.problems.map(\.pointer) == members.map(\.key).filter { !expectedKept.contains($0) }.map { "/o/" + $0 })
        #expect(fields?["caf\u{E9}"] == 1 && fields?["Kind"] == 2)
    }

    /// The view reader asks for its fields by place (`ViewField`, issue 27): the cases name the
    /// fields in the order of the list the unknown-field message prints.
    @Test func viewFieldsAreTheViewFieldNamesInOrder() {
        #expect(ViewField.allCases.map { "\($0)" } == SceneBuilder.viewFields)
        #expect(ViewField.allCases.map(\.rawValue) == Array(SceneBuilder.viewFields.indices))
        #expect(ViewField.allCases.map(\.name) == SceneBuilder.viewFields)
        // The stack's and the intrinsic size's fields likewise: each case is its field's name.
        #expect(StackField.allCases.map { "\($0)" } == StackField.names.names)
        #expect(SizeField.allCases.map { "\($0)" } == SizeField.names.names)
    }

    /// An object read against a `JSONFieldKey` type reports the same problems as one read
    /// against the same names as strings, keeps the same members, and answers a question by
    /// place as the question by name is answered: first member winning (a tree made in code can
    /// repeat a key), canonical equivalence (the Kelvin sign is a K, a precomposed é an e and
    /// its accent), unknown members left out, objects of up to 2,000 members (the packed places
    /// stop at eight, the index starts past 24), places past 64 (the presence bits' end).
    @Test(arguments: [0, 1, 3, 8, 9, 24, 25, 70, 2_000])
    func askingByPlaceAnswersAsAskingByName(_ count: Int) {
        let pool = ["frame", "K", "\u{212A}", "caf\u{E9}", "cafe\u{301}", "\u{212A}ind", "Kind", "id", "x", "colour", "", "n3", "n63", "n64", "n69", "n70"]
        for shift in [0, 5, 11] {
            let members: [(key: String, value: JSONValue)] = (0..<count).map { i in
                (key: pool[(i * 7 + shift) % pool.count], value: .number(Double(i)))
            }
            for check in [Probe.self as any ProbeKeys.Type, Wide.self] {
                check.compare(members)
            }
        }
    }

    protocol ProbeKeys: JSONFieldKey {}
    enum Probe: Int, ProbeKeys {
        case frame, kelvin, cafe, kind, id, x
        static let names = JSONFieldNames(["frame", "K", "caf\u{E9}", "\u{212A}ind", "id", "x"])
    }
    enum Wide: Int, ProbeKeys {
        case n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10, n11, n12, n13, n14, n15, n16, n17, n18, n19, n20, n21, n22, n23, n24, n25, n26, n27, n28, n29, n30, n31, n32, n33, n34, n35, n36, n37, n38, n39, n40, n41, n42, n43, n44, n45, n46, n47, n48, n49, n50, n51, n52, n53, n54, n55, n56, n57, n58, n59, n60, n61, n62, n63, n64, n65, n66, n67, n68, n69
        static let names = JSONFieldNames((0..<70).map { "n\($0)" })
    }

    /// A name's place found by the bytes of an ASCII key (issue 27) is the one the `Dictionary`
    /// of the names gives, `==`'s canonical equivalence included: a key with a non-ASCII scalar
    /// that equals an ASCII name (the Kelvin sign is a K) finds it, and names that are not all
    /// ASCII are looked up by the `Dictionary` alone.
    @Test func placesByBytesAnswerAsTheDictionary() {
        let keys = ["", "frame", "font", "frame ", "id", "ID", "K", "\u{212A}", "Kind", "\u{212A}ind", "caf\u{E9}", "cafe\u{301}",
            "e\u{301}", "\u{E9}", "\u{301}", "subviews", "subview", "x", "y", "layoutMarginsRelativeArrangement", "a_much_longer_key_than_any_name"]
        let nameSets = [
            ["K", "Kind", "frame", "id", "x"],
            SceneBuilder.viewFields,
            ["caf\u{E9}", "K", "frame"],                        // not all ASCII: the Dictionary only
            (0..<200).map { "k\($0)" },
        ]
        for names in nameSets {
            let table = JSONFieldNames(names)
            for key in keys + names + names.map({ $0 + "!" }) {
                let expected = names.firstIndex(of: key).map { UInt8($0) }
                #expect(table.place(of: key) == expected, "\(key.unicodeScalars.map(\.value)) in \(names.count) names")
            }
        }
    }
}

extension JSONFieldsTests.ProbeKeys {
    static func compare(_ members: [(key: String, value: JSONValue)]) {
        var byName = DecodeContext(), byPlace = DecodeContext()
        let named = byName.object(.object(members), at: "/o", allowed: names.names, what: "an object")
        let placed = byPlace.object(.object(members), at: "/o", fields: Self.self, what: "an object")
        #expect(byPlace.problems == byName.problems)
        #expect(placed?.keys == named?.keys)
        for key in allCases {
            #expect(placed?[key] == named?[key.name], "\(key.name) in \(members.map(\.key))")
            // A question by place of an object read without the type's names is one by name.
            #expect(named?[key] == named?[key.name])
        }
    }
}
