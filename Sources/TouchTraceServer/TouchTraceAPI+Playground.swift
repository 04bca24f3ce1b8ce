import Hummingbird

/// One file of the playground (Playground/ in the repository), embedded in the binary at build
/// time by the EmbedFiles plugin (Plugins/EmbedFiles).
struct PlaygroundAsset: Sendable {
    /// The route that serves it.
    var path: String
    var contentType: String
    var body: String
}

/// The playground's files, served at GET / and beside it.
enum PlaygroundAssets {
    static let all = [
        PlaygroundAsset(path: "/", contentType: "text/html; charset=utf-8", body: EmbeddedFiles.playgroundHTML),
        PlaygroundAsset(path: "/playground.css", contentType: "text/css; charset=utf-8", body: EmbeddedFiles.playgroundCSS),
        PlaygroundAsset(path: "/playground.js", contentType: "text/javascript; charset=utf-8", body: EmbeddedFiles.playgroundJS),
    ]
}

/// The playground: an HTML page, its style sheet and its script, served at `GET /`,
/// `GET /playground.css` and `GET /playground.js`. They work offline (no CDN, no build step) and
/// use only the public API, so the page also shows how to call it.
extension TouchTraceAPI {
    /// The playground's routes, for ``routes``.
    static var playgroundRoutes: [(path: String, methods: [HTTPRequest.Method])] {
        PlaygroundAssets.all.map { ($0.path, [.get]) }
    }

    /// The page may load only what this server serves; its pictures are inline SVG, which
    /// carries its own style sheet (hence `style-src 'unsafe-inline'`).
    static let playgroundPolicy = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'"

    func addPlaygroundRoutes(to router: Router<BasicRequestContext>) {
        for asset in PlaygroundAssets.all {
            router.get(RouterPath(asset.path)) { _, _ in
                Response(
                    status: .ok,
                    headers: [
                        .contentType: asset.contentType, .contentSecurityPolicy: Self.playgroundPolicy,
                        .init("X-Content-Type-Options")!: "nosniff", .cacheControl: "no-cache",
                    ],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: asset.body)))
            }
        }
    }
}
