/// The answer to a layout request (``TouchTrace/layout(_:in:limits:)``): the scene after the
/// changes and the update cycle, the layout trace, and what Auto Layout (L6) found.
public struct LayoutResult: Sendable {
    /// The scene after the changes: every view's frame, subviews in order, scroll offsets.
    public var scene: Scene
    public var trace: LayoutTrace
    /// Whether the answer lists the initial cycle's calls too (the request's `includeInitialLayout`).
    public var includeInitialLayout: Bool
    public var autoLayout: AutoLayoutOutcome
    /// What the answer cannot know (``UnknownGeometry``): `warnings`, only when there are some.
    /// Pointers are into the scene document (``AnswerWarning/under(_:)`` for an inline scene).
    public var warnings: [AnswerWarning] = []

    /// The `layoutSubviews` calls the answer lists, in call order (the initial cycle's first
    /// when ``includeInitialLayout``).
    public var layoutSubviewsCalls: [LayoutTrace.Call] { includeInitialLayout ? trace.initialCalls + trace.calls : trace.calls }
    /// The log entries the answer lists, in order.
    public var logEntries: [LayoutTrace.Entry] { includeInitialLayout ? trace.initialLog + trace.log : trace.log }
}

/// What Auto Layout (L6) found in a layout answer: the broken constraints and the views whose
/// frame the constraints do not determine.
public struct AutoLayoutOutcome: Sendable {
    /// Whether any view takes part in Auto Layout. When none does, a layout answer has no
    /// `conflicts` and `ambiguous`, so answers for scenes without constraints do not change.
    public var takesPart: Bool
    /// Each broken required constraint with the constraints that made it unsatisfiable.
    public var conflicts: [ConstraintConflict]
    /// Views (indices) whose frame is not determined.
    public var ambiguous: [Int]
    /// Every constraint of the system, declared and generated, in creation order, when the
    /// request asked for them (`includeConstraints`); nil otherwise.
    public var constraints: [LayoutConstraint]?
}

extension AutoLayoutOutcome {
    /// The outcome of a solved system; `includeConstraints` keeps its constraint list.
    init(_ system: AutoLayoutSystem, includeConstraints: Bool) {
        guard !system.views.isEmpty else {
            self.init(takesPart: false, conflicts: [], ambiguous: [], constraints: includeConstraints ? [] : nil)
            return
        }
        self.init(
            takesPart: true, conflicts: system.brokenConstraints, ambiguous: system.ambiguousViews,
            constraints: includeConstraints ? system.constraints : nil)
    }
}
