extension Scene {
    /// The counts of a scene that ``SceneLimits`` bounds, checked once the scene is read (and
    /// again when changes add views): windows, arranged subviews of each stack view, declared
    /// constraints, gesture recognizers, vertices of custom touch areas. Each is linear to check;
    /// past a limit, answering would cost more than the limit allows, so the scene is refused
    /// with a `scene-too-complex` problem that names the part (its pointer under `base`) and the
    /// limit. (Views and nesting are checked while the document is read, as invalid-scene
    /// problems, as they always were.)
    public func complexityProblems(limits: SceneLimits, base: String = "") -> [SceneProblem] {
        var problems: [SceneProblem] = []
        // The document pointer of a view, from its parents (only for a problem, so not cached).
        func pointer(_ v: Int) -> String {
            var parts: [String] = []
            var current = v
            while let parent = views[current].parent {
                guard let k = views[parent].subviews.firstIndex(of: current) else { return base }
                parts.append("/subviews/\(k)")
                current = parent
            }
            guard let w = windows.firstIndex(of: current) else { return base }
            let root = !listsWindows && windows.count == 1 ? "/window" : "/windows/\(w)"
            return base + root + parts.reversed().joined()
        }
        if windows.count > limits.maxWindows {
            problems.append(SceneProblem(
                pointer: base + (listsWindows ? "/windows" : "/window"),
                message: "the scene has \(windows.count) windows; this server's limit is \(limits.maxWindows) (maxWindows)"))
        }
        var constraints = 0
        var recognizers = 0
        var vertices = 0
        var reportedStack = false
        for v in views.indices {
            let node = views[v]
            constraints += node.layout.constraints.count
            recognizers += node.gestureRecognizers.count
            switch node.pointInside {
            case let .rects(list): vertices += 4 * list.count
            case let .polygon(list): vertices += list.count
            default: break
            }
            if !reportedStack, node.layout.stack != nil, node.subviews.count > limits.maxArrangedSubviews {
                reportedStack = true
                problems.append(SceneProblem(
                    pointer: pointer(v) + "/subviews",
                    message: "the stack view \"\(node.id)\" has \(node.subviews.count) arranged subviews; this server's limit is \(limits.maxArrangedSubviews) per stack view (maxArrangedSubviews)"))
            }
        }
        if constraints > limits.maxConstraints {
            problems.append(SceneProblem(
                pointer: base, message: "the scene declares \(constraints) constraints; this server's limit is \(limits.maxConstraints) (maxConstraints)"))
        }
        if recognizers > limits.maxGestureRecognizers {
            problems.append(SceneProblem(
                pointer: base,
                message: "the scene has \(recognizers) gesture recognizers; this server's limit is \(limits.maxGestureRecognizers) (maxGestureRecognizers)"))
        }
        if vertices > limits.maxTouchAreaVertices {
            problems.append(SceneProblem(
                pointer: base,
                message: "the scene's custom touch areas (pointInside rects and polygons) have \(vertices) vertices; this server's limit is \(limits.maxTouchAreaVertices) (maxTouchAreaVertices)"))
        }
        return problems
    }
}
