/// Text input focus (rules F1, F2): a tap on a text field or text view makes it first responder,
/// so nil-target actions sent afterwards start from it (T4).
extension TouchSession {
    /// F1: the text interaction's tap recognized on `view`: the previous first responder
    /// resigns (a text field sends `editingDidEnd`), then `view` becomes first responder (a text
    /// field sends `editingDidBegin`). Nothing changes when it already is.
    mutating func focus(_ view: Int, touch: Int?) {
        let previous = scene.firstResponder
        guard previous != .view(view) else { return }
        if let previous {
            record(.F1, .resignFirstResponder(responder: previous, next: view, touch: touch))
            if case let .view(old) = previous, scene.views[old].viewClass == .UITextField {
                send(.editingDidEnd, name: "editingDidEnd", from: old, touch: touch, rule: .F1)
            }
        }
        scene.firstResponder = .view(view)
        record(.F1, .becomeFirstResponder(view: view, previous: previous, touch: touch))
        if let touch { focusedBy.insert(touch) }
        if scene.views[view].viewClass == .UITextField {
            send(.editingDidBegin, name: "editingDidBegin", from: view, touch: touch, rule: .F1)
        }
    }

    /// F2: a touch that ended without focusing anything leaves a text field or text view that is
    /// first responder as it is: UIKit does not resign it by itself (apps call
    /// `resignFirstResponder()` or `endEditing(_:)`). Said once per such touch.
    mutating func explainFocusKept(touch: Int, hitView: Int?) {
        guard !focusedBy.contains(touch), case let .view(responder)? = scene.firstResponder,
            scene.views[responder].takesTextFocus, hitView != responder
        else { return }
        record(.F2, .firstResponderKept(responder: .view(responder), touch: touch))
    }
}
