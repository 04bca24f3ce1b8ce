/// Text input focus (rules F1, F2) as a value type that knows no scene: a tap on a text field or
/// text view makes it first responder, so nil-target actions sent afterwards start from it (T4);
/// a tap elsewhere leaves it so. The session owns the first responder (its scene's) and performs
/// the effects; TextFocusTests run it alone.
struct TextFocus: Sendable {
    /// Touches that focused a text input (F1).
    private(set) var focusedBy: Set<Int> = []

    /// F1: the text interaction's tap recognized on `view`: the previous first responder resigns
    /// (a text field sends `editingDidEnd`), then `view` becomes first responder (a text field
    /// sends `editingDidBegin`). Nothing when it already is. `isTextField` says which views are
    /// `UITextField`s.
    mutating func focus(_ view: Int, previous: ResponderRef?, touch: Int?, isTextField: (Int) -> Bool) -> [SessionEffect] {
        guard previous != .view(view) else { return [] }
        var effects: [SessionEffect] = []
        if let previous {
            effects.append(.record(.F1, .resignFirstResponder(responder: previous, next: view, touch: touch)))
            if case let .view(old) = previous, isTextField(old) {
                effects.append(.sendActions(.editingDidEnd, name: "editingDidEnd", from: old, touch: touch, rule: .F1))
            }
        }
        effects.append(.becomeFirstResponder(view: view))
        effects.append(.record(.F1, .becomeFirstResponder(view: view, previous: previous, touch: touch)))
        if let touch { focusedBy.insert(touch) }
        if isTextField(view) {
            effects.append(.sendActions(.editingDidBegin, name: "editingDidBegin", from: view, touch: touch, rule: .F1))
        }
        return effects
    }

    /// F2: a touch that ended without focusing anything leaves the text input that is first
    /// responder (`textResponder`, nil when there is none) as it is: UIKit does not resign it by
    /// itself (apps call `resignFirstResponder()` or `endEditing(_:)`). Said once per such touch.
    func kept(touch: Int, hitView: Int?, textResponder: Int?) -> [SessionEffect] {
        guard !focusedBy.contains(touch), let responder = textResponder, hitView != responder else { return [] }
        return [.record(.F2, .firstResponderKept(responder: .view(responder), touch: touch))]
    }
}
