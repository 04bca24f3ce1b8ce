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
    public private(set) var scene: Scene
    /// Every constraint, declared and generated, in creation order (per view in arena order).
    public private(set) var constraints: [LayoutConstraint] = []
    /// The views that take part, ascending.
    public private(set) var views: [Int] = []
    /// The views whose frames Auto Layout sets (in ``views``, not windows, not translating their
    /// autoresizing mask — arranged subviews included): what `layoutSubviews` applies.
    public private(set) var positioned: Set<Int> = []
    /// Required constraints that were broken, with the installed constraints they conflict with
    /// (indices into ``constraints``).
    public private(set) var conflicts: [(broken: Int, involved: [Int])] = []

    var solverConstraints: [Constraint?] = []
    var solvers: [Solver] = []
    /// The time budget building and re-solving run under; a kept system takes the budget of the
    /// request that re-solves it.
    var budget: WorkBudget = .unlimited {
        didSet { for i in solvers.indices { solvers[i].budget = budget } }
    }
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
    public init(scene: Scene, tracksRequiredEqualities: Bool = false, budget: WorkBudget = .unlimited) {
        self.scene = scene
        self.tracksRequiredEqualities = tracksRequiredEqualities
        self.budget = budget
        self.variables = LayoutVariables(viewCount: scene.views.count)
        collect()
        if views.isEmpty {
            // Nothing uses Auto Layout: keep no reference to the scene, so the layout pass that
            // keeps this system can mutate its own scene without copying it (copy-on-write).
            self.scene = Scene(
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
            variables.safeAreaInsets[o] = AutoLayout.safeAreaInsets(of: o, in: scene)
        }
        let inSystem = Set(views)
        for _ in 0..<3 {
            var next: [Int: EdgeInsets] = [:]
            var changed = false
            for o in owners.sorted() {
                let insets = AutoLayout.safeAreaInsets(of: o, in: scene) { v in
                    inSystem.contains(v) ? frame(of: v) : scene.views[v].geometry.untransformedFrame
                }
                next[o] = insets
                let used = variables.safeAreaInsets[o] ?? AutoLayout.safeAreaInsets(of: o, in: scene)
                if Self.differ(insets, used) { changed = true }
            }
            guard changed else { return }
            variables.safeAreaInsets = next
            solvers = []
            conflicts = []
            partOfVariable = []
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
                system.scene.views[view].layout.constraints[index].constant = value
                // Not installed (inactive or refused): nothing to solve.
                guard let i = system.declared[DeclaredConstraint(view: view, index: index)] else { continue }
                system.updateConstant(ofConstraint: i, to: value)
            }
        }
        return system.safeAreasAreCurrent ? system : nil
    }

    /// Whether the safe-area insets the system was solved with are the ones its solution gives.
    var safeAreasAreCurrent: Bool {
        guard !variables.safeAreaInsets.isEmpty else { return true }
        let inSystem = Set(views)
        for (o, used) in variables.safeAreaInsets {
            let insets = AutoLayout.safeAreaInsets(of: o, in: scene) { v in
                inSystem.contains(v) ? frame(of: v) : scene.views[v].geometry.untransformedFrame
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
        var taking = Set<Int>()
        var arranged = Set<Int>()
        var valid: [Int: [(index: Int, spec: ConstraintSpec)]] = [:]
        for v in scene.views.indices {
            // Most views take part in nothing: decide that from two fields, without copying the node.
            guard !scene.views[v].layout.constraints.isEmpty || scene.views[v].layout.stack != nil else { continue }
            guard !scene.views[v].detached, scene.isAttached(v) else { continue }
            let node = scene.views[v]
            for (k, spec) in node.layout.constraints.enumerated() where spec.active && ConstraintValidation.problems(of: spec, in: scene).isEmpty {
                valid[v, default: []].append((k, spec))
                taking.insert(v)
                if let a = scene.layoutItem(named: spec.firstItem) { taking.insert(a.anchor) }
                if let s = spec.secondItem, let b = scene.layoutItem(named: s) { taking.insert(b.anchor) }
            }
            if node.layout.stack != nil {
                taking.insert(v)
                for a in AutoLayout.arrangedSubviews(of: v, in: scene) {
                    taking.insert(a)
                    arranged.insert(a)
                }
            }
        }
        for v in Array(taking) {
            var p = scene.views[v].parent
            while let c = p, taking.insert(c).inserted {
                p = scene.views[c].parent
            }
        }
        views = taking.sorted()
        for v in views {
            let node = scene.views[v]
            if node.isWindow {
                let start = constraints.count
                constraints += AutoLayout.windowConstraints(of: v, in: scene)
                windowConstraints[v] = start..<constraints.count
            } else if node.layout.translatesAutoresizingMaskIntoConstraints && !arranged.contains(v) {
                constraints += AutoLayout.autoresizingConstraints(of: v, in: scene)
            } else {
                positioned.insert(v)
                constraints += AutoLayout.intrinsicConstraints(of: v, in: scene)
            }
            constraints += AutoLayout.stackConstraints(of: v, in: scene)
            for (k, spec) in valid[v] ?? [] {
                guard let c = LayoutConstraint(spec, view: v, in: scene) else { continue }
                declared[DeclaredConstraint(view: v, index: k)] = constraints.count
                constraints.append(c)
            }
        }
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
        var arrangement: [Int: (index: Int, count: Int, axis: LayoutAttribute)] = [:]
        for v in views {
            guard let config = scene.views[v].layout.stack else { continue }
            let list = AutoLayout.arrangedSubviews(of: v, in: scene)
            for (k, a) in list.enumerated() {
                arrangement[a] = (k, list.count, config.axis == .horizontal ? .width : .height)
            }
        }
        let n = Double(max(constraints.count, 1))
        for k in constraints.indices where constraints[k].priority < 1000 {
            let c = constraints[k]
            if c.origin == .intrinsicContentSize, let place = arrangement[c.view], c.firstAttribute == place.axis {
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
        var depth = [Int](repeating: -1, count: scene.views.count)
        var container = [Int](repeating: -1, count: scene.views.count)
        for start in scene.views.indices where depth[start] < 0 {
            var path: [Int] = []
            var v: Int? = start
            while let c = v, depth[c] < 0 {
                path.append(c)
                v = scene.views[c].parent
            }
            for c in path.reversed() {
                if let p = scene.views[c].parent {
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
        solverConstraints = constraints.indices.map { variables.solverConstraint(constraints[$0], tag: $0, in: scene) }
        let usable = solverConstraints.indices.filter { solverConstraints[$0] != nil }
        partOfVariable = Array(repeating: -1, count: (variables.viewCount + variables.guideBase.count) * 4)
        let list = usable.map { solverConstraints[$0]! }
        part = Array(repeating: -1, count: constraints.count)
        installed = Array(repeating: nil, count: constraints.count)
        let container = containers()
        for component in ConstraintPartition.components(list) {
            let members = component.map { usable[$0] }
            var solver = Solver(tracksRequiredEqualities: tracksRequiredEqualities)
            solver.budget = budget
            let index = solvers.count
            let memberConstraints = members.map { solverConstraints[$0]! }
            let groups = members.map { container[constraints[$0].first.anchor] }
            for k in ConstraintPartition.requiredFirstOrder(memberConstraints, groups: groups) {
                if budget.spend() { break }  // out of time: the unfinished system is thrown away
                let i = members[k]
                part[i] = index
                for t in memberConstraints[k].expression.terms { partOfVariable[Int(t.variable.id)] = Int32(index) }
                do {
                    installed[i] = try solver.addConstraint(memberConstraints[k])
                } catch {
                    if case let .unsatisfiable(u) = error {
                        conflicts.append((i, u.conflicting.map(\.tag)))
                    } else {
                        conflicts.append((i, []))
                    }
                }
            }
            solvers.append(solver)
        }
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

    /// The solved frame of a view in the system, in its superview's coordinates (unrounded).
    public func frame(of view: Int) -> Rect {
        Rect(
            x: value(LayoutVariables.view(view, 0)) + 0, y: value(LayoutVariables.view(view, 1)) + 0,
            width: value(LayoutVariables.view(view, 2)) + 0, height: value(LayoutVariables.view(view, 3)) + 0)
    }

    /// Views whose frame the constraints do not determine (UIKit's `hasAmbiguousLayout`).
    public var ambiguousViews: [Int] {
        views.filter { v in (0..<4).contains { isAmbiguous(LayoutVariables.view(v, $0)) } }
    }

    /// The result as a value (frames, conflicts, ambiguous views, generated constraints).
    public var result: AutoLayoutResult {
        AutoLayoutResult(
            scene: scene, frames: views.map { ($0, frame(of: $0)) }, conflicts: conflicts,
            ambiguous: ambiguousViews, constraints: constraints)
    }

    // MARK: Incremental changes

    /// Re-solves for a new window size, touching only the part that holds the window's lengths.
    ///
    /// A window's width (and height) is built as a pair of required bounds, `width >= w` and
    /// `width <= w`. The first resize of a length hands it to an edit variable of its solver at
    /// ``windowEditPriority`` (above every optional priority of that part) and drops the pair;
    /// from then on a resize is `suggestValue`: a dual-simplex step over the rows that depend on
    /// the window, not a removal and re-insertion of rows. When the required constraints are
    /// satisfiable at the new size the result is the one the required bounds would give (the edit
    /// is then met exactly, and every lower tier is optimised under it as before). When they are
    /// not, the edit would let the window yield; that is detected (the window's length is not the
    /// requested one) and the length goes back to its pair of required bounds, installed at the new
    /// size, so the bound that cannot hold is reported in ``conflicts`` as before. A length whose
    /// size does not change is not touched. The window's own geometry in ``scene`` follows; views
    /// that translate their mask keep the frames they were built from, now as functions of the new
    /// size (as autoresizing would move them).
    public mutating func resize(window: Int, to size: Size) {
        for (attribute, value) in [(LayoutAttribute.width, size.width), (.height, size.height)] {
            let pair = windowBounds(of: window, attribute)
            guard !pair.isEmpty else { continue }
            let variable = LayoutVariables.view(window, attribute == .width ? 2 : 3)
            let unchanged = pair.allSatisfy { constraints[$0].constant == value }
            if unchanged && (windowEdits[variable] != nil || pair.allSatisfy { installed[$0] != nil }) { continue }
            if windowEdits[variable] == nil { beginWindowEdit(variable, bounds: pair) }
            if let p = windowEdits[variable] {
                if (try? solvers[p].suggestValue(variable, value)) != nil,
                    abs(solvers[p].value(of: variable) - value) <= Self.windowTolerance * max(1, abs(value))
                {
                    for i in pair { constraints[i].constant = value }
                    continue
                }
                // The required constraints do not allow this size: back to the required bounds.
                endWindowEdit(variable, bounds: pair)
            }
            // Loosen first: the upper bound first when growing, the lower bound when shrinking.
            let growing = pair.contains { constraints[$0].constant < value }
            let upper = pair.filter { constraints[$0].relation == .lessThanOrEqual }
            let lower = pair.filter { constraints[$0].relation == .greaterThanOrEqual }
            for i in growing ? upper + lower : lower + upper { updateConstant(ofConstraint: i, to: value) }
        }
        // The system's own copy of the window (read when constraints are rebuilt); a window that
        // takes no part in the system is not copied in.
        guard window < scene.views.count, views.contains(window) else { return }
        scene.views[window].geometry.bounds.size = size
    }

    /// The priority of a window length's edit variable: the highest optional priority, a tier of
    /// its own above every priority a scene uses (a part that uses it itself keeps its bounds).
    static let windowEditPriority = Priority(Float(1000).nextDown)
    /// How far a window length may be from the requested one and still count as met.
    static let windowTolerance = 1e-9

    /// The window's required bounds on `attribute` (width or height): indices into ``constraints``.
    func windowBounds(of window: Int, _ attribute: LayoutAttribute) -> [Int] {
        guard let range = windowConstraints[window] else { return [] }
        return range.filter { constraints[$0].firstAttribute == attribute && constraints[$0].relation != .equal }
    }

    /// Hands a window length from its pair of required bounds to an edit variable, at the length
    /// the bounds hold now, and removes the bounds. Does nothing (the bounds stay) when a bound is
    /// not installed (it was broken), the bounds disagree, or the part already uses the edit's
    /// priority.
    mutating func beginWindowEdit(_ variable: Variable, bounds pair: [Int]) {
        guard let first = pair.first, part[first] >= 0 else { return }
        let p = part[first]
        let current = constraints[first].constant
        guard pair.allSatisfy({ installed[$0] != nil && part[$0] == p && constraints[$0].constant == current }),
            !solvers[p].hasEditVariable(variable),
            // The edit's tier must be above every priority of the part (it is, when it is already
            // there for another window length: the scene's priorities were checked then).
            windowEdits.values.contains(p) || !solvers[p].tiers.contains(where: { $0 >= Self.windowEditPriority })
        else { return }
        do {
            try solvers[p].addEditVariable(variable, priority: Self.windowEditPriority)
            try solvers[p].suggestValue(variable, current)
        } catch {
            try? solvers[p].removeEditVariable(variable)
            return
        }
        for i in pair {
            if let id = installed[i], (try? solvers[p].removeConstraint(id)) != nil { installed[i] = nil }
        }
        windowEdits[variable] = p
    }

    /// Gives a window length held by an edit variable back to its pair of required bounds, at the
    /// constants the bounds record (the last size that held).
    mutating func endWindowEdit(_ variable: Variable, bounds pair: [Int]) {
        guard let p = windowEdits.removeValue(forKey: variable) else { return }
        try? solvers[p].removeEditVariable(variable)
        for i in pair where installed[i] == nil { install(i) }
    }

    /// Changes one constraint's constant (`constraint.constant = value`) and re-solves its part
    /// incrementally: the old row is removed and the new one added. A window bound whose length is
    /// held by an edit variable (after a resize) goes back to its pair of bounds first.
    public mutating func updateConstant(ofConstraint i: Int, to value: Double) {
        let attribute = constraints[i].firstAttribute
        if constraints[i].origin == .window, attribute == .width || attribute == .height, !windowEdits.isEmpty {
            for (window, range) in windowConstraints where range.contains(i) {
                let variable = LayoutVariables.view(window, attribute == .width ? 2 : 3)
                if windowEdits[variable] != nil { endWindowEdit(variable, bounds: windowBounds(of: window, attribute)) }
            }
        }
        constraints[i].constant = value
        install(i)
    }

    /// (Re)installs constraint `i` from ``constraints`` in its part: the old row, if any, is
    /// removed; a required constraint that cannot hold is recorded in ``conflicts``.
    mutating func install(_ i: Int) {
        guard let new = variables.solverConstraint(constraints[i], tag: i, in: scene) else { return }
        solverConstraints[i] = new
        let p = part[i]
        guard p >= 0 else { return }
        if let id = installed[i] {
            try? solvers[p].removeConstraint(id)
            installed[i] = nil
        }
        conflicts.removeAll { $0.broken == i }
        do {
            installed[i] = try solvers[p].addConstraint(new)
        } catch {
            if case let .unsatisfiable(u) = error { conflicts.append((i, u.conflicting.map(\.tag))) } else { conflicts.append((i, [])) }
        }
    }
}
