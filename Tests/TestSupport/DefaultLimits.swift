import TouchTraceEngine

/// The tests' shorthands for the engine's entry points with the default limits. The engine
/// itself takes its limits explicitly below the decoder (the server passes its configured ones);
/// tests that are not about limits use these.
public let defaultLimits = SceneLimits()

extension Scene {
    public func applying(_ changes: [LayoutChange]) throws(InputError) -> (scene: Scene, trace: LayoutTrace) {
        try applying(changes, limits: defaultLimits)
    }

    public func laidOut() -> Scene { laidOut(limits: defaultLimits) }

    /// The scene prepared as the server prepares a stored one.
    public var prepared: PreparedScene { PreparedScene(self, limits: defaultLimits) }
}

extension PreparedScene {
    public init(_ scene: Scene) { self.init(scene, limits: defaultLimits) }
}

extension TouchTrace {
    public static func hitTest(_ request: HitTestRequest, in scene: Scene) throws(InputError) -> JSONValue {
        try hitTest(request, in: scene.prepared, limits: defaultLimits)
    }
    public static func hitTestResults(_ request: HitTestRequest, in scene: Scene) throws(InputError) -> (scene: Scene, results: [HitTestTrace]) {
        try hitTestResults(request, in: scene.prepared, limits: defaultLimits)
    }
    public static func hitTestBytes(_ request: HitTestRequest, in scene: Scene) throws(InputError) -> [UInt8] {
        try hitTestBytes(request, in: scene.prepared, limits: defaultLimits)
    }
    public static func touches(_ request: TouchRequest, in scene: Scene) throws(InputError) -> JSONValue {
        try touches(request, in: scene.prepared, limits: defaultLimits)
    }
    public static func touchesBytes(_ request: TouchRequest, in scene: Scene) throws(InputError) -> [UInt8] {
        try touchesBytes(request, in: scene.prepared, limits: defaultLimits)
    }
    public static func actions(_ request: ActionsRequest, in scene: Scene) throws(InputError) -> JSONValue {
        try actions(request, in: scene.prepared, limits: defaultLimits)
    }
    public static func layout(_ request: LayoutRequest, in scene: Scene) throws(InputError) -> JSONValue {
        try layout(request, in: scene.prepared, limits: defaultLimits)
    }
    public static func layoutBytes(_ request: LayoutRequest, in scene: Scene) throws(InputError) -> [UInt8] {
        try layoutBytes(request, in: scene.prepared, limits: defaultLimits)
    }
    public static func layout(_ request: LayoutRequest, in prepared: PreparedScene) throws(InputError) -> JSONValue {
        try layout(request, in: prepared, limits: defaultLimits)
    }
    public static func layoutBytes(_ request: LayoutRequest, in prepared: PreparedScene) throws(InputError) -> [UInt8] {
        try layoutBytes(request, in: prepared, limits: defaultLimits)
    }
}
