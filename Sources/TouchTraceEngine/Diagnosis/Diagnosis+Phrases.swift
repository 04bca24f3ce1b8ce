/// The product's one explainer of why a touch does not reach a view, as clauses said of the view
/// ("covered by toastContainer, a later sibling"): the diagnosis's causes, the effective hit
/// regions' blockers (`RegionBlocker.phrase`, so the audit's and the render's sentences), and
/// `touchtrace check`'s explanations all say it in these words.
extension Diagnosis.Cause {
    /// The clause for this cause, said of `target` (the view asked about): what follows "is" in
    /// "there, payButton is covered by toastContainer, a later sibling". `name` writes a view's
    /// name (its id by default; `touchtrace check` adds its frame).
    public func phrase(of target: Int, in scene: Scene, name: (Int) -> String = { _ in "" }) -> String {
        Self.phrase(
            kind: kind, view: view, rule: rule, cover: cover, via: via, answer: answer, recognizer: recognizer, override: override,
            of: target, in: scene, name: name)
    }

    /// The clause for a cause given by its parts (see ``phrase(of:in:name:)``): the regions'
    /// blockers use it without a diagnosis.
    public static func phrase(
        kind: Kind, view: Int, rule: RuleID, cover: Cover? = nil, via: Int? = nil, answer: Int? = nil,
        recognizer: GestureRecognizerRef? = nil, override: Override? = nil, of target: Int, in scene: Scene,
        name given: (Int) -> String = { _ in "" }
    ) -> String {
        func name(_ v: Int) -> String {
            let written = given(v)
            return written.isEmpty ? scene.views[v].id : written
        }
        let isSelf = view == target
        switch kind {
        case .coveredBy:
            switch cover ?? .laterSibling {
            case .laterSibling: return "covered by \(name(view)), a later sibling"
            case .laterSiblingOfAncestor: return "covered by \(name(view)), a later sibling of its ancestor \(via.map(name) ?? "?")"
            case .frontWindow: return "covered by window \(name(view)) (level \(DiagnosisFormat.number(scene.views[view].level))) in front"
            case .subview: return "taken by its subview \(name(view)), which takes touches itself"
            case .viewController:
                let vc = scene.views[view].viewController.map { scene.viewControllers[$0].id } ?? name(view)
                return "taken by view controller \(vc), which handles touches"
            }
        case .hitTestOverride:
            switch override ?? .pointInside {
            case .capture: return "captured by its ancestor \(name(view)), whose hitTest returns itself (H9)"
            case .redirect: return "redirected to \(answer.map(name) ?? "another view") by \(isSelf ? "its own" : "\(name(view))'s") hitTest (H9)"
            case .passThroughSelf: return "passed through: \(isSelf ? "its" : "\(name(view))'s") hitTest returns nil there (H9)"
            case .pointInside:
                return isSelf ? "outside its own touch area: its point(inside:) leaves the point out (H9)"
                    : "outside the touch area of \(name(view)), whose point(inside:) leaves the point out (H9)"
            }
        case .outsideSuperviewBounds:
            if isSelf { return "not under the point: it is outside its bounds (H2)" }
            if scene.views[target].parent == view { return "outside its superview \(name(view)) (H4)" }
            if scene.views[view].parent == nil { return "outside its window \(name(view)) (H4)" }
            return "outside its ancestor \(name(view)) (H4)"
        case .hidden:
            return isSelf ? "hidden (H1)" : "inside hidden ancestor \(name(view)) (H1)"
        case .interactionDisabled:
            return isSelf
                ? "not interactive: userInteractionEnabled is false (\(rule.rawValue))"
                : "inside \(name(view)), whose userInteractionEnabled is false (\(rule.rawValue))"
        case .transparent:
            return isSelf ? "transparent: alpha below 0.01 (H1)" : "inside \(name(view)), whose alpha is below 0.01 (H1)"
        case .animating:
            return isSelf ? "animating: a running animation switches its touches off (H10)"
                : "inside \(name(view)), whose running animation switches touches off (H10)"
        case .animationPresentationElsewhere:
            return isSelf ? "drawn here mid-animation, but hit testing uses where the animation ends (H10)"
                : "inside \(name(view)), drawn here mid-animation while hit testing uses where it ends (H10)"
        case .disabledControl:
            return isSelf ? "disabled (isEnabled is false, H7)" : "inside disabled control \(name(view)) (H7)"
        case .zeroSize:
            if rule == .H5 {
                return isSelf ? "never hit: its transform cannot be inverted (H5)" : "inside \(name(view)), whose transform cannot be inverted (H5)"
            }
            return isSelf ? "of zero size: its empty bounds contain no point (H2)" : "inside \(name(view)), which has zero width or height (H2)"
        case .gestureRecognizer:
            let id = recognizer.map { $0.id(in: scene) } ?? "a recognizer"
            return "taken by \(id) on \(name(view)), which recognizes the tap and cancels the touches (\(rule.rawValue))"
        case .scrollViewDelay:
            return "reached late: scroll view \(name(view)) delays touchesBegan (delaysContentTouches, S1)"
        case .systemGestureDelay:
            return "reached late: it is at the bottom edge of the screen, where the system's gestures come first (G7)"
        case .gestureRecognizerDelay:
            let id = recognizer.map { $0.id(in: scene) } ?? "a recognizer"
            return "reached late: \(id) on \(name(view)) holds its touches back until it fails (G2)"
        case .orderUnknown:
            return "perhaps covered by \(name(view)), listed after it in XCUITest's accessibility order (\(rule.rawValue))"
        case .contentViewUnknown:
            return "perhaps covered by the contentView of cell \(name(view)), which the scene does not hold (H3)"
        case .notInWindow:
            return isSelf ? "not in any window (H8)" : "inside \(name(view)), which is in no window (H8)"
        }
    }
}
