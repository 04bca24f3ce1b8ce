import TouchTraceEngine

extension Expectations {
    static let fields = ["hitView", "responderChain", "action", "actions", "actionsInclude", "controlEvents", "recognizer", "frame"]
    static let touchOnly = ["hitView", "responderChain", "recognizer"]

    /// Decodes `expect`, checking that each member suits the step's action.
    static func decode(_ json: JSONValue, at pointer: String, kind: String, context: inout DecodeContext) -> Expectations? {
        let isTouch = ["tapOn", "drag", "longPress"].contains(kind)
        guard let f = context.object(json, at: pointer, allowed: fields, what: "expect") else { return nil }
        var e = Expectations()
        let p = { (key: String) in pointer + "/" + key }
        for key in fields where f[key] != nil {
            let suits = isTouch || kind == "sendActions" && !touchOnly.contains(key) || key == "frame"
            if !suits { context.fail(p(key), "a \(kind) step cannot expect \(key)" + (isTouch ? "" : " (only a touch step has a hit view, a responder chain and recognizers)")) }
        }
        if let v = f["hitView"] {
            if v == .null {
                e.hitView = Expected(value: nil, pointer: p("hitView"))
            } else if let id = ViewSelector.decode(v, at: p("hitView"), context: &context) {
                e.hitView = Expected(value: id, pointer: p("hitView"))
            }
        }
        if let v = f["responderChain"] { e.responderChain = ids(v, at: p("responderChain"), context: &context).map { Expected(value: $0, pointer: p("responderChain")) } }
        if let v = f["controlEvents"], let items = context.array(v, at: p("controlEvents"), what: "controlEvents") {
            var events: [String] = []
            for (i, item) in items.enumerated() {
                let at = JSONPointer.join(p("controlEvents"), i)
                guard let s = context.string(item, at: at, what: "a control event") else { continue }
                let name = s.split(separator: ".").last.map(String.init) ?? s
                if !ControlEvents.named.contains(where: { $0.name == name }) {
                    context.fail(at, "unknown control event \"\(name)\"" + IDSuggestion.didYouMean(name, in: ControlEvents.named.map(\.name)))
                }
                events.append(s)
            }
            e.controlEvents = Expected(value: events, pointer: p("controlEvents"))
        }
        if let v = f["action"], let m = actionMatch(v, at: p("action"), context: &context) { e.action = Expected(value: m, pointer: p("action")) }
        if let v = f["actions"], let items = context.array(v, at: p("actions"), what: "actions") {
            let matches = items.enumerated().compactMap { actionMatch($1, at: JSONPointer.join(p("actions"), $0), context: &context) }
            if matches.count == items.count { e.actions = Expected(value: matches, pointer: p("actions")) }
        }
        if let v = f["actionsInclude"], let items = context.array(v, at: p("actionsInclude"), what: "actionsInclude") {
            if items.isEmpty { context.fail(p("actionsInclude"), "actionsInclude lists at least one action (to expect none, use actions: [])") }
            let matches = items.enumerated().compactMap { actionMatch($1, at: JSONPointer.join(p("actionsInclude"), $0), context: &context) }
            if matches.count == items.count { e.actionsInclude = Expected(value: matches, pointer: p("actionsInclude")) }
        }
        if let v = f["recognizer"] {
            for (item, at) in oneOrMany(v, at: p("recognizer")) {
                guard let r = context.object(item, at: at, allowed: ["id", "state"], what: "recognizer") else { continue }
                let id = r["id"].flatMap { context.identifier($0, at: at + "/id") }
                let state = r["state"].flatMap { context.choice($0, at: at + "/state", as: GestureState.self, what: "state") }
                if r["id"] == nil || r["state"] == nil { context.fail(at, "recognizer needs \"id\" and \"state\"") }
                if let id, let state { e.recognizers.append(Expected(value: RecognizerMatch(id: id, state: state), pointer: at)) }
            }
        }
        if let v = f["frame"] {
            for (item, at) in oneOrMany(v, at: p("frame")) {
                guard let r = context.object(item, at: at, allowed: ["view", "tolerance"] + FrameMatch.members, what: "frame") else { continue }
                guard let view = r["view"].flatMap({ ViewSelector.decode($0, at: at + "/view", context: &context) }) else {
                    if r["view"] == nil { context.fail(at, "frame needs \"view\"") }
                    continue
                }
                var m = FrameMatch(view: view, tolerance: FrameMatch.defaultTolerance)
                let numbers = FrameMatch.members.map { key in r[key].flatMap { context.number($0, at: at + "/" + key, what: key) } }
                (m.x, m.y, m.width, m.height) = (numbers[0], numbers[1], numbers[2], numbers[3])
                if let t = r["tolerance"], let n = context.number(t, at: at + "/tolerance", min: 0, what: "tolerance") { m.tolerance = n }
                if numbers.allSatisfy({ $0 == nil }), FrameMatch.members.allSatisfy({ r[$0] == nil }) {
                    context.fail(at, "frame needs at least one of x, y, width, height")
                }
                e.frames.append(Expected(value: m, pointer: at))
            }
        }
        return e
    }

    /// A list, or a single object standing for a list of one (with its own pointer).
    static func oneOrMany(_ v: JSONValue, at pointer: String) -> [(JSONValue, String)] {
        if case let .array(items) = v { return items.enumerated().map { ($1, JSONPointer.join(pointer, $0)) } }
        return [(v, pointer)]
    }

    static func ids(_ v: JSONValue, at pointer: String, context: inout DecodeContext) -> [String]? {
        guard let items = context.array(v, at: pointer, what: "a list of ids") else { return nil }
        let ids = items.enumerated().compactMap { ViewSelector.decode($1, at: JSONPointer.join(pointer, $0), context: &context) }
        return ids.count == items.count ? ids : nil
    }

    static func actionMatch(_ v: JSONValue, at pointer: String, context: inout DecodeContext) -> ActionMatch? {
        guard let f = context.object(v, at: pointer, allowed: ActionMatch.fields, what: "an action") else { return nil }
        var m = ActionMatch()
        if let s = f["selector"] { m.selector = context.string(s, at: pointer + "/selector", what: "selector") }
        if let t = f["target"] { m.target = t == .null ? .some(nil) : ViewSelector.decode(t, at: pointer + "/target", context: &context).map { .some($0) } }
        if let s = f["sender"] { m.sender = ViewSelector.decode(s, at: pointer + "/sender", context: &context) }
        if let s = f["event"], let name = context.string(s, at: pointer + "/event", what: "event") {
            let known = ControlEvents.named.map(\.name) + GestureState.allCases.map(\.rawValue)
            if known.contains(name) { m.event = name } else {
                context.fail(pointer + "/event", "unknown event \"\(name)\"" + IDSuggestion.didYouMean(name, in: known))
            }
        }
        return m
    }
}
