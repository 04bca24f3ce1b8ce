import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing
import TouchTraceEngine
import TouchTraceStore
@testable import TouchTraceOperations
@testable import TouchTraceServer

/// Inline scenes prepared once per content (issue 27): `PreparedSceneCache`, and the inline
/// routes that use it. A scene sent again answers byte for byte as the first time; a scene that
/// differs in one byte is its own; a broken scene is reported where the full parse reports it.
@Suite struct InlineSceneCacheTests {
    static let transports = HTTPTransport.allCases
    static let limits = SceneLimits()
    static func document(_ width: Int) -> [UInt8] {
        Array(#"{"window": {"id": "w", "frame": {"x": 0, "y": 0, "width": \#(width), "height": 844}}}"#.utf8)
    }
    static func prepared(_ width: Int) -> PreparedScene {
        PreparedScene(try! SceneDecoder().decode(bytes: document(width)), limits: limits)
    }

    @Test func answersOnlyTheSameBytes() {
        let cache = PreparedSceneCache(capacity: 4)
        cache.keep(Self.prepared(390), for: Self.document(390)[...])
        #expect(cache.scene(for: Self.document(390)[...]) != nil)
        // Same length, one byte apart; and a prefix.
        #expect(cache.scene(for: Self.document(391)[...]) == nil)
        #expect(cache.scene(for: Self.document(390).dropLast()) == nil)
        #expect(cache.counts == (hits: 1, misses: 2))
        #expect(PreparedSceneCache.same(Self.document(390)[...], Self.document(390)[...]))
        #expect(!PreparedSceneCache.same(Self.document(390)[...], Self.document(391)[...]))
    }

    @Test func isBoundedByCountAndBytesLeastRecentlyUsedOut() {
        let cache = PreparedSceneCache(capacity: 2)
        for width in [1, 2] { cache.keep(Self.prepared(width), for: Self.document(width)[...]) }
        _ = cache.scene(for: Self.document(1)[...])
        cache.keep(Self.prepared(3), for: Self.document(3)[...])
        #expect(cache.scene(for: Self.document(2)[...]) == nil)
        #expect(cache.scene(for: Self.document(1)[...]) != nil && cache.scene(for: Self.document(3)[...]) != nil)

        let small = PreparedSceneCache(capacity: 8, maxBytes: Self.document(100).count * 2)
        for width in [100, 200, 300] { small.keep(Self.prepared(width), for: Self.document(width)[...]) }
        #expect(small.scene(for: Self.document(100)[...]) == nil && small.scene(for: Self.document(300)[...]) != nil)
        let none = PreparedSceneCache(capacity: 8, maxBytes: 10)
        none.keep(Self.prepared(100), for: Self.document(100)[...])
        #expect(none.scene(for: Self.document(100)[...]) == nil)
        // By views: each of these scenes has one view.
        let few = PreparedSceneCache(capacity: 8, maxViews: 2)
        for width in [100, 200, 300] { few.keep(Self.prepared(width), for: Self.document(width)[...]) }
        #expect(few.scene(for: Self.document(100)[...]) == nil && few.scene(for: Self.document(200)[...]) != nil)
        let noViews = PreparedSceneCache(maxViews: 0)
        noViews.keep(Self.prepared(100), for: Self.document(100)[...])
        #expect(noViews.scene(for: Self.document(100)[...]) == nil)
    }

    /// The doorkeeper: a preparation offered for a document the cache has not seen is not kept,
    /// only remembered; offered again, it is kept. A cache of no capacity remembers nothing, and
    /// it remembers the last `rememberedDigests` documents only.
    @Test func offerKeepsADocumentTheSecondTimeItIsPrepared() {
        let cache = PreparedSceneCache(capacity: 4)
        #expect(!cache.offer(Self.prepared(390), for: Self.document(390)[...]))
        #expect(cache.scene(for: Self.document(390)[...]) == nil)
        // Another document in between does not make the first one forgotten.
        #expect(!cache.offer(Self.prepared(391), for: Self.document(391)[...]))
        #expect(cache.offer(Self.prepared(390), for: Self.document(390)[...]))
        #expect(cache.scene(for: Self.document(390)[...]) != nil)
        #expect(cache.scene(for: Self.document(391)[...]) == nil)

        let none = PreparedSceneCache(capacity: 0)
        for _ in 0..<3 { #expect(!none.offer(Self.prepared(390), for: Self.document(390)[...])) }
        #expect(none.scene(for: Self.document(390)[...]) == nil)

        // More documents offered once than it remembers: the first is forgotten, so its next
        // offer is a first one again; the last one is still remembered.
        let ring = PreparedSceneCache(capacity: 4)
        let widths = Array(1...(PreparedSceneCache.rememberedDigests + 1))
        for width in widths { #expect(!ring.offer(Self.prepared(width), for: Self.document(width)[...])) }
        #expect(!ring.offer(Self.prepared(1), for: Self.document(1)[...]))
        #expect(ring.offer(Self.prepared(widths.last!), for: Self.document(widths.last!)[...]))
        #expect(ring.scene(for: Self.document(widths.last!)[...]) != nil && ring.scene(for: Self.document(1)[...]) == nil)
    }

    @Test func keepsNoPreparationThatRanOutOfTime() {
        var limits = Self.limits
        // A budget that has run out (its check runs every `checkInterval` units of work).
        limits.budget = WorkBudget { true }
        #expect(limits.budget.spend(WorkBudget.checkInterval))
        let cache = PreparedSceneCache()
        let prepared = PreparedScene(try! SceneDecoder().decode(bytes: Self.document(390)), limits: limits)
        cache.keep(prepared, for: Self.document(390)[...])
        #expect(cache.scene(for: Self.document(390)[...]) == nil)
    }

    @Test(arguments: transports)
    func theInlineRoutesAnswerTheSameFromTheCache(_ transport: HTTPTransport) async throws {
        let api = makeAPI()
        let layout = #"{"changes": [{"op": "resizeWindow", "window": "win", "width": 844, "height": 390}], "scene": \#(mapScene)}"#
        // The map scene with the locate button moved: a different scene of the same length.
        let moved = mapScene.replacingOccurrences(of: #""x": 320, "y": 760"#, with: #""x": 321, "y": 760"#)
        #expect(moved != mapScene && moved.utf8.count == mapScene.utf8.count)
        try await makeApp(api).test(over: transport) { client in
            var first: [UInt8] = []
            for round in 0..<3 {
                try await client.execute(uri: "/v1/layout", method: .post, headers: jsonHeaders, body: ByteBuffer(string: layout)) { response in
                    #expect(response.status == .ok)
                    let bytes = Array(response.body.readableBytesView)
                    if round == 0 { first = bytes } else { #expect(bytes == first, "round \(round) answered differently") }
                }
            }
            // Kept the second time it was prepared (the doorkeeper), answered from the cache the third.
            #expect(api.inlineScenes.counts == (hits: 1, misses: 2))
            // Another route, the same scene: prepared already.
            try await client.execute(uri: "/v1/hit-test", method: .post, headers: jsonHeaders, body: ByteBuffer(string: #"{"point": {"x": 340, "y": 780}, "scene": \#(mapScene)}"#)) { response in
                #expect(response.status == .ok)
            }
            #expect(api.inlineScenes.counts.hits == 2)
            try await client.execute(uri: "/v1/layout", method: .post, headers: jsonHeaders, body: ByteBuffer(string: layout.replacingOccurrences(of: mapScene, with: moved))) { response in
                #expect(response.status == .ok)
                #expect(Array(response.body.readableBytesView) != first)
            }
            #expect(api.inlineScenes.counts.hits == 2)
        }
    }

    /// `--cache-inline-scenes` (``ServerConfiguration/inlineCacheCapacity``): a server that keeps
    /// no inline scene prepared answers every request as one that does, byte for byte, and keeps
    /// nothing (issue 27: keeping eight 1,000-view card scenes holds ~115 MiB and costs a new
    /// document ~0.6–0.9 ms; a server whose clients send each scene once can turn it off).
    @Test(arguments: transports)
    func aServerThatKeepsNoInlineSceneAnswersTheSame(_ transport: HTTPTransport) async throws {
        let layout = #"{"changes": [{"op": "resizeWindow", "window": "win", "width": 844, "height": 390}], "scene": \#(mapScene)}"#
        let answers = Mutex<Set<[UInt8]>>([])
        for capacity in [8, 0] {
            let api = TouchTraceAPI(
                configuration: ServerConfiguration(host: "127.0.0.1", port: 0, inlineCacheCapacity: capacity), store: MemorySceneStore())
            try await makeApp(api).test(over: transport) { client in
                for _ in 0..<3 {
                    try await client.execute(uri: "/v1/layout", method: .post, headers: jsonHeaders, body: ByteBuffer(string: layout)) { response in
                        #expect(response.status == .ok)
                        let bytes = Array(response.body.readableBytesView)
                        answers.withLock { _ = $0.insert(bytes) }
                    }
                }
            }
            #expect(api.inlineScenes.capacity == capacity)
            #expect(api.inlineScenes.counts == (capacity == 0 ? (hits: 0, misses: 3) : (hits: 1, misses: 2)))
        }
        // Six answers, one set of bytes.
        #expect(answers.withLock { $0.count } == 1)
    }

    /// The option and its variable as `touchtrace serve` reads them: a count of at least 0.
    @Test func theServeOptionTakesACountOfAtLeastZero() async throws {
        // A usage error (status 64) before the server starts, named on stderr.
        for (arguments, environment, message) in [
            (["--cache-inline-scenes=-1"], [:], "--cache-inline-scenes must be at least 0"),
            ([], ["TOUCHTRACE_CACHE_INLINE_SCENES": "-1"], "--cache-inline-scenes must be at least 0"),
            ([], ["TOUCHTRACE_CACHE_INLINE_SCENES": "eight"], "TOUCHTRACE_CACHE_INLINE_SCENES must be a whole number, not eight"),
        ] {
            let (status, stderr) = try await offPool { () throws -> (Int32, String) in
                guard let executable = touchtraceExecutable else { throw TestError("touchtrace is not built") }
                let process = Process()
                process.executableURL = executable
                process.arguments = ["serve", "--port", "0", "--data-dir", temporaryDirectory("inline-cache-usage")] + arguments
                process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
                let pipe = Pipe()
                process.standardOutput = FileHandle.nullDevice
                process.standardError = pipe
                try process.run()
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                return (process.terminationStatus, String(decoding: data, as: UTF8.self))
            }
            #expect(status == 64, "\(arguments) \(environment)")
            #expect(stderr.contains(message), "\(stderr)")
        }
        let server = try await offPool {
            try ServerProcess(dataDirectory: temporaryDirectory("inline-cache-0"), extraArguments: ["--cache-inline-scenes", "0"])
        }
        defer { server.stop() }
        let body = Array(#"{"point": {"x": 1, "y": 1}, "scene": \#(mapScene)}"#.utf8)
        for _ in 0..<2 {
            let answer = try await offPool {
                try httpRequest(port: server.port, method: "POST", path: "/v1/hit-test", headers: ["Content-Type": "application/json"], body: body)
            }
            #expect(answer.status == 200)
        }
    }

    /// The order an inline request's problems are answered in, whichever way the route reads the
    /// scene: a scene that is not JSON first (where the body's parse finds it), then the query,
    /// then the scene's own problems (422 under `/scene`) — the scene is decoded with the body,
    /// its problems held until the query has been checked.
    @Test(arguments: transports)
    func problemsAreAnsweredInTheRoutesOrder(_ transport: HTTPTransport) async throws {
        let api = makeAPI()
        let (good, broken, invalid) = hitTestBodies()
        try await makeApp(api).test(over: transport) { client in
            for (uri, body, status, type) in [
                ("/v1/hit-test?x=1", broken, HTTPResponse.Status.badRequest, "malformed-json"),
                ("/v1/hit-test?x=1", invalid, .badRequest, "bad-query"),
                ("/v1/hit-test", invalid, .unprocessableContent, "invalid-scene"),
                ("/v1/hit-test?x=1", good, .badRequest, "bad-query"),
            ] {
                try await client.execute(uri: uri, method: .post, headers: jsonHeaders, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == status, "\(uri)")
                    let answered = response.body.json?["type"].flatMap { if case let .string(s) = $0 { s } else { nil } } ?? ""
                    #expect(answered.hasSuffix("/" + type), "\(uri): \(answered)")
                }
            }
            // None of them was prepared, so none was kept.
            #expect(api.inlineScenes.counts.hits == 0)
        }
    }

    /// A broken scene after the same scene was cached: the error is the full parse's (line,
    /// column, pointer), and a scene problem is under `/scene`, as without the cache.
    @Test(arguments: transports)
    func brokenScenesAreReportedWhereTheFullParseReportsThem(_ transport: HTTPTransport) async throws {
        let api = makeAPI()
        let (good, broken, invalid) = hitTestBodies()
        #expect(broken != good && invalid != good)
        let expected: JSONParseError
        do { _ = try JSONParser().parse(Array(broken.utf8)); Issue.record("parsed"); return } catch { expected = error }
        try await makeApp(api).test(over: transport) { client in
            try await client.execute(uri: "/v1/hit-test", method: .post, headers: jsonHeaders, body: ByteBuffer(string: good)) { #expect($0.status == .ok) }
            try await client.execute(uri: "/v1/hit-test", method: .post, headers: jsonHeaders, body: ByteBuffer(string: broken)) { response in
                #expect(response.status == .badRequest)
                #expect(response.body.json?["detail"] == .string(
                    "The body is not valid JSON: \(expected.message) at line \(expected.line), column \(expected.column) (byte \(expected.offset))."))
            }
            try await client.execute(uri: "/v1/hit-test", method: .post, headers: jsonHeaders, body: ByteBuffer(string: invalid)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.body.text.contains(#"/scene/window/"#))
            }
        }
    }

    /// A hit-test body with the map scene inline; the same with the scene not valid JSON (a
    /// doubled comma); and with a scene problem (an id with a space, 422 under `/scene`).
    private func hitTestBodies() -> (good: String, broken: String, invalid: String) {
        let good = #"{"point": {"x": 1, "y": 1}, "scene": \#(mapScene)}"#
        let broken = good.replacingOccurrences(of: #""id": "locateButton""#, with: #""id": "locateButton",,"#)
        let invalid = good.replacingOccurrences(of: #""id": "locateButton""#, with: #""id": "locate button""#)
        return (good, broken, invalid)
    }
}
