import Foundation
import Testing
import TestSupport
import TouchTraceEngine

/// The hit-test writer writes the canonical form (`JSONWriter`'s bytes for the same document:
/// keys sorted, one number format) for every fixture scene and a grid of points over it.
@Suite struct TraceBytesTests {
    @Test(arguments: Fixtures.files(in: "hit-testing").map(\.lastPathComponent))
    func hitTestTracesAreCanonical(_ name: String) throws {
        let url = Fixtures.root.appendingPathComponent("hit-testing").appendingPathComponent(name)
        let document = try JSONParser().parse([UInt8](Data(contentsOf: url)))
        guard let sceneJSON = document["scene"], let scene = try? SceneDecoder().decode(sceneJSON) else { return }
        let tester = HitTester(scene: scene)
        for x in stride(from: -10.0, through: 400, by: 37.5) {
            for y in stride(from: -10.0, through: 900, by: 61.25) {
                let bytes = ResponseEncoder.bytes(tester.hitTest(Point(x: x, y: y)), in: scene)
                #expect(bytes.isCanonicalJSON, "\(name) at (\(x), \(y))")
            }
        }
    }

    @Test func numbersMatchTheWriterFormat() {
        for n in [0.0, -0.0, 1, -1, 42, 123456789012, 0.5, -2.25, 1e21, 1e-7, 999999999999999, 1e15, -1e15, 0.1 + 0.2] {
            var out = JSONOutput()
            out.number(n)
            #expect(String(decoding: out.bytes, as: UTF8.self) == JSONWriter.format(n), "\(n)")
        }
    }

    /// Strings (escaped as `JSONWriter` escapes them, or plain) and bytes written past the
    /// buffer's first capacity, which grows (issue 27: the writer owns its memory).
    @Test func stringsAndGrowthMatchTheWriter() {
        let strings = ["", "plain", "quote \" and \\ backslash", "line\nfeed\rreturn\ttab", "\u{01}\u{1F}control", "é 日本 🙂"]
        var out = JSONOutput(capacity: 1)
        var expected: [UInt8] = []
        for round in 0..<200 {
            for s in strings {
                out.string(s)
                expected += JSONWriter().bytes(.string(s))
            }
            out.raw(",")
            out.byte(UInt8(ascii: "["))
            out.number(Double(round) * -1.5)
            out.utf8("id\(round)")
            expected += Array(",[".utf8) + Array(JSONWriter.format(Double(round) * -1.5).utf8) + Array("id\(round)".utf8)
        }
        out.append([0x20, 0x21])
        expected += [0x20, 0x21]
        #expect(out.bytes == expected)
    }
}
