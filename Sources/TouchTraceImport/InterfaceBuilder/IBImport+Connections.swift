import TouchTraceEngine

extension IBImport {
    /// Every imported view's `<connections>`: control actions become target-action
    /// registrations (T1; First Responder is a nil target, T4), segues a control triggers become
    /// actions that name the segue, sent to the scene's controller, and `gestureRecognizers`
    /// outlet collections attach recognizers with their own actions (G1–G6). Outlets are left out
    /// (they name objects for code, and change no behaviour the scene models).
    mutating func importConnections() {
        for (view, e) in viewElements {
            guard let connections = tree.child(of: e, named: "connections") else { continue }
            for c in tree[connections].children {
                switch tree[c].name {
                case "action": addControlAction(c, view: view, source: e)
                case "segue": addSegue(c, view: view, source: e)
                case "outletCollection" where tree[c]["property"] == "gestureRecognizers":
                    attachRecognizer(c, view: view)
                default: continue
                }
            }
        }
    }

    /// Where an action's `destination` points: a nil target (First Responder), a scene id, or
    /// nothing imported (nil, with the reason).
    enum ActionTarget {
        case responderChain
        case object(String)
        case missing(String)
    }

    func actionTarget(_ destination: String?) -> ActionTarget {
        guard let destination else { return .missing("it names no destination") }
        switch objects[destination] {
        case let .view(v)?: return .object(document.views[v].id)
        case let .controller(id, _)?: return .object(id)
        case .guide?, .recognizer?, .barItem?: return .missing("its destination is not a responder")
        case nil: break
        }
        guard let e = doc.elementsByID[destination] else { return .missing("its destination \"\(destination)\" is not in the document") }
        let el = tree[e]
        if el.name == "placeholder", el["placeholderIdentifier"] == "IBFirstResponder" { return .responderChain }
        if el.name == "placeholder", el["placeholderIdentifier"] == "IBFilesOwner" {
            return .missing("File's Owner is not the controller of an imported view (it has no view outlet to one)")
        }
        if el.name == "customObject" {
            return .missing("its destination is a custom object (\(el["customClass"] ?? "NSObject")), which is no responder of the scene")
        }
        return .missing("its destination \(describe(e)) is not imported in this scene")
    }

    /// Adds the selector to the responder that receives it (IB only connects actions a class
    /// declares), so the trace shows it handled.
    mutating func declare(_ action: String, on target: String) {
        switch objects.values.first(where: {
            if case let .controller(id, _) = $0 { return id == target }
            return false
        }) {
        case let .controller(_, v)?:
            if !(document.views[v].viewController?.actions.contains(action) ?? true) {
                document.views[v].viewController?.actions.append(action)
            }
            return
        default: break
        }
        if let v = document.views.firstIndex(where: { $0.id == target }), !document.views[v].actions.contains(action) {
            document.views[v].actions.append(action)
        }
    }

    /// `<action selector= destination= eventType=>` on a control.
    mutating func addControlAction(_ a: Int, view: Int, source: Int) {
        let el = tree[a]
        guard let selector = el["selector"], !selector.isEmpty else {
            warn(.actionDropped, a, "an action without a selector", lost: "this action")
            return
        }
        guard document.views[view].control != nil else {
            warn(.actionDropped, a, "action \(selector) on \(describe(source)), which is not a control", lost: "this action")
            return
        }
        let eventName = el["eventType"] ?? "touchUpInside"
        guard let events = ControlEvents(name: eventName) else {
            warn(.actionDropped, a, "action \(selector) for event \"\(eventName.prefix(40))\", which is not a UIControl event", lost: "this action")
            return
        }
        switch actionTarget(el["destination"]) {
        case .responderChain:
            document.views[view].control?.targets.append(TargetRegistration(target: nil, action: selector, events: events))
        case let .object(id):
            document.views[view].control?.targets.append(TargetRegistration(target: id, action: selector, events: events))
            declare(selector, on: id)
        case let .missing(reason):
            warn(.actionDropped, a, "action \(selector) of \(describe(source)): \(reason)", lost: "this action")
        }
    }

    /// The action that stands for a segue, naming what it shows: `show:<destination>` (show,
    /// push), `showDetail:`, `present:` (presentation, modal), `popover:`, `replace:`, `segue:`
    /// (custom), `unwind:<unwind action>`; the destination is the destination controller's name
    /// as the scene would call it (user label, Storyboard ID, custom class), or
    /// `<storyboard>.storyboard` with the referenced Storyboard ID for a storyboard reference.
    /// It is sent to the controller of the scene the trigger is in (UIKit's segue template calls
    /// `performSegue(withIdentifier:sender:)` on it).
    func segueAction(_ s: Int) -> (action: String, controller: String?) {
        let kind = tree[s]["kind"] ?? "custom"
        let verb: String
        switch kind {
        case "show", "push": verb = "show"
        case "showDetail": verb = "showDetail"
        case "presentation", "modal": verb = "present"
        case "popoverPresentation": verb = "popover"
        case "replace": verb = "replace"
        case "unwind": verb = "unwind"
        default: verb = "segue"
        }
        let controller = doc.enclosingController(of: s).flatMap { c -> String? in
            if case let .controller(id, _)? = tree[c]["id"].flatMap({ objects[$0] }) { return id }
            return nil
        }
        if kind == "unwind" {
            return ("unwind:" + (tree[s]["unwindAction"] ?? tree[s]["identifier"] ?? tree[s]["id"] ?? "segue"), controller)
        }
        return (verb + ":" + destinationName(tree[s]["destination"]), controller)
    }

    /// How a segue's destination is named in its action.
    func destinationName(_ destination: String?) -> String {
        guard let destination, let e = doc.elementsByID[destination] else { return destination ?? "unknown" }
        let el = tree[e]
        if el.name == "viewControllerPlaceholder" {
            let board = el["storyboardName"].flatMap { $0.isEmpty ? nil : $0 + ".storyboard" }
            let parts = [board, el["referencedIdentifier"]].compactMap { $0 }.filter { !$0.isEmpty }
            return parts.isEmpty ? destination : parts.joined(separator: "/")
        }
        for candidate in [el["userLabel"], el["storyboardIdentifier"], el["customClass"]] {
            if let name = candidate.flatMap(UniqueIDs.sanitize) { return name }
        }
        return el.name + ":" + destination
    }

    /// A segue triggered by a control (on touch-up inside, as a button's), or by selecting a
    /// cell (V5: the list performs it when the row is selected, sent to the scene's controller
    /// as the cell's `selectionActions`). A cell's accessory-button segue
    /// (`trigger="accessoryAction"`) is not modelled: the accessory button is not imported.
    mutating func addSegue(_ s: Int, view: Int, source: Int) {
        let kind = tree[s]["kind"] ?? "custom"
        if kind == "embed" || kind == "relationship" { return }
        let (action, controller) = segueAction(s)
        guard document.views[view].control != nil else {
            let cell = document.views[view].viewClass == .UITableViewCell || document.views[view].viewClass == .UICollectionViewCell
            if cell, tree[s]["trigger"] == nil, let controller {
                cellSegues[view, default: []].append(CellDraft.SelectionAction(target: controller, action: action))
                declare(action, on: controller)
                return
            }
            let what = cell
                ? (controller == nil
                    ? "selecting \(describe(source)) performs it, but the cell is outside an imported controller"
                    : "the accessory button of \(describe(source)) performs it, and the accessory button is not imported")
                : "\(describe(source)) is no control: nothing in UIKit triggers a segue from it without code"
            warn(.behaviourNotModelled, s, "a \(kind) segue to \(destinationName(tree[s]["destination"])): \(what)", lost: "the segue's action (\(action))")
            return
        }
        guard let controller else {
            warn(.actionDropped, s, "a \(kind) segue from \(describe(source)) outside an imported controller", lost: "the segue")
            return
        }
        document.views[view].control?.targets.append(TargetRegistration(target: controller, action: action, events: .touchUpInside))
        declare(action, on: controller)
    }

    /// A `gestureRecognizers` outlet collection: the recognizer element, with its type, options
    /// and actions, attached to the view (a recognizer is on one view: the last one it is added to).
    mutating func attachRecognizer(_ outlet: Int, view: Int) {
        guard let r = tree[outlet]["destination"].flatMap({ doc.elementsByID[$0] }) else {
            warn(.gestureRecognizerDropped, outlet, "a gesture recognizer \"\(tree[outlet]["destination"] ?? "?")\" that is not in the document", lost: "the recognizer")
            return
        }
        let el = tree[r]
        guard let mapped = IBVocabulary.recognizers[el.name] else {
            warn(.gestureRecognizerDropped, r, "<\(el.name)> is not a gesture recognizer TouchTrace knows", lost: "the recognizer and its actions")
            return
        }
        guard let kind = mapped else {
            warn(.gestureRecognizerDropped, r, "<\(el.name)> is not modelled (TouchTrace models tap, long press, pan and swipe)", lost: "the recognizer and its actions")
            return
        }
        if let previous = attachedRecognizers[r] {
            document.views[previous.view].gestureRecognizers.remove(at: previous.index)
            for (key, value) in attachedRecognizers where value.view == previous.view && value.index > previous.index {
                attachedRecognizers[key] = (value.view, value.index - 1)
            }
        }
        let id = objectsID(forRecognizer: r, kind: kind)
        var draft = RecognizerDraft(id: id, sourceID: el["id"], kind: kind)
        if el.name == "screenEdgePanGestureRecognizer" {
            warn(.gestureRecognizerApproximated, r, "a screen-edge pan is imported as a pan that starts anywhere", lost: "the edge restriction")
        }
        if kind == .swipe, let direction = el["direction"], direction != "right" {
            warn(.gestureRecognizerApproximated, r, "a swipe \(direction) is imported as TouchTrace's swipe, which recognizes rightward swipes", lost: "the \(direction) direction")
        }
        if kind == .tap, let taps = number(r, "numberOfTapsRequired") { draft.numberOfTapsRequired = Checked.int(taps, rounding: .towardZero, clampedTo: 1...100) ?? 1 }
        if let touches = number(r, "numberOfTouchesRequired") { draft.numberOfTouchesRequired = Checked.int(touches, rounding: .towardZero, clampedTo: 1...20) ?? 1 }
        if kind == .longPress, let d = number(r, "minimumPressDuration") { draft.minimumPressDuration = max(0, d) }
        draft.enabled = flag(r, "enabled")
        draft.cancelsTouchesInView = flag(r, "cancelsTouchesInView")
        draft.delaysTouchesBegan = flag(r, "delaysTouchesBegan")
        draft.delaysTouchesEnded = flag(r, "delaysTouchesEnded")
        if let connections = tree.child(of: r, named: "connections") {
            for c in tree[connections].children {
                switch tree[c].name {
                case "action":
                    guard let selector = tree[c]["selector"], !selector.isEmpty else { continue }
                    switch actionTarget(tree[c]["destination"]) {
                    case .responderChain: draft.targets.append((nil, selector))
                    case let .object(target):
                        draft.targets.append((target, selector))
                        declare(selector, on: target)
                    case let .missing(reason):
                        warn(.actionDropped, c, "action \(selector) of the recognizer: \(reason)", lost: "this action")
                    }
                case "segue":
                    let (action, controller) = segueAction(c)
                    if let controller {
                        draft.targets.append((controller, action))
                        declare(action, on: controller)
                    } else {
                        warn(.actionDropped, c, "a segue from a recognizer outside an imported controller", lost: "the segue")
                    }
                default: continue
                }
            }
        }
        attachedRecognizers[r] = (view, document.views[view].gestureRecognizers.count)
        document.views[view].gestureRecognizers.append(draft)
    }

    mutating func objectsID(forRecognizer r: Int, kind: GestureRecognizerConfig.Kind) -> String {
        if let sourceID = tree[r]["id"], case let .recognizer(id)? = objects[sourceID] { return id }
        let id = ids.make([tree[r]["userLabel"], tree[r]["customClass"]], fallback: tree[r].name)
        if let sourceID = tree[r]["id"] { objects[sourceID] = .recognizer(id: id) }
        return id
    }
}
