import TouchTraceEngine

extension CheckRunner {
    /// Checks a step's `expect` against what the step produced; each failure says what was seen
    /// instead and, for a touch, what was hit and why.
    func evaluate(_ expect: Expectations?, observation o: Observation, state: inout SceneState, into report: inout StepReport) throws {
        guard let e = expect else { return }
        let scene = o.scene
        let actions = o.sent?.actions ?? []
        let events = o.sent?.controlEvents ?? []
        let eventScene = o.sent?.scene ?? scene
        func fail(_ what: String, _ pointer: String, _ message: String, expected: JSONValue, actual: JSONValue, why: Bool = true, update: JSONValue? = nil) {
            var explanation: [String] = []
            let explained = report.failures.contains { !$0.explanation.isEmpty }
            if why, !explained, let hit = o.hit {
                let expectedView: String? = e.hitView?.value ?? e.action?.value.sender ?? nil
                explanation = HitExplanation.lines(expected: expectedView, trace: hit.trace, point: hit.point, scene: hit.scene)
            }
            report.failures.append(Failure(expectation: what, pointer: pointer, location: nil, message: message, explanation: explanation, expected: expected, actual: actual))
            if let update { report.updates.append(ValueUpdate(pointer: pointer, value: update)) }
        }

        if let expected = e.hitView, let hit = o.hit {
            let actual = hit.trace.hitView.map { hit.scene.views[$0].id }
            if actual != expected.value {
                fail("hitView", expected.pointer, (expected.value.map { "expected hitView \($0)" } ?? "expected no view to be hit") + ", but " + (actual.map { "\($0) was hit" } ?? "nothing was hit"),
                     expected: .string(orNull: expected.value), actual: .string(orNull: actual), update: .string(orNull: actual))
            }
        }
        if let expected = e.responderChain, let hit = o.hit {
            let chain = hit.trace.hitView.map { hit.scene.responderChain(from: .view($0)).map { hit.scene.id(of: $0) } } ?? []
            var rest = chain[...]
            var missing: String?
            for id in expected.value {
                guard let i = rest.firstIndex(of: id) else {
                    missing = id
                    break
                }
                rest = rest[(i + 1)...]
            }
            if let missing {
                let inChain = chain.contains(missing)
                fail("responderChain", expected.pointer,
                     "expected \(missing) in the responder chain" + (inChain ? " after the ones before it" : "") + ", which is [\(chain.joined(separator: ", "))]",
                     expected: .array(expected.value.map { .string($0) }), actual: .array(chain.map { .string($0) }), update: .array(chain.map { .string($0) }))
            }
        }
        if let expected = e.action, !actions.contains(where: expected.value.matches) {
            let seen = actions.isEmpty ? "no action was sent" : "the actions sent were " + actions.map(Self.describeAction).joined(separator: "; ")
            fail("action", expected.pointer, "expected an action \(expected.value.summary); \(seen)",
                 expected: Self.json(expected.value), actual: .array(actions.map(ResponseEncoder.json)),
                 update: actions.first.map { Self.json(ActionMatch.from($0, like: expected.value)) })
        }
        if let expected = e.actions {
            let ok = expected.value.count == actions.count && zip(expected.value, actions).allSatisfy { $0.matches($1) }
            if !ok {
                let seen = actions.isEmpty ? "none were sent" : "the step sent " + actions.map(Self.describeAction).joined(separator: "; ")
                fail("actions", expected.pointer,
                     "expected the actions [" + expected.value.map(\.summary).joined(separator: "; ") + "]; \(seen)",
                     expected: .array(expected.value.map(Self.json)), actual: .array(actions.map(ResponseEncoder.json)),
                     update: .array(actions.map { Self.json(ActionMatch.from($0, like: expected.value.first)) }))
            }
        }
        if let expected = e.actionsInclude {
            // An ordered subsequence: each expected action matches a later sent one than the last.
            var rest = actions[...]
            var missing: ActionMatch?
            for m in expected.value {
                guard let i = rest.firstIndex(where: m.matches) else {
                    missing = m
                    break
                }
                rest = rest[(i + 1)...]
            }
            if let missing {
                let seen = actions.isEmpty ? "none were sent" : "the step sent " + actions.map(Self.describeAction).joined(separator: "; ")
                let inAll = actions.contains(where: missing.matches)
                fail("actionsInclude", expected.pointer,
                     "expected the actions [" + expected.value.map(\.summary).joined(separator: "; ") + "] in this order (others allowed); "
                        + "\(missing.summary) was \(inAll ? "sent, but not after the ones before it" : "not sent"); \(seen)",
                     expected: .array(expected.value.map(Self.json)), actual: .array(actions.map(ResponseEncoder.json)),
                     update: .array(actions.map { Self.json(ActionMatch.from($0, like: expected.value.first)) }))
            }
        }
        if let expected = e.controlEvents {
            let qualified = expected.value.contains { $0.contains(".") }
            let seen = events.map { item -> String in
                qualified ? eventScene.views[item.control].id + "." + item.event : item.event
            }
            let ok = expected.value.count == events.count && zip(expected.value, events).allSatisfy { name, item in
                let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
                if parts.count == 2 { return eventScene.views[item.control].id == parts[0] && item.event == parts[1] }
                return item.event == name
            }
            if !ok {
                fail("controlEvents", expected.pointer,
                     "expected controlEvents [\(expected.value.joined(separator: ", "))], got [\(seen.joined(separator: ", "))]",
                     expected: .array(expected.value.map { .string($0) }), actual: .array(events.map { ResponseEncoder.json($0, in: eventScene) }),
                     update: .array(seen.map { .string($0) }))
            }
        }
        for expected in e.recognizers {
            let id = expected.value.id
            if !Self.isRecognizer(id, in: scene) {
                throw StepProblem.unknown(expected.pointer + "/id", "\"\(id)\" is not a gesture recognizer of the scene" + scene.didYouMean(id, among: { if case .gestureRecognizer = $0 { true } else { false } }))
            }
            let last = o.sent?.transitions(of: id).last
            let state = (last?.to ?? .possible).rawValue
            if state != expected.value.state.rawValue {
                let reason = last.map { ": " + $0.reason } ?? " (it never left possible)"
                fail("recognizer", expected.pointer + "/state", "expected recognizer \(id) to end the step \(expected.value.state.rawValue), but it is \(state)\(reason)",
                     expected: .string(expected.value.state.rawValue), actual: .string(state), update: .string(state))
            }
        }
        for expected in e.frames {
            let m = expected.value
            guard let v = scene.viewIndex(m.view) else {
                throw StepProblem.unknown(expected.pointer + "/view", "\"\(m.view)\" is not a view of the scene" + scene.didYouMean(m.view, among: IDSuggestion.isView))
            }
            let frame = scene.views[v].frame
            let actual = ["x": frame.minX, "y": frame.minY, "width": frame.size.width, "height": frame.size.height]
            var wrong: [String] = []
            for member in FrameMatch.members {
                guard let want = m.value(member), let got = actual[member] else { continue }
                if abs(want - got) > m.tolerance {
                    wrong.append("\(member) \(Measure.format(want)), got \(Measure.format(got))")
                    report.updates.append(ValueUpdate(pointer: expected.pointer + "/" + member, value: .number((got * 100).rounded() / 100)))
                }
            }
            if !wrong.isEmpty {
                let tolerance = "± \(Measure.format(m.tolerance)) pt"
                let whole = "\(Measure.format(frame.minX)), \(Measure.format(frame.minY)), \(Measure.format(frame.size.width))×\(Measure.format(frame.size.height)) pt"
                fail("frame", expected.pointer, "expected the frame of \(m.view) to have " + wrong.joined(separator: "; ") + " (\(tolerance)); its frame is \(whole) in its superview",
                     expected: Self.json(m), actual: frame.json, why: false)
            }
        }
    }

    /// `pay: → checkoutController (touchUpInside from payButton)` or `… → unhandled`.
    static func describeAction(_ item: SentAction) -> String {
        "\(item.action) → \(item.target ?? "unhandled") (\(item.event) from \(item.sender))"
    }

    static func json(_ m: ActionMatch) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let s = m.selector { members.append(("selector", .string(s))) }
        if let t = m.target { members.append(("target", .string(orNull: t))) }
        if let e = m.event { members.append(("event", .string(e))) }
        if let s = m.sender { members.append(("sender", .string(s))) }
        return .object(members)
    }

    static func json(_ m: FrameMatch) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("view", .string(m.view))]
        for key in FrameMatch.members { if let v = m.value(key) { members.append((key, .number(v))) } }
        members.append(("tolerance", .number(m.tolerance)))
        return .object(members)
    }

    /// A recognizer of the scene, or a scroll view's own (`scroll#pan`, `scroll#delay`).
    static func isRecognizer(_ id: String, in scene: Scene) -> Bool {
        if case .gestureRecognizer? = scene.ids[id] { return true }
        if let hash = id.firstIndex(of: "#"), let v = scene.viewIndex(String(id[..<hash])), scene.views[v].viewClass.isScrollView {
            return ["pan", "delay"].contains(id[id.index(after: hash)...])
        }
        return false
    }
}
