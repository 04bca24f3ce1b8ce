import TouchTraceEngine

extension CheckStep {
    /// The step with every view it names by a selector (``ViewSelector``) replaced by that view's
    /// id in `scene`, the scene as the earlier steps left it; the views it names by id for its
    /// expectations (`hitView`, `frame`) are checked to exist. Every reference that names no
    /// single view is reported, with the candidates: the step fails, the others run.
    func resolvingViews(in scene: Scene) throws -> CheckStep {
        var problems: [SceneProblem] = []
        func resolve(_ token: String, _ pointer: String, checkID: Bool = false) -> String {
            let selector = ViewSelector(token: token)
            if case let .id(id) = selector, !checkID || scene.viewIndex(id) != nil { return id }
            switch selector.resolve(in: scene) {
            case let .success(v): return scene.views[v].id
            case let .failure(f):
                problems.append(SceneProblem(pointer: pointer, message: f.message))
                return token
            }
        }
        func location(_ l: TouchLocation, _ pointer: String) -> TouchLocation {
            guard case let .view(token, at) = l else { return l }
            return .view(resolve(token, pointer), at: at)
        }
        var step = self
        let at = pointer + "/" + action.kind
        switch action {
        case let .tap(l, count): step.action = .tap(location(l, at), count: count)
        case let .longPress(l, duration): step.action = .longPress(location(l, at), duration: duration)
        case let .drag(from, to, steps, duration):
            step.action = .drag(from: location(from, at + "/from"), to: location(to, at + "/to"), steps: steps, duration: duration)
        case var .assertNotHittable(a):
            a.view = resolve(a.view, a.pointer, checkID: true)
            if let by = a.by { a.by = resolve(by, a.pointer + "/by") }
            step.action = .assertNotHittable(a)
        default: break
        }
        if var e = expect {
            if let hit = e.hitView, let token = hit.value { e.hitView = Expected(value: resolve(token, hit.pointer, checkID: true), pointer: hit.pointer) }
            if let chain = e.responderChain {
                e.responderChain = Expected(value: chain.value.enumerated().map { resolve($1, JSONPointer.join(chain.pointer, $0)) }, pointer: chain.pointer)
            }
            func match(_ m: ActionMatch, _ pointer: String) -> ActionMatch {
                var m = m
                if let target = m.target, let token = target { m.target = .some(resolve(token, pointer + "/target")) }
                if let sender = m.sender { m.sender = resolve(sender, pointer + "/sender") }
                return m
            }
            if let a = e.action { e.action = Expected(value: match(a.value, a.pointer), pointer: a.pointer) }
            if let list = e.actions {
                e.actions = Expected(value: list.value.enumerated().map { match($1, JSONPointer.join(list.pointer, $0)) }, pointer: list.pointer)
            }
            if let list = e.actionsInclude {
                e.actionsInclude = Expected(value: list.value.enumerated().map { match($1, JSONPointer.join(list.pointer, $0)) }, pointer: list.pointer)
            }
            e.frames = e.frames.map { f in
                var m = f.value
                m.view = resolve(m.view, f.pointer + "/view", checkID: true)
                return Expected(value: m, pointer: f.pointer)
            }
            step.expect = e
        }
        if !problems.isEmpty { throw CheckRunner.StepProblem.unknownAll(problems) }
        return step
    }
}
