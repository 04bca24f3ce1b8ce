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
        var taps: [(view: Int, node: Int, selectors: [String])] = []
        for view in document.views.indices {
            guard let n = nodeOfView[view], viewOfNode[n] == view else { continue }
            let selectors = tapSelectors(n)
            guard !selectors.isEmpty else { continue }
            taps.append((view, n, selectors))
        }
        importTaps(taps)
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
