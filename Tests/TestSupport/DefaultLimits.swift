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

/// The JSON forms of the facade's answers (``ResponseEncoder``), for the tests of the JSON form:
/// golden files, the fields a client reads. The facade itself answers typed values.
extension TouchTrace {
    public static func hitTest(_ request: HitTestRequest, in scene: Scene) throws(InputError) -> JSONValue {
        ResponseEncoder.json(try hitTest(request, in: scene.prepared, limits: defaultLimits))
    }
    public static func hitTestBytes(_ request: HitTestRequest, in scene: Scene) throws(InputError) -> [UInt8] {
        ResponseEncoder.bytes(try hitTest(request, in: scene.prepared, limits: defaultLimits))
    }
    public static func touches(_ request: TouchRequest, in scene: Scene) throws(InputError) -> JSONValue {
        ResponseEncoder.json(try touches(request, in: scene.prepared, limits: defaultLimits))
    }
    public static func touchesBytes(_ request: TouchRequest, in scene: Scene) throws(InputError) -> [UInt8] {
        ResponseEncoder.bytes(try touches(request, in: scene.prepared, limits: defaultLimits))
    }
    public static func actions(_ request: ActionsRequest, in scene: Scene) throws(InputError) -> JSONValue {
        ResponseEncoder.json(try actions(request, in: scene.prepared, limits: defaultLimits))
    }
    public static func layout(_ request: LayoutRequest, in scene: Scene) throws(InputError) -> JSONValue {
        ResponseEncoder.json(try layout(request, in: scene.prepared, limits: defaultLimits))
    }
    public static func layoutBytes(_ request: LayoutRequest, in scene: Scene) throws(InputError) -> [UInt8] {
        ResponseEncoder.bytes(try layout(request, in: scene.prepared, limits: defaultLimits))
    }
    public static func layout(_ request: LayoutRequest, in prepared: PreparedScene) throws(InputError) -> JSONValue {
        ResponseEncoder.json(try layout(request, in: prepared, limits: defaultLimits))
    }
    public static func layoutBytes(_ request: LayoutRequest, in prepared: PreparedScene) throws(InputError) -> [UInt8] {
        ResponseEncoder.bytes(try layout(request, in: prepared, limits: defaultLimits))
    }
}

extension Array where Element == UInt8 {
    /// Whether these JSON bytes are in the one canonical form: what `JSONWriter` writes for
    /// their parse (keys in sorted byte order, unique, numbers in its one format).
    public var isCanonicalJSON: Bool {
        guard let value = try? JSONParser().parse(self) else { return false }
        return JSONWriter().bytes(value) == self
    }
}
