import TouchTraceSolver

/// Incremental changes to a solved system: a window resize and a constraint constant, without
/// rebuilding the parts they do not touch.
extension AutoLayoutSystem {
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
        // The window's new size, for ``scene`` (``built`` keeps the views as they were, shared
        // with the system this one was copied from); a window that takes no part in the system
        // is not recorded.
        guard window < built.views.count, views.contains(window) else { return }
        resizedWindows[window] = size
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
        var new = ConstraintPool()
        guard variables.solverConstraint(LayoutConstraint.Form(constraints, i), tag: i, in: built, into: &new) else { return }
        let p = part[i]
        guard p >= 0 else { return }
        if let id = installed[i] {
            try? solvers[p].removeConstraint(id)
            installed[i] = nil
        }
        conflicts.removeAll { $0.broken == i }
        do {
            installed[i] = try solvers[p].addConstraint(new, 0)
        } catch {
            if case let .unsatisfiable(u) = error { conflicts.append((i, u.conflicting.map(\.tag).filter { $0 >= 0 })) } else { conflicts.append((i, [])) }
        }
    }
}
