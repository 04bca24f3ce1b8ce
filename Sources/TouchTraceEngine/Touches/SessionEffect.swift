/// What a touch handler (scrolling, list selection, text focus, bar items) asks the touch
/// session to do, in order: the handlers are value types that know no scene (their tests build
/// them by hand, as the gesture arena's do), and the session, which owns the scene and the trace,
/// performs their effects (`TouchSession.perform(_:)`).
enum SessionEffect: Sendable, Hashable {
    /// Append a log entry at the current time.
    case record(RuleID, TouchesTrace.Kind)
    /// S3: the scroll view's bounds origin becomes the offset (marking it for layout, L2).
    case setContentOffset(view: Int, offset: Point)
    /// `sendActions(for:)` from a control (F1's editing events), with the touch that caused it.
    case sendActions(ControlEvents, name: String, from: Int, touch: Int?, rule: RuleID)
    /// V5: `UIApplication.sendAction(_:to:from:for:)` from a cell whose selection sends an
    /// action (a storyboard segue from the cell).
    case sendSelectionAction(action: String, target: String?, from: Int)
    /// F1: the view becomes first responder (T4's searches start there).
    case becomeFirstResponder(view: Int)
}
