/// Every kind of problem TouchTrace answers with, in one place: the RFC 9457 `type` (a URI under
/// `https://touchtrace.dev/problems/`), its `title` and its HTTP status. The engine, the server
/// and the CLI make their problem documents from these, so a type never changes its title or
/// status from one place to another; openapi.yaml lists the same set (a test checks it).
public struct ProblemType: Sendable, Hashable, CustomStringConvertible {
    /// The last part of the type URI, e.g. `invalid-scene`.
    public let slug: String
    public let title: String
    public let status: Int

    public init(_ slug: String, _ title: String, _ status: Int) {
        self.slug = slug
        self.title = title
        self.status = status
    }

    public static let base = "https://touchtrace.dev/problems/"

    /// The type URI.
    public var uri: String { Self.base + slug }
    public var description: String { uri }

    /// A problem document of this type.
    public func document(_ detail: String, errors: [SceneProblem] = []) -> ProblemDocument {
        ProblemDocument(type: uri, title: title, status: status, detail: detail, errors: errors)
    }

    // MARK: Input (engine)

    /// A body or file that is not JSON (or not well-formed XML, for importers): 400 with line and column.
    public static let malformedJSON = ProblemType("malformed-json", "Malformed JSON", 400)
    /// A scene document that parses but breaks the scene format (or nests too deeply): 422.
    public static let invalidScene = ProblemType("invalid-scene", "Invalid scene", 422)
    /// A request around the scene that breaks its rules (a touch sequence, a change, a point,
    /// an unknown id): 422.
    public static let invalidRequest = ProblemType("invalid-request", "Invalid request", 422)
    /// A valid scene and request whose answer would cost more than a limit allows (a stack view
    /// with more arranged subviews than the limit, hit regions that need more work than the
    /// limit, …): 422, each error naming the part (pointer) and the limit.
    public static let sceneTooComplex = ProblemType("scene-too-complex", "Scene too complex", 422)

    // MARK: Design files (importers)

    /// A design file that is not well-formed XML, with line and column: 400.
    public static let malformedXML = ProblemType("malformed-xml", "Malformed XML", 400)
    /// A design file that is not UTF-8: 400.
    public static let invalidEncoding = ProblemType("invalid-encoding", "Invalid encoding", 400)
    /// A `<!DOCTYPE>` or other markup declaration, refused so no entity can expand: 400.
    public static let forbiddenDeclaration = ProblemType("forbidden-declaration", "Forbidden XML declaration", 400)
    /// A design file over one of the importer's limits (nesting, attributes, elements): 422.
    public static let importLimitExceeded = ProblemType("import-limit-exceeded", "Import limit exceeded", 422)
    /// Readable, but not a document of the format, or nothing usable is left in it: 422.
    public static let unsupportedDocument = ProblemType("unsupported-document", "Unsupported document", 422)
    /// The scene, controller or frame asked for is not in the document: 422 (the detail lists what is).
    public static let unknownDocumentPart = ProblemType("unknown-document-part", "Unknown part of the document", 422)

    // MARK: Checks (expectation files)

    /// An expectation file that is not YAML or JSON, or breaks the expectation format (unknown
    /// keys, bad values, unknown ids, a scene that does not load), with file, line and column: 422
    /// (the `check` command exits with 2).
    public static let invalidExpectations = ProblemType("invalid-expectations", "Invalid expectations", 422)

    // MARK: HTTP and store

    public static let badQuery = ProblemType("bad-query", "Bad query", 400)
    public static let badPrecondition = ProblemType("bad-precondition", "Bad precondition", 400)
    public static let invalidSceneID = ProblemType("invalid-scene-id", "Invalid scene id", 400)
    public static let unauthorized = ProblemType("unauthorized", "Unauthorized", 401)
    public static let notFound = ProblemType("not-found", "Not found", 404)
    public static let sceneNotFound = ProblemType("scene-not-found", "Scene not found", 404)
    public static let methodNotAllowed = ProblemType("method-not-allowed", "Method not allowed", 405)
    public static let preconditionFailed = ProblemType("precondition-failed", "Precondition failed", 412)
    public static let bodyTooLarge = ProblemType("body-too-large", "Body too large", 413)
    public static let unsupportedMediaType = ProblemType("unsupported-media-type", "Unsupported media type", 415)
    /// More requests than the server admits at once are running and waiting (503, with
    /// `Retry-After`): try again shortly, or against another replica.
    public static let overloaded = ProblemType("overloaded", "Service overloaded", 503)
    /// The request's engine work ran past the server's time budget (503): a smaller request, or
    /// a server with a larger budget (`--time-budget`), answers it.
    public static let timeBudgetExceeded = ProblemType("time-budget-exceeded", "Time budget exceeded", 503)
    public static let storageError = ProblemType("storage-error", "Storage error", 500)
    public static let internalError = ProblemType("internal-error", "Internal server error", 500)

    /// Any other HTTP error the framework raises (its status and reason phrase).
    public static func httpError(_ status: Int, _ reason: String) -> ProblemType { ProblemType("http-error", reason, status) }

    /// Every type above, for documentation and the contract test.
    public static let all: [ProblemType] = [
        malformedJSON, invalidScene, invalidRequest, sceneTooComplex, malformedXML, invalidEncoding, forbiddenDeclaration,
        importLimitExceeded, unsupportedDocument, unknownDocumentPart, invalidExpectations, badQuery, badPrecondition, invalidSceneID, unauthorized,
        notFound, sceneNotFound, methodNotAllowed, preconditionFailed, bodyTooLarge, unsupportedMediaType,
        overloaded, timeBudgetExceeded, storageError, internalError,
    ]
}
