import Hummingbird
import TouchTraceEngine
import TouchTraceOperations

/// The routes of the operation catalogue: one pipeline for every operation (read the body,
/// find the scene, run the operation, write its answer), so no route repeats another.
extension TouchTraceAPI {
    /// Where an operation's scene comes from.
    enum SceneSource {
        /// `POST /v1/scenes/{id}/NAME`: the stored scene, prepared once per version (cached).
        case stored(String)
        /// `POST /v1/NAME`: the body's `"scene"`.
        case inline
        /// An operation without a scene.
        case none
    }

    /// Registers the routes ``TouchTraceOperation/routePaths`` names for `operation`.
    func addRoutes<Operation: TouchTraceOperation>(for operation: Operation.Type, to router: Router<BasicRequestContext>) {
        switch Operation.sceneUse {
        case .required:
            router.post("/v1/scenes/:id/\(Operation.name)") { request, context in
                try await perform(Operation.self, request, scene: .stored(try sceneID(context)))
            }
            router.post("/v1/\(Operation.name)") { request, _ in
                try await perform(Operation.self, request, scene: .inline)
            }
        case .none:
            router.post("/v1/\(Operation.name)") { request, _ in
                try await perform(Operation.self, request, scene: .none)
            }
        }
    }

    /// Runs one operation for one request, under the admission bound (``OperationGate``: taken
    /// before the body is read, so a waiting request holds no body in memory; 503 with
    /// `Retry-After` when the queue is full). A stored scene comes from the cache; an inline
    /// scene is decoded (problems under `/scene`) and prepared for this request only; the stored
    /// scene is never changed.
    func perform<Operation: TouchTraceOperation>(
        _ operation: Operation.Type, _ request: Request, scene source: SceneSource
    ) async throws -> Response {
        let declared = request.headers[.contentLength].flatMap { Int($0) }
        let weight = gate.weight(bodyBytes: declared, maxBodySize: configuration.maxBodySize)
        do {
            return try await gate.run(weight: weight) {
                try await performAdmitted(operation, request, scene: source)
            }
        } catch is OperationGate.Overloaded {
            throw APIError(
                .overloaded,
                "The server is running and queueing as many requests as it admits; retry after \(gate.limits.retryAfterSeconds) s.",
                headers: [.retryAfter: String(gate.limits.retryAfterSeconds)])
        }
    }

    private func performAdmitted<Operation: TouchTraceOperation>(
        _ operation: Operation.Type, _ request: Request, scene source: SceneSource
    ) async throws -> Response {
        // An empty body is an empty request (an operation with no parameters, such as validate).
        let bytes = try await body(request)
        let json = bytes.isEmpty ? JSONValue.object([]) : try parse(bytes)
        let scene: PreparedScene?
        var transportFields: [String] = []
        switch source {
        case let .stored(id):
            scene = try await loadScene(id)
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
        let result: OperationResult
        do {
            result = try Operation.run(OperationInput(request: json, transportFields: transportFields, scene: scene, limits: configuration.limits))
        } catch {
            throw APIError(error.problem)
        }
        return Response(
            status: HTTPResponse.Status(code: result.status), headers: [.contentType: result.contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: result.bytes())))
    }
}
