import Hummingbird
import NIOCore
import TouchTraceEngine
import TouchTraceOperations

/// Turns every error into an RFC 9457 problem response, and checks the bearer token on `/v1`
/// (in constant time: how long the comparison takes says nothing about how much of a guess was
/// right).
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// `Bearer <token>`, as the header must read.
    let expectedAuthorization: [UInt8]?

    init(authToken: String?) {
        expectedAuthorization = authToken.map { Array("Bearer \($0)".utf8) }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            if let expectedAuthorization, request.uri.path.hasPrefix("/v1") {
                let given = request.headers[.authorization].map { Array($0.utf8) } ?? []
                guard constantTimeEqual(given, expectedAuthorization) else {
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
        // A known path with a method it does not take (TRACE, HEAD, …): 405 with Allow.
        if let route = TouchTraceAPI.route(matching: path) {
            let allow = route.methods.map(\.rawValue).joined(separator: ", ")
            return APIError(
                .methodNotAllowed, "\(method.rawValue) is not allowed on \(route.path); allowed: \(allow).", headers: [.allow: allow])
        }
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

/// Whether two byte strings are equal, in a time that depends on `expected`'s length only: every
/// byte is compared whatever the first difference.
func constantTimeEqual(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
    var difference = UInt8(truncatingIfNeeded: given.count ^ expected.count) | (given.count == expected.count ? 0 : 1)
    for index in expected.indices {
        difference |= expected[index] ^ (index < given.count ? given[index] : 0)
    }
    return difference == 0
}
