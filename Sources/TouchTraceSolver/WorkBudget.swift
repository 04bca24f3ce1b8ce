/// A cooperative time budget for one request's engine work.
///
/// Neither the solver nor the engine reads a clock: the transport that runs a request (the HTTP
/// server) makes a budget with `isOver`, a check that reads its clock against the request's
/// deadline, and the long loops — simplex pivots, the layout pass's walk over views — call
/// ``spend(_:)``, which calls `isOver` once every ``checkInterval`` units. Once the check says
/// the time is up, the budget stays exhausted and every loop that sees it stops early; the
/// transport then discards the unfinished result and answers that the budget ran out.
///
/// A budget belongs to one request, run on one thread at a time (it is not synchronised).
public final class WorkBudget: @unchecked Sendable {
    /// Units of work between two calls of the check (a pivot or a laid-out view is one unit).
    public static let checkInterval = 256
    private let isOver: (@Sendable () -> Bool)?
    // The counters are not checked for exclusive access at run time (`@exclusivity(unchecked)`):
    // `spend` runs for every pivot, added constraint and laid-out view, and each access to a
    // class's stored property is otherwise a `swift_beginAccess`/`swift_endAccess` pair (three
    // per call: ~1.4% of a new card request under the server's budget; issue 27). Nothing can
    // overlap them: a budget is used by one thread at a time, and `isOver` (the transport's
    // clock check) does not reach back into it.
    @exclusivity(unchecked) private var remaining = WorkBudget.checkInterval
    /// True once the check has said the time is up.
    @exclusivity(unchecked) public private(set) var isExhausted = false
    /// Units counted before the budget ran out (or so far), for diagnostics and tests.
    @exclusivity(unchecked) public private(set) var spent = 0

    /// A budget that runs out when `isOver` says so.
    public init(isOver: @escaping @Sendable () -> Bool) {
        self.isOver = isOver
    }

    private init() {
        isOver = nil
    }

    /// No budget: never exhausted and never mutated, so one instance serves every caller (the
    /// CLI, tests, and requests of a server configured without a time budget).
    public static let unlimited = WorkBudget()

    /// Counts `units` of work; true when the budget is exhausted (stop now).
    @inline(__always)
    public func spend(_ units: Int = 1) -> Bool {
        guard let isOver else { return false }
        if isExhausted { return true }
        spent += units
        remaining -= units
        if remaining > 0 { return false }
        remaining = Self.checkInterval
        isExhausted = isOver()
        return isExhausted
    }
}
