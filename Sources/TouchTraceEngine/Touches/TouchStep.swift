/// One entry of the input.
public enum TouchStep: Sendable, Hashable {
    case touch(TouchSample)
    case set(ControlEdit)

    public var time: Double {
        switch self {
        case let .touch(sample): return sample.time
        case let .set(edit): return edit.time
        }
    }

    public var pointer: String {
        switch self {
        case let .touch(sample): return sample.pointer
        case let .set(edit): return edit.pointer
        }
    }
}

/// A property set by code between events (C7: no events; C8: disabling does not cancel; C9).
public struct ControlEdit: Sendable, Hashable {
    /// The control's id (checked against the scene when the request runs).
    public var view: String
    public var property: ControlProperty
    public var value: ControlPropertyValue
    public var time: Double
    public var pointer: String

    /// The properties an edit may set: flags and the value properties.
    public static let flagProperties: [ControlProperty] = [.enabled, .selected, .on]
    public static let numberProperties: [ControlProperty] = [.value, .selectedSegmentIndex, .currentPage]
}
