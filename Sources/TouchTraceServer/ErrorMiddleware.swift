import Hummingbird
import NIOCore
import TouchTraceEngine

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
            return APIError(.notFound, "There is no route \(request.method.rawValue) \(request.uri.path); see GET /openapi.yaml.").response
        } catch let error as HTTPResponseError {
            return APIError(.httpError(error.status.code, error.status.reasonPhrase), "\(error.status.reasonPhrase).").response
        } catch {
            context.logger.error("unexpected error", metadata: ["error": "\(error)"])
            return APIError(.internalError, "An unexpected error occurred; it was logged.").response
        }
    }
}
