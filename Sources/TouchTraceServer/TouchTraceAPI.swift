import Hummingbird
import Logging
import TouchTraceEngine
import TouchTraceStore

/// The HTTP API of SPEC §4. Decodes requests, calls the store and the engine, encodes responses;
/// it holds no UIKit logic of its own.
public struct TouchTraceAPI: Sendable {
    public let configuration: ServerConfiguration
    public let store: any SceneStore
    public let metrics: ServerMetrics
    let cache: SceneCache

    public init(configuration: ServerConfiguration, store: any SceneStore, metrics: ServerMetrics = ServerMetrics()) {
        self.configuration = configuration
        self.store = store
        self.metrics = metrics
        self.cache = SceneCache(capacity: configuration.cacheCapacity)
    }

    /// Every route the server answers, with its methods. openapi.yaml must describe exactly
    /// these paths (a test checks it); any other method on them is a 405.
    public static let routes: [(path: String, methods: [HTTPRequest.Method])] = [
        ("/health", [.get]),
        ("/metrics", [.get]),
        ("/openapi.yaml", [.get]),
        ("/v1/scenes", [.get, .post]),
        ("/v1/scenes/{id}", [.get, .put, .delete]),
        ("/v1/scenes/{id}/hit-test", [.post]),
        ("/v1/hit-test", [.post]),
        ("/v1/scenes/{id}/touches", [.post]),
        ("/v1/touches", [.post]),
        ("/v1/scenes/{id}/actions", [.post]),
        ("/v1/actions", [.post]),
        ("/v1/scenes/{id}/layout", [.post]),
        ("/v1/layout", [.post]),
    ]

    /// The router with every route, the 405 answers and the request log.
    public func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: RequestLogMiddleware(metrics: metrics))
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
                body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.yaml)))
        }
        router.get("/v1/scenes") { request, _ in try await listScenes(request) }
        router.post("/v1/scenes") { request, _ in try await createScene(request) }
        router.get("/v1/scenes/:id") { _, context in try await getScene(try sceneID(context)) }
        router.put("/v1/scenes/:id") { request, context in try await putScene(request, id: try sceneID(context)) }
        router.delete("/v1/scenes/:id") { request, context in try await deleteScene(request, id: try sceneID(context)) }
        router.post("/v1/scenes/:id/hit-test") { request, context in
            try await trace(request, storedID: try sceneID(context), extraFields: []) { json, scene throws(InputError) in
                try TouchTrace.hitTestBytes(try HitTestRequest.decode(json), in: scene.forTouches)
            }
        }
        router.post("/v1/hit-test") { request, _ in
            try await trace(request, storedID: nil, extraFields: ["scene"]) { json, scene throws(InputError) in
                try TouchTrace.hitTestBytes(try HitTestRequest.decode(json, extraFields: ["scene"]), in: scene.forTouches)
            }
        }
        router.post("/v1/scenes/:id/touches") { request, context in
            try await trace(request, storedID: try sceneID(context), extraFields: []) { json, scene throws(InputError) in
                JSONWriter().bytes(try TouchTrace.touches(try TouchRequest.decode(json), in: scene.forTouches))
            }
        }
        router.post("/v1/touches") { request, _ in
            try await trace(request, storedID: nil, extraFields: ["scene"]) { json, scene throws(InputError) in
                JSONWriter().bytes(try TouchTrace.touches(try TouchRequest.decode(json, extraFields: ["scene"]), in: scene.forTouches))
            }
        }
        router.post("/v1/scenes/:id/actions") { request, context in
            try await trace(request, storedID: try sceneID(context), extraFields: []) { json, scene throws(InputError) in
                JSONWriter().bytes(try TouchTrace.actions(try ActionsRequest.decode(json), in: scene.forTouches))
            }
        }
        router.post("/v1/actions") { request, _ in
            try await trace(request, storedID: nil, extraFields: ["scene"]) { json, scene throws(InputError) in
                JSONWriter().bytes(try TouchTrace.actions(try ActionsRequest.decode(json, extraFields: ["scene"]), in: scene.forTouches))
            }
        }
        router.post("/v1/scenes/:id/layout") { request, context in
            // From the scene as stored (its trace can show the initial cycle), reusing the kept
            // Auto Layout system of its initial cycle.
            try await trace(request, storedID: try sceneID(context), extraFields: []) { json, scene throws(InputError) in
                try scene.layoutBytes(try LayoutRequest.decode(json))
            }
        }
        router.post("/v1/layout") { request, _ in
            try await trace(request, storedID: nil, extraFields: ["scene"]) { json, scene throws(InputError) in
                try scene.layoutBytes(try LayoutRequest.decode(json, extraFields: ["scene"]))
            }
        }
        let every: [HTTPRequest.Method] = [.get, .post, .put, .delete, .patch, .options]
        for route in Self.routes {
            let allow = route.methods.map(\.rawValue).joined(separator: ", ")
            let hummingbirdPath = route.path.replacingOccurrences(of: "{id}", with: ":id")
            for method in every where !route.methods.contains(method) {
                router.on(RouterPath(hummingbirdPath), method: method) { request, _ -> Response in
                    var error = APIError.make(
                        "method-not-allowed", "Method not allowed", 405,
                        "\(request.method.rawValue) is not allowed on \(route.path); allowed: \(allow).")
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
