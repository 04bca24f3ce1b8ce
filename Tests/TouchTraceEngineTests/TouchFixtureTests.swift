import Foundation
import Testing
import TouchTraceEngine
import TestSupport

/// Runs the fixtures of Tests/Fixtures/touches/ and Tests/Fixtures/actions/, in the format of
/// `HitTestingFixtures`: `{"rule", "description", "scene", "cases": [{"name", "request",
/// "expected"}]}`, where `request` is the body of `POST /v1/scenes/{id}/touches` (or
/// `/actions`) and `expected` the exact response (a problem document for an error).
/// `TOUCHTRACE_RECORD_FIXTURES=1` rewrites `expected`; review the diff line by line.
enum TouchFixtures {
    static let rules = [
        "R2", "R3", "R4", "C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9",
        "T1", "T2", "T3", "T4", "T5", "T6", "T7", "M1", "M2", "M3", "G1", "G2", "G3", "G4", "G5", "G6", "S1", "S2",
        "S3", "S4", "S5", "S6", "S7", "S8", "V1", "V2", "V3", "V4", "V5", "F1", "F2", "B1", "B2", "B3", "R1", "H3",
    ]

    static func response(area: String, scene: JSONValue, request: JSONValue) -> JSONValue {
        do {
            let decoded = try SceneDecoder().decode(scene)
            if area == "actions" {
                return try TouchTrace.actions(ActionsRequest.decode(request), in: decoded)
            }
            return try TouchTrace.touches(TouchRequest.decode(request), in: decoded)
        } catch {
            return error.problemDocument.json
        }
    }

    static func run(area: String, name: String) throws {
        try Fixtures.run(area: area, name: name) { scene, request in response(area: area, scene: scene, request: request) }
    }
}

@Suite struct TouchFixtureTests {
    static let touchFiles = Fixtures.files(in: "touches").map(\.lastPathComponent)
    static let actionFiles = Fixtures.files(in: "actions").map(\.lastPathComponent)

    @Test func everyTouchAndTargetActionRuleHasAFixture() {
        let names = Self.touchFiles + Self.actionFiles
        for rule in TouchFixtures.rules {
            #expect(names.contains { $0.hasPrefix(rule + "-") }, "no fixture for rule \(rule)")
        }
    }

    @Test(arguments: touchFiles)
    func touches(_ name: String) throws {
        try TouchFixtures.run(area: "touches", name: name)
    }

    @Test(arguments: actionFiles)
    func actions(_ name: String) throws {
        try TouchFixtures.run(area: "actions", name: name)
    }
}
