import Testing
import TouchTraceEngine

/// The optional `origin` of an imported scene: the source format, file and the map from scene
/// ids to source element ids. Decoded and validated (every mapped id must exist), ignored by
/// the rest of the engine.
@Suite struct SceneOriginTests {
    static func scene(origin: JSONValue) -> JSONValue {
        .obj([
            "origin": origin,
            "window": .obj(["id": "win", "subviews": .array([.obj(["id": "pay", "class": "UIButton", "viewController": .obj(["id": "vc"])])])]),
        ])
    }

    @Test func aValidOriginIsKept() throws {
        let scene = try SceneDecoder().decode(
            Self.scene(origin: .obj(["format": "storyboard", "file": "Main.storyboard", "ids": .obj(["pay": "abc-12-xyz", "vc": "K8w-Uq-R9J"])])))
        #expect(scene.origin == SceneOrigin(format: "storyboard", file: "Main.storyboard", ids: ["pay": "abc-12-xyz", "vc": "K8w-Uq-R9J"]))
    }

    @Test func everyMappedIdMustExistAndEveryProblemIsListed() {
        let json = Self.scene(origin: .obj(["file": .number(3), "ids": .obj(["pay": "a", "nope": "b", "vc": .number(1)])]))
        #expect(throws: InputError.invalid([
            SceneProblem(pointer: "/origin/format", message: "origin needs a \"format\" (for example \"storyboard\")"),
            SceneProblem(pointer: "/origin/file", message: "origin file must be a string, not number"),
            SceneProblem(pointer: "/origin/ids/vc", message: "a source id must be a string, not number"),
            SceneProblem(pointer: "/origin/ids/nope", message: "origin maps \"nope\", which is not an id of the scene"),
        ])) {
            try SceneDecoder().decode(json)
        }
    }

    @Test func unknownOriginFieldsAndNonObjectIdsAreRefused() {
        #expect(throws: InputError.self) { try SceneDecoder().decode(Self.scene(origin: .obj(["format": "xib", "ids": .array([])]))) }
        #expect(throws: InputError.self) { try SceneDecoder().decode(Self.scene(origin: .obj(["format": "xib", "fiel": "a"]))) }
    }

    @Test func theOriginSurvivesAddingASubview() throws {
        var scene = try SceneDecoder().decode(Self.scene(origin: .obj(["format": "xib", "ids": .obj(["pay": "a"])])))
        guard case .success = scene.addSubviewTree(.obj(["id": "extra"]), at: "/changes/0/subview", to: 0, limits: SceneLimits()) else {
            Issue.record("addSubview failed")
            return
        }
        #expect(scene.origin?.ids == ["pay": "a"])
    }
}
