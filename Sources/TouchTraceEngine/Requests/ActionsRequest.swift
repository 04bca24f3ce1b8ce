/// An actions request (openapi.yaml, rule T7): `sendActions(for:)` called from code on a control,
/// with no touch.
///
/// `{"sender": id, "events": ["valueChanged", …]}`: each name is one `sendActions(for:)` call, in
/// order (a group name such as `allTouchEvents` is one call with that mask, matched bitwise, T2).
/// Optional, applied before the calls, in this order: `"add": [{"target", "action", "events"}]`
/// (`addTarget`, T1) and `"remove": [{"target", "action", "events"}]` (`removeTarget`, T6; a
/// missing or null target or action matches every entry).
public struct ActionsRequest: Sendable {
    /// One `sendActions(for:)` call: the name as given and its mask.
    public struct Call: Sendable, Hashable {
        public var name: String
        public var events: ControlEvents
    }

    /// One `removeTarget(_:action:for:)` call.
    public struct Removal: Sendable, Hashable {
        /// nil: every target (UIKit's `removeTarget(nil, …)`).
        public var target: String?
        /// nil: every action.
        public var action: String?
        public var events: ControlEvents
        public init(target: String?, action: String?, events: ControlEvents) {
            self.target = target
            self.action = action
            self.events = events
        }
    }

    public var sender: String
    public var calls: [Call]
    public var add: [TargetRegistration]
    public var remove: [Removal]
    /// Layout changes applied (with one layout cycle) before the calls (openapi.yaml).
    public var changes: [LayoutChange]

    public init(sender: String, calls: [Call], add: [TargetRegistration] = [], remove: [Removal] = [], changes: [LayoutChange] = []) {
        self.sender = sender
        self.calls = calls
        self.add = add
        self.remove = remove
        self.changes = changes
    }

    /// The most calls, additions or removals one request may hold.
    public static let maxItems = 1_000

    /// Decodes a request body, reporting every problem with its JSON pointer. `extraFields`
    /// lists members the caller handles (the inline routes' `"scene"`).
    public static func decode(_ json: JSONValue, extraFields: [String] = []) throws(InputError) -> ActionsRequest {
        var context = DecodeContext()
        let allowed = ["sender", "events", "add", "remove", "changes"] + extraFields
        guard let f = context.object(json, at: "", allowed: allowed, what: "the request") else { throw .invalidRequest(context.problems) }
        var request = ActionsRequest(sender: "", calls: [])
        if let v = f["sender"] {
            request.sender = context.string(v, at: "/sender", what: "sender") ?? ""
        } else {
            context.fail("/sender", "the request needs the \"sender\": the id of a control")
        }
        if let v = f["events"] {
            for (name, events) in context.eventList(v, at: "/events", allowEmpty: true) {
                request.calls.append(Call(name: name, events: events))
            }
        } else {
            context.fail("/events", "the request needs \"events\": the events to send, for example [\"touchUpInside\"]")
        }
        for key in ["add", "remove"] {
            guard let v = f[key], let items = context.array(v, at: "/" + key, what: key) else { continue }
            if items.count > maxItems {
                context.fail("/" + key, "at most \(maxItems) entries, not \(items.count)")
                continue
            }
            for (i, item) in items.enumerated() {
                let p = "/\(key)/\(i)"
                guard let e = context.object(item, at: p, allowed: ["target", "action", "events"], what: "a target") else { continue }
                var target: String?
                if let t = e["target"], t != .null { target = context.string(t, at: p + "/target", what: "target") }
                var action: String?
                if let a = e["action"], a != .null { action = context.string(a, at: p + "/action", what: "action") }
                var events = ControlEvents()
                if let ev = e["events"] {
                    for (_, mask) in context.eventList(ev, at: p + "/events", allowEmpty: false) { events.formUnion(mask) }
                } else {
                    context.fail(p + "/events", "\(key) needs \"events\"")
                }
                if key == "add" {
                    if let action {
                        request.add.append(TargetRegistration(target: target, action: action, events: events))
                    } else if e["action"] == nil || e["action"] == .null {
                        context.fail(p + "/action", "add needs an \"action\" selector")
                    }
                } else {
                    request.remove.append(Removal(target: target, action: action, events: events))
                }
            }
        }
        if let value = f["changes"] { request.changes = LayoutChange.decodeList(value, at: "/changes", context: &context) }
        if !context.problems.isEmpty { throw .invalidRequest(context.problems) }
        return request
    }
}

extension DecodeContext {
    /// A list of event names (docs/scene-format.md), each with its mask.
    mutating func eventList(_ value: JSONValue, at pointer: String, allowEmpty: Bool) -> [(String, ControlEvents)] {
        guard let items = array(value, at: pointer, what: "events") else { return [] }
        if !allowEmpty, items.isEmpty { fail(pointer, "events must name at least one event") }
        if items.count > ActionsRequest.maxItems {
            fail(pointer, "at most \(ActionsRequest.maxItems) events, not \(items.count)")
            return []
        }
        var result: [(String, ControlEvents)] = []
        for (i, item) in items.enumerated() {
            guard let name = string(item, at: pointer + "/\(i)", what: "event") else { continue }
            if let event = ControlEvents(name: name) {
                result.append((name, event))
            } else {
                fail(pointer + "/\(i)", "unknown event \"\(name)\"; expected one of: " + ControlEvents.named.map(\.name).joined(separator: ", "))
            }
        }
        return result
    }
}
