import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TouchTraceEngine
@testable import TouchTraceServer

/// The stored-scene hit test's typed body reader (``HitTestBodyReader``) reads a body only when
/// it gets the request the general path (`JSONParser`, then `HitTestRequest.decode`) gets, and
/// leaves every other body to that path; over HTTP both give the same bytes.
@Suite struct HitTestBodyReaderTests {
    static let bodies: (read: [String], declined: [String]) = {
        let url = packageRoot.appendingPathComponent("Tests/Fixtures/http/hit-test-bodies.json")
        let json = try! JSONParser().parse(Array(try! Data(contentsOf: url)))
        func strings(_ key: String) -> [String] {
            guard case let .array(items)? = json[key] else { return [] }
            return items.compactMap { if case let .string(s) = $0 { return s } else { return nil } }
        }
        return (strings("read"), strings("declined"))
    }()

    /// What the general path makes of a body: the request, or nil for an error.
    static func general(_ body: String) -> HitTestRequest? {
        guard let json = try? JSONParser().parse(Array(body.utf8)) else { return nil }
        return try? HitTestRequest.decode(json)
    }

    static func same(_ a: HitTestRequest, _ b: HitTestRequest) -> Bool {
        // Bit patterns: -0 and 0 are equal as numbers, and the trace writes them differently.
        a.points.map { [$0.x.bitPattern, $0.y.bitPattern] } == b.points.map { [$0.x.bitPattern, $0.y.bitPattern] }
            && a.single == b.single && a.window == b.window && a.changes.isEmpty && b.changes.isEmpty
    }

    @Test func fixtureHasBodiesOfBothKinds() {
        #expect(Self.bodies.read.count >= 10)
        #expect(Self.bodies.declined.count >= 25)
    }

    @Test(arguments: bodies.read)
    func readsTheCommonBodyAsTheGeneralPathDoes(body: String) throws {
        let typed = try #require(HitTestBodyReader.read(Array(body.utf8)), "the reader declined \(body)")
        let general = try #require(Self.general(body), "the general path refused \(body)")
        #expect(Self.same(typed, general), "\(body): \(typed.points) \(typed.window ?? "-") vs \(general.points) \(general.window ?? "-")")
    }

    @Test(arguments: bodies.declined)
    func leavesEveryOtherBodyToTheGeneralPath(body: String) {
        #expect(HitTestBodyReader.read(Array(body.utf8)) == nil, "\(body)")
    }

    /// Numbers of every length the reader takes, written as clients write them (integers,
    /// decimals with trailing zeros, negatives): the same doubles, bit for bit, as the general
    /// path's; and one digit more is always declined.
    @Test func numbersConvertBitForBitAsTheParserDoes() throws {
        var random = SplitMix64(state: 27)
        var read = 0
        for _ in 0..<5_000 {
            let digits = random.int(1...16)
            var text = String(random.int(1...9)) + (1..<digits).map { _ in String(random.int(0...9)) }.joined()
            let point = random.int(0...digits)  // digits before the decimal point; all of them: an integer
            if point < digits {
                let before = point == 0 ? "0" : String(text.prefix(point))
                text = before + "." + text.dropFirst(point)
            }
            if random.int(0...1) == 1 { text = "-" + text }
            let body = #"{"point": {"x": \#(text), "y": 1}}"#
            let significant = text.filter(\.isNumber).count
            guard let typed = HitTestBodyReader.read(Array(body.utf8)) else {
                #expect(significant > 15, "declined \(text)")
                continue
            }
            #expect(significant <= 15, "read \(text)")
            let general = try #require(Self.general(body))
            #expect(Self.same(typed, general), "\(text): \(typed.points[0].x) vs \(general.points[0].x)")
            read += 1
        }
        #expect(read > 3_000)
    }

    /// Over HTTP, a stored scene answers a body the reader takes and the same point in a form it
    /// declines (an exponent) with the same bytes, on every tap of a grid over the scene.
    @Test(arguments: RouteTests.transports)
    func bothPathsAnswerWithTheSameBytes(_ transport: HTTPTransport) async throws {
        try await makeApp(makeAPI()).test(over: transport) { client in
            try await client.execute(uri: "/v1/scenes/map", method: .put, headers: jsonHeaders, body: ByteBuffer(string: mapScene)) {
                #expect($0.status == .created)
            }
            for x in stride(from: 5, to: 900, by: 111) {
                for y in stride(from: 5, to: 900, by: 97) {
                    var answers: [[UInt8]] = []
                    for body in [#"{"point": {"x": \#(x), "y": \#(y)}}"#, #"{"point": {"x": \#(x)e0, "y": \#(y)E+0}}"#] {
                        #expect((HitTestBodyReader.read(Array(body.utf8)) != nil) == answers.isEmpty)
                        try await client.execute(uri: "/v1/scenes/map/hit-test", method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) {
                            #expect($0.status == .ok)
                            answers.append(Array($0.body.readableBytesView))
                        }
                    }
                    #expect(answers.count == 2 && answers[0] == answers[1], "(\(x), \(y))")
                }
            }
        }
    }
}
