import Foundation
import HTTPTypes
import Hummingbird

/// Which browser origins may call the API (CORS, the Fetch standard), for design-tool plugins:
/// a Figma plugin's UI runs in an iframe whose requests carry `Origin: null`. Off unless origins
/// are configured (`--cors-origin`); `*` allows any origin except `null`, which is allowed only
/// when listed itself (an opaque origin is shared by every sandboxed page and file:// URL, so
/// allowing it is a decision of its own).
public struct CORSPolicy: Sendable, Hashable {
    /// The allowed origins, lowercased: `https://www.figma.com`, `null`, `*`.
    public let origins: [String]

    /// Validates and normalises the configured origins (each value may hold several separated by
    /// commas). Throws a message naming the bad value: an origin is `scheme://host[:port]` with
    /// no path (a trailing slash never matches what a browser sends), `null` or `*`.
    public init(_ values: [String]) throws(CORSPolicyError) {
        var origins: [String] = []
        for value in values {
            for part in value.split(separator: ",") {
                let origin = part.trimmingCharacters(in: .whitespaces).lowercased()
                guard !origin.isEmpty else { continue }
                guard origin == "null" || origin == "*" || Self.isOrigin(origin) else {
                    throw CORSPolicyError(
                        "\"\(origin)\" is not an origin: give scheme://host[:port] with no path or trailing slash (https://www.figma.com), null (a plugin's sandboxed iframe) or *")
                }
                if !origins.contains(origin) { origins.append(origin) }
            }
        }
        self.origins = origins
    }

    static func isOrigin(_ s: String) -> Bool {
        guard let range = s.range(of: "://") else { return false }
        let scheme = s[..<range.lowerBound], authority = s[range.upperBound...]
        guard let first = scheme.first, first.isLetter,
            scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
        else { return false }
        return !authority.isEmpty && !authority.contains { $0 == "/" || $0 == "?" || $0 == "#" || $0 == " " || $0 == "@" }
    }

    /// Whether requests from `origin` (the `Origin` header as sent) may read the answers.
    public func allows(_ origin: String) -> Bool {
        let origin = origin.lowercased()
        if origin == "null" { return origins.contains("null") }
        return origins.contains("*") || origins.contains(origin)
    }
}

/// A configured origin that is not one.
public struct CORSPolicyError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Answers CORS preflights (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) from
/// allowed origins with 204 and the methods, headers and cache time the API allows, before
/// authentication (a preflight never carries credentials); and adds
/// `Access-Control-Allow-Origin` (the origin itself, `null` included) to every other answer to
/// an allowed origin, errors included, exposing `Location` and `ETag` so a plugin can follow a
/// stored import. A request from another origin is served as without CORS: no CORS headers,
/// so the browser withholds the answer, and its preflight falls through to the router (405).
///
/// Private Network Access (WICG, Chrome): a page on the public internet (a design tool's plugin
/// iframe) that calls a service on a private address or localhost first sends a preflight with
/// `Access-Control-Request-Private-Network: true`; an allowed origin's preflight that asks gets
/// `Access-Control-Allow-Private-Network: true`, so the plugin can reach a local TouchTrace.
struct CORSMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: CORSPolicy

    static var allowMethods: String { "GET, POST, PUT, DELETE" }
    static var allowHeaders: String { "Authorization, Content-Type, If-Match, If-None-Match, Accept" }
    static var exposeHeaders: String { "Location, ETag, Allow" }
    /// Seconds a browser may cache a preflight answer.
    static var maxAge: String { "600" }
    /// Private Network Access's preflight question and answer.
    static var requestPrivateNetwork: HTTPField.Name { HTTPField.Name("Access-Control-Request-Private-Network")! }
    static var allowPrivateNetwork: HTTPField.Name { HTTPField.Name("Access-Control-Allow-Private-Network")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let origin = request.headers[.origin] else { return try await next(request, context) }
        guard policy.allows(origin) else {
            if request.method == .options, request.headers[.accessControlRequestMethod] != nil {
                context.logger.debug("CORS preflight refused", metadata: ["origin": .string(origin), "path": .string(request.uri.path)])
            }
            var response = try await next(request, context)
            response.headers[values: .vary].append("Origin")
            return response
        }
        if request.method == .options, request.headers[.accessControlRequestMethod] != nil {
            var headers: HTTPFields = [
                .accessControlAllowOrigin: origin, .accessControlAllowMethods: Self.allowMethods,
                .accessControlAllowHeaders: Self.allowHeaders, .accessControlMaxAge: Self.maxAge, .vary: "Origin",
            ]
            if request.headers[Self.requestPrivateNetwork]?.lowercased() == "true" {
                headers[Self.allowPrivateNetwork] = "true"
            }
            return Response(status: .noContent, headers: headers)
        }
        var response = try await next(request, context)
        response.headers[.accessControlAllowOrigin] = origin
        response.headers[.accessControlExposeHeaders] = Self.exposeHeaders
        response.headers[values: .vary].append("Origin")
        return response
    }
}
