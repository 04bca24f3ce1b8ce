import Foundation
import Testing
import TouchTraceEngine
import TestSupport

/// The Auto Layout part of a layout response for a fixture (rule L6): the request's changes are
/// applied (one layout cycle), then `AutoLayoutSystem` solves the resulting scene. Returns
/// `{"frames": {id: rect} of every view in the system (numbers rounded to 1e-6, so solver noise
/// does not show), "conflicts": [...], "ambiguous": [ids]}`, or the problem document of an invalid
/// scene (constraint validation included) or request.
func autoLayoutResponse(scene: JSONValue, request: JSONValue) -> JSONValue {
    do {
        let decoded = try SceneDecoder().decode(scene)
        let problems = ConstraintValidation.problems(in: decoded)
        if !problems.isEmpty { return InputError.invalid(problems).problemDocument.json }
        let parsed = try LayoutRequest.decode(request)
        let (laidOut, _) = try decoded.applying(parsed.changes)
        let result = AutoLayoutSystem(scene: laidOut).result
        func rounded(_ x: Double) -> JSONValue { .number((x * 1e6).rounded() / 1e6 + 0) }
        let frames: [(key: String, value: JSONValue)] = result.frames.map { entry in
            let f = entry.frame
            return (
                key: laidOut.views[entry.view].id,
                value: .obj(["x": rounded(f.minX), "y": rounded(f.minY), "width": rounded(f.size.width), "height": rounded(f.size.height)])
            )
        }
        let json = result.json
        return .obj(["frames": .object(frames), "conflicts": json["conflicts"] ?? .array([]), "ambiguous": json["ambiguous"] ?? .array([])])
    } catch {
        return error.problemDocument.json
    }
}

/// Runs every fixture under Tests/Fixtures/autolayout/ with the shared runner (`Fixtures.run`;
/// `TOUCHTRACE_RECORD_FIXTURES=1` rewrites `expected` — the expected frames here were computed by
/// hand first, see each file's description).
@Suite struct AutoLayoutFixtures {
    static let files = Fixtures.files(in: "autolayout")

    @Test func fixturesCoverTheL6Cases() {
        let names = Self.files.map(\.lastPathComponent)
        for part in [
            "fillEqually", "fillProportionally", "equalSpacing", "equalCentering", "distribution-fill", "alignments", "hidden",
            "safe-area", "conflict", "ambiguous", "priority", "tie-", "baselines", "rtl-stack-fill", "rtl-leading-trailing", "rtl-force-left-to-right",
            "rtl-leadingMargin", "sizes-are-never-negative",
        ] {
            #expect(names.contains { $0.hasPrefix("L6-") && $0.contains(part) }, "no L6 fixture for \(part)")
        }
    }

    @Test(arguments: files.map(\.lastPathComponent))
    func fixture(_ name: String) throws {
        try Fixtures.run(area: "autolayout", name: name, respond: autoLayoutResponse)
    }
}

/// Through the layout route's entry points: a scene with constraints answers with `conflicts` and
/// `ambiguous` beside the frames, and the byte writer matches `JSONWriter` for every fixture scene.
@Suite struct AutoLayoutResponseTests {
    @Test(arguments: Fixtures.files(in: "autolayout").map(\.lastPathComponent))
    func layoutResponseCarriesConflictsAndAmbiguity(_ name: String) throws {
        let url = Fixtures.root.appendingPathComponent("autolayout").appendingPathComponent(name)
        let document = try JSONParser().parse([UInt8](Data(contentsOf: url)))
        guard let sceneJSON = document["scene"], let scene = try? SceneDecoder().decode(sceneJSON) else { return }
        let request = try LayoutRequest.decode(.obj(["changes": .array([])]))
        let value = try TouchTrace.layout(request, in: scene)
        #expect(value["conflicts"] != nil, "\(name): no conflicts member")
        #expect(value["ambiguous"] != nil, "\(name): no ambiguous member")
        #expect(String(decoding: try TouchTrace.layoutBytes(request, in: scene), as: UTF8.self) == JSONWriter().string(value), "\(name)")
    }

    /// Every fixture case through the real layout pass (`TouchTrace.layout`, which keeps its
    /// Auto Layout system from pass to pass and re-solves window sizes and constants
    /// incrementally) gives the frames, conflicts and ambiguous views the fixture recorded from a
    /// system solved from scratch.
    @Test(arguments: Fixtures.files(in: "autolayout").map(\.lastPathComponent))
    func theLayoutPassAgreesWithAFreshSolve(_ name: String) throws {
        let url = Fixtures.root.appendingPathComponent("autolayout").appendingPathComponent(name)
        let document = try JSONParser().parse([UInt8](Data(contentsOf: url)))
        guard let sceneJSON = document["scene"], let scene = try? SceneDecoder().decode(sceneJSON),
            case let .array(cases)? = document["cases"]
        else { return }
        for testCase in cases {
            guard let requestJSON = testCase["request"], let expected = testCase["expected"],
                case let .object(frames)? = expected["frames"], let request = try? LayoutRequest.decode(requestJSON)
            else { continue }
            let response = try TouchTrace.layout(request, in: scene)
            for (id, rect) in frames {
                guard let got = response["frames"]?[id] else {
                    Issue.record("\(name): no frame for \(id)")
                    continue
                }
                for key in ["x", "y", "width", "height"] {
                    guard case let .number(a)? = got[key], case let .number(b)? = rect[key] else { continue }
                    #expect(abs(a - b) < 1e-6, "\(name) / \(testCase["name"].map(String.init(describing:)) ?? ""): \(id).\(key) \(a) vs \(b)")
                }
            }
            #expect(response["ambiguous"] == expected["ambiguous"], "\(name): ambiguous")
            guard case let .array(gotConflicts)? = response["conflicts"], case let .array(wantConflicts)? = expected["conflicts"] else {
                Issue.record("\(name): conflicts missing")
                continue
            }
            #expect(gotConflicts.count == wantConflicts.count, "\(name): conflicts")
        }
    }

    /// A prepared scene (initial cycle run once, its Auto Layout system kept, as the server does
    /// per stored version) answers every layout request with the same bytes as the plain scene,
    /// initial cycle and constraint list included.
    @Test(arguments: ["autolayout", "layout"].flatMap { area in Fixtures.files(in: area).map { area + "/" + $0.lastPathComponent } })
    func aPreparedSceneAnswersLayoutRequestsIdentically(_ path: String) throws {
        let url = Fixtures.root.appendingPathComponent(path)
        let document = try JSONParser().parse([UInt8](Data(contentsOf: url)))
        guard let sceneJSON = document["scene"], let scene = try? SceneDecoder().decode(sceneJSON),
            case let .array(cases)? = document["cases"]
        else { return }
        let prepared = PreparedScene(scene)
        for testCase in cases {
            guard case var .object(members)? = testCase["request"] else { continue }
            members.removeAll { $0.key == "includeInitialLayout" || $0.key == "includeConstraints" }
            members += [("includeInitialLayout", .bool(true)), ("includeConstraints", .bool(true))]
            guard let request = try? LayoutRequest.decode(.object(members)) else { continue }
            func answer(_ body: () throws(InputError) -> [UInt8]) -> String {
                do { return String(decoding: try body(), as: UTF8.self) } catch { return JSONWriter().string(error.problemDocument.json) }
            }
            let plain = answer { () throws(InputError) in try TouchTrace.layoutBytes(request, in: scene) }
            #expect(answer { () throws(InputError) in try TouchTrace.layoutBytes(request, in: prepared) } == plain, "\(path)")
            #expect(answer { () throws(InputError) in JSONWriter().bytes(try TouchTrace.layout(request, in: prepared)) } == plain, "\(path)")
        }
    }

    @Test func theConflictFixtureReportsTheBrokenConstraint() throws {
        let url = Fixtures.root.appendingPathComponent("autolayout/L6-conflict-two-required-widths.json")
        let document = try JSONParser().parse([UInt8](Data(contentsOf: url)))
        let scene = try SceneDecoder().decode(document["scene"]!)
        let value = try TouchTrace.layout(try LayoutRequest.decode(.obj([:])), in: scene)
        guard case let .array(conflicts)? = value["conflicts"] else {
            Issue.record("no conflicts")
            return
        }
        #expect(conflicts.count == 1)
    }
}
