import Testing
import TouchTraceEngine
import TestSupport

/// The audit's fixtures (Tests/Fixtures/audit/): a scene, audit options as each case's
/// `request`, and the expected report — findings with their messages, allowed findings, targets,
/// summary — or the problem document of bad options. Files are named after the profile or the
/// rule they pin, passing and failing. Record with `TOUCHTRACE_RECORD_FIXTURES=1`.
@Suite struct AuditFixtures {
    static let files = Fixtures.files(in: "audit")

    @Test func fixturesExistForEveryProfileAndRule() {
        let names = Self.files.map(\.lastPathComponent)
        for prefix in TouchTargetProfile.names + ["custom"] + AuditRule.allCases.map(\.rawValue) {
            #expect(names.contains { $0.hasPrefix(prefix + "-") }, "no fixture for \(prefix)")
        }
    }

    @Test(arguments: files.map(\.lastPathComponent))
    func fixture(_ name: String) throws {
        try Fixtures.run(area: "audit", name: name, respond: auditResponse)
    }
}

/// The validate warnings' fixtures (Tests/Fixtures/warnings/): a scene and, as `expected`, its
/// warnings with their pointers; each case's `request` is empty.
@Suite struct SceneWarningFixtures {
    static let files = Fixtures.files(in: "warnings")

    @Test func fixturesExistForEveryKind() {
        let names = Self.files.map(\.lastPathComponent)
        for kind in SceneWarning.Kind.allCases {
            #expect(names.contains { $0.hasPrefix(kind.rawValue + "-") }, "no fixture for \(kind.rawValue)")
        }
    }

    @Test(arguments: files.map(\.lastPathComponent))
    func fixture(_ name: String) throws {
        try Fixtures.run(area: "warnings", name: name, respond: warningsResponse)
    }
}

/// The warnings of a scene document (`validate`'s), as `{"warnings": [...]}`. A request may set
/// `{"maxRegionWork": N}`, the limit on the effective hit regions' work (to show the warning a
/// scene past the limit gets without a fixture the size of such a scene).
func warningsResponse(scene sceneJSON: JSONValue, request: JSONValue) -> JSONValue {
    do {
        let scene = try SceneDecoder().decode(sceneJSON)
        var limits = defaultLimits
        if case let .number(n)? = request["maxRegionWork"], let work = Checked.int(exactly: n, in: 0...Int.max) { limits.maxRegionWork = work }
        let warnings = PreparedScene(scene, limits: limits).warnings(pointers: ViewPointers(scene: scene, document: sceneJSON))
        return .obj(["warnings": .array(warnings.map(\.json))])
    } catch {
        return error.problemDocument.json
    }
}

/// The report of an audit request (options) against a scene document.
func auditResponse(scene sceneJSON: JSONValue, request: JSONValue) -> JSONValue {
    do {
        let scene = try SceneDecoder().decode(sceneJSON)
        let options = try AuditOptions.decode(request)
        return ResponseEncoder.json(try SceneAudit.run(scene.prepared, options: options, pointers: ViewPointers(scene: scene, document: sceneJSON)))
    } catch {
        return error.problemDocument.json
    }
}
