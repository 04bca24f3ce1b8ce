import TouchTraceSolver

/// The sweep over horizontal slabs that the regions run twice — once over the outline edges of
/// a domain (``SlabDecomposition``), once over the trapezoids of a region
/// (``InscribedRectangleSearch``): between every two consecutive cuts, the items (edges or
/// pieces, by their vertical extent) that span the whole slab, kept in an active list as the
/// sweep moves down. Written once (issue 22).
///
/// The work is the sum over slabs of the active items, which the caller's ``RegionWork``
/// counts: `work` is called with each slab's count and stops the sweep when it answers true.
struct SlabSweep {
    /// Items' vertical extents; items must be sorted by `tops` (ascending).
    let tops: [Double]
    let bottoms: [Double]

    /// Calls `body(ya, yb, spanning)` for every slab `[cuts[k], cuts[k + 1]]`, with the items
    /// spanning it in the order they became active. Returns false when `work` stopped it.
    @discardableResult
    func forEachSlab(
        cuts: [Double], work: (Int) -> Bool = { _ in false }, _ body: (_ ya: Double, _ yb: Double, _ spanning: [Int]) -> Void
    ) -> Bool {
        let eps = TouchTargetConstants.epsilon
        guard cuts.count > 1 else { return true }
        var active: [Int] = []
        var spanning: [Int] = []
        var next = 0
        for k in 0..<(cuts.count - 1) {
            let ya = cuts[k]
            let yb = cuts[k + 1]
            active.removeAll { bottoms[$0] <= ya + eps }
            while next < tops.count, tops[next] <= ya + eps {
                if bottoms[next] > ya + eps { active.append(next) }
                next += 1
            }
            if work(active.count + 1) { return false }
            spanning.removeAll(keepingCapacity: true)
            for i in active where tops[i] <= ya + eps && bottoms[i] >= yb - eps { spanning.append(i) }
            body(ya, yb, spanning)
        }
        return true
    }
}

/// The work of the effective hit regions of one request, counted against
/// ``SceneLimits/maxRegionWork`` (deterministic: the same scene always stops at the same place)
/// and spent from the time budget: a cell of a slab, an edge pair checked for a crossing, a view
/// a hit test visits, a row pair of the inscribed-rectangle search — one unit each. Once past
/// the limit every region comes back empty and ``exceeded`` says so; the caller refuses the
/// request as too complex (the audit, a picture with regions) or says what it could not check
/// (`validate`'s warnings).
///
/// One per request, used from one thread at a time.
public final class RegionWork: @unchecked Sendable {
    public let limit: Int
    let budget: WorkBudget
    public private(set) var spent = 0
    /// True once the count passed the limit or the time budget ran out.
    public private(set) var exceeded = false

    public init(limit: Int, budget: WorkBudget = .unlimited) {
        self.limit = limit
        self.budget = budget
    }

    /// Counts `units`; true when the work must stop.
    @inline(__always)
    func spend(_ units: Int) -> Bool {
        if exceeded { return true }
        spent += units
        if spent > limit || budget.spend(units) { exceeded = true }
        return exceeded
    }

    /// The problem that names the part and the limit.
    public var problem: SceneProblem {
        SceneProblem(
            pointer: "",
            message: budget.isExhausted
                ? "the effective hit regions ran out of this request's time budget"
                : "the effective hit regions need more than \(limit) units of work, this server's limit (maxRegionWork); many overlapping controls or touch areas, or rotated views whose outlines cross, make them costly")
    }
}
