import Hummingbird
import NIOCore
import TouchTraceEngine
import TouchTraceOperations

/// Turns every error into an RFC 9457 problem response, and checks the bearer token on `/v1`.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let authToken: String?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            if let authToken, request.uri.path.hasPrefix("/v1") {
                guard request.headers[.authorization] == "Bearer \(authToken)" else {
                    throw APIError(
                        .unauthorized, "This server needs an Authorization: Bearer <token> header on /v1 routes.",
                        headers: [.wwwAuthenticate: "Bearer"])
                }
            }
            return try await next(request, context)
        } catch let error as APIError {
            return error.response
        } catch is NIOTooManyBytesError {
            return APIError(.bodyTooLarge, "The request body is larger than this server accepts.").response
        } catch let error as HTTPError where error.status == .notFound {
            return Self.noRoute(request.method, request.uri.path).response
        } catch let error as HTTPResponseError {
            return APIError(.httpError(error.status.code, error.status.reasonPhrase), "\(error.status.reasonPhrase).").response
        } catch {
            context.logger.error("unexpected error", metadata: ["error": "\(error)"])
            return APIError(.internalError, "An unexpected error occurred; it was logged.").response
        }
    }

    /// The answer for a path no route matches. Under `/v1/scenes/` it explains the likely
    /// mistake: an id with a `/` in it (400, as for an encoded `%2F`), or an operation name that
    /// does not exist (404, listing the operations).
    static func noRoute(_ method: HTTPRequest.Method, _ path: String) -> APIError {
        let prefix = "/v1/scenes/"
        if path.hasPrefix(prefix) {
            let segments = path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let operations = Catalogue.operations.filter { $0.routes.contains { $0.method == .POST && $0.scene == .stored } }.map { $0.name }
            if method == .post, segments.count == 2, !operations.contains(segments[1]) {
                return APIError(
                    .notFound,
                    "There is no operation \"\(segments[1])\" on a stored scene; POST /v1/scenes/{id}/ takes one of: \(operations.joined(separator: ", ")).")
            }
            let id = method == .post && segments.count > 2 && operations.contains(segments[segments.count - 1])
                ? segments.dropLast().joined(separator: "/") : segments.joined(separator: "/")
            return APIError(
                .invalidSceneID,
                "Scene ids cannot contain \"/\": \"\(id.prefix(200))\" is not one. Ids are 1 to 128 characters of A-Z a-z 0-9 _ . - and do not start with a dot.")
        }
        return APIError(.notFound, "There is no route \(method.rawValue) \(path); see GET /openapi.yaml.")
    }
}
