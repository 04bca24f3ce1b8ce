extension ControlTracking {
    /// A control made from its view in the scene (C1–C9): its kind, value and state, its bounds
    /// and touch area (C5), the scene's tracking margin.
    init(_ scene: Scene, view: Int) {
        let control = scene.views[view].control ?? ControlConfig()
        let (kind, value, on) = ControlKind.from(scene.views[view].viewClass, control)
        let config = ControlTrackingConfig(
            bounds: scene.views[view].geometry.bounds, touchArea: scene.views[view].pointInside,
            margin: scene.options.controlTrackingMargin,
            beginTracking: control.beginTracking, continueTracking: control.continueTracking, kind: kind)
        self.init(
            config: config,
            state: ControlState(enabled: control.enabled, selected: control.selected, highlighted: control.highlighted, value: value, on: on))
    }

    /// A property set by code between events (C7 a value, C8 `enabled`, C9 `selected`): no
    /// events, tracking in progress left alone. Returns the rule and the property's value after
    /// it, as the trace's `set` entry shows it.
    mutating func edit(_ property: ControlProperty, _ value: ControlPropertyValue) -> (rule: RuleID, value: ControlPropertyValue?) {
        let rule: RuleID
        switch (property, value) {
        case let (.enabled, .bool(b)):
            _ = setEnabled(b)
            rule = .C8
        case let (.selected, .bool(b)):
            _ = setSelected(b)
            rule = .C9
        default:
            _ = setValue(value)
            rule = .C7
        }
        switch property {
        case .enabled: return (rule, .bool(state.enabled))
        case .selected: return (rule, .bool(state.selected))
        case .on: return (rule, .bool(state.on ?? false))
        default: return (rule, state.value.map { .number($0) })
        }
    }
}

extension ControlEvents {
    /// The name of the first single event in the mask, in bit order (`names.first`, without
    /// building the list).
    var firstName: String {
        Self.named.first { $0.event.rawValue.nonzeroBitCount == 1 && contains($0.event) }?.name ?? ""
    }
}
