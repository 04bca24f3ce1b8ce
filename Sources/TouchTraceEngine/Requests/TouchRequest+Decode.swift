extension TouchRequest {
    static let requestFields = ["touches", "tap", "count", "drag", "longPress", "duration", "window", "changes"]

    /// Decodes a request body (see `TouchRequest`), reporting every problem with its JSON
    /// pointer. `extraFields` lists members the caller handles (the inline routes' `"scene"`).
    /// A sequence that cannot happen is invalid: a touch that moves, ends or is cancelled before
    /// it began or after it ended, two begins for one id, one touch twice in one event, time
    /// going backwards, an unknown phase, a non-finite number.
    public static func decode(_ json: JSONValue, extraFields: [String] = []) throws(InputError) -> TouchRequest {
        var context = DecodeContext()
        guard let f = context.object(json, at: "", allowed: requestFields + extraFields, what: "the request") else {
            throw .invalidRequest(context.problems)
        }
        var request = TouchRequest(steps: [])
        let forms = ["touches", "tap", "drag", "longPress"].filter { f[$0] != nil }
        if forms.isEmpty {
            context.fail("", "the request needs one of \"touches\" (a list of touch phases), \"tap\", \"drag\" or \"longPress\"")
        } else if forms.count > 1 {
            context.fail("/" + forms[1], "give only one of \"touches\", \"tap\", \"drag\", \"longPress\", not \(forms.joined(separator: " and "))")
        }
        if f["count"] != nil, f["tap"] == nil { context.fail("/count", "\"count\" goes with \"tap\"") }
        if f["duration"] != nil, f["longPress"] == nil {
            context.fail("/duration", "\"duration\" goes with \"longPress\" (a drag's duration goes inside \"drag\")")
        }
        if forms.count == 1 {
            if let v = f["touches"] {
                request.steps = context.touchList(v)
            } else if let v = f["tap"] {
                request.steps = context.tap(v, count: f["count"])
            } else if let v = f["drag"] {
                request.steps = context.drag(v)
            } else if let v = f["longPress"] {
                request.steps = context.longPress(v, duration: f["duration"])
            }
        }
        if let w = f["window"] { request.window = context.string(w, at: "/window", what: "window") }
        if let value = f["changes"] { request.changes = LayoutChange.decodeList(value, at: "/changes", context: &context) }
        if context.problems.isEmpty { context.checkSequence(request.steps) }
        if !context.problems.isEmpty { throw .invalidRequest(context.problems) }
        return request
    }
}

extension DecodeContext {
    mutating func touchList(_ value: JSONValue) -> [TouchStep] {
        guard let items = array(value, at: "/touches", what: "touches") else { return [] }
        if items.isEmpty { fail("/touches", "touches must list at least one touch phase") }
        if items.count > TouchRequest.maxSteps {
            fail("/touches", "at most \(TouchRequest.maxSteps) entries per request, not \(items.count)")
            return []
        }
        var steps: [TouchStep] = []
        for (i, item) in items.enumerated() {
            let p = "/touches/\(i)"
            guard let e = object(item, at: p, allowed: ["touch", "phase", "x", "y", "t", "set"], what: "a touch entry") else { continue }
            var time: Double?
            if let tValue = e["t"] {
                time = number(tValue, at: p + "/t", min: 0, what: "t")
            } else {
                fail(p + "/t", "each entry needs a time \"t\" (seconds; entries with the same t form one event)")
            }
            if let setValue = e["set"] {
                for key in ["touch", "phase", "x", "y"] where e[key] != nil {
                    fail(p + "/" + key, "an entry with \"set\" is a programmatic edit; it has only \"t\" and \"set\"")
                }
                let parsed = edits(setValue, at: p + "/set", time: time ?? 0, entry: p)
                if time != nil { steps += parsed }
                continue
            }
            var ok = time != nil
            let t = time ?? 0
            var touch = 0
            var phase = TouchPhase.began
            var point = Point.zero
            if let v = e["touch"], let n = integer(v, at: p + "/touch", min: 0, max: 1_000_000_000, what: "touch") {
                touch = n
            } else {
                if e["touch"] == nil { fail(p + "/touch", "each entry needs a \"touch\" id (a whole number)") }
                ok = false
            }
            if let v = e["phase"], let ph = choice(v, at: p + "/phase", as: TouchPhase.self, what: "phase") {
                phase = ph
            } else {
                if e["phase"] == nil { fail(p + "/phase", "each entry needs a \"phase\": began, moved, ended or cancelled") }
                ok = false
            }
            for key in ["x", "y"] {
                guard let v = e[key] else {
                    fail(p + "/" + key, "each entry needs \"\(key)\"")
                    ok = false
                    continue
                }
                guard let n = number(v, at: p + "/" + key, what: key) else {
                    ok = false
                    continue
                }
                if key == "x" { point.x = n } else { point.y = n }
            }
            if ok { steps.append(.touch(TouchSample(touch: touch, phase: phase, point: point, time: t, pointer: p))) }
        }
        return steps
    }

    /// `{"view": id, "enabled": …, "selected": …, "on": …, "value": …, …}`: one edit per property.
    mutating func edits(_ value: JSONValue, at pointer: String, time: Double, entry: String) -> [TouchStep] {
        let properties = ControlEdit.flagProperties + ControlEdit.numberProperties
        guard let f = object(value, at: pointer, allowed: ["view"] + properties.map(\.rawValue), what: "set") else { return [] }
        guard let viewValue = f["view"] else {
            fail(pointer + "/view", "set needs the \"view\" id of a control")
            return []
        }
        guard let view = string(viewValue, at: pointer + "/view", what: "view") else { return [] }
        var result: [TouchStep] = []
        for property in properties {
            guard let v = f[property.rawValue] else { continue }
            let p = pointer + "/" + property.rawValue
            let parsed: ControlPropertyValue?
            if ControlEdit.flagProperties.contains(property) {
                parsed = bool(v, at: p, what: property.rawValue).map { .bool($0) }
            } else {
                parsed = number(v, at: p, what: property.rawValue).map { .number($0) }
            }
            if let parsed {
                result.append(.set(ControlEdit(view: view, property: property, value: parsed, time: time, pointer: entry)))
            }
        }
        if result.isEmpty, !f.keys.contains(where: { $0 != "view" }) {
            fail(pointer, "set names no property; give one of " + properties.map(\.rawValue).joined(separator: ", "))
        }
        return result
    }

    mutating func tap(_ value: JSONValue, count countValue: JSONValue?) -> [TouchStep] {
        let point = self.point(value, at: "/tap", what: "tap")
        var count = 1
        if let countValue {
            guard let n = integer(countValue, at: "/count", min: 1, max: TouchRequest.maxTapCount, what: "count") else { return [] }
            count = n
        }
        guard let point else { return [] }
        var steps: [TouchStep] = []
        for i in 0..<count {
            let start = TouchRequest.tapPeriod * Double(i)
            steps.append(.touch(TouchSample(touch: i + 1, phase: .began, point: point, time: Self.tidy(start), pointer: "/tap")))
            steps.append(.touch(TouchSample(touch: i + 1, phase: .ended, point: point, time: Self.tidy(start + TouchRequest.tapDuration), pointer: "/tap")))
        }
        return steps
    }

    mutating func drag(_ value: JSONValue) -> [TouchStep] {
        guard let f = object(value, at: "/drag", allowed: ["from", "to", "steps", "duration"], what: "drag") else { return [] }
        var from: Point?
        var to: Point?
        if let v = f["from"] { from = point(v, at: "/drag/from", what: "from") } else { fail("/drag/from", "drag needs \"from\"") }
        if let v = f["to"] { to = point(v, at: "/drag/to", what: "to") } else { fail("/drag/to", "drag needs \"to\"") }
        var count = TouchRequest.defaultDragSteps
        var duration = TouchRequest.defaultDragDuration
        if let v = f["steps"] {
            guard let n = integer(v, at: "/drag/steps", min: 1, max: TouchRequest.maxDragSteps, what: "steps") else { return [] }
            count = n
        }
        if let v = f["duration"] {
            guard let d = number(v, at: "/drag/duration", min: 0, what: "duration") else { return [] }
            guard d > 0 else {
                fail("/drag/duration", "duration must be above 0")
                return []
            }
            duration = d
        }
        guard let from, let to else { return [] }
        var steps: [TouchStep] = [.touch(TouchSample(touch: 1, phase: .began, point: from, time: 0, pointer: "/drag"))]
        for k in 1...count {
            let fraction = Double(k) / Double(count)
            let p = Point(x: Self.tidy(from.x + (to.x - from.x) * fraction), y: Self.tidy(from.y + (to.y - from.y) * fraction))
            let t = Self.tidy(duration * Double(k) / Double(count + 1))
            steps.append(.touch(TouchSample(touch: 1, phase: .moved, point: p, time: t, pointer: "/drag")))
        }
        steps.append(.touch(TouchSample(touch: 1, phase: .ended, point: to, time: duration, pointer: "/drag")))
        return steps
    }

    /// Rounds a generated time or coordinate to 1e-9, so that shorthands give 0.1, not
    /// 0.09999999999999999, in traces. Values beyond 1e6 are left alone.
    static func tidy(_ x: Double) -> Double {
        guard abs(x) < 1e6 else { return x }
        return (x * 1e9).rounded() / 1e9
    }

    mutating func longPress(_ value: JSONValue, duration durationValue: JSONValue?) -> [TouchStep] {
        let p = point(value, at: "/longPress", what: "longPress")
        var duration = TouchRequest.defaultLongPressDuration
        if let durationValue {
            guard let d = number(durationValue, at: "/duration", min: 0, what: "duration") else { return [] }
            guard d > 0 else {
                fail("/duration", "duration must be above 0")
                return []
            }
            duration = d
        }
        guard let p else { return [] }
        return [
            .touch(TouchSample(touch: 1, phase: .began, point: p, time: 0, pointer: "/longPress")),
            .touch(TouchSample(touch: 1, phase: .ended, point: p, time: duration, pointer: "/longPress")),
        ]
    }

    /// Checks that the sequence can happen: time never goes backwards; each touch begins once,
    /// first, and after it ended or was cancelled it is gone; one event (one `t`) holds at most
    /// one phase per touch.
    mutating func checkSequence(_ steps: [TouchStep]) {
        enum Life { case down, gone }
        var life: [Int: (Life, String)] = [:]
        var lastTime = -Double.infinity
        var lastPointer = ""
        var inEvent: [Int: String] = [:]
        for step in steps {
            let time = step.time
            if time < lastTime {
                fail(step.pointer + "/t", "time goes backwards: t = \(JSONWriter.format(time)) comes after t = \(JSONWriter.format(lastTime)) (\(lastPointer))")
                return
            }
            if time > lastTime { inEvent.removeAll(keepingCapacity: true) }
            lastTime = time
            lastPointer = step.pointer
            guard case let .touch(sample) = step else { continue }
            let p = sample.pointer
            if let first = inEvent[sample.touch] {
                fail(p + "/touch", "touch \(sample.touch) appears twice in the event at t = \(JSONWriter.format(time)) (first at \(first)); one event holds one phase per touch")
            }
            inEvent[sample.touch] = p
            switch (sample.phase, life[sample.touch]) {
            case (.began, nil):
                life[sample.touch] = (.down, p)
            case let (.began, (.down, first)?):
                fail(p + "/phase", "touch \(sample.touch) began twice (it began at \(first)); use a new id for a new finger")
            case let (.began, (.gone, first)?):
                fail(p + "/phase", "touch \(sample.touch) began again after it ended at \(first); use a new id for a new touch")
            case (_, nil):
                fail(p + "/phase", "touch \(sample.touch) is \(sample.phase.rawValue) before it began")
            case let (_, (.gone, end)?):
                fail(p + "/phase", "touch \(sample.touch) is \(sample.phase.rawValue) after it ended at \(end)")
            case (.moved, (.down, _)?):
                break
            case (.ended, (.down, _)?), (.cancelled, (.down, _)?):
                life[sample.touch] = (.gone, p)
            }
        }
    }
}
