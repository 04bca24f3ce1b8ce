import TouchTraceEngine

extension DumpSceneBuilder {
    // MARK: Gesture recognizers

    /// UIKit's public recognizer classes and the modelled type each becomes (nil: not modelled).
    static let recognizerKinds: [String: GestureRecognizerConfig.Kind?] = [
        "UITapGestureRecognizer": .tap, "UILongPressGestureRecognizer": .longPress, "UIPanGestureRecognizer": .pan,
        "UISwipeGestureRecognizer": .swipe, "UIScreenEdgePanGestureRecognizer": .pan, "UIPinchGestureRecognizer": nil,
        "UIRotationGestureRecognizer": nil, "UIHoverGestureRecognizer": nil,
    ]

    /// Attaches every recognizer the text describes to its view, by the view's address.
    mutating func attachRecognizers() {
        guard !tree.recognizers.isEmpty else { return }
        var nodeOfAddress: [String: Int] = [:]
        for (n, node) in tree.nodes.enumerated() { if let a = node.address, nodeOfAddress[a] == nil { nodeOfAddress[a] = n } }
        var idOfAddress: [String: String] = [:]
        for (n, node) in tree.nodes.enumerated() { if let a = node.address, idOfAddress[a] == nil { idOfAddress[a] = nodeIDs[n] } }
        for view in document.views {
            if let c = view.viewController, let s = c.sourceID, idOfAddress[s] == nil { idOfAddress[s] = c.id }
        }
        var seen: Set<String> = []
        for g in tree.recognizers {
            if let a = g.object.address, !seen.insert(a).inserted { continue }  // printed twice
            let name = DumpClasses.shortName(g.object.className)
            let base = g.baseClass.map(DumpClasses.shortName)
            func warn(_ kind: ImportWarning.Kind, _ message: String, lost: String) {
                warnings.add(g.object.warning(kind, message, lost: lost))
            }
            guard let address = g.viewAddress, let n = nodeOfAddress[address], let draft = draftOfNode[n] else {
                warn(.gestureRecognizerDropped, "its view \(g.viewAddress ?? "(none)") is not in the dump: left out", lost: "this recognizer")
                continue
            }
            // The class: UIKit's own, or an app's subclass of one (its baseClass, else its name).
            let known = Self.recognizerKinds[name] != nil ? name : base.flatMap { Self.recognizerKinds[$0] != nil ? $0 : nil }
            var kind: GestureRecognizerConfig.Kind?
            if let known {
                kind = Self.recognizerKinds[known] ?? nil
            } else if DumpClasses.isUIKitName(name) {
                warn(
                    .gestureRecognizerDropped,
                    "a recognizer UIKit adds of its own (its effect is the engine's where TouchTrace models it, as a scroll view's pan): left out",
                    lost: "this recognizer")
                continue
            } else {
                for (suffix, k) in [("TapGestureRecognizer", GestureRecognizerConfig.Kind.tap), ("LongPressGestureRecognizer", .longPress),
                                    ("PanGestureRecognizer", .pan), ("SwipeGestureRecognizer", .swipe)] where name.hasSuffix(suffix) {
                    kind = k
                    break
                }
                if let kind {
                    warn(.gestureRecognizerApproximated, "no baseClass: imported as a \(kind.rawValue) recognizer, as its name says", lost: "what its class does beyond that")
                }
            }
            guard let kind else {
                warn(.gestureRecognizerDropped, "TouchTrace has no counterpart of \(known ?? name) (it models tap, long press, pan and swipe): left out", lost: "this recognizer")
                continue
            }
            if known == "UIScreenEdgePanGestureRecognizer" {
                warn(.gestureRecognizerApproximated, "a screen-edge pan is imported as a pan (from anywhere, not only the edge)", lost: "the edge condition")
            } else if kind == .swipe {
                warn(.gestureRecognizerApproximated, "a swipe is imported as a rightward swipe (the description does not print its direction)", lost: "its direction")
            }
            let candidates = [g.targets.first?.action]
            var r = RecognizerDraft(
                id: ids.make(candidates, fallback: UniqueIDs.sanitize("\(name)-\(g.object.address ?? "line\(g.object.line)")") ?? "recognizer"),
                sourceID: g.object.sourceID, kind: kind)
            r.enabled = g.enabled
            r.numberOfTapsRequired = kind == .tap ? g.numberOfTapsRequired : nil
            r.numberOfTouchesRequired = g.numberOfTouchesRequired
            r.minimumPressDuration = kind == .longPress ? g.minimumPressDuration : nil
            r.cancelsTouchesInView = g.cancelsTouchesInView
            r.delaysTouchesBegan = g.delaysTouchesBegan
            r.delaysTouchesEnded = g.delaysTouchesEnded
            for t in g.targets {
                if let a = t.targetAddress, let id = idOfAddress[a] {
                    r.targets.append((target: id, action: t.action))
                } else {
                    warn(
                        .actionDropped,
                        "its action \(t.action) goes to \(t.targetClass ?? "an object") \(t.targetAddress ?? ""), which is not in the dump (not a view, nor a controller of a _printHierarchy): left out",
                        lost: "this action (the recognizer still recognizes, and cancels the view's touches)")
                }
            }
            document.views[draft].gestureRecognizers.append(r)
        }
    }
}
