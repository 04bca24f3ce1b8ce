/// A control's target-action registrations: an ordered list of (target, action, events)
/// (rule T1), as `UIControl` keeps them.
///
/// ```swift
/// var list = TargetActionList()
/// list.add(target: "vc", action: "pay:", for: .touchUpInside)
/// list.add(target: nil, action: "log:", for: .allTouchEvents)
/// list.add(target: "vc", action: "pay:", for: .touchDown)   // merged, moved to the end (T1)
/// list.entries(matching: .touchDown)                          // both, in list order (T2)
/// list.remove(target: nil, action: nil, for: .touchDown)      // T6
/// ```
package struct TargetActionList: Sendable, Hashable {
    /// The registrations in dispatch order.
    public private(set) var entries: [TargetRegistration]

    public init() {
        entries = []
    }

    /// Builds the list by adding each registration in order, so that duplicates in a scene merge
    /// exactly as repeated `addTarget(_:action:for:)` calls would (T1).
    public init(adding registrations: [TargetRegistration]) {
        entries = []
        for registration in registrations {
            add(target: registration.target, action: registration.action, for: registration.events)
        }
    }

    /// `addTarget(_:action:for:)` (rule T1): a pair (same target identity, same action) that is
    /// already registered is not duplicated; the old entry is removed, its events are merged into
    /// the new one, and the merged entry goes to the end. A nil target (the responder chain) is a
    /// target like any other. Adding no events is a no-op, as in UIKit.
    public mutating func add(target: String?, action: String, for events: ControlEvents) {
        guard !events.isEmpty else { return }
        var merged = events
        if let index = entries.firstIndex(where: { $0.target == target && $0.action == action }) {
            merged.formUnion(entries[index].events)
            entries.remove(at: index)
        }
        entries.append(TargetRegistration(target: target, action: action, events: merged))
    }

    /// Which entries a `removeTarget(_:action:for:)` call names.
    public enum TargetMatch: Sendable, Hashable {
        /// `removeTarget(nil, …)`: every entry, whatever its target (nil targets included).
        case any
        /// Entries whose target is this id.
        case id(String)
    }

    /// `removeTarget(_:action:for:)` (rule T6): clears `events` from every entry whose target
    /// and action match (`.any` / nil match all), and removes entries left with no events.
    public mutating func remove(target: TargetMatch, action: String?, for events: ControlEvents) {
        var kept: [TargetRegistration] = []
        kept.reserveCapacity(entries.count)
        for var entry in entries {
            let targetMatches: Bool
            switch target {
            case .any: targetMatches = true
            case let .id(id): targetMatches = entry.target == id
            }
            if targetMatches, action == nil || entry.action == action {
                entry.events.subtract(events)
                if entry.events.isEmpty { continue }
            }
            kept.append(entry)
        }
        entries = kept
    }

    /// The entries a dispatch for `event` calls, in list order: those whose events intersect it
    /// (rule T2: a bitwise match, not set equality). The result is a snapshot; changing the list
    /// afterwards does not change a dispatch in progress.
    public func entries(matching event: ControlEvents) -> [TargetRegistration] {
        entries.filter { !$0.events.intersection(event).isEmpty }
    }

    /// `allTargets` (rule T6): every distinct target in first-registration order, a nil target
    /// (the responder chain) listed once as nil.
    public var allTargets: [String?] {
        var result: [String?] = []
        for entry in entries where !result.contains(entry.target) {
            result.append(entry.target)
        }
        return result
    }

    /// `allControlEvents`: the union of every entry's events.
    public var allControlEvents: ControlEvents {
        entries.reduce(into: ControlEvents()) { $0.formUnion($1.events) }
    }
}

extension ControlEvents {
    /// The names traces show for a mask: `allEvents` when it is complete, otherwise each complete
    /// group (`allTouchEvents`, `allEditingEvents`, `applicationReserved`, `systemReserved`)
    /// by its group name and the remaining single events by theirs, in bit order.
    public var traceNames: [String] {
        if self == .allEvents { return ["allEvents"] }
        var rest = self
        var names: [String] = []
        for (name, group) in [
            ("allTouchEvents", ControlEvents.allTouchEvents), ("allEditingEvents", .allEditingEvents),
            ("applicationReserved", .applicationReserved), ("systemReserved", .systemReserved),
        ] where rest.isSuperset(of: group) {
            names.append(name)
            rest.subtract(group)
        }
        return names + rest.names
    }
}
