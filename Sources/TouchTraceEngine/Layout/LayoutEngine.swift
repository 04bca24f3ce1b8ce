import TouchTraceSolver

/// UIKit's layout machinery over a scene: needs-layout flags (L2), the update cycle and
/// `layoutIfNeeded` (L3), view-controller callbacks (L4), with a trace of every call.
///
/// A value type: it owns a copy of the scene, changes it, and hands it back. Trees are walked
/// with explicit stacks, never recursion.
struct LayoutEngine: Sendable {
    public internal(set) var scene: Scene
    public internal(set) var trace = LayoutTrace()
    /// Per view: the first reason it was marked since its last layout and the number of marks;
    /// nil when it does not need layout.
    var pending: [(reason: LayoutTrace.Reason, marks: Int)?]
    /// True while the scene's initial cycle runs: its calls go to the initial part of the trace.
    var recordingInitial = false
    /// Set when a view is marked while a layout pass runs (by a `layoutSubviews` body), so the
    /// cycle knows it must look again.
    var markedDuringPass = false
    var inPass = false
    /// Auto Layout's solution (L6), solved at the start of an outermost pass.
    var autoLayout: AutoLayoutSystem? {
        // Any new or changed system forgets the frames read from the one before.
        didSet { solvedFrames = [] }
    }
    /// Per view (arena order): the frame ``autoLayout`` solved for it
    /// (``AutoLayoutSystem/frame(of:)``), read once per solve by ``markAutoLayoutChanges()`` for
    /// every positioned view and used again by ``applyAutoLayout(toSubviewsOf:positioned:)``
    /// instead of asking the solvers a second time (issue 27); empty when not read.
    var solvedFrames: [Rect] = []
    /// A change was applied since the last outermost pass began (its solution may differ).
    var changedSinceLayout = false
    /// The changes since the last pass's system was made that it can take incrementally
    /// (window resizes, constraint constants); nil after any change that needs a new system.
    var autoLayoutEdits: [AutoLayoutSystem.Edit]? = []
    /// Problems found while applying changes (unknown ids, impossible edits), with pointers.
    var problems: [SceneProblem] = []
    /// Limits the work went past (a new subtree too big, an Auto Layout system past its size):
    /// the result is unfinished and the request is refused as too complex.
    public internal(set) var complexity: [SceneProblem] = []
    /// The limits of the request the engine works for (a kept engine continues under the next
    /// request's: ``PreparedScene``).
    var limits: SceneLimits

    /// The most update passes one cycle runs when `layoutSubviews` keeps marking views that
    /// were already visited (only possible once L6 lays out subviews).
    static let maxPassesPerCycle = 16

    public init(scene: Scene, limits: SceneLimits) {
        self.scene = scene
        self.limits = limits
        self.pending = Array(repeating: nil, count: scene.views.count)
    }

    // MARK: Marking (L2)

    /// Marks a view as needing layout, as `setNeedsLayout()` does; a view already marked stays
    /// marked once (L3: many marks, one `layoutSubviews`).
    mutating func mark(_ view: Int, _ reason: LayoutTrace.Reason, log: Bool = true) {
        if pending.count < scene.views.count {
            pending.append(contentsOf: repeatElement(nil, count: scene.views.count - pending.count))
        }
        if inPass { markedDuringPass = true }
        let coalesced = pending[view] != nil
        if let current = pending[view] {
            pending[view] = (current.reason, current.marks + 1)
        } else {
            pending[view] = (reason, 1)
        }
        if log { record(.needsLayout(view: view, reason: reason, coalesced: coalesced)) }
    }

    /// Whether the view needs layout.
    public func needsLayout(_ view: Int) -> Bool { view < pending.count && pending[view] != nil }

    /// (`consuming`: the entry is moved into the log, not copied and then destroyed.)
    mutating func record(_ entry: consuming LayoutTrace.Entry) {
        if recordingInitial { trace.initialLog.append(entry) } else { trace.log.append(entry) }
    }

    /// Room for the log a cycle writes, made once before the engine's first cycle of each part
    /// (the initial one, the one after a request's changes) instead of the array's doublings
    /// (each moved the whole log: 0.52 million instructions of `memcpy` per new card request,
    /// issue 27). Three entries a view: a cycle that lays out every view logs its call and its
    /// marks (the card scene's window resize logs 2.3 a view). An estimate: a longer log grows
    /// as before; a log already longer than a few entries (a later cycle) is left alone, so
    /// repeated cycles never reallocate it each time.
    mutating func reserveLog() {
        let room = scene.views.count * 3
        if recordingInitial {
            if trace.initialLog.count < 64 { trace.initialLog.reserveCapacity(trace.initialLog.count + room) }
        } else if trace.log.count < 64 {
            trace.log.reserveCapacity(trace.log.count + room)
        }
    }

    // MARK: Layout (L3, L4)

    /// The scene's initial layout cycle (openapi.yaml): every view in a window needs layout once;
    /// frames given in the scene are taken as already laid out.
    public mutating func runInitialCycle() {
        recordingInitial = true
        for view in scene.attachedViews { pending[view] = (.initialLayout, 1) }
        runUpdateCycle(pass: .initial)
        recordingInitial = false
        scene.initialLayoutDone = true
    }

    /// The update cycle (L3): each window's tree top-down, every view that needs layout gets
    /// one `layoutSubviews`. Repeats while layout marked views already passed (bounded).
    public mutating func runUpdateCycle(pass: LayoutTrace.Pass = .updateCycle) {
        reserveLog()
        for _ in 0..<Self.maxPassesPerCycle {
            markedDuringPass = false
            for window in scene.windows { layoutSubtree(from: window, pass: pass, change: nil) }
            if !markedDuringPass || !scene.windows.contains(where: { subtreeNeedsLayout($0) }) { return }
        }
    }

    /// `layoutIfNeeded()` on a view (L3): climbs to the topmost ancestor that needs layout and
    /// lays out that subtree top-down at once.
    mutating func layoutIfNeeded(_ view: Int, change: Int?) {
        var start = view
        var current = view
        while let parent = scene.views[current].parent {
            if needsLayout(parent) { start = parent }
            current = parent
        }
        record(.layoutIfNeeded(requested: view, start: start))
        layoutSubtree(from: start, pass: .layoutIfNeeded, change: change)
    }

    /// Pre-order over a subtree: a view's `layoutSubviews` before its subviews' (L3).
    @discardableResult
    mutating func layoutSubtree(from root: Int, pass: LayoutTrace.Pass, change: Int?) -> Bool {
        var ran = false
        let outerPass = inPass
        if !outerPass {
            if changedSinceLayout || pending.contains(where: { $0 != nil }) { markAutoLayoutChanges() }
            changedSinceLayout = false
        }
        inPass = true
        defer { inPass = outerPass }
        var stack = [root]
        while let view = stack.popLast() {
            // The request's time budget (cooperative): an unfinished pass is thrown away.
            if limits.budget.spend() { break }
            if view < pending.count, let marked = pending[view] {
                pending[view] = nil
                ran = true
                callLayoutSubviews(view, LayoutTrace.Call(view: view, reason: marked.reason, marks: marked.marks, pass: pass, change: change))
            }
            if !scene.views[view].subviews.isEmpty { stack.append(contentsOf: scene.views[view].subviews.reversed()) }
        }
        return ran
    }

    func subtreeNeedsLayout(_ root: Int) -> Bool {
        scene.subtree(of: root).contains { needsLayout($0) }
    }

    /// One `layoutSubviews` call, wrapped by the view controller's `viewWillLayoutSubviews` and
    /// `viewDidLayoutSubviews` when the view is a controller's root view (L4).
    mutating func callLayoutSubviews(_ view: Int, _ call: LayoutTrace.Call) {
        let controller = scene.views[view].viewController
        if let controller { record(.viewWillLayoutSubviews(viewController: controller)) }
        if recordingInitial { trace.initialCalls.append(call) } else { trace.calls.append(call) }
        record(.layoutSubviews(call))
        performLayoutSubviews(of: view)
        if let controller { record(.viewDidLayoutSubviews(viewController: controller)) }
    }

    /// The body of `UIView.layoutSubviews()`: the hook for Auto Layout and stack views (L6).
    ///
    /// UIKit's default implementation applies the constraint engine's solution to the subviews
    /// whose `translatesAutoresizingMaskIntoConstraints` is false, and `UIStackView` arranges its
    /// subviews; without constraints it does nothing. `applyAutoLayout(toSubviewsOf:positioned:)` does
    /// this with the pass's `AutoLayoutSystem` (solved once per outermost pass), through
    /// `setCenter` and `setBoundsSize` so that the marking (L2) and autoresizing (L5) rules apply.
    /// Autoresizing (L5) does not happen here but in the superview's size setter
    /// (`setBoundsSize(_:of:reason:)`); subviews marked here are laid out later in the same
    /// pass (pre-order).
    mutating func performLayoutSubviews(of view: Int) {
        // B1–B3: a bar places its items' views.
        if scene.views[view].viewClass.isBar { layOutBarItems(of: view) }
        if autoLayout == nil { autoLayout = AutoLayoutSystem(scene: scene, budget: limits.budget) }
        // Read in place: the system is large, and this runs once per laid-out view.
        guard let positioned = autoLayout?.positioned, !positioned.isEmpty else { return }
        applyAutoLayout(toSubviewsOf: view, positioned: positioned)
    }
}
