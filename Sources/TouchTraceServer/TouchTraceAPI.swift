import Hummingbird
import Logging
import TouchTraceEngine
import TouchTraceOperations
import TouchTraceStore

/// The HTTP API of openapi.yaml. Decodes requests, calls the store and the engine, encodes responses;
/// it holds no UIKit logic of its own.
public struct TouchTraceAPI: Sendable {
    public let configuration: ServerConfiguration
    public let store: any SceneStore
    public let metrics: ServerMetrics
    let cache: SceneCache
    let gate: OperationGate
    /// Inline scenes prepared once per content (the inline routes: a client that posts the same
    /// scene again does not pay for its decoding, layout and Auto Layout solve again).
    let inlineScenes: PreparedSceneCache

    public init(configuration: ServerConfiguration, store: any SceneStore, metrics: ServerMetrics = ServerMetrics()) {
        self.configuration = configuration
        self.store = store
        self.metrics = metrics
        self.cache = SceneCache(capacity: configuration.cacheCapacity)
        self.inlineScenes = PreparedSceneCache(capacity: configuration.inlineCacheCapacity)
        self.gate = OperationGate(limits: configuration.admission)
    }

    /// Every route the server answers, with its methods: the service's own routes, then those
    /// generated from the operation catalogue. openapi.yaml must describe exactly these paths (a
    /// test checks it); any other method on them is a 405.
    public static let routes: [(path: String, methods: [HTTPRequest.Method])] =
        [
            ("/health", [.get]),
            ("/metrics", [.get]),
            ("/openapi.yaml", [.get]),
            ("/v1/scenes", [.get, .post]),
            ("/v1/scenes/{id}", [.get, .put, .delete]),
        ] + playgroundRoutes + operationRoutes

    /// The catalogue's routes, methods merged per path.
    static var operationRoutes: [(path: String, methods: [HTTPRequest.Method])] {
        var result: [(path: String, methods: [HTTPRequest.Method])] = []
        for route in Catalogue.operations.flatMap({ $0.routes }) {
            let method: HTTPRequest.Method = route.method == .GET ? .get : .post
            if let i = result.firstIndex(where: { $0.path == route.path }) {
                result[i].methods.append(method)
            } else {
                result.append((route.path, [method]))
            }
        }
        return result
    }

    /// The route whose path template matches `path` (`{id}` matches one segment).
    static func route(matching path: String) -> (path: String, methods: [HTTPRequest.Method])? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        return routes.first { route in
            let template = route.path.split(separator: "/", omittingEmptySubsequences: false)
            guard template.count == segments.count else { return false }
            return zip(template, segments).allSatisfy { $0 == "{id}" ? !$1.isEmpty : $0 == $1 }
        }
    }

    /// The router with every route, the 405 answers, the request log and, when origins are
    /// configured, CORS (before authentication: preflights carry no credentials).
    public func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: RequestLogMiddleware(metrics: metrics))
        if let cors = configuration.cors, !cors.origins.isEmpty { router.add(middleware: CORSMiddleware(policy: cors)) }
        router.add(middleware: ErrorMiddleware(authToken: configuration.authToken))
        router.get("/health") { _, _ in jsonResponse(.obj(["status": "ok"])) }
        router.get("/metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: await metrics.exposition(store: store))))
        }
        router.get("/openapi.yaml") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/yaml"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: EmbeddedFiles.openAPIYAML)))
        }
        addPlaygroundRoutes(to: router)
        router.get("/v1/scenes") { request, _ in try await listScenes(request) }
        router.post("/v1/scenes") { request, _ in try await admitted(request) { try await createScene(request) } }
        router.get("/v1/scenes/:id") { _, context in try await getScene(try sceneID(context)) }
        router.put("/v1/scenes/:id") { request, context in
            let id = try sceneID(context)
            return try await admitted(request) { try await putScene(request, id: id) }
        }
        router.delete("/v1/scenes/:id") { request, context in try await deleteScene(request, id: try sceneID(context)) }
        for operation in Catalogue.operations {
            addRoutes(for: operation, to: router)
        }
        let every: [HTTPRequest.Method] = [.get, .post, .put, .delete, .patch, .options]
        for route in Self.routes {
            let allow = route.methods.map(\.rawValue).joined(separator: ", ")
            let hummingbirdPath = route.path.replacingOccurrences(of: "{id}", with: ":id")
            for method in every where !route.methods.contains(method) {
                router.on(RouterPath(hummingbirdPath), method: method) { request, _ -> Response in
                    var error = APIError(
                        .methodNotAllowed, "\(request.method.rawValue) is not allowed on \(route.path); allowed: \(allow).")
                    error.headers[.allow] = allow
                    throw error
                }
            }
        }
        return router
    }

    func sceneID(_ context: BasicRequestContext) throws -> String {
        let id = context.parameters.get("id") ?? ""
        guard SceneID.isValid(id) else { throw APIError.invalidID(id) }
        return id
    }
}
