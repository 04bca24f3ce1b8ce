import Hummingbird
import Logging
import TouchTraceEngine
import TouchTraceStore

extension TouchTraceAPI {
    /// The Hummingbird application serving this API on the configured host and port.
    /// `runService()` on it handles SIGINT and SIGTERM with a graceful shutdown that finishes
    /// in-flight requests.
    public func makeApplication(logger: Logger) -> some ApplicationProtocol {
        Application(
            router: makeRouter(),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "touchtrace"),
            logger: logger)
    }
}
