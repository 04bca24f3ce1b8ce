import TouchTraceSolver

/// The Auto Layout engine of a scene (rule L6): every constraint (declared and generated), solved
/// in independent parts, each part a ``Solver`` kept for incremental re-solving.
///
/// ```swift
/// var system = AutoLayoutSystem(scene: scene)
/// system.frame(of: label)                         // solved frame, superview coordinates
/// system.result.json                              // frames, conflicts, ambiguous, generated
/// system.resize(window: win, to: Size(width: 844, height: 390))   // rotate: incremental
/// ```
///
/// Which views take part: the owners and items of declared constraints, stack views and their
/// arranged subviews, and every ancestor of those up to the window (their frames come from their
/// autoresizing masks, so a window resize reaches them). A view in the system that translates its
/// autoresizing mask gets `NSAutoresizingMaskLayoutConstraint`s from its current frame; arranged
/// subviews never do (`UIStackView` turns the flag off). Windows are fixed by their frames.
/// Required constraints are added first, per top-level container; one that cannot hold is left
/// out and reported with the constraints it conflicts with, as UIKit's "Unable to simultaneously
/// satisfy constraints" does.
public struct AutoLayoutSystem: Sendable {
    /// The scene the system was built from, as the system reads it (declared constants changed
    /// through ``applying(_:)`` included). A window resize does not write its new size here but in
    /// ``resizedWindows``: a request that continues a kept system would otherwise copy every view
    /// of this scene (copy-on-write: the kept system shares them) to change one window's bounds,
    /// which nothing the system reads after it was built depends on (issue 27).
    var built: Scene
    /// The windows resized since the system was built (``resize(window:to:)``), with their sizes.
    var resizedWindows: [Int: Size] = [:]
    /// The scene the system stands for: the one it was built from, its windows at the sizes they
    /// were last resized to.
    public var scene: Scene {
        guard !resizedWindows.isEmpty else { return built }
        var scene = built
        for (window, size) in resizedWindows { scene.views[window].geometry.bounds.size = size }
        return scene
    }
    /// Every constraint, declared and generated, in creation order (per view in arena order).
    public internal(set) var constraints: [LayoutConstraint] = []
    /// The views that take part, ascending.
    public private(set) var views: [Int] = []
    /// The views whose frames Auto Layout sets (in ``views``, not windows, not translating their
    /// autoresizing mask — arranged subviews included): what `layoutSubviews` applies.
    public private(set) var positioned: Set<Int> = []
    /// Required constraints that were broken, with the installed constraints they conflict with
    /// (indices into ``constraints``).
    public internal(set) var conflicts: [(broken: Int, involved: [Int])] = []

    var solvers: [Solver] = []
    /// The time budget building and re-solving run under; a kept system takes the budget of the
    /// request that re-solves it.
    var budget: WorkBudget = .unlimited {
        didSet { for i in solvers.indices { solvers[i].budget = budget } }
    }
    /// The most tableau coefficients the solvers may create in all (``SceneLimits/maxSolverCells``).
    var maxCells: Int = .max
    /// Set when the system went past ``maxCells``: the solution is unfinished, and the request
    /// is refused as too complex with this problem.
    public internal(set) var tooComplex: SceneProblem?
    /// Per constraint: its part (solver index) and handle when installed.
    var part: [Int] = []
    var installed: [ConstraintID?] = []
    /// Per variable id (views' and guides' variables are numbered densely from 0): its part, or -1.
    var partOfVariable: [Int32] = []
    var variables: LayoutVariables
    /// Per window in the system: the indices in ``constraints`` of its generated frame constraints
    /// (`UIWindow-frame`), so a resize finds its width and height bounds without a scan.
    var windowConstraints: [Int: Range<Int>] = [:]
    /// Window lengths (the window's width or height variable) currently held by an edit variable
    /// in their part's solver instead of their pair of required bounds (see ``resize(window:to:)``),
    /// with that part.
    var windowEdits: [Variable: Int] = [:]
    /// The parts whose solver keeps its positioned views' sizes at 0 or more (rule
    /// L6-view-sizes-are-never-negative: only parts where a size came out negative without it).
    var restrictedParts: Set<Int> = []
    /// Whether a positioned view declares alignment insets that shrink its frame below its
    /// alignment rectangle (negative `alignmentRectInsets`): only then can a frame be negative
    /// around an alignment length of 0 or more (the insets by class are never negative), so only
    /// then is the checks' inset lookup needed for a length that is not negative.
    var negativeInsets = false
    /// Where each installed declared constraint (owning view, index in its `constraints`) is in
    /// ``constraints``.
    var declared: [DeclaredConstraint: Int] = [:]

    struct DeclaredConstraint: Hashable {
        var view: Int
        var index: Int
    }

    /// A change the system can take incrementally (see ``applying(_:)``).
    enum Edit {
        case resize(window: Int, size: Size)
        /// `constraint.constant = value` on the declared constraint `index` of `view`.
        case constant(view: Int, index: Int, value: Double)
    }

    /// Whether the solvers keep markers on required equalities (see `Solver.init(tracksRequiredEqualities:)`).
    public let tracksRequiredEqualities: Bool

    /// Builds and solves the system of `scene`. With `tracksRequiredEqualities`, changing the
    /// constant of a required equality (``updateConstant(ofConstraint:to:)``) is incremental
    /// instead of rebuilding its part, at the price of a larger tableau (about 2× slower to build
    /// on the 'cards' scene).
    public init(scene: Scene, tracksRequiredEqualities: Bool = false, budget: WorkBudget = .unlimited, maxCells: Int = .max) {
        self.built = scene
        self.tracksRequiredEqualities = tracksRequiredEqualities
        self.budget = budget
        self.maxCells = maxCells
        self.variables = LayoutVariables(viewCount: scene.views.count)
        collect()
        if views.isEmpty {
            // Nothing uses Auto Layout: keep no reference to the scene, so the layout pass that
            // keeps this system can mutate its own scene without copying it (copy-on-write).
            self.built = Scene(
                name: nil, views: [], windows: [], viewControllers: [], application: ApplicationNode(), firstResponder: nil,
                options: scene.options, ids: [:])
            return
        }
        solve()
        refineSafeAreas()
    }

    /// Safe-area guides below a root view depend on where the views end up (a view's insets are
    /// the part of its superview's it overlaps), so the first solution uses the current frames
    /// and, when the solved frames give other insets, the system is solved again with those,
    /// as UIKit's `safeAreaInsetsDidChange` → layout round does (at most 3 more rounds).
    mutating func refineSafeAreas() {
        var owners = Set<Int>()
        for c in constraints {
            if case let .safeArea(o) = c.first { owners.insert(o) }
            if case let .safeArea(o)? = c.second { owners.insert(o) }
        }
        guard !owners.isEmpty else { return }
        // What the first solution used (the current frames' insets), kept so that a later
        // incremental change can tell whether they still hold (`safeAreasAreCurrent`).
        for o in owners where variables.safeAreaInsets[o] == nil {
            variables.safeAreaInsets[o] = AutoLayout.safeAreaInsets(of: o, in: built)
        }
        let inSystem = Set(views)
        for _ in 0..<3 {
            var next: [Int: EdgeInsets] = [:]
            var changed = false
            for o in owners.sorted() {
                let insets = AutoLayout.safeAreaInsets(of: o, in: built) { v in
                    inSystem.contains(v) ? frame(of: v) : built.views[v].geometry.untransformedFrame
                }
                next[o] = insets
                let used = variables.safeAreaInsets[o] ?? AutoLayout.safeAreaInsets(of: o, in: built)
                if Self.differ(insets, used) { changed = true }
            }
            guard changed else { return }
            variables.safeAreaInsets = next
            solvers = []
            conflicts = []
            partOfVariable = []
            restrictedParts = []
            solve()
        }
    }

    /// The system after `edits`, re-solved incrementally (window sizes and constants move in the
    /// kept tableaux), or nil when it must be built again: the derived safe areas no longer
    /// match the solution. `scene` is the scene the edits were made to (for declared constants
    /// the system's own copy is brought along).
    func applying(_ edits: [Edit]) -> AutoLayoutSystem? {
        var system = self
        for edit in edits {
            switch edit {
            case let .resize(window, size):
                system.resize(window: window, to: size)
            case let .constant(view, index, value):
                system.built.views[view].layout.constraints[index].constant = value
                // Not installed (inactive or refused): nothing to solve.
                guard let i = system.declared[DeclaredConstraint(view: view, index: index)] else { continue }
                system.updateConstant(ofConstraint: i, to: value)
            }
        }
        return system.safeAreasAreCurrent && system.sizesAreNonNegative ? system : nil
    }

    /// Whether every positioned view's size is 0 or more, or kept so by its part's solver (rule
    /// L6-view-sizes-are-never-negative): a part built without the restriction, because no size
    /// came out negative then, may give one after an edit, and must then be built again.
    var sizesAreNonNegative: Bool {
        let parts = partOfVariable, solvers = self.solvers
        for v in positioned {
            for k in 2...3 {
                let variable = LayoutVariables.view(v, k)
                let i = Int(variable.id)
                guard i < parts.count, parts[i] >= 0 else { continue }
                if isNegative(Self.value(variable, parts, solvers), variable), !restrictedParts.contains(Int(parts[i])) { return false }
            }
        }
        return true
    }

    /// Whether the safe-area insets the system was solved with are the ones its solution gives.
    var safeAreasAreCurrent: Bool {
        guard !variables.safeAreaInsets.isEmpty else { return true }
        let inSystem = Set(views)
        for (o, used) in variables.safeAreaInsets {
            let insets = AutoLayout.safeAreaInsets(of: o, in: built) { v in
                inSystem.contains(v) ? frame(of: v) : built.views[v].geometry.untransformedFrame
            }
            if Self.differ(insets, used) { return false }
        }
        return true
    }

    static func differ(_ a: EdgeInsets, _ b: EdgeInsets) -> Bool {
        abs(a.top - b.top) > 1e-9 || abs(a.left - b.left) > 1e-9 || abs(a.bottom - b.bottom) > 1e-9 || abs(a.right - b.right) > 1e-9
    }

    // MARK: Building

    mutating func collect() {
        // Flags per view (arena order), not sets: this runs for every layout of a scene.
        var taking = [Bool](repeating: false, count: built.views.count)
        var arranged = [Bool](repeating: false, count: built.views.count)
        var valid: [Int: [(index: Int, spec: ConstraintSpec)]] = [:]
        // For the reservation of `constraints` below: declared constraints, stacks, arranged subviews.
        var validCount = 0, stackCount = 0, arrangedCount = 0
        for v in built.views.indices {
            // Most views take part in nothing: decide that from two fields, without copying the node.
            guard !built.views[v].layout.constraints.isEmpty || built.views[v].layout.stack != nil else { continue }
            guard !built.views[v].detached, built.isAttached(v) else { continue }
            for (k, spec) in built.views[v].layout.constraints.enumerated() where spec.active && ConstraintValidation.problems(of: spec, in: built).isEmpty {
                valid[v, default: []].append((k, spec))
                validCount += 1
                taking[v] = true
                if let a = built.layoutItem(named: spec.firstItem) { taking[a.anchor] = true }
                if let s = spec.secondItem, let b = built.layoutItem(named: s) { taking[b.anchor] = true }
            }
            if built.views[v].layout.stack != nil {
                taking[v] = true
                stackCount += 1
                // Its arranged subviews, hidden or not (`arrangedSubviews` + `hiddenArrangedSubviews`,
                // read in place).
                for a in built.views[v].subviews where !built.views[a].detached {
                    taking[a] = true
                    arranged[a] = true
                    arrangedCount += 1
                }
            }
        }
        // Every ancestor of a view that takes part takes part (its frame follows its mask).
        var withAncestors = taking
        for v in taking.indices where taking[v] {
            var p = built.views[v].parent
            while let c = p, !withAncestors[c] {
                withAncestors[c] = true
                p = built.views[c].parent
            }
        }
        views = withAncestors.indices.filter { withAncestors[$0] }
        // Reserved, not grown by doubling (each growth moved the whole array: 1.03 million
        // instructions of `memcpy` per new card request, issue 27): at most 6 generated constraints
        // a view (a window's frame; autoresizing and content size take 4), about 8 a stack and 6 an
        // arranged subview (spacing, distribution, alignment; more with baselines or equal
        // spacing), and the declared ones. An estimate: a scene that needs more grows as before.
        constraints.reserveCapacity(constraints.count + views.count * 4 + stackCount * 8 + arrangedCount * 6 + validCount)
        // The generated constraints are appended where they go, not built in an array per view
        // and copied (issue 27); the view's node is read in place, not copied.
        // The required `UISV-hiding` lengths go in after every other constraint (rule
        // L6-stack-hidden-arranged-view-keeps-its-required-length): when the document's own
        // required constraints fix a hidden arranged view's length, `UISV-hiding` is the one broken.
        var hidingLengths: [LayoutConstraint] = []
        for v in views {
            if built.views[v].isWindow {
                let start = constraints.count
                AutoLayout.windowConstraints(of: v, in: built, into: &constraints)
                windowConstraints[v] = start..<constraints.count
            } else if built.views[v].layout.translatesAutoresizingMaskIntoConstraints && !arranged[v] {
                AutoLayout.autoresizingConstraints(of: v, in: built, into: &constraints)
            } else {
                positioned.insert(v)
                if let e = built.views[v].layout.alignmentRectInsets, e.left + e.right < 0 || e.top + e.bottom < 0 { negativeInsets = true }
                AutoLayout.intrinsicConstraints(of: v, in: built, into: &constraints)
            }
            AutoLayout.stackConstraints(of: v, in: built, into: &constraints)
            AutoLayout.hidingConstraints(of: v, in: built, into: &constraints, lengths: &hidingLengths)
            for (k, spec) in valid[v] ?? [] {
                guard let c = LayoutConstraint(spec, view: v, in: built) else { continue }
                declared[DeclaredConstraint(view: v, index: k)] = constraints.count
                constraints.append(c)
            }
        }
        constraints.append(contentsOf: hidingLengths)
        assignTieBreaks()
    }

    /// How ties between equally good solutions are settled (UIKit's engine settles them by the
    /// order of its internal work; `hasAmbiguousLayout` is still true for such views, and they stay
    /// in ``ambiguousViews``):
    ///
    /// - In general the constraint created first is kept and later ones give way: three labels of
    ///   equal hugging chained between the edges of a wider superview leave the stretch to the last
    ///   one. Weights fall from 2 to 1 in creation order.
    /// - The content-size constraints of a stack view's arranged subviews along the stack's axis
    ///   are settled by arrangement index, first view first: the first of the equally hugging (or
    ///   equally resisting) arranged subviews stretches (or shrinks). `UIStackView`'s documentation
    ///   says that ambiguity is resolved "based on their index in the arrangedSubviews array", and
    ///   a `fill` row of labels with default hugging stretches its first label.
    mutating func assignTieBreaks() {
        // Per view (arena order): its place among its stack's arranged subviews, count 0 for none.
        var arrangement = [(index: Int, count: Int, axis: LayoutAttribute)](
            repeating: (0, 0, .notAnAttribute), count: built.views.count)
        for v in views {
            guard let config = built.views[v].layout.stack else { continue }
            // `AutoLayout.arrangedSubviews(of:in:)`, counted and walked in place.
            let subviews = built.views[v].subviews
            var count = 0
            for a in subviews where AutoLayout.isShownArranged(a, in: built) { count += 1 }
            var k = 0
            for a in subviews where AutoLayout.isShownArranged(a, in: built) {
                arrangement[a] = (k, count, config.axis == .horizontal ? .width : .height)
                k += 1
            }
        }
        let n = Double(max(constraints.count, 1))
        for k in constraints.indices where constraints[k].priority < 1000 {
            // The three fields read in place: a copy of the constraint (`let c = constraints[k]`)
            // retained and released its strings, once per optional constraint (issue 27).
            let view = constraints[k].view
            let place = view >= 0 && view < arrangement.count ? arrangement[view] : (0, 0, .notAnAttribute)
            if constraints[k].origin == .intrinsicContentSize, place.count > 0, constraints[k].firstAttribute == place.axis {
                constraints[k].tieBreak = 1 + Double(place.index + 1) / Double(place.count + 1)
            } else {
                constraints[k].tieBreak = 2 - Double(k) / n
            }
        }
    }

    /// The top-level container of every view, for the insertion order: the subview of the root
    /// view (the window's direct subview) a view is in — a screen's sections — or the view
    /// itself when it is shallower. Finishing one container before the next keeps rows short
    /// (see `ConstraintPartition.requiredFirstOrder(_:groups:)`). Linear in the number of views.
    func containers() -> [Int] {
        var depth = [Int](repeating: -1, count: built.views.count)
        var container = [Int](repeating: -1, count: built.views.count)
        var path: [Int] = []   // one buffer for every walk
        for start in built.views.indices where depth[start] < 0 {
            path.removeAll(keepingCapacity: true)
            var v: Int? = start
            while let c = v, depth[c] < 0 {
                path.append(c)
                v = built.views[c].parent
            }
            for c in path.reversed() {
                if let p = built.views[c].parent {
                    depth[c] = depth[p] + 1
                    container[c] = depth[c] <= 2 ? c : container[p]
                } else {
                    depth[c] = 0
                    container[c] = c
                }
            }
        }
        return container
    }

    mutating func solve() {
        // One reference to the constraints for the whole build (nothing here changes them): the
        // closures below then read them in place instead of copying each `LayoutConstraint`
        // (its strings retained and released) out of `self` (issue 27).
        let constraints = self.constraints
        // Each constraint's form read field by field (`LayoutConstraint.Form`), not the whole
        // constraint copied out of the array (issue 27). The solver's forms are written into one
        // pool (their terms in one array), not an array of terms per constraint kept by the system
        // (issue 27, branch perf29: 6,300 arrays per new card request, each retained by every copy
        // of its constraint); `usable[k]` is the index in `constraints` of the pool's constraint `k`.
        // The pool is a constant once written: read through a `var`, each constraint installed
        // retained and released its two arrays around the part's writes and `addConstraint`
        // (issue 27, branch perf31).
        let (pool, usable) = solverForms(constraints)
        // The parts written into a local array, moved out of `self` and back: writing
        // `self.partOfVariable` in the loop kept the pool's arrays retained (issue 27, branch perf31).
        var partOfVariable = [Int32](repeating: -1, count: (variables.viewCount + variables.guideBase.count) * 4)
        self.partOfVariable = []
        defer { self.partOfVariable = partOfVariable }
        part = Array(repeating: -1, count: constraints.count)
        installed = Array(repeating: nil, count: constraints.count)
        let container = containers()
        // The size variables (a view's width or height) of positioned views, each listed once,
        // with the part that holds it (rule L6-view-sizes-are-never-negative, below). Flags, not
        // a set: this runs for every layout of a scene.
        var restrictable = [Bool](repeating: false, count: variables.viewCount * 4)
        for v in positioned where v < variables.viewCount {
            restrictable[v * 4 + 2] = true
            restrictable[v * 4 + 3] = true
        }
        var sizes: [Variable] = []
        for component in ConstraintPartition.components(pool) {
            let members = component.map { usable[$0] }
            if tooComplex != nil { break }
            let index = solvers.count
            sizes.removeAll(keepingCapacity: true)
            for k in component {
                for j in pool.termRange(k) {
                    let id = Int(pool.terms[j].variable.id)
                    guard id < restrictable.count, restrictable[id] else { continue }
                    restrictable[id] = false
                    sizes.append(pool.terms[j].variable)
                }
            }
            // A stack view's constraints go in as one group, in the order they are generated (its
            // chain first, then what refers to the chain), so the solver defines each position
            // from the previous one and its rows stay short however long the stack (issue 21).
            // The required `UISV-hiding` length (the stack's only required constraint on one item)
            // goes with the hidden view's own constraints, after them (rule
            // L6-stack-hidden-arranged-view-keeps-its-required-length).
            let groups = constraints.withUnsafeBufferPointer { all in
                members.map {
                    all[$0].origin == .stackView && (all[$0].second != nil || all[$0].priority < 1000)
                        ? container[all[$0].view] : container[all[$0].first.anchor]
                }
            }
            let order = ConstraintPartition.requiredFirstOrder(pool, members: component, groups: groups)
            // Rule L6-view-sizes-are-never-negative: UIKit's engine keeps a view's width and
            // height at 0 or more (it creates them as variables restricted to non-negative
            // values), so constraints that ask a view for a negative size conflict (UIKit logs
            // "Unable to simultaneously satisfy constraints" for a view pinned 4 pt and 10 pt
            // inside a superview 0 pt wide, three constraints a width of -14 would satisfy). The
            // part is solved without the restriction first: when no size comes out negative, that
            // solution satisfies the restriction, so it is also the solution with it (the same
            // constraints install, in the same order, and the optimum of the larger set lies in
            // the smaller), and the restriction's rows, a third more work on a scene of cards,
            // are not built. Otherwise the part is solved again with `size >= 0` for each of its
            // positioned views' sizes installed first, so the restriction is never the one broken.
            let conflictCount = conflicts.count
            var solver = solvePart(pool, component, members, order, index, restricting: [], &partOfVariable)
            if tooComplex == nil, !budget.isExhausted, sizes.contains(where: { isNegative(solver.value(of: $0), $0) }) {
                conflicts.removeSubrange(conflictCount...)
                solver = solvePart(pool, component, members, order, index, restricting: sizes, &partOfVariable)
                restrictedParts.insert(index)
            }
            solvers.append(solver)
        }
    }

    /// How far below 0 a solved size may be and still count as 0 (solver noise).
    static let sizeTolerance = 1e-7

    /// Whether the frame around a solved alignment length `length` of `variable` (a width or a
    /// height) is negative; the inset lookup only when it can matter (``negativeInsets``).
    func isNegative(_ length: Double, _ variable: Variable) -> Bool {
        (length < 0 || negativeInsets) && length + grownSize(variable) < -Self.sizeTolerance
    }

    /// What the frame adds to the solver's alignment-rectangle length `variable` (a width or a
    /// height): the view's alignment insets on that axis.
    func grownSize(_ variable: Variable) -> Double {
        let id = Int(variable.id)
        let insets = AutoLayout.alignmentRectInsets(of: id / 4, in: built)
        return id % 4 == 2 ? insets.left + insets.right : insets.top + insets.bottom
    }

    /// Builds one part's solver: `restricting`'s sizes kept at 0 or more first (their frames'
    /// lengths, `variable + insets >= 0`, required, tag -1: not a constraint of the system, never
    /// listed in a conflict, as UIKit's logs never list the restriction), then the part's
    /// constraints in `order`, recording where each is installed and what each broken one
    /// conflicts with.
    mutating func solvePart(
        _ pool: ConstraintPool, _ component: [Int], _ members: [Int], _ order: [Int], _ index: Int,
        restricting sizes: [Variable], _ partOfVariable: inout [Int32]
    ) -> Solver {
        var solver = Solver(tracksRequiredEqualities: tracksRequiredEqualities)
        solver.budget = budget
        solver.maxCells = max(0, maxCells - solvers.reduce(0) { $0 + $1.cellsCreated })
        solver.reserveCapacity(constraints: component.count + sizes.count)
        for variable in sizes {
            _ = try? solver.addConstraint(Constraint(LinearExpression([Term(variable)], constant: grownSize(variable)), .greaterThanOrEqual, tag: -1))
        }
        for k in order {
            if budget.spend() { break }  // out of time: the unfinished system is thrown away
            let i = members[k]
            part[i] = index
            for j in pool.termRange(component[k]) { partOfVariable[Int(pool.terms[j].variable.id)] = Int32(index) }
            do {
                installed[i] = try solver.addConstraint(pool, component[k])
            } catch {
                if case .limitExceeded = error {
                    tooComplex = SceneProblem(
                        pointer: "",
                        message: "Auto Layout: solving the scene's constraints needs more than \(maxCells) tableau coefficients, this server's limit (maxSolverCells); a chain of constraints that each depend on the one before, or a very long stack view of a distribution that counts priorities down, makes the tableau dense")
                    break
                }
                if case let .unsatisfiable(u) = error {
                    conflicts.append((i, u.conflicting.map(\.tag).filter { $0 >= 0 }))
                } else {
                    conflicts.append((i, []))
                }
            }
        }
        return solver
    }

    /// The solver form of every constraint, written into one pool, and the index in `constraints`
    /// of each of the pool's constraints (a constraint whose items have no common ancestor has none).
    mutating func solverForms(_ constraints: [LayoutConstraint]) -> (pool: ConstraintPool, usable: [Int]) {
        var pool = ConstraintPool()
        pool.reserveCapacity(constraints: constraints.count, terms: 4 * constraints.count)
        var usable: [Int] = []
        usable.reserveCapacity(constraints.count)
        for i in constraints.indices {
            if variables.solverConstraint(LayoutConstraint.Form(constraints, i), tag: i, in: built, into: &pool) { usable.append(i) }
        }
        return (pool, usable)
    }

    // MARK: Reading

    /// The part (solver index) that holds `variable`, or nil when no installed constraint uses it.
    func part(of variable: Variable) -> Int? {
        let i = Int(variable.id)
        guard i >= 0, i < partOfVariable.count, partOfVariable[i] >= 0 else { return nil }
        return Int(partOfVariable[i])
    }

    func value(_ variable: Variable) -> Double {
        guard let p = part(of: variable) else { return 0 }
        return solvers[p].value(of: variable)
    }

    func isAmbiguous(_ variable: Variable) -> Bool {
        guard let p = part(of: variable) else { return true }
        return solvers[p].isAmbiguous(variable)
    }

    /// The solved frame of a view in the system, in its superview's coordinates (unrounded): the
    /// solved alignment rectangle grown by the class's alignment insets (L6).
    public func frame(of view: Int) -> Rect {
        // The parts and the solvers taken once for the four values (as ``value(_:)`` reads them):
        // through `value(_:)` each value retained and released both arrays (16 retains per frame,
        // a layout asks every positioned view's; issue 27, branch perf27).
        // An axis's origin and size are read together when one part holds both (as a view's
        // horizontal or vertical constraints usually make them; issue 27, branch perf32).
        let parts = partOfVariable, solvers = self.solvers
        let (x, width) = Self.values(LayoutVariables.view(view, 0), LayoutVariables.view(view, 2), parts, solvers)
        let (y, height) = Self.values(LayoutVariables.view(view, 1), LayoutVariables.view(view, 3), parts, solvers)
        let alignment = Rect(x: x + 0, y: y + 0, width: width + 0, height: height + 0)
        return AutoLayout.frame(forAlignmentRect: alignment, insets: AutoLayout.alignmentRectInsets(of: view, in: built))
    }

    /// ``value(_:)`` on arrays the caller holds.
    @inline(__always)
    static func value(_ variable: Variable, _ parts: [Int32], _ solvers: [Solver]) -> Double {
        let i = Int(variable.id)
        guard i >= 0, i < parts.count, parts[i] >= 0 else { return 0 }
        return Solver.value(of: variable, in: solvers, at: Int(parts[i]))
    }

    /// ``value(_:_:_:)`` of two variables, from one solver when one part holds both.
    @inline(__always)
    static func values(_ a: Variable, _ b: Variable, _ parts: [Int32], _ solvers: [Solver]) -> (Double, Double) {
        let i = Int(a.id), j = Int(b.id)
        if i >= 0, j >= 0, i < parts.count, j < parts.count, parts[i] >= 0, parts[i] == parts[j] {
            return Solver.values(of: a, b, in: solvers, at: Int(parts[i]))
        }
        return (value(a, parts, solvers), value(b, parts, solvers))
    }

    /// Views whose frame the constraints do not determine (UIKit's `hasAmbiguousLayout`).
    ///
    /// Each part's solver is asked once, for all the frame variables it holds
    /// (`Solver.ambiguousVariables`: one lock and one mobility pass per part, not four questions
    /// per view; issue 27); a variable no part holds is ambiguous, as ``isAmbiguous(_:)`` says.
    public var ambiguousViews: [Int] {
        var asked = [[Variable]](repeating: [], count: solvers.count)
        for v in views {
            for k in 0..<4 {
                let variable = LayoutVariables.view(v, k)
                if let p = part(of: variable) { asked[p].append(variable) }
            }
        }
        // By variable id (`part(of:)` holds only ids below `partOfVariable.count`).
        var ambiguous = [Bool](repeating: false, count: partOfVariable.count)
        for p in solvers.indices where !asked[p].isEmpty {
            for variable in solvers[p].ambiguousVariables(asked[p]) { ambiguous[Int(variable.id)] = true }
        }
        return views.filter { v in
            (0..<4).contains { k in
                let variable = LayoutVariables.view(v, k)
                return part(of: variable) == nil || ambiguous[Int(variable.id)]
            }
        }
    }

    /// The result as a value (frames, conflicts, ambiguous views, generated constraints).
    public var result: AutoLayoutResult {
        AutoLayoutResult(
            scene: scene, frames: views.map { ($0, frame(of: $0)) }, conflicts: conflicts,
            ambiguous: ambiguousViews, constraints: constraints)
    }
}
