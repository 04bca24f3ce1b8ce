/// A control class's own behaviour on top of `UIControl` tracking: its primary action (C6) and
/// how a touch changes its value (C7). TouchTrace's decisions, per class:
///
/// - `UIControl`, `UITextField`, `UIDatePicker` (`plain`): no value behaviour, no primary action.
/// - `UIButton` (`button`): `primaryActionTriggered` right after the `touchUpInside` dispatch.
/// - `UISwitch` (`toggle`): a touch that ends inside (C5) toggles `on` in `endTracking`;
///   dragging the knob is not modelled.
/// - `UISlider` (`slider`): the thumb follows the finger: on every move and at the end,
///   `value = clamp(startValue + (x − startX) / bounds.width × (maximum − minimum))`, linear over
///   the bounds width, clamped to minimum…maximum; a touch-down does not jump. Continuous
///   (default) sends `valueChanged` on every change; otherwise once in `endTracking` when the
///   value differs from the value at touch-down.
/// - `UISegmentedControl` (`segmented`): a touch that ends inside selects the segment under the
///   finger (equal widths; a point in the margin selects the nearest end segment).
/// - `UIStepper` (`stepper`): a touch that ends inside adds `stepValue` (right half) or subtracts
///   it (left half), clamped to minimum…maximum, or wrapping around when `wraps`.
/// - `UIPageControl` (`pageControl`): a touch that ends inside goes one page forward (right
///   half) or back (left half), within 0…numberOfPages − 1.
///
/// Every value change made by a touch happens in `endTracking` (or `continueTracking` for the
/// slider) and sends `valueChanged`, then `primaryActionTriggered` (C6); no change, no event.
package enum ControlKind: Sendable, Hashable {
    case plain
    case button
    case toggle
    case slider(minimum: Double, maximum: Double, continuous: Bool)
    case segmented(count: Int)
    case stepper(minimum: Double, maximum: Double, step: Double, wraps: Bool)
    case pageControl(count: Int)

    /// C6: the event after whose dispatch `primaryActionTriggered` is dispatched.
    public var actionTriggeredEvent: ControlEvents? {
        switch self {
        case .plain: return nil
        case .button: return .touchUpInside
        case .toggle, .slider, .segmented, .stepper, .pageControl: return .valueChanged
        }
    }

    /// The state property that holds the value, as traces name it.
    public var valueProperty: ControlProperty? {
        switch self {
        case .plain, .button: return nil
        case .toggle: return .on
        case .slider, .stepper: return .value
        case .segmented: return .selectedSegmentIndex
        case .pageControl: return .currentPage
        }
    }

    /// The class's kind and initial value from a scene's `control` object, with UIKit's defaults:
    /// switch off; slider 0 in 0…1, continuous; stepper 0 in 0…100 step 1; no segment selected
    /// (−1) of 0; page 0 of 0.
    public static func from(_ viewClass: ViewClass, _ control: ControlConfig) -> (kind: ControlKind, value: Double?, on: Bool?) {
        let v = control.values
        switch viewClass {
        case .UIButton: return (.button, nil, nil)
        case .UISwitch: return (.toggle, nil, control.on ?? false)
        case .UISlider:
            let lo = v["minimumValue"] ?? 0
            let hi = max(lo, v["maximumValue"] ?? 1)
            let value = min(max(v["value"] ?? 0, lo), hi)
            return (.slider(minimum: lo, maximum: hi, continuous: control.flags["continuous"] ?? true), value, nil)
        case .UISegmentedControl:
            // A whole number in 0…maxItemCount (the decoder checks it): clamped all the same.
            let count = Checked.int(v["numberOfSegments"] ?? 0, rounding: .down, clampedTo: 0...ControlConfig.maxItemCount) ?? 0
            return (.segmented(count: count), v["selectedSegmentIndex"] ?? -1, nil)
        case .UIStepper:
            let lo = v["minimumValue"] ?? 0
            let hi = max(lo, v["maximumValue"] ?? 100)
            let value = min(max(v["value"] ?? 0, lo), hi)
            let step = v["stepValue"] ?? 1
            return (.stepper(minimum: lo, maximum: hi, step: step, wraps: control.flags["wraps"] ?? false), value, nil)
        case .UIPageControl:
            let count = Checked.int(v["numberOfPages"] ?? 0, rounding: .down, clampedTo: 0...ControlConfig.maxItemCount) ?? 0
            return (.pageControl(count: count), v["currentPage"] ?? 0, nil)
        default: return (.plain, nil, nil)
        }
    }
}

extension ControlKind {
    /// The value a touch ending (or, for the slider, moving) at `p` gives, or nil for no change
    /// (C7). `inside` is C5's answer for `p`.
    func newValue(
        current: Double?, on: Bool?, at p: Point?, inside: Bool, bounds: Rect, startPoint: Point?, startValue: Double?
    ) -> ControlPropertyValue? {
        switch self {
        case .plain, .button: return nil
        case .toggle:
            return inside ? .bool(!(on ?? false)) : nil
        case let .slider(lo, hi, _):
            guard let p, let startPoint, let startValue, bounds.size.width > 0 else { return nil }
            let raw = startValue + (p.x - startPoint.x) / bounds.size.width * (hi - lo)
            let value = min(max(raw, lo), hi)
            return value == current ? nil : .number(value)
        case let .segmented(count):
            guard inside, let p, count > 0, bounds.size.width > 0 else { return nil }
            // The segment under the finger; a tiny width or a huge coordinate gives a quotient
            // past Int's range (or NaN), which is clamped to the ends, not converted as it is.
            guard let segment = Checked.int(
                (p.x - bounds.minX) / bounds.size.width * Double(count), rounding: .down, clampedTo: 0...(count - 1))
            else { return nil }
            let index = Double(segment)
            return index == current ? nil : .number(index)
        case let .stepper(lo, hi, step, wraps):
            guard inside, let p, let current else { return nil }
            let up = p.x >= bounds.midX
            var value = current + (up ? step : -step)
            if value > hi { value = wraps ? lo : hi }
            if value < lo { value = wraps ? hi : lo }
            return value == current ? nil : .number(value)
        case let .pageControl(count):
            guard inside, let p, let current, count > 0 else { return nil }
            let value = min(max(current + (p.x >= bounds.midX ? 1 : -1), 0), Double(count - 1))
            return value == current ? nil : .number(value)
        }
    }
}
