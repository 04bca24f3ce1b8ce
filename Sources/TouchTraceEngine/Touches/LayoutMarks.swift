/// Views marked as needing layout while touches are handled (rule L2: a scroll's new bounds
/// origin), laid out once each by the update cycle after the event (L3), as a value type that
/// knows no scene.
struct LayoutMarks: Sendable {
    private var marks: [(view: Int, reason: LayoutTrace.Reason, marks: Int)] = []

    var isEmpty: Bool { marks.isEmpty }

    /// L2: marks `view`; a second mark in the same event is coalesced.
    mutating func mark(_ view: Int, _ reason: LayoutTrace.Reason) -> SessionEffect {
        if let i = marks.firstIndex(where: { $0.view == view }) {
            marks[i].marks += 1
            return .record(.L2, .needsLayout(view: view, reason: reason, coalesced: true))
        }
        marks.append((view, reason, 1))
        return .record(.L2, .needsLayout(view: view, reason: reason, coalesced: false))
    }

    /// L3: the update cycle: one `layoutSubviews` per marked view, superviews first (`depth`
    /// gives a view's nesting depth). Layout changes no frame here: a scroll view's bounds origin
    /// is not in the constraint system, and cells are declared, not tiled.
    mutating func flush(depth: (Int) -> Int) -> [SessionEffect] {
        guard !marks.isEmpty else { return [] }
        let sorted = marks.sorted { depth($0.view) < depth($1.view) }
        marks = []
        return sorted.map { .record(.L3, .layoutSubviews(view: $0.view, reason: $0.reason, marks: $0.marks)) }
    }
}
