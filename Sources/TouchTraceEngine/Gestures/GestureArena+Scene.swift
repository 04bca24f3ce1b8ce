/// The arena of a scene: its recognizers, and the facts about its views the arena needs.
extension GestureArena {
    /// The scene's recognizers as members: per view in scene order, a scroll view's own two
    /// first (S1, S2: `<id>#delay` when `delaysContentTouches`, then `<id>#pan`), as in UIKit,
    /// then its `gestureRecognizers` in list order. Empty for a scene without recognizers or
    /// scroll views, so touch delivery takes its direct path at no cost.
    public init(scene: Scene) {
        var members: [Member] = []
        var memberOf: [String: Int] = [:]
        for index in scene.views.indices
        where !scene.views[index].gestureRecognizers.isEmpty || scene.views[index].scroll != nil || scene.views[index].takesTextFocus {
            if let scroll = scene.views[index].scroll {
                if scroll.delaysContentTouches {
                    // S1: UIKit's delayed-touches-began recognizer holds every call of the content.
                    let machine = GestureMachineConfig(kind: .contentTouchDelay(seconds: scene.options.scrollDelay))
                    members.append(Member(
                        recognizer: GestureRecognizerRef(view: index, kind: .scrollDelay),
                        machine: GestureRecognizerMachine(config: machine),
                        cancelsTouchesInView: false, delaysTouchesBegan: true, delaysTouchesEnded: false))
                }
                // S1, S2: the scroll view's pan; S4: it fails along an axis the view cannot scroll;
                // `isScrollEnabled` false disables it.
                let axes = scene.scrollMotionConfig(of: index).axes
                let machine = GestureMachineConfig(kind: .pan, tapSlop: scene.options.tapSlop, scrollAxes: axes)
                members.append(Member(
                    recognizer: GestureRecognizerRef(view: index, kind: .scrollPan),
                    machine: GestureRecognizerMachine(config: machine),
                    delaysTouchesEnded: false, enabled: scroll.motion.scrollEnabled, canCancelContentTouches: scroll.canCancelContentTouches))
            }
            if scene.views[index].takesTextFocus {
                // F1: the text interaction's tap (UIKit's `UITextInteraction`): it recognizes a tap
                // on the field or text view, which then becomes first responder, and cancels the
                // view's touches (a text field sends touchCancel, not touchUpInside).
                let machine = GestureMachineConfig(
                    kind: .tap(taps: 1), tapSlop: scene.options.tapSlop, multiTapInterval: scene.options.multiTapInterval,
                    multiTapRadius: scene.options.multiTapRadius)
                members.append(Member(
                    recognizer: GestureRecognizerRef(view: index, kind: .textInteraction),
                    machine: GestureRecognizerMachine(config: machine)))
            }
            for (position, config) in scene.views[index].gestureRecognizers.enumerated() {
                let kind: GestureMachineConfig.Kind
                switch config.kind {
                case .tap, .doubleTap: kind = .tap(taps: config.numberOfTapsRequired)
                case .longPress: kind = .longPress(minimumPressDuration: config.minimumPressDuration)
                case .pan: kind = .pan
                case .swipe: kind = .swipe
                }
                let machine = GestureMachineConfig(
                    kind: kind, touchesRequired: config.numberOfTouchesRequired, tapSlop: scene.options.tapSlop,
                    multiTapInterval: scene.options.multiTapInterval, multiTapRadius: scene.options.multiTapRadius,
                    swipeDirections: config.direction)
                memberOf[config.id] = members.count
                members.append(Member(
                    recognizer: GestureRecognizerRef(view: index, kind: .declared(position)),
                    machine: GestureRecognizerMachine(config: machine),
                    cancelsTouchesInView: config.cancelsTouchesInView, delaysTouchesBegan: config.delaysTouchesBegan,
                    delaysTouchesEnded: config.delaysTouchesEnded, enabled: config.enabled))
            }
        }
        for m in members.indices {
            guard case let .declared(position) = members[m].recognizer.kind else { continue }
            let config = scene.views[members[m].recognizer.view].gestureRecognizers[position]
            members[m].requireToFail = config.requireToFail.compactMap { memberOf[$0] }
        }
        self.init(members: members)
    }
}

extension GestureArena.ControlTraits {
    /// The view as a control (G4, S2), or nil when it is not one. The classes are UIKit's
    /// (docs/uikit-rules.md#g4): a plain `UIControl`, `UITextField` or `UIDatePicker` wins nothing.
    public init?(_ view: ViewNode) {
        guard let control = view.control else { return nil }
        let cls = view.viewClass
        self.init(
            winsSingleTap: [.UIButton, .UISwitch, .UIStepper, .UISegmentedControl, .UIPageControl].contains(cls),
            winsDrag: [.UISlider, .UISwitch].contains(cls), enabled: control.enabled)
    }
}
