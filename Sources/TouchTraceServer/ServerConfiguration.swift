import TouchTraceEngine

/// Everything the server needs to know, passed in (no globals). `touchtrace serve` fills it from
/// flags and environment variables.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    public var dataDirectory: String
    /// Request bodies larger than this are answered with 413.
    public var maxBodySize: Int
    /// How many parsed scenes the server keeps in memory.
    public var cacheCapacity: Int
    public var limits: SceneLimits
    /// When set, `/v1` routes need `Authorization: Bearer <token>`.
    public var authToken: String?
    /// Browser origins allowed to call the API (CORS, for design-tool plugins); nil: CORS off.
    public var cors: CORSPolicy?

    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: String = "./data",
        maxBodySize: Int = 8 * 1024 * 1024, cacheCapacity: Int = 256, limits: SceneLimits = SceneLimits(),
        authToken: String? = nil, cors: CORSPolicy? = nil
    ) {
        self.cors = cors
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.maxBodySize = maxBodySize
        self.cacheCapacity = cacheCapacity
        self.limits = limits
        self.authToken = authToken
    }
}
