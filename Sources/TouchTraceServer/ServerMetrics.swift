import Foundation
import Hummingbird
import Logging
import Prometheus
import Synchronization
import TouchTraceStore

/// The server's Prometheus metrics, kept in a registry the server owns (not swift-metrics' global
/// `MetricsSystem`, which can be bootstrapped once per process and would tie every test server to
/// one set of numbers).
public final class ServerMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    let cacheHits: Counter
    let cacheMisses: Counter
    let storedScenes: Gauge
    private let answered = Atomic<Int>(0)

    /// Requests answered since the server started (any status): the shutdown log line says it.
    public var requestsAnswered: Int { answered.load(ordering: .relaxed) }
    /// The per-(route, method, status) series, made once each: the registry's own lookup builds
    /// label keys on every call.
    private let series = Mutex<[SeriesKey: (Counter, DurationHistogram)]>([:])

    private struct SeriesKey: Hashable {
        var route: String
        var method: String
        var status: Int
    }

    static let buckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2.5),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5),
    ]

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        cacheHits = registry.makeCounter(descriptor: Self.name("scene_cache_hits", "total", "Trace requests served from the parsed-scene cache."))
        cacheMisses = registry.makeCounter(descriptor: Self.name("scene_cache_misses", "total", "Trace requests that had to read and parse a stored scene."))
        storedScenes = registry.makeGauge(descriptor: Self.name("scenes", "stored", "Scenes in the store."))
    }

    /// `touchtrace_<name>_<unit>`, with its help text.
    static func name(_ name: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "touchtrace", metricName: name, unitName: unit, helpText: help)
    }

    func record(route: String, method: String, status: Int, duration: Duration) {
        answered.add(1, ordering: .relaxed)
        let key = SeriesKey(route: route, method: method, status: status)
        let (counter, histogram) = series.withLock { cache in
            if let existing = cache[key] { return existing }
            let labels = [("route", route), ("method", method), ("status", String(status))]
            let made = (
                registry.makeCounter(descriptor: Self.name("http_requests", "total", "HTTP requests by route, method and status."), labels: labels),
                registry.makeDurationHistogram(
                    descriptor: Self.name("http_request_duration", "seconds", "HTTP request latency by route, method and status."),
                    labels: labels, buckets: Self.buckets)
            )
            cache[key] = made
            return made
        }
        counter.increment()
        histogram.recordNanoseconds(duration.nanoseconds)
    }

    /// The Prometheus text exposition, with the stored-scene gauge refreshed.
    func exposition(store: any SceneStore) async -> [UInt8] {
        storedScenes.set(Double(await store.count()))
        return registry.emitToBuffer()
    }
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// One log line and one metrics sample per request: method, path, route, status, duration.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var status = 500
        defer {
            let duration = ContinuousClock.now - start
            let route = context.endpointPath ?? "unmatched"
            metrics.record(route: route, method: request.method.rawValue, status: status, duration: duration)
            context.logger.info(
                "request",
                metadata: [
                    "method": .string(request.method.rawValue), "path": .string(request.uri.path),
                    "status": .stringConvertible(status),
                    "duration_ms": .string(String(format: "%.3f", Double(duration.nanoseconds) / 1e6)),
                ])
        }
        do {
            let response = try await next(request, context)
            status = response.status.code
            return response
        } catch let error as HTTPResponseError {
            status = error.status.code
            throw error
        }
    }
}
