import ArgumentParser
import Foundation
import Logging
import NIOCore
import TouchTraceServer
import TouchTraceStore

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the HTTP API (openapi.yaml), storing scenes as files in the data directory.",
        discussion: """
            Every option also reads an environment variable (the flag wins): TOUCHTRACE_HOST, \
            TOUCHTRACE_PORT, TOUCHTRACE_DATA_DIR, TOUCHTRACE_MAX_BODY_BYTES, TOUCHTRACE_CACHE_SCENES, \
            TOUCHTRACE_AUTH_TOKEN, TOUCHTRACE_CORS_ORIGIN (comma-separated), TOUCHTRACE_LOG_LEVEL. SIGINT or SIGTERM stops the server after the \
            requests in flight have been answered.
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

    @Option(name: .customLong("auth-token"), help: "Require 'Authorization: Bearer TOKEN' on /v1 routes (env TOUCHTRACE_AUTH_TOKEN; default: no auth).")
    var authToken: String?

    @Option(
        name: .customLong("cors-origin"),
        help: ArgumentHelp(
            "A browser origin allowed to call the API (CORS), e.g. https://www.figma.com; null for a plugin's sandboxed iframe (only when given); * for any other origin. Repeat or separate with commas (env TOUCHTRACE_CORS_ORIGIN; default: CORS off).",
            valueName: "origin"))
    var corsOrigins: [String] = []

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
        configuration.authToken = setting(authToken, "TOUCHTRACE_AUTH_TOKEN")
        let corsValues = corsOrigins.isEmpty ? environment["TOUCHTRACE_CORS_ORIGIN"].map { [$0] } ?? [] : corsOrigins
        do {
            let policy = try CORSPolicy(corsValues)
            configuration.cors = policy.origins.isEmpty ? nil : policy
        } catch {
            throw ValidationError("--cors-origin: \(error.description)")
        }
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
        logger.info(
            "starting",
            metadata: [
                "host": .string(configuration.host), "port": .stringConvertible(configuration.port),
                "dataDir": .string(configuration.dataDirectory), "scenes": .stringConvertible(sceneCount),
                "auth": .string(configuration.authToken == nil ? "off" : "bearer"),
                "cors": .string(configuration.cors?.origins.joined(separator: ",") ?? "off"),
            ])
        let api = TouchTraceAPI(configuration: configuration, store: store)
        let start = ContinuousClock.now
        do {
            try await api.makeApplication(logger: logger).runService()
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

/// A start-up failure the user can act on: printed as one line, exit status 1.
struct ServeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
