#if canImport(Glibc)
import Glibc
#endif

/// How a long-running process that answers operations (the server, and the benchmarks that
/// measure its request path) keeps the memory it frees, so that the next request does not fault
/// it in from the kernel again (issue 27).
///
/// glibc's `malloc` serves a large allocation with its own `mmap` and unmaps it when it is freed,
/// and gives the free top of a heap back to the system once it passes the trim threshold; both
/// thresholds start at 128 KiB and grow only with the sizes it has seen. A new card document's
/// Auto Layout solve holds its rows' cells in one store of a few megabytes (the solver's
/// `CellStore`), made and freed by every request: with glibc's defaults each request touched
/// those pages anew, ~1,370 minor page faults a request where the per-row tables before it cost
/// ~2, and the kernel's time for them made the request slower than before the store (median
/// thread CPU time 1.35 of the previous engine's) although it runs 8% fewer instructions. With the
/// thresholds below, ~7 faults a request and 0.92 of the previous engine's time
/// (docs/benchmarks.md, "the cell store's page faults").
///
/// The cost is memory the process keeps: up to ``trimThreshold`` of free heap per malloc arena is
/// not given back, and allocations under ``mmapThreshold`` come from the heaps. An operator who
/// tunes glibc's `malloc` (any `glibc.malloc.*` in `GLIBC_TUNABLES`; `glibc.malloc.perturb=0`
/// changes nothing and so keeps glibc's defaults) keeps their settings:
/// ``keepFreedMemory(environment:)`` then does nothing.
public enum ProcessMemory {
    /// Allocations smaller than this come from malloc's heaps, not an `mmap` of their own (32 MiB,
    /// glibc's largest default for a 64-bit process).
    public static let mmapThreshold: Int32 = 32 << 20
    /// Free memory at the top of a heap is given back to the system only beyond this (64 MiB).
    public static let trimThreshold: Int32 = 64 << 20

    /// What ``keepFreedMemory(environment:)`` did.
    public enum Outcome: Equatable, Sendable {
        /// Both thresholds set.
        case set
        /// `GLIBC_TUNABLES` tunes `glibc.malloc`: the operator's settings stand.
        case leftToTheOperator
        /// Not glibc (macOS, musl), or glibc refused a setting: the allocator's defaults stand.
        case unavailable

        /// How a log line or a benchmark's header says it.
        public var label: String {
            switch self {
            case .set: "freed memory kept (mmap threshold 32 MiB, trim threshold 64 MiB)"
            case .leftToTheOperator: "the operator's GLIBC_TUNABLES"
            case .unavailable: "the allocator's defaults"
            }
        }
    }

    /// Sets glibc's mmap and trim thresholds for this process (``mmapThreshold``,
    /// ``trimThreshold``), unless `environment["GLIBC_TUNABLES"]` tunes `glibc.malloc`. Call once,
    /// at the start of a process that serves many requests.
    @discardableResult
    public static func keepFreedMemory(environment: [String: String]) -> Outcome {
        if let tunables = environment["GLIBC_TUNABLES"], tunables.contains("glibc.malloc.") {
            return .leftToTheOperator
        }
        #if canImport(Glibc)
        // `mallopt` and its `M_*` constants are not in Swift's Glibc module; the constants are
        // malloc.h's (M_TRIM_THRESHOLD -1, M_MMAP_THRESHOLD -3), and setting a threshold also
        // turns off glibc's dynamic adjustment of both (mallopt(3)).
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return .unavailable }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let mmapSet = mallopt(-3, mmapThreshold) == 1
        let trimSet = mallopt(-1, trimThreshold) == 1
        return mmapSet && trimSet ? .set : .unavailable
        #else
        return .unavailable
        #endif
    }
}
