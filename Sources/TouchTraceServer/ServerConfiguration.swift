import TouchTraceEngine

/// Everything the server needs to know, passed in (no globals). `touchtrace serve` fills it from
/// flags and environment variables; the README's configuration table lists each with its default.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    public var dataDirectory: String
    /// Request bodies larger than this are answered with 413.
    public var maxBodySize: Int
    /// How many parsed scenes the server keeps in memory.
    public var cacheCapacity: Int
    /// How many inline scene documents the server keeps prepared (``PreparedSceneCache``: a
    /// client that sends the same scene bytes again skips decoding, layout and the Auto Layout
    /// solve); 0 keeps none.
    public var inlineCacheCapacity: Int
    public var limits: SceneLimits
    /// When set, `/v1` routes need `Authorization: Bearer <token>`.
    public var authToken: String?
    /// Browser origins allowed to call the API (CORS, for design-tool plugins); nil: CORS off.
    public var cors: CORSPolicy?
    /// When both are set, the server speaks HTTPS only (PEM files: the certificate chain, leaf
    /// first, and its private key).
    public var tls: TLSFiles?
    /// How long slow and idle clients may hold a connection.
    public var timeouts: ConnectionTimeouts
    /// How many operations may run or wait at once (see ``OperationGate``).
    public var admission: AdmissionLimits
    /// How long one request's engine work may take (decoding and preparing its scene, running
    /// its operation), checked cooperatively by the layout pass and the constraint solver; nil
    /// for no limit. Past it the answer is 503 `problems/time-budget-exceeded`.
    public var timeBudget: Duration?
    /// How long SIGTERM waits for requests in flight (their responses written) before closing
    /// what is left.
    public var shutdownTimeout: Duration

    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: String = "./data",
        maxBodySize: Int = 8 * 1024 * 1024, cacheCapacity: Int = 256, inlineCacheCapacity: Int = 8, limits: SceneLimits = SceneLimits(),
        authToken: String? = nil, tls: TLSFiles? = nil, timeouts: ConnectionTimeouts = ConnectionTimeouts(),
        admission: AdmissionLimits = AdmissionLimits(), timeBudget: Duration? = .seconds(10), shutdownTimeout: Duration = .seconds(30),
        cors: CORSPolicy? = nil
    ) {
        self.timeBudget = timeBudget
        self.cors = cors
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.maxBodySize = maxBodySize
        self.cacheCapacity = cacheCapacity
        self.inlineCacheCapacity = inlineCacheCapacity
        self.limits = limits
        self.authToken = authToken
        self.tls = tls
        self.timeouts = timeouts
        self.admission = admission
        self.shutdownTimeout = shutdownTimeout
    }
}

/// The PEM files HTTPS is served with.
public struct TLSFiles: Sendable, Equatable {
    public var certificateChain: String
    public var privateKey: String
    public init(certificateChain: String, privateKey: String) {
        self.certificateChain = certificateChain
        self.privateKey = privateKey
    }
}

/// Bounds on how long a client may take, against slow-loris clients (headers or bodies sent a
/// byte at a time) and idle keep-alive connections. A connection past a bound is closed.
public struct ConnectionTimeouts: Sendable, Equatable {
    /// From the first byte of a request (or from the connection's opening) to the end of its
    /// header block. nginx's `client_header_timeout` is 60 s; Go's servers commonly set 10 s.
    public var header: Duration
    /// From the end of the header block to the end of the body, in total (a body sent a byte
    /// every few seconds does not restart it).
    public var body: Duration
    /// How long a keep-alive connection may wait, between requests, for the next one (nginx's
    /// `keepalive_timeout` is 75 s).
    public var idle: Duration
    /// After an early answer (413, 401, 404 before the body was read), how many more body bytes
    /// are read and thrown away so that a client that sends its whole body before reading (no
    /// `Expect: 100-continue`) still gets the answer; past it, or past the body timeout, the
    /// connection is closed (nginx calls this a lingering close).
    public var maxDiscardBytes: Int

    public init(header: Duration = .seconds(10), body: Duration = .seconds(30), idle: Duration = .seconds(60), maxDiscardBytes: Int = 64 * 1024 * 1024) {
        self.header = header
        self.body = body
        self.idle = idle
        self.maxDiscardBytes = maxDiscardBytes
    }
}

/// The admission bound of the operation pipeline: see ``OperationGate``.
public struct AdmissionLimits: Sendable, Equatable {
    /// Units of work admitted at once; a request weighs 1 plus 1 per MiB of its body.
    public var capacity: Int
    /// Requests that may wait for room; one more is answered 503 with `Retry-After`.
    public var queueLength: Int
    /// The `Retry-After` of a 503, in seconds.
    public var retryAfterSeconds: Int

    public init(capacity: Int = 64, queueLength: Int = 64, retryAfterSeconds: Int = 1) {
        self.capacity = capacity
        self.queueLength = queueLength
        self.retryAfterSeconds = retryAfterSeconds
    }
}
