import ArgumentParser
import Foundation
import Logging
import NIOCore
import TouchTraceOperations
import TouchTraceServer
import TouchTraceStore

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the HTTP API (openapi.yaml), storing scenes as files in the data directory.",
        discussion: """
            Every option also reads an environment variable (the flag wins; an empty variable is \
            unset): TOUCHTRACE_HOST, TOUCHTRACE_PORT, TOUCHTRACE_DATA_DIR, TOUCHTRACE_MAX_BODY_BYTES, \
            TOUCHTRACE_CACHE_SCENES, TOUCHTRACE_CACHE_INLINE_SCENES, TOUCHTRACE_AUTH_TOKEN, TOUCHTRACE_AUTH_TOKEN_FILE, \
            TOUCHTRACE_CORS_ORIGIN (comma-separated), \
            TOUCHTRACE_TLS_CERT, TOUCHTRACE_TLS_KEY, TOUCHTRACE_HEADER_TIMEOUT, TOUCHTRACE_BODY_TIMEOUT, \
            TOUCHTRACE_IDLE_TIMEOUT, TOUCHTRACE_MAX_DISCARD_BYTES, TOUCHTRACE_MAX_CONCURRENT, \
            TOUCHTRACE_MAX_QUEUE, TOUCHTRACE_TIME_BUDGET, TOUCHTRACE_SHUTDOWN_TIMEOUT, \
            TOUCHTRACE_LOG_LEVEL. SIGINT or SIGTERM stops the server after the requests in flight \
            have been answered and their responses written (at most --shutdown-timeout). Several \
            servers may share one data directory (on a shared filesystem): writes to one id are \
            serialised with file locks and every read checks the cached scene against the file. \
            On glibc the server keeps the memory its requests free instead of handing it back to \
            the kernel after each one (malloc's mmap threshold 32 MiB, trim threshold 64 MiB: \
            docs/deploy.md, "The memory allocator"), unless GLIBC_TUNABLES sets any glibc.malloc \
            tunable (glibc.malloc.perturb=0 keeps glibc's own defaults).
            """
    )

    @Option(help: "The address to listen on (env TOUCHTRACE_HOST; default 127.0.0.1).")
    var host: String?

    @Option(help: "The port to listen on (env TOUCHTRACE_PORT; default 8080; 0 picks a free port).")
    var port: Int?

    @Option(name: .customLong("data-dir"), help: "Where scenes are stored (env TOUCHTRACE_DATA_DIR; default ./data).")
    var dataDirectory: String?

    @Option(name: .customLong("max-body-bytes"), help: "The largest request body accepted (env TOUCHTRACE_MAX_BODY_BYTES; default 8388608).")
    var maxBodyBytes: Int?

    @Option(name: .customLong("cache-scenes"), help: "Parsed scenes kept in memory (env TOUCHTRACE_CACHE_SCENES; default 256).")
    var cacheScenes: Int?

    @Option(name: .customLong("cache-inline-scenes"), help: "Inline scene documents kept prepared, for requests that send the same scene bytes again (kept the second time a document is sent); 0 keeps none (env TOUCHTRACE_CACHE_INLINE_SCENES; default 8).")
    var cacheInlineScenes: Int?

    @Option(name: .customLong("auth-token"), help: "Require 'Authorization: Bearer TOKEN' on /v1 routes (env TOUCHTRACE_AUTH_TOKEN; default: no auth).")
    var authToken: String?

    @Option(
        name: .customLong("cors-origin"),
        help: ArgumentHelp(
            "A browser origin allowed to call the API (CORS), e.g. https://www.figma.com; null for a plugin's sandboxed iframe (only when given); * for any other origin. Repeat or separate with commas (env TOUCHTRACE_CORS_ORIGIN; default: CORS off).",
            valueName: "origin"))
    var corsOrigins: [String] = []
    @Option(name: .customLong("auth-token-file"), help: "Read the bearer token from this file, e.g. a mounted secret; surrounding whitespace is ignored (env TOUCHTRACE_AUTH_TOKEN_FILE).")
    var authTokenFile: String?

    @Option(name: .customLong("tls-cert"), help: "Serve HTTPS with this PEM certificate chain, leaf first (env TOUCHTRACE_TLS_CERT; needs --tls-key).")
    var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), help: "The PEM private key of --tls-cert (env TOUCHTRACE_TLS_KEY).")
    var tlsKey: String?

    @Option(name: .customLong("header-timeout"), help: "Seconds a client may take to send a request's headers (env TOUCHTRACE_HEADER_TIMEOUT; default 10).")
    var headerTimeout: Double?

    @Option(name: .customLong("body-timeout"), help: "Seconds a client may take to send a whole body (env TOUCHTRACE_BODY_TIMEOUT; default 30).")
    var bodyTimeout: Double?

    @Option(name: .customLong("idle-timeout"), help: "Seconds a keep-alive connection may wait for its next request (env TOUCHTRACE_IDLE_TIMEOUT; default 60).")
    var idleTimeout: Double?

    @Option(name: .customLong("max-discard-bytes"), help: "Body bytes read and thrown away after an early answer such as 413, before closing (env TOUCHTRACE_MAX_DISCARD_BYTES; default 67108864).")
    var maxDiscardBytes: Int?

    @Option(name: .customLong("max-concurrent"), help: "Operation requests admitted at once, each weighing 1 plus 1 per MiB of body (env TOUCHTRACE_MAX_CONCURRENT; default 64).")
    var maxConcurrent: Int?

    @Option(name: .customLong("max-queue"), help: "Operation requests that may wait for room; beyond, 503 with Retry-After (env TOUCHTRACE_MAX_QUEUE; default 64).")
    var maxQueue: Int?

    @Option(name: .customLong("time-budget"), help: "Seconds of engine work one operation request may take; 0 for no limit (env TOUCHTRACE_TIME_BUDGET; default 10).")
    var timeBudget: Double?

    @Option(name: .customLong("shutdown-timeout"), help: "Seconds SIGTERM waits for requests in flight before closing what is left (env TOUCHTRACE_SHUTDOWN_TIMEOUT; default 30).")
    var shutdownTimeout: Double?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical (env TOUCHTRACE_LOG_LEVEL; default info).")
    var logLevel: String?

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        func setting(_ flag: String?, _ name: String) -> String? { flag ?? environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        func number(_ flag: Int?, _ name: String, default value: Int) throws -> Int {
            if let flag { return flag }
            guard let text = environment[name], !text.isEmpty else { return value }
            guard let n = Int(text) else { throw ValidationError("\(name) must be a whole number, not \(text)") }
            return n
        }
        var configuration = ServerConfiguration()
        configuration.host = setting(host, "TOUCHTRACE_HOST") ?? configuration.host
        configuration.port = try number(port, "TOUCHTRACE_PORT", default: configuration.port)
        configuration.dataDirectory = setting(dataDirectory, "TOUCHTRACE_DATA_DIR") ?? configuration.dataDirectory
        configuration.maxBodySize = try number(maxBodyBytes, "TOUCHTRACE_MAX_BODY_BYTES", default: configuration.maxBodySize)
        configuration.cacheCapacity = try number(cacheScenes, "TOUCHTRACE_CACHE_SCENES", default: configuration.cacheCapacity)
        configuration.inlineCacheCapacity = try number(cacheInlineScenes, "TOUCHTRACE_CACHE_INLINE_SCENES", default: configuration.inlineCacheCapacity)
        configuration.authToken = try Self.token(setting(authToken, "TOUCHTRACE_AUTH_TOKEN"), file: setting(authTokenFile, "TOUCHTRACE_AUTH_TOKEN_FILE"))
        let corsValues = corsOrigins.isEmpty ? setting(nil, "TOUCHTRACE_CORS_ORIGIN").map { [$0] } ?? [] : corsOrigins
        do {
            let policy = try CORSPolicy(corsValues)
            configuration.cors = policy.origins.isEmpty ? nil : policy
        } catch {
            throw ValidationError("--cors-origin: \(error.description)")
        }
        switch (setting(tlsCertificate, "TOUCHTRACE_TLS_CERT"), setting(tlsKey, "TOUCHTRACE_TLS_KEY")) {
        case let (certificate?, key?): configuration.tls = TLSFiles(certificateChain: certificate, privateKey: key)
        case (nil, nil): break
        default: throw ValidationError("--tls-cert and --tls-key go together (TOUCHTRACE_TLS_CERT, TOUCHTRACE_TLS_KEY)")
        }
        func seconds(_ flag: Double?, _ name: String, default value: Duration) throws -> Duration {
            var given = flag
            if given == nil, let text = environment[name], !text.isEmpty {
                guard let n = Double(text) else { throw ValidationError("\(name) must be a number of seconds, not \(text)") }
                given = n
            }
            guard let given else { return value }
            guard given.isFinite, given > 0, given <= 1_000_000 else {
                throw ValidationError("\(name) must be a positive number of seconds, at most 1000000")
            }
            return .milliseconds(Int64((given * 1000).rounded()))
        }
        configuration.timeouts.header = try seconds(headerTimeout, "TOUCHTRACE_HEADER_TIMEOUT", default: configuration.timeouts.header)
        configuration.timeouts.body = try seconds(bodyTimeout, "TOUCHTRACE_BODY_TIMEOUT", default: configuration.timeouts.body)
        configuration.timeouts.idle = try seconds(idleTimeout, "TOUCHTRACE_IDLE_TIMEOUT", default: configuration.timeouts.idle)
        configuration.timeouts.maxDiscardBytes = try number(maxDiscardBytes, "TOUCHTRACE_MAX_DISCARD_BYTES", default: configuration.timeouts.maxDiscardBytes)
        configuration.admission.capacity = try number(maxConcurrent, "TOUCHTRACE_MAX_CONCURRENT", default: configuration.admission.capacity)
        configuration.admission.queueLength = try number(maxQueue, "TOUCHTRACE_MAX_QUEUE", default: configuration.admission.queueLength)
        configuration.shutdownTimeout = try seconds(shutdownTimeout, "TOUCHTRACE_SHUTDOWN_TIMEOUT", default: configuration.shutdownTimeout)
        let budgetText = timeBudget.map { String($0) } ?? environment["TOUCHTRACE_TIME_BUDGET"].flatMap { $0.isEmpty ? nil : $0 }
        if let budgetText, Double(budgetText) == 0 {
            configuration.timeBudget = nil
        } else {
            configuration.timeBudget = try seconds(timeBudget, "TOUCHTRACE_TIME_BUDGET", default: configuration.timeBudget ?? .seconds(10))
        }
        guard configuration.admission.capacity > 0, configuration.admission.queueLength >= 0 else {
            throw ValidationError("--max-concurrent must be positive and --max-queue at least 0")
        }
        guard configuration.inlineCacheCapacity >= 0 else { throw ValidationError("--cache-inline-scenes must be at least 0") }
        guard configuration.timeouts.maxDiscardBytes >= 0 else { throw ValidationError("--max-discard-bytes must be at least 0") }
        guard (0...65535).contains(configuration.port) else { throw ValidationError("the port must be from 0 to 65535") }
        guard configuration.maxBodySize > 0 else { throw ValidationError("the body limit must be positive") }
        let levelName = setting(logLevel, "TOUCHTRACE_LOG_LEVEL") ?? "info"
        guard let level = Logger.Level(rawValue: levelName) else { throw ValidationError("unknown log level \(levelName)") }

        var logger = Logger(label: "touchtrace")
        logger.logLevel = level
        let store: FileSceneStore
        do {
            store = try FileSceneStore(directory: configuration.dataDirectory)
        } catch {
            throw ValidationError("cannot open the data directory: \(error)")
        }
        let sceneCount = await store.count()
        // A server's requests free what they allocate: keep it in the process rather than fault
        // it in again for the next request (ProcessMemory; an operator's glibc.malloc tunables win).
        let memory = ProcessMemory.keepFreedMemory(environment: environment)
        logger.info(
            "starting",
            metadata: [
                "host": .string(configuration.host), "port": .stringConvertible(configuration.port),
                "dataDir": .string(configuration.dataDirectory), "scenes": .stringConvertible(sceneCount),
                "auth": .string(configuration.authToken == nil ? "off" : "bearer"),
                "cors": .string(configuration.cors?.origins.joined(separator: ",") ?? "off"),
                "tls": .string(configuration.tls == nil ? "off" : "on"),
                "allocator": .string(memory.label),
            ])
        let api = TouchTraceAPI(configuration: configuration, store: store)
        let start = ContinuousClock.now
        do {
            try await api.run(logger: logger)
        } catch let error as TLSSetupError {
            throw ServeError(error.description)
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw ServeError(
                "port \(configuration.port) on \(configuration.host) is already in use (another touchtrace, or another server, "
                    + "is listening there): stop it, or choose another port with --port or TOUCHTRACE_PORT (0 picks a free one)")
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL || error.errnoCode == EACCES {
            throw ServeError("cannot listen on \(configuration.host):\(configuration.port): \(error.description); check --host and --port")
        }
        let seconds = Double((ContinuousClock.now - start).components.seconds)
        logger.info(
            "stopped",
            metadata: [
                "requests": .stringConvertible(api.metrics.requestsAnswered),
                "uptime_s": .stringConvertible(Int(seconds)),
            ])
    }
}

extension ServeCommand {
    /// The bearer token: given directly, or read from a file (a container secret); not both.
    static func token(_ token: String?, file: String?) throws -> String? {
        guard let file else { return token }
        guard token == nil else { throw ValidationError("give the token with --auth-token or --auth-token-file, not both") }
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
            throw ValidationError("cannot read the auth token file \(file)")
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ValidationError("the auth token file \(file) is empty") }
        return trimmed
    }
}

/// A start-up failure the user can act on: printed as one line, exit status 1.
struct ServeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
