import TestSupport
import Testing
import TouchTraceEngine

/// The inline routes' quick read of a body (`InlineSceneRequest`, issue 27): the request's
/// members parsed, the scene kept as bytes. It must read exactly what the full parse reads, and a
/// body the full parse rejects must get the full parse's error — message, offset, line, column and
/// JSON pointer — whether the quick reader declines it or finds the problem in the scene later.
@Suite struct InlineSceneRequestTests {
    static let limits = SceneLimits()
    static let scene = #"{"window": {"id": "win", "frame": {"x": 0, "y": 0, "width": 390, "height": 844}, "subviews": [{"id": "a\"b", "text": "x}]\\"}]}}"#
    static let bodies = [
        #"{"changes": [{"op": "resizeWindow", "window": "win", "width": 844, "height": 390}], "scene": \#(scene)}"#,
        #"{"scene": \#(scene), "point": {"x": 1, "y": 2}}"#,
        "\n {\t\"scene\" :\(scene)\r\n}\n",
        #"{"point": {"x": 1, "y": 2}}"#,
        "{}",
        #"{"scene": null}"#,
        #"{"scene": "win"}"#,
        #"{"scene": 12.5e1, "x": [true, false, null]}"#,
    ]

    /// What the server reads from a body: the full parse, or the quick read and then the scene.
    enum Outcome: Equatable {
        case value(JSONValue)
        case error(JSONParseError)
    }

    static func full(_ body: [UInt8], nesting: Int = limits.maxJSONNesting) -> Outcome {
        do { return .value(try JSONParser(maxNesting: nesting).parse(body)) } catch { return .error(error) }
    }

    static func quick(_ body: [UInt8], limits: SceneLimits = limits) -> Outcome? {
        guard let read = InlineSceneRequest.read(body, limits: limits) else { return nil }
        guard case let .object(members) = read.request else { return nil }
        do {
            guard let scene = try read.sceneJSON() else { return .value(read.request) }
            return .value(.object(members + [(key: "scene", value: scene)]))
        } catch {
            return .error(error)
        }
    }

    @Test func readsWhatTheFullParseReads() throws {
        for text in Self.bodies {
            let body = Array(text.utf8)
            let read = try #require(InlineSceneRequest.read(body, limits: Self.limits), "declined \(text)")
            #expect(Self.quick(body) == Self.full(body), "\(text)")
            #expect(read.request["scene"] == nil, "the scene is not in the request's members")
            if case let .value(json) = Self.full(body), let scene = json["scene"] {
                #expect(try read.sceneJSON() == scene)
                #expect(read.sceneBytes.map { try? JSONParser().parse(Array($0)) } == scene)
            } else {
                #expect(read.sceneBytes == nil)
            }
        }
    }

    @Test func declinesWhatItCannotProveTheSame() {
        // Escaped keys, duplicate keys (the full parse names the second), a byte order mark, not
        // an object, trailing content: the caller parses the body as before.
        for text in [
            #"{"sc\u0065ne": {}}"#, #"{"scene": {}, "scene": {}}"#, #"{"a": 1, "a": 2}"#, "\u{FEFF}{\"scene\": {}}",
            "[]", #"{"scene": {}} x"#, #"{"scene": {}"#, #"{"a": tru}"#, #"{"a": [1,]}"#, "",
        ] {
            #expect(InlineSceneRequest.read(Array(text.utf8), limits: Self.limits) == nil, "accepted \(text)")
        }
    }

    /// Every truncation and every single-byte change of the bodies: either the quick read declines
    /// (and the full parse runs), or it gives the full parse's value or exactly its error.
    @Test func everyBrokenBodyGetsTheFullParsesError() {
        let replacements: [UInt8] = [0x22, 0x7D, 0x5D, 0x7B, 0x5B, 0x5C, 0x2C, 0x3A, 0x20, 0x78, 0x30, 0x01, 0xFF]
        var checked = 0, quickErrors = 0
        for text in Self.bodies {
            let body = Array(text.utf8)
            var variants: [[UInt8]] = (0..<body.count).map { Array(body[..<$0]) }
            for i in body.indices {
                for byte in replacements where byte != body[i] {
                    var changed = body
                    changed[i] = byte
                    variants.append(changed)
                }
            }
            for variant in variants {
                guard let quick = Self.quick(variant) else { continue }
                checked += 1
                if case .error = quick { quickErrors += 1 }
                #expect(quick == Self.full(variant), "\(String(decoding: variant, as: UTF8.self))")
            }
        }
        // The comparison ran on many bodies, including scenes whose own bytes are broken.
        #expect(checked > 1_000 && quickErrors > 500)
    }

    /// Nesting at the limit: a scene one level too deep for the body is the full parse's
    /// `tooDeep`, at its place.
    @Test func keepsTheNestingLimit() {
        var limits = SceneLimits()
        limits.maxDepth = 1  // maxJSONNesting 66
        for depth in [64, 65, 66, 67] {
            let scene = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let body = Array(#"{"point": {"x": 1}, "scene": \#(scene)}"#.utf8)
            let quick = Self.quick(body, limits: limits)
            #expect(quick == nil || quick == Self.full(body, nesting: limits.maxJSONNesting), "depth \(depth)")
            if depth + 1 > limits.maxJSONNesting {
                guard case let .error(error) = Self.full(body, nesting: limits.maxJSONNesting) else {
                    Issue.record("depth \(depth) parsed")
                    continue
                }
                #expect(error.kind == .tooDeep)
            }
        }
    }

    /// The scene decoded from its bytes is the scene decoded from the full parse, problems at
    /// the same pointers under `/scene`.
    @Test func decodesTheSceneAsTheInlineRoutesDo() throws {
        let bad = #"{"scene": {"window": {"id": "win", "subviews": [{"id": "x", "alpha": 2, "clas": "UIButton"}]}}}"#
        let read = try #require(InlineSceneRequest.read(Array(bad.utf8), limits: Self.limits))
        var quickProblems: [SceneProblem] = [], fullProblems: [SceneProblem] = []
        do { _ = try read.decodeScene(limits: Self.limits) } catch { if case let .invalid(p) = error { quickProblems = p } }
        let full = try JSONParser().parse(bad)
        do { _ = try SceneDecoder().decode(full["scene"]!, at: "/scene") } catch {
            if case let .invalid(p) = error { fullProblems = p }
        }
        #expect(!quickProblems.isEmpty && quickProblems == fullProblems)
        #expect(quickProblems.map(\.pointer).contains("/scene/window/subviews/0/alpha"))
    }

    /// The span of a scene object or array is found eight bytes at a time (issue 27): it must be
    /// the span the byte-by-byte scan finds — brackets counted outside strings, a backslash
    /// skipping the byte after it — for every body, valid JSON or not. Random scenes of the bytes
    /// that matter (quotes, backslashes, brackets, 0x02, which the word test also stops at) at
    /// every offset of the eight-byte words, compared with that scan written out here.
    @Test func findsTheSceneSpanAsAByteScanDoes() {
        /// The byte-by-byte scan: the end of the container opening at `start`, or nil.
        func byteScan(_ bytes: [UInt8], from start: Int) -> Int? {
            var index = start, depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case 0x22:
                    index += 1
                    while index < bytes.count, bytes[index] != 0x22 { index += bytes[index] == 0x5C ? 2 : 1 }
                    guard index < bytes.count else { return nil }
                case 0x7B, 0x5B: depth += 1
                case 0x7D, 0x5D:
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return nil
        }
        let alphabet: [UInt8] = [0x22, 0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x02, 0x61, 0x61, 0x61, 0x31, 0x20, 0x2C, 0x3A, 0xFB, 0xDD]
        var state: UInt64 = 0x2701_CA4D
        func random(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let prefix = Array(#"{"scene": "#.utf8)
        var spans = 0
        for _ in 0..<20_000 {
            var scene: [UInt8] = [random(2) == 0 ? 0x7B : 0x5B]
            for _ in 0..<random(40) { scene.append(alphabet[random(alphabet.count)]) }
            if random(2) == 0 { scene.append(0x7D) }
            let padding = [UInt8](repeating: 0x20, count: random(8))
            let body = Array(prefix.dropLast()) + padding + [0x20] + scene + [0x7D]
            let start = prefix.count - 1 + padding.count + 1
            let expected = byteScan(body, from: start).map { start..<$0 }
            let read = InlineSceneRequest.read(body, limits: Self.limits)
            if expected == nil { #expect(read == nil, "\(String(decoding: body, as: UTF8.self))") }
            if let read {
                spans += 1
                #expect(read.sceneRange == expected, "\(String(decoding: body, as: UTF8.self))")
            }
        }
        #expect(spans > 1_000)
    }
}
