/// The touches trace's words: each entry kind's `type` and the sentences the trace writes for
/// the arbitration's decisions and for a cell that selected nothing.
extension TouchesTrace.Kind {
    /// The entry's `type` in the log.
    public var type: String {
        switch self {
        case .hitTest: return "hitTest"
        case .multiTap: return "multiTap"
        case .touchIgnored: return "touchIgnored"
        case let .touches(phase, _, _, _, _, _): return phase.method
        case let .tracking(call, _, _, _): return call.rawValue
        case .state: return "state"
        case .controlEvent: return "controlEvent"
        case .action, .recognizerAction: return "action"
        case .set: return "set"
        case .addTarget: return "addTarget"
        case .removeTarget: return "removeTarget"
        case .recognizerTouches: return "recognizerTouches"
        case .gestureRecognizer: return "gestureRecognizer"
        case .gestureRecognizerWaits: return "gestureRecognizerWaits"
        case .touchDelayed: return "touchDelayed"
        case .cancelsTouchesInView: return "cancelsTouchesInView"
        case .scroll: return "scroll"
        case .drawnOnTop: return "drawnOnTop"
        case .needsLayout: return "needsLayout"
        case .layoutSubviews: return "layoutSubviews"
        case .becomeFirstResponder: return "becomeFirstResponder"
        case .resignFirstResponder: return "resignFirstResponder"
        case .firstResponderKept: return "firstResponderKept"
        case .cellState: return "cellState"
        case .delegateCall: return "delegate"
        case .noSelection: return "noSelection"
        case .popViewController: return "popViewController"
        case .selectTab: return "selectTab"
        }
    }
}

extension GestureReason {
    /// The reason as the trace's `reason` sentence.
    public func sentence(in scene: Scene) -> String {
        switch self {
        case let .recognizer(reason):
            return reason
        case let .controlWins(control):
            let view = scene.views[control]
            return "\(view.viewClass.rawValue) \"\(view.id)\" wins the touch: gestureRecognizerShouldBegin returned false"
        case let .contentTouchesCannotBeCancelled(content):
            return "canCancelContentTouches is false: \(scene.views[content].id) keeps the touch and the view does not scroll"
        case let .controlKeepsTouch(control):
            return "touchesShouldCancel(in: \(scene.views[control].id)) returned false (a UIControl): it keeps the touch and the view does not scroll"
        case let .requiredRecognized(other):
            return "\(other.id(in: scene)), which it requires to fail, recognized"
        case let .otherRecognized(other):
            return "\(other.id(in: scene)) recognized first; two recognizers cannot both recognize"
        case .scrollBeganWithinDelay:
            return "scrolling began within the delay: the content never sees the touch"
        }
    }
}

extension TouchesTrace.NoSelectionReason {
    /// The explanation, for people: what happened and what UIKit needs for a selection.
    public func sentence(list: Int, cell: Int, in scene: Scene) -> String {
        let row = scene.views[list].viewClass == .UITableView ? "row" : "item"
        switch self {
        case let .controlInCell(control):
            return "\(scene.views[control].viewClass.rawValue) \"\(scene.views[control].id)\" inside the cell handles the touch (R4): the cell never sees it, so the \(row) is not selected"
        case let .recognizer(recognizer):
            return "\(recognizer.id(in: scene)) recognized and took the touch (cancelsTouchesInView): the cell got touchesCancelled, so the \(row) is not selected; with cancelsTouchesInView false the selection happens"
        case .scrolled:
            return "the touch scrolled \"\(scene.views[list].id)\": the \(row) is not selected"
        case let .handledBefore(responder):
            if responder == .view(cell) {
                return "\"\(scene.views[cell].id)\" overrides the touch methods without calling super (touches: handle): its \(scene.views[list].viewClass.rawValue) never hears of the touch"
            }
            return "\"\(scene.id(of: responder))\" handles the touch without passing it on (R3): the cell never sees it"
        case .cancelled:
            return "the touch was cancelled: the \(row) is not selected"
        case .selectionNotAllowed:
            return "allowsSelection is false: no \(row) is selected"
        case .shouldHighlightFalse:
            return "the delegate's shouldHighlight returned false: UIKit skips the highlight and the whole selection"
        case let .declined(method):
            return "\(method): the \(row) is not selected"
        }
    }
}
