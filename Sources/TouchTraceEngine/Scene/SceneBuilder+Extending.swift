extension SceneBuilder {
    /// A builder that continues an existing scene: its views, ids and controllers are already
    /// there, so new views get the next indices, duplicate ids are reported against the
    /// scene's, and references (targets, `redirectTo`) can name the scene's objects.
    init(extending scene: Scene, limits: SceneLimits) {
        self.init(limits: limits, base: "")
        name = scene.name
        views = scene.views
        windows = scene.windows
        viewControllers = scene.viewControllers
        application = scene.application
        firstResponder = scene.firstResponder
        options = scene.options
        origin = scene.origin
        usesZPosition = scene.usesZPosition
        registered = scene.ids.mapValues { RegisteredID(ref: $0, place: "the scene") }
    }
}

extension Scene {
    /// Decodes a view object (with its subviews) by the scene decoder's rules, as if it were in
    /// the scene document at `pointer`, and appends it as the front-most subview of `parent`
    /// (the `addSubview` change with a new view object). Returns the new view's index, or every
    /// problem found (the scene is then unchanged).
    public mutating func addSubviewTree(
        _ json: JSONValue, at pointer: String, to parent: Int, limits: SceneLimits
    ) -> Result<Int, InputError> {
        let parentDepth = depth(of: parent)
        if parentDepth + 1 > limits.maxDepth {
            return .failure(.invalid([SceneProblem(pointer: pointer, message: "views would be nested deeper than the limit of \(limits.maxDepth) levels")]))
        }
        var builder = SceneBuilder(extending: self, limits: limits)
        let index = builder.views.count
        builder.readViewTree(json, at: pointer, parent: parent, depth: parentDepth + 1)
        builder.finishClassRoles()
        builder.resolveReferences()
        builder.resolveClassReferences()
        if !builder.context.problems.isEmpty { return .failure(.invalid(builder.context.problems)) }
        guard builder.views.count > index else {
            return .failure(.invalid([SceneProblem(pointer: pointer, message: "the view could not be read")]))
        }
        let extended = builder.scene()
        let complexity = extended.complexityProblems(limits: limits)
        if !complexity.isEmpty { return .failure(.tooComplex(complexity.map { SceneProblem(pointer: $0.pointer.isEmpty ? pointer : $0.pointer, message: $0.message) })) }
        self = extended
        return .success(index)
    }
}
