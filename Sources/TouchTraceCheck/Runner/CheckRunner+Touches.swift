import TouchTraceEngine

/// What a step produced, for its expectations.
struct Observation {
    /// The hit test at the touch's first point (touch steps).
    var hit: (trace: HitTestTrace, point: Point, scene: Scene)?
    /// What the touches or the `sendActions` calls did (nil for a change step: nothing).
    var sent: Sent?
    /// The scene after the step (frames).
    var scene: Scene
    var evidence: JSONValue
}

/// A touches or actions trace, with the scene its indices refer to.
struct Sent {
    var trace: TouchesTrace
    var scene: Scene

    var actions: [SentAction] { trace.sentActions(in: scene) }
    var controlEvents: [SentControlEvent] { trace.sentControlEvents }

    /// The states a recognizer went through (G3–G6), in order, each with the trace's reason.
    func transitions(of recognizer: String) -> [(to: GestureState, reason: String)] {
        trace.log.compactMap { entry in
            guard case let .gestureRecognizer(ref, _, to, reason) = entry.kind, ref.id(in: scene) == recognizer else { return nil }
            return (to, reason.sentence(in: scene))
        }
    }
}

extension CheckRunner {
    /// A tap, drag or long press: the hit test at its first point (for the hit view, the
    /// responder chain and the why) and the touch sequence (control events, actions, recognizers).
    func touch(_ step: CheckStep, state: inout SceneState) throws -> Observation {
        let scene = try state.scene(limits: limits)
        let at = step.pointer + "/" + step.action.kind
        let window = try Self.referenceWindow(step, in: scene)
        var request: [(key: String, value: JSONValue)] = []
        let start: Point
        switch step.action {
        case let .tap(location, count):
            start = try Self.point(location, in: scene, window: window, pointer: at)
            request = [("tap", start.json), ("count", .number(Double(count)))]
        case let .longPress(location, duration):
            start = try Self.point(location, in: scene, window: window, pointer: at)
            request = [("longPress", start.json)]
            if let duration { request.append(("duration", .number(duration))) }
        case let .drag(from, to, steps, duration):
            start = try Self.point(from, in: scene, window: window, pointer: at + "/from")
            let end = try Self.point(to, in: scene, window: window, pointer: at + "/to")
            var drag: [(key: String, value: JSONValue)] = [("from", start.json), ("to", end.json)]
            if let steps { drag.append(("steps", .number(Double(steps)))) }
            if let duration { drag.append(("duration", .number(duration))) }
            request = [("drag", .object(drag))]
        default:
            throw StepProblem(step.pointer, "not a touch step")
        }
        if let id = step.window { request.append(("window", .string(id))) }
        var touches = try TouchRequest.decode(.object(request))
        touches.changes = state.changes
        // The first touch's hit test at began is the step's hit test: the session keeps it, so
        // the point is hit-tested once.
        touches.tracesHitTests = true
        let result = try TouchTrace.touches(touches, in: state.prepared, limits: limits)
        guard let hit = result.hitTests.first else { throw StepProblem(step.pointer, "the touch did not begin") }
        return Observation(
            hit: (hit.trace, start, hit.scene), sent: Sent(trace: result.trace, scene: result.scene), scene: scene,
            evidence: .obj(["point": start.json, "hitTest": ResponseEncoder.json(hit.trace, in: hit.scene), "touches": ResponseEncoder.json(result)]))
    }

    /// The window whose coordinates the step's points are in: the step's `window`, else the
    /// front-most (H8), as a hit-test request without `window`.
    static func referenceWindow(_ step: CheckStep, in scene: Scene) throws -> Int {
        if let id = step.window {
            guard let w = scene.viewIndex(id), scene.views[w].isWindow else {
                throw StepProblem.unknown(step.pointer + "/window", "\"\(id)\" is not a window of the scene" + scene.didYouMean(id, among: { scene.isWindow($0) }))
            }
            return w
        }
        guard let front = HitTester(scene: scene).windowOrder.first else {
            throw StepProblem(step.pointer, "the scene has no window")
        }
        return front
    }

    /// A touch location in the reference window's coordinates: a window point (points or percent
    /// of the window's bounds), or a point of a view's bounds (its centre by default; `at` in
    /// points from the bounds' origin or in percent of its size) carried up through every
    /// superview (H5) and into the reference window.
    static func point(_ location: TouchLocation, in scene: Scene, window: Int, pointer: String) throws -> Point {
        let p = try exactPoint(location, in: scene, window: window, pointer: pointer)
        return Point(x: (p.x * gridSteps).rounded() / gridSteps, y: (p.y * gridSteps).rounded() / gridSteps)
    }

    /// Touches land on a grid of 1/8 pt (finer than a pixel at 3×, 1/3 pt), so that a point given
    /// in percent (85% of 44 pt is 37.4) is a binary fraction and the trace's coordinates stay
    /// exact (37.375, not 37.399999999999977).
    static let gridSteps = 8.0

    static func exactPoint(_ location: TouchLocation, in scene: Scene, window: Int, pointer: String) throws -> Point {
        switch location {
        case let .point(p):
            let size = scene.views[window].geometry.bounds.size
            return Point(x: p.x.resolve(along: size.width), y: p.y.resolve(along: size.height))
        case let .view(id, at):
            guard let v = scene.viewIndex(id) else {
                throw StepProblem.unknown(pointer, "\"\(id)\" is not a view of the scene" + scene.didYouMean(id, among: IDSuggestion.isView))
            }
            guard scene.isAttached(v) else { throw StepProblem.unknown(pointer, "\"\(id)\" is not in a window, so no touch can land on it") }
            let bounds = scene.views[v].geometry.bounds
            var q = at.map { Point(x: bounds.minX + $0.x.resolve(along: bounds.size.width), y: bounds.minY + $0.y.resolve(along: bounds.size.height)) }
                ?? Point(x: bounds.midX, y: bounds.midY)
            var u = v
            while true {
                q = scene.views[u].geometry.convertToSuperview(q)
                guard let parent = scene.views[u].parent else { break }
                u = parent
            }
            // q is in screen coordinates; into the reference window's.
            guard let local = scene.views[window].geometry.convertFromSuperview(q), local.x.isFinite, local.y.isFinite else {
                throw StepProblem(pointer, "the window \(scene.views[window].id) cannot be inverted (H5): no point lands in it")
            }
            return local
        }
    }
}
