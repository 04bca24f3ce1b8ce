import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOSSL
import ServiceLifecycle
import TouchTraceEngine
import TouchTraceStore

extension TouchTraceAPI {
    /// The Hummingbird application serving this API on the configured host and port: HTTP/1.1,
    /// over TLS when ``ServerConfiguration/tls`` names the files, with every connection under a
    /// ``ConnectionGuardHandler`` (read timeouts, the lingering close after an early answer, a
    /// close that lets the last response finish).
    public func makeApplication(logger: Logger) throws -> some ApplicationProtocol {
        let timeouts = configuration.timeouts
        let drain = configuration.shutdownTimeout
        let http1 = HTTP1Channel.Configuration(additionalChannelHandlers: [ConnectionGuardHandler(timeouts: timeouts, drainTimeout: drain)])
        let server: HTTPServerBuilder
        if let tls = configuration.tls {
            server = try .tls(.http1(configuration: http1), tlsConfiguration: try Self.tlsConfiguration(tls))
        } else {
            server = .http1(configuration: http1)
        }
        return Application(
            router: makeRouter(), server: server,
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "touchtrace"),
            logger: logger)
    }

    /// Runs the server until SIGINT or SIGTERM, then stops gracefully: no new connections,
    /// requests in flight answered and their responses written in full, for at most
    /// ``ServerConfiguration/shutdownTimeout``; what is left then is cancelled.
    public func run(logger: Logger) async throws {
        let application = try makeApplication(logger: logger)
        var group = ServiceGroupConfiguration(services: [application], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        group.maximumGracefulShutdownDuration = configuration.shutdownTimeout
        group.maximumCancellationDuration = .seconds(5)
        try await ServiceGroup(configuration: group).run()
    }

    /// A TLS server configuration from PEM files: the certificate chain (leaf first) and its key.
    /// swift-nio-ssl brings its own BoringSSL, so no system libssl is involved.
    static func tlsConfiguration(_ files: TLSFiles) throws -> TLSConfiguration {
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do {
            chain = try NIOSSLCertificate.fromPEMFile(files.certificateChain)
        } catch {
            throw TLSSetupError("cannot read the certificate chain \(files.certificateChain): \(error)")
        }
        guard !chain.isEmpty else { throw TLSSetupError("\(files.certificateChain) holds no PEM certificate") }
        do {
            key = try NIOSSLPrivateKey(file: files.privateKey, format: .pem)
        } catch {
            throw TLSSetupError("cannot read the private key \(files.privateKey): \(error)")
        }
        return TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
    }
}

/// A certificate or key that cannot be used: the message names the file.
public struct TLSSetupError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
