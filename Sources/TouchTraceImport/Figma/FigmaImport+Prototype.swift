import TouchTraceEngine

extension FigmaImport {
    /// Prototype links → target-action, so "this tap reaches that navigation" can be checked.
    ///
    /// A tap interaction (`interactions` or `reactions` with an ON_CLICK or ON_TAP trigger, or
    /// the older `transitionNodeID`) becomes, per action, a selector naming what it does and
    /// where: `navigate:<node id>` (NODE actions: also `swap:`, `overlay:`, `scrollTo:`,
    /// `changeTo:`), `back:`, `close:`, `openURL:<url>`. A control sends it on touch-up inside
    /// (T2); any other view gets a tap recognizer (G1, G3) that sends it, with user interaction
    /// turned on for a label or image view (H6), as a developer would. The target is the
    /// frame's view controller (explicit, as a storyboard segue's), which implements every
    /// selector. A layer drawn inside a control passes its link to the control.
    mutating func importInteractions() {
        var parentOf: [Int: Int] = [:]
        for (v, view) in document.views.enumerated() { for s in view.subviews { parentOf[s] = v } }
        var handled: [String] = []
        for view in document.views.indices {
            guard let n = nodeOfView[view], viewOfNode[n] == view else { continue }
            let selectors = tapSelectors(n)
            guard !selectors.isEmpty else { continue }
            var target = view
            while insideControl.contains(target), let p = parentOf[target] { target = p }
            if document.views[target].viewClass.isControl {
                var control = document.views[target].control ?? ControlDraft()
                for s in selectors where !control.targets.contains(where: { $0.action == s }) {
                    control.targets.append(TargetRegistration(target: controllerID, action: s, events: .touchUpInside))
                }
                document.views[target].control = control
            } else {
                let id = document.views[target].id
                if let i = document.views[target].gestureRecognizers.firstIndex(where: { $0.kind == .tap }) {
                    for s in selectors where !document.views[target].gestureRecognizers[i].targets.contains(where: { $0.action == s }) {
                        document.views[target].gestureRecognizers[i].targets.append((controllerID, s))
                    }
                } else {
                    var recognizer = RecognizerDraft(id: ids.make([id + ".tap"], fallback: "tap"), sourceID: doc[n].id, kind: .tap)
                    recognizer.targets = selectors.map { (controllerID, $0) }
                    document.views[target].gestureRecognizers.append(recognizer)
                }
                if !document.views[target].viewClass.defaultUserInteractionEnabled { document.views[target].userInteractionEnabled = true }
            }
            for s in selectors where !handled.contains(s) { handled.append(s) }
        }
        if rootView >= 0, !handled.isEmpty { document.views[rootView].viewController?.actions = handled }
    }

    /// The selectors of node `n`'s tap interactions, in order, without repeats; every other
    /// interaction is warned about.
    mutating func tapSelectors(_ n: Int) -> [String] {
        var result: [String] = []
        func add(_ s: String) { if !result.contains(s) { result.append(s) } }
        for key in ["interactions", "reactions"] {
            guard let value = doc[n].value[key], value != .null else { continue }
            guard case let .array(list) = value else {
                warn(.invalidValue, n, "\(key) of \(describe(n)) is not a list", lost: "its prototype interactions")
                continue
            }
            for interaction in list {
                let trigger: String = if case let .string(t)? = interaction["trigger"]?["type"] { t } else { "none" }
                var actions: [JSONValue] = []
                if case let .array(a)? = interaction["actions"] { actions = a } else if let a = interaction["action"], a != .null { actions = [a] }
                guard FigmaVocabulary.tapTriggers.contains(trigger) else {
                    if !actions.isEmpty {
                        warn(
                            .interactionDropped, n, "\(describe(n)) has an interaction triggered by \(trigger.prefix(30)): only taps (ON_CLICK) have a UIKit counterpart here",
                            lost: "the \(trigger.prefix(30)) interaction")
                    }
                    continue
                }
                for action in actions { if let s = selector(for: action, of: n) { add(s) } }
            }
        }
        if case let .string(destination)? = doc[n].value["transitionNodeID"] {
            noteDestination(destination, of: n)
            add("navigate:" + destination)
        }
        return result
    }

    /// One prototype action → its selector, or nil (warned) for an action UIKit has no counterpart for.
    mutating func selector(for action: JSONValue, of n: Int) -> String? {
        let type: String = if case let .string(t)? = action["type"] { t } else { "none" }
        switch type {
        case "NODE":
            guard case let .string(destination)? = action["destinationId"] else {
                warn(.interactionDropped, n, "a tap on \(describe(n)) links to no destination", lost: "nothing (the link goes nowhere in Figma either)")
                return nil
            }
            let navigation: String = if case let .string(s)? = action["navigation"] { s } else { "NAVIGATE" }
            let verb: String
            switch navigation {
            case "NAVIGATE": verb = "navigate"
            case "SWAP": verb = "swap"
            case "OVERLAY": verb = "overlay"
            case "SCROLL_TO": verb = "scrollTo"
            case "CHANGE_TO": verb = "changeTo"
            default:
                warn(.interactionDropped, n, "a tap on \(describe(n)) has the navigation \(navigation.prefix(30)), which is not modelled", lost: "that action")
                return nil
            }
            noteDestination(destination, of: n)
            return verb + ":" + destination
        case "BACK": return "back:"
        case "CLOSE": return "close:"
        case "URL":
            let url: String = if case let .string(u)? = action["url"] { String(u.prefix(200)) } else { "" }
            return "openURL:" + url
        default:
            warn(.interactionDropped, n, "a tap on \(describe(n)) runs a \(type.prefix(30)) action, which has no UIKit counterpart here", lost: "that action")
            return nil
        }
    }

    /// A destination that is not in this document (a `/nodes` response holds only the nodes
    /// asked for) is kept in the selector, with a warning.
    mutating func noteDestination(_ destination: String, of n: Int) {
        if doc.byID[destination] == nil {
            warn(
                .externalReference, n, "a tap on \(describe(n)) leads to node \(destination.prefix(40)), which is not in this document",
                lost: "nothing in the scene (the action still names the destination)")
        }
    }

    /// Rule H4: the part of a tappable layer (a control, or a layer with a tap) outside an
    /// ancestor that does not clip is drawn in the design but never hit-tested in UIKit.
    mutating func reportUntappableOverflow(frame frameNode: Int) {
        for view in document.views.indices {
            guard let n = nodeOfView[view], viewOfNode[n] == view, !insideControl.contains(view) else { continue }
            let draft = document.views[view]
            guard draft.viewClass.isControl || draft.gestureRecognizers.contains(where: { $0.kind == .tap }) else { continue }
            guard var visible = Self.box(doc[n].value) else { continue }
            var chain: [Int] = []
            var p = doc[n].parent
            var hidden = draft.hidden == true
            while let a = p {
                chain.append(a)
                if doc[a].value["visible"] == .bool(false) { hidden = true }
                if a == frameNode { break }
                p = doc[a].parent
            }
            guard !hidden else { continue }
            for a in chain where doc[a].value["clipsContent"] == .bool(true) || a == frameNode {
                if let box = Self.box(doc[a].value) { visible = Self.intersection(visible, box) }
            }
            guard visible.size.width > 0.01, visible.size.height > 0.01 else { continue }
            for a in chain where doc[a].value["clipsContent"] != .bool(true) && a != frameNode {
                guard let box = Self.box(doc[a].value) else { continue }
                let outside = max(box.minX - visible.minX, visible.maxX - box.maxX, box.minY - visible.minY, visible.maxY - box.maxY)
                if outside > 0.01 {
                    warn(
                        .untappableOverflow, n,
                        "\(describe(n)) reaches \(JSONWriter.format((outside * 100).rounded() / 100)) pt outside \(describe(a)), which does not clip: that part shows in the design but UIKit never hit-tests it (H4)",
                        lost: "taps on the part outside \(describe(a))")
                    break
                }
            }
        }
    }

    static func intersection(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY)
        return Rect(x: x0, y: y0, width: max(0, min(a.maxX, b.maxX) - x0), height: max(0, min(a.maxY, b.maxY) - y0))
    }

    static func box(_ value: JSONValue) -> Rect? {
        guard let b = value["absoluteBoundingBox"], case let .number(x)? = b["x"], case let .number(y)? = b["y"],
            case let .number(w)? = b["width"], case let .number(h)? = b["height"], x.isFinite, y.isFinite, w.isFinite, h.isFinite
        else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }
}
