/// A scene made ready for many requests: as stored, after its initial layout cycle, and with the
/// Auto Layout system that cycle solved (rule L6's "keep a solved system"). Hit tests, touches
/// and actions use ``laidOut``; a layout request starts from ``scene`` (its trace can show the
/// initial cycle) but reuses the kept system, so a `resizeWindow` or a constant change is an
/// incremental re-solve instead of a full one. A server keeps one per stored version.
public struct PreparedScene: Sendable {
    /// What the initial cycle made, immutable and shared: a copy of a prepared scene (one per
    /// request that uses a cached scene, ``using(_:)``) retains one object instead of every
    /// array of two scenes and a layout engine.
    private final class Storage: Sendable {
        let scene: Scene
        let laidOut: Scene
        let initialEngine: LayoutEngine
        let complexity: [SceneProblem]
        init(scene: Scene, engine: LayoutEngine) {
            self.scene = scene
            self.laidOut = engine.scene
            self.initialEngine = engine
            self.complexity = engine.complexity
        }
    }
    private let storage: Storage
    /// The scene as decoded.
    public var scene: Scene { storage.scene }
    /// The scene after its initial layout cycle.
    public var laidOut: Scene { storage.laidOut }
    /// The layout engine after the initial cycle: the scene laid out, the cycle's trace, the
    /// needs-layout marks and the solved Auto Layout system. A layout request continues from a
    /// copy of it (``continuing(_:limits:)``) instead of running the initial cycle again.
    var initialEngine: LayoutEngine { storage.initialEngine }
    /// The initial cycle's Auto Layout system (nil when nothing solved one).
    var initialAutoLayout: AutoLayoutSystem? { storage.initialEngine.autoLayout }
    /// The required constraints the initial cycle's solve broke, each with those it conflicts
    /// with (an importer's warnings read them without a layout request of their own).
    package var initialConflicts: [ConstraintConflict] { initialAutoLayout?.brokenConstraints ?? [] }
    /// The views whose frames the initial cycle's solve leaves undetermined (a layout response's
    /// `ambiguous` with no changes), for an importer's warnings without a layout request.
    package var initialAmbiguous: [Int] { initialAutoLayout?.ambiguousViews ?? [] }
    /// The limits of the request that runs on this scene now (``using(_:)``): its time budget
    /// and the limits of the work it asks for.
    public private(set) var limits: SceneLimits
    /// The limits the initial layout cycle went past (``SceneLimits/maxSolverCells``): the scene
    /// is then not laid out, and every operation on it is refused as too complex (``checked()``).
    public var complexity: [SceneProblem] { storage.complexity }

    /// Runs the initial layout cycle once, with the limits later changes to this scene obey.
    public init(_ scene: Scene, limits: SceneLimits) {
        var engine = LayoutEngine(scene: scene, limits: limits)
        engine.runInitialCycle()
        self.storage = Storage(scene: scene, engine: engine)
        self.limits = limits
    }

    /// The same scene for a request with these limits (a cached scene serves many requests,
    /// each with its own time budget).
    public func using(_ limits: SceneLimits) -> PreparedScene {
        var copy = self
        copy.limits = limits
        return copy
    }

    /// The scene, or `InputError.tooComplex` when its initial layout went past a limit.
    public func checked() throws(InputError) -> PreparedScene {
        if !complexity.isEmpty { throw .tooComplex(complexity) }
        return self
    }
}

extension PreparedScene {
    /// The scene hit tests, touches and actions run on: after its initial layout cycle, or —
    /// when the request has `changes` — after those changes and one update cycle (openapi.yaml),
    /// starting from the kept Auto Layout system. The prepared scene itself never changes.
    func scene(after changes: [LayoutChange], limits: SceneLimits) throws(InputError) -> Scene {
        if changes.isEmpty { return laidOut }
        return try continuing(changes, limits: limits).scene
    }

    /// The changes in order and one update cycle, from the engine as the initial cycle left it
    /// (with the request's limits): what ``Scene/applyingWithAutoLayout(_:limits:initialAutoLayout:)``
    /// answers from ``scene`` and the kept system, without running the initial cycle's passes
    /// again. Its trace still has the initial cycle's part.
    func continuing(_ changes: [LayoutChange], limits: SceneLimits) throws(InputError) -> (scene: Scene, trace: LayoutTrace, autoLayout: AutoLayoutSystem?) {
        if !complexity.isEmpty { throw .tooComplex(complexity) }
        var engine = initialEngine
        engine.limits = limits
        return try engine.applyingChanges(changes)
    }
}
