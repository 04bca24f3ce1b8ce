import Hummingbird
import TouchTraceEngine
import TouchTraceOperations
import TouchTraceStore

/// The routes of the operation catalogue: one pipeline for every operation (read the body or
/// the query, find the scenes, run the operation, write its answer), so no route repeats another.
extension TouchTraceAPI {
    /// Registers the routes an operation declares (``TouchTraceOperation/routes``).
    func addRoutes<Operation: TouchTraceOperation>(for operation: Operation.Type, to router: Router<BasicRequestContext>) {
        for route in Operation.routes {
            let path = RouterPath(route.path.replacingOccurrences(of: "{id}", with: ":id"))
            let method: HTTPRequest.Method = route.method == .GET ? .get : .post
            router.on(path, method: method) { request, context in
                try await perform(Operation.self, request, context: context, route: route)
            }
        }
    }

    /// Runs one operation for one request, under the admission bound (``OperationGate``: taken
    /// before the body is read, so a waiting request holds no body in memory; 503 with
    /// `Retry-After` when the queue is full). A stored scene comes from the cache; an inline
    /// scene is decoded (problems under `/scene`) and prepared for this request only; stored
    /// scenes are never changed (an import with `?store=` writes a new version through the store).
    func perform<Operation: TouchTraceOperation>(
        _ operation: Operation.Type, _ request: Request, context: BasicRequestContext, route: OperationRoute
    ) async throws -> Response {
        try await admitted(request) { try await performAdmitted(operation, request, context: context, route: route) }
    }

    /// Runs `body` under the admission bound (``OperationGate``): every request whose engine
    /// work can be large — the operations, and the scene writes, which decode and prepare the
    /// scene they store — takes a permit first; 503 with `Retry-After` when the queue is full.
    func admitted(_ request: Request, _ body: () async throws -> Response) async throws -> Response {
        // No Content-Length: a chunked body counts as the largest allowed; no body at all as 0.
        let declared = request.headers[.contentLength].flatMap { Int($0) } ?? (request.headers[.transferEncoding] == nil ? 0 : nil)
        let weight = gate.weight(bodyBytes: declared, maxBodySize: configuration.maxBodySize)
        do {
            try await gate.enter(weight)
        } catch is OperationGate.Overloaded {
            throw APIError(
                .overloaded,
                "The server is running and queueing as many requests as it admits; retry after \(gate.limits.retryAfterSeconds) s.",
                headers: [.retryAfter: String(gate.limits.retryAfterSeconds)])
        }
        defer { gate.leave(weight) }
        return try await body()
    }

    private func performAdmitted<Operation: TouchTraceOperation>(
        _ operation: Operation.Type, _ request: Request, context: BasicRequestContext, route: OperationRoute
    ) async throws -> Response {
        var json: JSONValue
        var document: [UInt8]?
        var typed: Operation.Input?
        // An inline scene already prepared from the same bytes (``PreparedSceneCache``), or
        // the scene read from its bytes by the engine (``InlineSceneRequest/decodeScene(limits:)``,
        // the one call the in-process benchmark's `request-direct` row measures), or, for a body
        // that reader does not take, the scene's JSON to decode.
        var inline = InlineScene()
        // The request's time budget covers all its work, from the first byte of decoding to the
        // last byte of the answer (receiving the body is bounded by the body timeout instead).
        var limits = configuration.limits
        switch Operation.httpBody {
        case .json:
            // An empty body is an empty request (an operation with no parameters, or a GET).
            let bytes = route.method == .GET ? [] : try await body(request)
            limits = requestLimits()
            if route.scene == .inline, let read = InlineSceneRequest.read(bytes, limits: configuration.limits) {
                json = read.request
                if let sceneBytes = read.sceneBytes {
                    inline.sent = true
                    let key = PreparedSceneCache.Key(sceneBytes)
                    inline.key = key
                    inline.kept = inlineScenes.scene(for: key)
                    if inline.kept == nil { inline.decoded = try Self.decodeInlineScene(read, limits: limits) }
                }
            } else {
                typed = route.scene == .stored && request.uri.query == nil ? typedInput(Operation.self, bytes) : nil
                json = typed != nil || bytes.isEmpty ? JSONValue.object([]) : try parse(bytes)
                if let scene = json["scene"] {
                    inline.sent = true
                    inline.json = scene
                }
            }
            try checkBudget(limits)
        case let .document(mediaTypes):
            document = try await body(request, accepting: mediaTypes)
            limits = requestLimits()
            json = .object([])
        }
        let query = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
        if !query.isEmpty || !Operation.queryParameters.isEmpty {
            let (members, problems) = QueryParameter.request(from: query, parameters: Operation.queryParameters)
            if !problems.isEmpty { throw APIError(.badQuery, problems.joined(separator: "; ") + ".") }
            for member in members {
                if json[member.key] != nil || (member.key == "scene" && inline.sent) {
                    throw APIError(.badQuery, "\"\(member.key)\" is given both in the query and in the body.")
                }
                json = json.setting(member.key, to: member.value)
            }
        }
        // A stored scene stays in its cache entry until the context is made: one copy of the
        // prepared scene (a retain per array of both its scenes) instead of one per hand-over.
        var cachedScene: SceneCache.Cached?
        let scene: PreparedScene?
        var transportFields: [String] = []
        switch route.scene {
        case .stored:
            cachedScene = try await loadScene(try sceneID(context), limits: limits)
            scene = nil
        case .inline:
            guard inline.sent else {
                throw APIError.input(.invalidRequest([SceneProblem(
                    pointer: "/scene",
                    message: "this route needs the scene inline as \"scene\"; to use a stored scene, POST to /v1/scenes/{id}/\(Operation.name)")]))
            }
            let prepared: PreparedScene
            if let kept = inline.kept {
                prepared = kept.using(limits)
            } else {
                let decoded: Scene
                switch inline.decoded {
                case let .success(scene)?: decoded = scene
                case let .failure(error)?: throw APIError.input(error)
                case nil: decoded = try decodeScene(inline.json ?? .null, at: "/scene", limits: limits)
                }
                prepared = PreparedScene(decoded, limits: limits)
                if let key = inline.key { inlineScenes.offer(prepared, for: key) }
            }
            try checkBudget(limits)
            scene = try answeringInput { () throws(InputError) in try prepared.checked() }
            transportFields = ["scene"]
        case .none:
            scene = nil
        }
        let input: Operation.Input
        if let typed {
            input = typed
        } else {
            do {
                input = try Operation.decode(OperationRequest(json, transportFields: transportFields, document: document))
            } catch {
                throw APIError(error.problem)
            }
        }
        var storedScenes: [String: PreparedScene] = [:]
        for (id, pointer) in Operation.storedSceneIDs(in: input) where storedScenes[id] == nil {
            guard SceneID.isValid(id) else {
                throw APIError.input(.invalidRequest([SceneProblem(pointer: pointer, message: "\"\(id.prefix(200))\" is not a scene id")]))
            }
            storedScenes[id] = try await loadScene(id, limits: limits).prepared
        }
        let result: OperationResult
        do {
            result = try Operation.run(
                input, in: OperationContext(scene: cachedScene?.prepared ?? scene, scenePointer: route.scene == .inline ? "/scene" : "", limits: limits, storedScenes: storedScenes))
        } catch {
            try checkBudget(limits)
            throw APIError(error.problem)
        }
        try checkBudget(limits)
        let bytes = result.bytes()
        try checkBudget(limits)
        var headers: HTTPFields = [.contentType: result.contentType]
        var status: HTTPResponse.Status = result.status == 200 ? .ok : HTTPResponse.Status(code: result.status)
        if let (id, sceneDocument) = result.storeScene {
            let (stored, _) = try await write(id: id, bytes: sceneDocument, condition: .none)
            headers[.eTag] = stored.etag
            headers[.location] = "/v1/scenes/\(stored.id)"
            status = .created
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// An inline request's scene, as the route found it: sent or not, and prepared before, read
    /// from its bytes, or (a body ``InlineSceneRequest`` does not take) its JSON.
    struct InlineScene {
        var sent = false
        var kept: PreparedScene?
        var decoded: Result<Scene, InputError>?
        var json: JSONValue?
        /// The scene's bytes and their digest, for the cache's lookup and offer.
        var key: PreparedSceneCache.Key?
    }

    /// The inline scene read from its bytes by the engine's one call (parse and decode, problems
    /// under `/scene`). A scene that is not valid JSON is a 400 now, where the body's parse
    /// reports it; any other problem of the scene is kept and reported where the scene is used,
    /// after the query's problems, in the order the routes have always answered in.
    static func decodeInlineScene(_ read: InlineSceneRequest, limits: SceneLimits) throws -> Result<Scene, InputError>? {
        do {
            return try read.decodeScene(limits: limits).map { .success($0) }
        } catch {
            if case .malformed = error { throw APIError.input(error) }
            return .failure(error)
        }
    }

    /// The operation's input read straight from a stored-scene request's body, for the bodies a
    /// typed reader takes (``HitTestBodyReader``: the common hit-test body); nil sends the body
    /// the general way (`JSONParser`, then the operation's decoder), which also explains errors.
    func typedInput<Operation: TouchTraceOperation>(_ operation: Operation.Type, _ bytes: [UInt8]) -> Operation.Input? {
        guard Operation.self == HitTestOperation.self, configuration.limits.maxJSONNesting >= 2 else { return nil }
        return HitTestBodyReader.read(bytes) as? Operation.Input
    }

    /// The configured limits with a fresh time budget for this request (``WorkBudget``: the
    /// engine's loops call its check, which reads this clock against the deadline).
    func requestLimits() -> SceneLimits {
        var limits = configuration.limits
        if let budget = configuration.timeBudget {
            let deadline = ContinuousClock.now.advanced(by: budget)
            limits.budget = WorkBudget { ContinuousClock.now >= deadline }
        }
        return limits
    }

    /// 503 `time-budget-exceeded` once the request's budget has run out: whatever the engine
    /// returned after that is unfinished.
    func checkBudget(_ limits: SceneLimits) throws {
        guard limits.budget.isExhausted else { return }
        let budget = configuration.timeBudget.map { "\($0.components.seconds).\(String(format: "%03d", Int($0.components.attoseconds / 1_000_000_000_000_000))) s" } ?? "none"
        throw APIError(
            .timeBudgetExceeded,
            "The request's work ran past this server's time budget (\(budget)); send a smaller request, or raise --time-budget.")
    }
}
