import Hummingbird
import NIOCore
import TouchTraceEngine
import TouchTraceStore

extension TouchTraceAPI {
    /// Reads a JSON body: 415 for a non-JSON content type, 413 past the size limit.
    func body(_ request: Request) async throws -> [UInt8] {
        // The type as clients send it almost always: no media-type string to make.
        if let type = request.headers[.contentType], type != "application/json" {
            let media = Self.mediaType(type)
            guard media == "application/json" || (media.hasPrefix("application/") && media.hasSuffix("+json")) else {
                throw APIError(
                    .unsupportedMediaType, "Bodies must be JSON (Content-Type: application/json), not \(type).")
            }
        }
        return try await collect(request)
    }

    /// Reads a document body of one of `mediaTypes` (or with no `Content-Type`): 415 otherwise,
    /// 413 past the size limit.
    func body(_ request: Request, accepting mediaTypes: [String]) async throws -> [UInt8] {
        if let type = request.headers[.contentType] {
            let media = Self.mediaType(type)
            guard mediaTypes.contains(media) else {
                throw APIError(.unsupportedMediaType, "This route takes \(mediaTypes.joined(separator: ", ")), not \(type).")
            }
        }
        return try await collect(request)
    }

    /// A `Content-Type`'s media type: before any `;`, without surrounding spaces and tabs (RFC
    /// 9110's optional whitespace), in lower case (media types are case-insensitive). Works on the
    /// bytes: Foundation's trimming took about 2% of a stored-scene hit test's CPU.
    static func mediaType(_ field: String) -> String {
        var utf8 = Substring(field).utf8
        if let semicolon = utf8.firstIndex(of: UInt8(ascii: ";")) { utf8 = utf8[..<semicolon] }
        while let first = utf8.first, first == 0x20 || first == 0x09 { utf8 = utf8.dropFirst() }
        while let last = utf8.last, last == 0x20 || last == 0x09 { utf8 = utf8.dropLast() }
        if !utf8.contains(where: { (0x41...0x5A).contains($0) }) { return String(Substring(utf8)) }
        return String(decoding: utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// The body's bytes, 413 past the size limit. Each chunk NIO read is copied once, into an
    /// array made at the declared `Content-Length` (NIO's `collect(upTo:)` grew a `ByteBuffer`
    /// chunk by chunk, copying what it held at each growth, and the array was a second copy of
    /// the whole body: issue 27). A chunked body, or one longer than it declared, grows the
    /// array as it comes.
    func collect(_ request: Request) async throws -> [UInt8] {
        let limit = configuration.maxBodySize
        let declared = request.headers[.contentLength].flatMap(Int.init)
        if let declared, declared > limit { throw bodyTooLarge }
        var bytes: [UInt8] = []
        if let declared, declared > 0 { bytes.reserveCapacity(declared) }
        for try await chunk in request.body {
            guard chunk.readableBytes <= limit &- bytes.count else { throw bodyTooLarge }
            chunk.withUnsafeReadableBytes { bytes.append(contentsOf: $0.assumingMemoryBound(to: UInt8.self)) }
        }
        return bytes
    }

    /// 413. The rest of the body is read and thrown away (``ConnectionGuard``, up to
    /// `maxDiscardBytes`), so a client that sends its whole body before reading still reads the
    /// answer, and a keep-alive connection stays usable.
    var bodyTooLarge: APIError {
        APIError(.bodyTooLarge, "The request body is larger than the limit of \(configuration.maxBodySize) bytes.")
    }

    func parse(_ bytes: [UInt8]) throws -> JSONValue {
        do {
            return try JSONParser(maxNesting: configuration.limits.maxJSONNesting).parse(bytes)
        } catch {
            throw APIError.input(.malformed(error))
        }
    }

    func decodeScene(_ json: JSONValue, at pointer: String = "", limits: SceneLimits? = nil) throws -> Scene {
        do {
            return try SceneDecoder(limits: limits ?? configuration.limits).decode(json, at: pointer)
        } catch {
            throw APIError.input(error)
        }
    }

    /// `If-Match` / `If-None-Match` → a store condition. ETags look like `"v3"` (weak ones too).
    func condition(_ request: Request) throws -> WriteCondition {
        if let match = request.headers[.ifMatch] {
            let tag = match.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return .exists }
            let bare = tag.hasPrefix("W/") ? String(tag.dropFirst(2)) : tag
            let digits = bare.count >= 4 ? bare.dropFirst(2).dropLast() : ""
            guard bare.hasPrefix("\"v"), bare.hasSuffix("\""), (1...18).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let version = Int(digits)
            else {
                throw APIError(.badPrecondition, "If-Match takes one ETag as the server sends it, such as \"v3\", or *; not \(match).")
            }
            return .version(version)
        }
        if let noneMatch = request.headers[.ifNoneMatch] {
            guard noneMatch.trimmingCharacters(in: .whitespaces) == "*" else {
                throw APIError(.badPrecondition, "If-None-Match is supported with * only (create if absent).")
            }
            return .absent
        }
        return .none
    }

    func stored(_ result: StoredScene, status: HTTPResponse.Status) -> Response {
        jsonResponse(
            .obj([
                "id": .string(result.id), "version": .number(Double(result.version)), "name": .string(orNull: result.name),
                "views": .number(Double(result.viewCount)), "updated": .string(result.updated),
            ]), status: status,
            headers: [.eTag: result.etag, .location: "/v1/scenes/\(result.id)"])
    }

    /// Stores a scene document after checking it: valid, preparable (its initial layout cycle)
    /// within the request's time budget and the limits, so that no stored scene is one every later
    /// request would be refused on. The prepared scene goes into the cache.
    func write(id: String, bytes: [UInt8], condition: WriteCondition) async throws -> (StoredScene, created: Bool) {
        let limits = requestLimits()
        let scene = try decodeScene(try parse(bytes), limits: limits)
        let prepared = PreparedScene(scene, limits: limits)
        try checkBudget(limits)
        _ = try answeringInput { () throws(InputError) in try prepared.checked() }
        do {
            let result = try await store.put(id: id, document: bytes, name: scene.name, viewCount: scene.views.count, condition: condition)
            cache.put(id, version: result.0.version, stamp: result.0.stamp, scene: prepared.using(configuration.limits), written: true)
            return result
        } catch {
            throw APIError.store(error)
        }
    }

    func createScene(_ request: Request) async throws -> Response {
        let bytes = try await body(request)
        let (result, _) = try await write(id: SceneID.random(), bytes: bytes, condition: .absent)
        return stored(result, status: .created)
    }

    func putScene(_ request: Request, id: String) async throws -> Response {
        let condition = try condition(request)
        let bytes = try await body(request)
        let (result, created) = try await write(id: id, bytes: bytes, condition: condition)
        return stored(result, status: created ? .created : .ok)
    }

    func getScene(_ id: String) async throws -> Response {
        do {
            let scene = try await store.get(id: id)
            return Response(
                status: .ok, headers: [.contentType: "application/json", .eTag: scene.etag],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: scene.document)))
        } catch {
            throw APIError.store(error)
        }
    }

    func deleteScene(_ request: Request, id: String) async throws -> Response {
        let condition = try condition(request)
        do {
            try await store.delete(id: id, condition: condition)
        } catch {
            throw APIError.store(error)
        }
        cache.remove(id)
        return Response(status: .noContent)
    }

    func listScenes(_ request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        var limit = 50
        if let text = query["limit"] {
            guard let n = Int(String(text)), (1...1000).contains(n) else {
                throw APIError(.badQuery, "limit must be a whole number from 1 to 1000, not \(text).")
            }
            limit = n
        }
        let cursor = query["cursor"].map(String.init)
        if let cursor, !SceneID.isValid(cursor) {
            throw APIError(.badQuery, "cursor must be a nextCursor value from an earlier page.")
        }
        let page: ScenePage
        do {
            page = try await store.list(limit: limit, after: cursor)
        } catch {
            throw APIError.store(error)
        }
        let scenes: [JSONValue] = page.scenes.map {
            .obj([
                "id": .string($0.id), "name": .string(orNull: $0.name), "version": .number(Double($0.version)),
                "views": .number(Double($0.viewCount)), "updated": .string($0.updated),
            ])
        }
        return jsonResponse(.obj(["scenes": .array(scenes), "nextCursor": .string(orNull: page.nextCursor)]))
    }

    /// A stored scene, parsed (and laid out) once per version: later requests use the cached
    /// scene while the store's stamp for the id is still the cached one (``SceneStamp``: one
    /// `stat` once settled), so another server process's write on the same data directory is
    /// seen at once. The answer is the cache's shared entry: a caller copies the prepared scene
    /// out of it once, where it needs a value.
    func loadScene(_ id: String, limits: SceneLimits? = nil) async throws -> SceneCache.Cached {
        let cached = cache.get(id)
        let current: SceneStamp?
        do {
            current = try store.stamp(id: id, known: cached?.stamp)
        } catch {
            throw APIError.store(error)
        }
        guard let current else { throw APIError.notFound(id) }
        if let cached, cached.stamp == current {
            // Read again once the file had settled (from now on one stat checks it), or checked
            // again with a stat (the next checks within the store's interval need none).
            if current.settled, !cached.stamp.settled || current.checked != cached.stamp.checked { cache.restamp(id, current) }
            metrics.cacheHits.increment()
            return try checked(cached.scene)
        }
        metrics.cacheMisses.increment()
        let stored: StoredScene
        do {
            stored = try await store.get(id: id)
        } catch {
            throw APIError.store(error)
        }
        let limits = limits ?? configuration.limits
        let scene = PreparedScene(try decodeScene(try parse(stored.document), limits: limits), limits: limits)
        try checkBudget(limits)  // an unfinished preparation is never cached
        cache.put(id, version: stored.version, stamp: stored.stamp, scene: scene.using(configuration.limits), written: false)
        return try checked(SceneCache.Cached(version: stored.version, prepared: scene))
    }

    /// The scene, or the problem answer when its initial layout went past a limit
    /// (``PreparedScene/checked()``, asked only then: it returns a copy of the scene, a retain
    /// per array of both its scenes, which the common case does not need).
    func checked(_ cached: SceneCache.Cached) throws -> SceneCache.Cached {
        if !cached.prepared.complexity.isEmpty { _ = try answeringInput { () throws(InputError) in try cached.prepared.checked() } }
        return cached
    }
}

/// Runs an engine call that throws `InputError`, turning the error into the API's problem answer.
func answeringInput<T>(_ body: () throws(InputError) -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw APIError.input(error)
    }
}
