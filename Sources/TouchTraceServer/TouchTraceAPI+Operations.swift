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
        let declared = request.headers[.contentLength].flatMap { Int($0) }
        let weight = gate.weight(bodyBytes: declared, maxBodySize: configuration.maxBodySize)
        do {
            return try await gate.run(weight: weight) {
                try await performAdmitted(operation, request, context: context, route: route)
            }
        } catch is OperationGate.Overloaded {
            throw APIError(
                .overloaded,
                "The server is running and queueing as many requests as it admits; retry after \(gate.limits.retryAfterSeconds) s.",
                headers: [.retryAfter: String(gate.limits.retryAfterSeconds)])
        }
    }

    private func performAdmitted<Operation: TouchTraceOperation>(
        _ operation: Operation.Type, _ request: Request, context: BasicRequestContext, route: OperationRoute
    ) async throws -> Response {
        var json: JSONValue
        var document: [UInt8]?
        switch Operation.httpBody {
        case .json:
            // An empty body is an empty request (an operation with no parameters, or a GET).
            let bytes = route.method == .GET ? [] : try await body(request)
            json = bytes.isEmpty ? JSONValue.object([]) : try parse(bytes)
        case let .document(mediaTypes):
            document = try await body(request, accepting: mediaTypes)
            json = .object([])
        }
        let query = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
        if !query.isEmpty || !Operation.queryParameters.isEmpty {
            let (members, problems) = QueryParameter.request(from: query, parameters: Operation.queryParameters)
            if !problems.isEmpty { throw APIError(.badQuery, problems.joined(separator: "; ") + ".") }
            for member in members {
                if json[member.key] != nil {
                    throw APIError(.badQuery, "\"\(member.key)\" is given both in the query and in the body.")
                }
                json = json.setting(member.key, to: member.value)
            }
        }
        let scene: PreparedScene?
        var transportFields: [String] = []
        switch route.scene {
        case .stored:
            scene = try await loadScene(try sceneID(context))
        case .inline:
            guard let inline = json["scene"] else {
                throw APIError.input(.invalidRequest([SceneProblem(
                    pointer: "/scene",
                    message: "this route needs the scene inline as \"scene\"; to use a stored scene, POST to /v1/scenes/{id}/\(Operation.name)")]))
            }
            scene = PreparedScene(try decodeScene(inline, at: "/scene"), limits: configuration.limits)
            transportFields = ["scene"]
        case .none:
            scene = nil
        }
        var storedScenes: [String: PreparedScene] = [:]
        for (id, pointer) in Operation.storedSceneIDs(in: json) where storedScenes[id] == nil {
            guard SceneID.isValid(id) else {
                throw APIError.input(.invalidRequest([SceneProblem(pointer: pointer, message: "\"\(id.prefix(200))\" is not a scene id")]))
            }
            storedScenes[id] = try await loadScene(id)
        }
        let result: OperationResult
        do {
            result = try Operation.run(
                OperationInput(
                    request: json, transportFields: transportFields, scene: scene, limits: configuration.limits,
                    document: document, storedScenes: storedScenes, transport: .http))
        } catch {
            throw APIError(error.problem)
        }
        var headers: HTTPFields = [.contentType: result.contentType]
        var status = HTTPResponse.Status(code: result.status)
        if let (id, sceneDocument) = result.storeScene {
            let (stored, _) = try await write(id: id, bytes: sceneDocument, condition: .none)
            headers[.eTag] = stored.etag
            headers[.location] = "/v1/scenes/\(stored.id)"
            status = .created
        }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: result.bytes())))
    }
}
