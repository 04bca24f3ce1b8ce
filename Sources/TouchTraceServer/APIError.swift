import Hummingbird
import TouchTraceEngine
import TouchTraceStore

/// An error a handler answers with: an RFC 9457 problem document (of a type from the one
/// catalogue, ``ProblemType``) and its status, plus any headers the answer needs.
struct APIError: Error {
    var problem: ProblemDocument
    var headers: HTTPFields = [:]

    init(_ problem: ProblemDocument, headers: HTTPFields = [:]) {
        self.problem = problem
        self.headers = headers
    }

    init(_ type: ProblemType, _ detail: String, headers: HTTPFields = [:]) {
        self.init(type.document(detail), headers: headers)
    }

    static func notFound(_ id: String) -> APIError {
        APIError(.sceneNotFound, "No scene is stored under the id \"\(id)\".")
    }

    static func invalidID(_ id: String) -> APIError {
        APIError(
            .invalidSceneID,
            "Scene ids are 1 to 128 characters of A-Z a-z 0-9 _ . - and do not start with a dot; \"\(id.prefix(200))\" is not one.")
    }

    static func input(_ error: InputError) -> APIError { APIError(error.problemDocument) }

    static func store(_ error: StoreError) -> APIError {
        switch error {
        case let .invalidID(id): return invalidID(id)
        case let .notFound(id): return notFound(id)
        case let .preconditionFailed(current):
            let now = current.map { "the current version is \"v\($0)\"" } ?? "the scene does not exist"
            return APIError(.preconditionFailed, "The If-Match / If-None-Match condition does not hold: \(now).")
        case let .io(message):
            return APIError(.storageError, "The scene store failed: \(message)")
        }
    }

    var response: Response {
        var fields = headers
        fields[.contentType] = "application/problem+json"
        return Response(
            status: HTTPResponse.Status(code: problem.status), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: JSONWriter().bytes(problem.json))))
    }
}

/// A JSON response with the engine's deterministic writer.
func jsonResponse(_ value: JSONValue, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
    var fields = headers
    fields[.contentType] = "application/json"
    return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: JSONWriter().bytes(value))))
}
